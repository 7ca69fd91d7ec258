import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors.js';

describe('REHOOK_REPLAY_JOB_LEASE', () => {
  it('defaults to 30 s and takes a duration', () => {
    assert.equal(loadConfig({}).replayJobLeaseMs, 30_000);
    assert.equal(loadConfig({ REHOOK_REPLAY_JOB_LEASE: '2s' }).replayJobLeaseMs, 2_000);
    assert.equal(loadConfig({ REHOOK_REPLAY_JOB_LEASE: '5m' }).replayJobLeaseMs, 300_000);
  });

  it('refuses what is not a positive duration, naming the setting', () => {
    for (const value of ['0s', 'soon', '-5s']) {
      assert.throws(
        () => loadConfig({ REHOOK_REPLAY_JOB_LEASE: value }),
        (err: unknown) => err instanceof ConfigError && /REHOOK_REPLAY_JOB_LEASE/.test(err.message),
      );
    }
  });
});
