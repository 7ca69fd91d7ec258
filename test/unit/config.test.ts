import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/load.js';
import { parseByteSize, parseDuration } from '../../src/config/parse.js';
import { ConfigError } from '../../src/errors.js';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    assert.equal(config.host, '127.0.0.1');
    assert.equal(config.port, 8080);
    assert.equal(config.ingestPort, 8081);
    assert.equal(config.dataDir, './data');
    assert.equal(config.publicIngestUrl, null);
    assert.equal(config.anonTtlMs, 48 * 3600 * 1000);
    assert.equal(config.maxBodyBytes, 10 * 1024 * 1024);
    assert.equal(config.allowPrivateDestinations, false);
    assert.equal(config.replayConnectTimeoutMs, 5000);
    assert.equal(config.replayTimeoutMs, 30000);
    assert.equal(config.replayMaxResponseBytes, 1024 * 1024);
  });

  it('takes environment variables, and flags win over them', () => {
    const config = loadConfig(
      { REHOOK_PORT: '9000', REHOOK_INGEST_PORT: '9001', REHOOK_HOST: '0.0.0.0' },
      { port: '9100' },
    );
    assert.equal(config.port, 9100);
    assert.equal(config.ingestPort, 9001);
    assert.equal(config.host, '0.0.0.0');
  });

  it('accepts port 0 so the system picks a free port', () => {
    assert.equal(loadConfig({ REHOOK_PORT: '0' }).port, 0);
  });

  it('normalises the public ingest origin', () => {
    const config = loadConfig({ REHOOK_PUBLIC_INGEST_URL: 'https://hooks.example.com/' });
    assert.equal(config.publicIngestUrl, 'https://hooks.example.com');
  });

  it('names every invalid setting in one error', () => {
    assert.throws(
      () => loadConfig({ REHOOK_PORT: 'abc', REHOOK_ANON_TTL: 'forever' }, { 'ingest-port': '70000' }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.equal(err.problems.length, 3);
        assert.match(err.message, /REHOOK_PORT/);
        assert.match(err.message, /REHOOK_ANON_TTL/);
        assert.match(err.message, /--ingest-port/);
        assert.doesNotMatch(err.message, /\n/);
        return true;
      },
    );
  });

  it('refuses a connect timeout longer than the total replay timeout', () => {
    assert.throws(
      () => loadConfig({ REHOOK_REPLAY_CONNECT_TIMEOUT: '60s', REHOOK_REPLAY_TIMEOUT: '30s' }),
      /REHOOK_REPLAY_CONNECT_TIMEOUT/,
    );
  });

  it('takes the search time budget as a duration or 0, and refuses others', () => {
    assert.equal(loadConfig({}).searchTimeBudgetMs, 100);
    assert.equal(loadConfig({ REHOOK_SEARCH_TIME_BUDGET: '250ms' }).searchTimeBudgetMs, 250);
    assert.equal(loadConfig({ REHOOK_SEARCH_TIME_BUDGET: '0' }).searchTimeBudgetMs, 0);
    assert.throws(() => loadConfig({ REHOOK_SEARCH_TIME_BUDGET: 'soon' }), /REHOOK_SEARCH_TIME_BUDGET/);
  });

  it('parses booleans in the usual spellings and refuses others', () => {
    assert.equal(loadConfig({ REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' }).allowPrivateDestinations, true);
    assert.equal(loadConfig({ REHOOK_ALLOW_PRIVATE_DESTINATIONS: 'off' }).allowPrivateDestinations, false);
    assert.throws(() => loadConfig({ REHOOK_ALLOW_PRIVATE_DESTINATIONS: 'maybe' }), ConfigError);
  });
});

describe('REHOOK_LOG_FORMAT', () => {
  it('defaults to auto (readable on a terminal, JSON otherwise)', () => {
    assert.equal(loadConfig({}).logFormat, 'auto');
  });

  it('takes json and pretty from the environment or --log-format, in any case', () => {
    assert.equal(loadConfig({ REHOOK_LOG_FORMAT: 'json' }).logFormat, 'json');
    assert.equal(loadConfig({ REHOOK_LOG_FORMAT: 'json' }, { 'log-format': 'Pretty' }).logFormat, 'pretty');
  });

  it('refuses anything else with one line naming the setting', () => {
    assert.throws(
      () => loadConfig({ REHOOK_LOG_FORMAT: 'yaml' }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.match(err.message, /REHOOK_LOG_FORMAT/);
        assert.match(err.message, /auto, json or pretty/);
        assert.doesNotMatch(err.message, /\n/);
        return true;
      },
    );
  });
});

describe('parseDuration', () => {
  it('reads seconds, minutes, hours and days', () => {
    assert.equal(parseDuration('90s'), 90_000);
    assert.equal(parseDuration('15m'), 900_000);
    assert.equal(parseDuration('48h'), 172_800_000);
    assert.equal(parseDuration('2d'), 172_800_000);
    assert.equal(parseDuration('250ms'), 250);
    assert.equal(parseDuration('30'), 30_000);
  });

  it('refuses zero, negatives and garbage', () => {
    for (const bad of ['0s', '-5m', '1w', 'h', '', '1.5.2h']) {
      assert.throws(() => parseDuration(bad), Error, bad);
    }
  });
});

describe('parseByteSize', () => {
  it('reads bytes and binary and decimal units', () => {
    assert.equal(parseByteSize('1024'), 1024);
    assert.equal(parseByteSize('512KiB'), 512 * 1024);
    assert.equal(parseByteSize('10MiB'), 10 * 1024 * 1024);
    assert.equal(parseByteSize('10MB'), 10_000_000);
  });

  it('refuses zero and unknown units', () => {
    for (const bad of ['0', '10XB', 'lots', '']) assert.throws(() => parseByteSize(bad), Error, bad);
  });
});

describe('secret settings', () => {
  it('never repeats a database URL in an error, since it may carry a password', () => {
    assert.throws(
      () => loadConfig({ DATABASE_URL: 'mysql://admin:hunter2@db.example/rehook' }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.match(err.message, /DATABASE_URL/);
        assert.doesNotMatch(err.message, /hunter2/);
        return true;
      },
    );
  });
});

describe('REHOOK_SECRET_KEY', () => {
  it('defaults to none (a key file generated in the data directory)', () => {
    assert.equal(loadConfig({}).secretKey, null);
  });

  it('takes 32 bytes as base64, base64url or hex', () => {
    const key = Buffer.from('00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff', 'hex');
    assert.deepEqual(loadConfig({ REHOOK_SECRET_KEY: key.toString('base64') }).secretKey, key);
    assert.deepEqual(loadConfig({ REHOOK_SECRET_KEY: key.toString('base64url') }).secretKey, key);
    assert.deepEqual(loadConfig({ REHOOK_SECRET_KEY: key.toString('hex') }).secretKey, key);
    assert.deepEqual(loadConfig({}, { 'secret-key': key.toString('hex').toUpperCase() }).secretKey, key);
  });

  it('refuses another length, naming the setting and never repeating the value', () => {
    for (const bad of [Buffer.alloc(16, 7).toString('base64'), 'correct horse battery staple', 'ab'.repeat(33)]) {
      assert.throws(
        () => loadConfig({ REHOOK_SECRET_KEY: bad }),
        (err: unknown) => {
          assert.ok(err instanceof ConfigError);
          assert.match(err.message, /REHOOK_SECRET_KEY must be 32 bytes/);
          assert.ok(!err.message.includes(bad));
          return true;
        },
      );
    }
  });
});

describe('REHOOK_FORWARD_*', () => {
  it('defaults: 16 deliveries at once, a 5 s poll, a 5 s first retry, a 2 min lease', () => {
    const config = loadConfig({});
    assert.equal(config.forwardConcurrency, 16);
    assert.equal(config.forwardPollIntervalMs, 5_000);
    assert.equal(config.forwardBaseDelayMs, 5_000);
    assert.equal(config.forwardLeaseMs, 120_000);
  });

  it('takes valid values, 0 deliveries at once included (this instance sends none)', () => {
    const config = loadConfig({
      REHOOK_FORWARD_CONCURRENCY: '0',
      REHOOK_FORWARD_POLL_INTERVAL: '200ms',
      REHOOK_FORWARD_BASE_DELAY: '20ms',
      REHOOK_FORWARD_LEASE: '40s',
    });
    assert.deepEqual(
      [config.forwardConcurrency, config.forwardPollIntervalMs, config.forwardBaseDelayMs, config.forwardLeaseMs],
      [0, 200, 20, 40_000],
    );
  });

  it('refuses invalid values, naming each setting', () => {
    assert.throws(
      () =>
        loadConfig({
          REHOOK_FORWARD_CONCURRENCY: '-1',
          REHOOK_FORWARD_POLL_INTERVAL: '0s',
          REHOOK_FORWARD_BASE_DELAY: 'soon',
        }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.equal(err.problems.length, 3);
        for (const name of [
          'REHOOK_FORWARD_CONCURRENCY',
          'REHOOK_FORWARD_POLL_INTERVAL',
          'REHOOK_FORWARD_BASE_DELAY',
        ]) {
          assert.match(err.message, new RegExp(name));
        }
        return true;
      },
    );
  });

  it('refuses a lease that is not longer than the replay timeout', () => {
    assert.throws(
      () => loadConfig({ REHOOK_FORWARD_LEASE: '30s' }),
      /REHOOK_FORWARD_LEASE must be longer than REHOOK_REPLAY_TIMEOUT/,
    );
    assert.equal(
      loadConfig({ REHOOK_FORWARD_LEASE: '3s', REHOOK_REPLAY_TIMEOUT: '2s', REHOOK_REPLAY_CONNECT_TIMEOUT: '1s' })
        .forwardLeaseMs,
      3_000,
    );
  });
});

describe('REHOOK_RETENTION_DAYS', () => {
  it('keeps events forever by default, takes a number of days, and off as 0', () => {
    assert.equal(loadConfig({}).retentionDays, 0);
    assert.equal(loadConfig({ REHOOK_RETENTION_DAYS: '30' }).retentionDays, 30);
    assert.equal(loadConfig({}, { 'retention-days': '7' }).retentionDays, 7);
    assert.equal(loadConfig({ REHOOK_RETENTION_DAYS: 'off' }).retentionDays, 0);
  });

  it('refuses anything but a non-negative whole number, naming the setting', () => {
    for (const raw of ['-1', '2.5', 'a week']) {
      assert.throws(
        () => loadConfig({ REHOOK_RETENTION_DAYS: raw }),
        (err: unknown) => err instanceof ConfigError && /REHOOK_RETENTION_DAYS/.test(err.message),
      );
    }
  });
});
