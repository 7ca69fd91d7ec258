import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ConcurrencyLimiter,
  FixedWindowLimiter,
  TokenBucketLimiter,
  UNLIMITED,
  fixedWindowOrUnlimited,
  retryAfterSeconds,
  tokenBucketOrUnlimited,
} from '../../src/abuse/rate-limiter.js';
import { parseCidrList, parseLimit, parseRate } from '../../src/config/parse.js';
import { loadConfig } from '../../src/config/load.js';
import { invalidAllowEntries } from '../../src/egress/address-policy.js';

describe('TokenBucketLimiter', () => {
  it('allows a burst of `count`, then refuses with the wait for the next token', () => {
    const limiter = new TokenBucketLimiter({ count: 3, windowMs: 3_000 });
    for (let i = 0; i < 3; i += 1) assert.deepEqual(limiter.take('a', 0), { ok: true });
    const refused = limiter.take('a', 0);
    assert.equal(refused.ok, false);
    assert.equal(!refused.ok && refused.retryAfterMs, 1_000);
    assert.equal(limiter.take('a', 500).ok, false);
    assert.equal(limiter.take('a', 1_000).ok, true);
    assert.equal(limiter.take('a', 1_000).ok, false);
  });

  it('refills to at most `count` tokens and keeps keys apart', () => {
    const limiter = new TokenBucketLimiter({ count: 2, windowMs: 1_000 });
    assert.equal(limiter.take('a', 0).ok, true);
    assert.equal(limiter.take('a', 0).ok, true);
    assert.equal(limiter.take('b', 0).ok, true);
    // A long pause refills only up to the burst.
    for (let i = 0; i < 2; i += 1) assert.equal(limiter.take('a', 60_000).ok, true);
    assert.equal(limiter.take('a', 60_000).ok, false);
  });

  it('check() answers without taking', () => {
    const limiter = new TokenBucketLimiter({ count: 1, windowMs: 1_000 });
    assert.equal(limiter.check('a', 0).ok, true);
    assert.equal(limiter.check('a', 0).ok, true);
    assert.equal(limiter.take('a', 0).ok, true);
    assert.equal(limiter.check('a', 0).ok, false);
  });

  it('remembers at most maxKeys keys and forgets full buckets', () => {
    const limiter = new TokenBucketLimiter({ count: 1, windowMs: 60_000 }, { maxKeys: 100 });
    for (let i = 0; i < 1_000; i += 1) limiter.take(`k${i}`, 0);
    assert.equal(limiter.size, 100);
    // The most recently used keys are the ones kept.
    assert.equal(limiter.take('k999', 0).ok, false);
    assert.equal(limiter.take('k0', 0).ok, true);
    const refilled = new TokenBucketLimiter({ count: 2, windowMs: 1_000 });
    refilled.take('a', 0);
    refilled.check('a', 5_000);
    assert.equal(refilled.size, 0);
  });
});

describe('FixedWindowLimiter', () => {
  it('blocks after `count` takes until the window that began with the first has passed', () => {
    const limiter = new FixedWindowLimiter({ count: 2, windowMs: 60_000 });
    assert.equal(limiter.check('ip', 0).ok, true);
    assert.equal(limiter.take('ip', 0).ok, true);
    assert.equal(limiter.take('ip', 10_000).ok, true);
    const blocked = limiter.check('ip', 20_000);
    assert.equal(blocked.ok, false);
    assert.equal(!blocked.ok && blocked.retryAfterMs, 40_000);
    assert.equal(limiter.check('ip', 59_999).ok, false);
    assert.equal(limiter.check('other', 20_000).ok, true);
    assert.equal(limiter.check('ip', 60_000).ok, true);
    assert.equal(limiter.take('ip', 60_000).ok, true);
  });
});

describe('ConcurrencyLimiter', () => {
  it('hands out at most `max` slots; release is idempotent; 0 = no cap', () => {
    const limiter = new ConcurrencyLimiter(2);
    const a = limiter.tryAcquire();
    const b = limiter.tryAcquire();
    assert.ok(a && b);
    assert.equal(limiter.tryAcquire(), null);
    a();
    a();
    assert.equal(limiter.inFlight, 1);
    assert.ok(limiter.tryAcquire());
    const open = new ConcurrencyLimiter(0);
    for (let i = 0; i < 1_000; i += 1) assert.ok(open.tryAcquire());
  });
});

describe('rate helpers', () => {
  it('rounds Retry-After up to whole seconds, at least 1', () => {
    assert.equal(retryAfterSeconds(0), 1);
    assert.equal(retryAfterSeconds(1), 1);
    assert.equal(retryAfterSeconds(1_001), 2);
  });

  it('builds no limiter for a limit that is off', () => {
    assert.equal(tokenBucketOrUnlimited(null), UNLIMITED);
    assert.equal(fixedWindowOrUnlimited(null), UNLIMITED);
    assert.ok(tokenBucketOrUnlimited({ count: 1, windowMs: 1 }) instanceof TokenBucketLimiter);
  });
});

describe('parseRate / parseLimit / parseCidrList', () => {
  it('reads count per window', () => {
    assert.deepEqual(parseRate('100/s'), { count: 100, windowMs: 1_000 });
    assert.deepEqual(parseRate('60/min'), { count: 60, windowMs: 60_000 });
    assert.deepEqual(parseRate(' 60 / MIN '), { count: 60, windowMs: 60_000 });
    assert.deepEqual(parseRate('1000/h'), { count: 1_000, windowMs: 3_600_000 });
    assert.deepEqual(parseRate('600/10m'), { count: 600, windowMs: 600_000 });
    assert.deepEqual(parseRate('5/500ms'), { count: 5, windowMs: 500 });
    assert.equal(parseRate('0'), null);
    assert.equal(parseRate('off'), null);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '100', '/s', '100/', '100/fortnight', '-1/s', '1.5/s', '0/s', '10/0s', 'abc']) {
      assert.throws(() => parseRate(bad), Error, bad);
    }
  });

  it('reads limits where 0 = no limit', () => {
    assert.equal(parseLimit('0'), 0);
    assert.equal(parseLimit('off'), 0);
    assert.equal(parseLimit('256'), 256);
    for (const bad of ['-1', '1.5', 'lots', '']) assert.throws(() => parseLimit(bad), Error, bad);
  });

  it('reads CIDR lists and names the invalid entries', () => {
    assert.deepEqual(parseCidrList('', invalidAllowEntries), []);
    assert.deepEqual(parseCidrList('10.0.0.0/8, ::1', invalidAllowEntries), ['10.0.0.0/8', '::1']);
    assert.throws(() => parseCidrList('10.0.0.0/8,nope', invalidAllowEntries), /invalid: nope/);
  });

  it('has generous defaults and one-line errors naming the setting', () => {
    const config = loadConfig({});
    assert.deepEqual(config.rateAnonInboxes, { count: 60, windowMs: 60_000 });
    assert.deepEqual(config.rateAuthFailures, { count: 30, windowMs: 60_000 });
    assert.deepEqual(config.rateIngestPerInbox, { count: 1000, windowMs: 1_000 });
    assert.equal(config.maxConnectionsPerIp, 256);
    assert.equal(config.anonMaxEvents, 10_000);
    assert.equal(config.ingestHeadersTimeoutMs, 10_000);
    assert.equal(config.ingestRequestTimeoutMs, 60_000);
    assert.equal(config.ingestKeepAliveTimeoutMs, 5_000);
    assert.equal(config.replayMaxConcurrent, 32);
    assert.throws(
      () => loadConfig({ REHOOK_RATE_INGEST_PER_INBOX: 'fast' }),
      (err: Error) => err.message.includes('REHOOK_RATE_INGEST_PER_INBOX') && !err.message.includes('\n'),
    );
  });
});
