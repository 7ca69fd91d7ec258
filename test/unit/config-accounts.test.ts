import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors.js';

/** The settings of accounts and sessions: REHOOK_SIGNUP, REHOOK_SESSION_TTL and the sign-in limits. */
describe('account and session settings', () => {
  it('default to open sign-up, 30-day sessions, 20 sign-ins a minute per address and 10 failures per 15 minutes per e-mail', () => {
    const config = loadConfig({});
    assert.equal(config.signup, 'open');
    assert.equal(config.sessionTtlMs, 30 * 24 * 3600 * 1000);
    assert.deepEqual(config.rateSignin, { count: 20, windowMs: 60_000 });
    assert.deepEqual(config.rateSigninPerEmail, { count: 10, windowMs: 15 * 60_000 });
  });

  it('take environment variables and flags', () => {
    const config = loadConfig(
      {
        REHOOK_SIGNUP: ' Closed ',
        REHOOK_SESSION_TTL: '12h',
        REHOOK_RATE_SIGNIN: '0',
        REHOOK_RATE_SIGNIN_PER_EMAIL: '5/h',
      },
      { 'rate-signin': '100/10m' },
    );
    assert.equal(config.signup, 'closed');
    assert.equal(config.sessionTtlMs, 12 * 3600 * 1000);
    assert.deepEqual(config.rateSignin, { count: 100, windowMs: 600_000 });
    assert.deepEqual(config.rateSigninPerEmail, { count: 5, windowMs: 3_600_000 });
    assert.equal(loadConfig({ REHOOK_RATE_SIGNIN_PER_EMAIL: 'off' }).rateSigninPerEmail, null);
    assert.equal(loadConfig({}, { signup: 'open' }).signup, 'open');
  });

  it('refuse invalid values in one line naming each setting', () => {
    assert.throws(
      () =>
        loadConfig({
          REHOOK_SIGNUP: 'invite-only',
          REHOOK_SESSION_TTL: 'forever',
          REHOOK_RATE_SIGNIN: 'lots',
          REHOOK_RATE_SIGNIN_PER_EMAIL: '-1/min',
        }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.equal(err.problems.length, 4);
        assert.match(err.message, /REHOOK_SIGNUP.*open or closed/);
        assert.match(err.message, /REHOOK_SESSION_TTL/);
        assert.match(err.message, /REHOOK_RATE_SIGNIN\b/);
        assert.match(err.message, /REHOOK_RATE_SIGNIN_PER_EMAIL/);
        assert.doesNotMatch(err.message, /\n/);
        return true;
      },
    );
    assert.throws(() => loadConfig({ REHOOK_SESSION_TTL: '0' }), /REHOOK_SESSION_TTL/);
  });
});
