import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createAccount } from '../../../../src/services/accounts.js';
import { createFakeClock } from '../../../helpers/fake-clock.js';
import { startTestRehook } from '../../../helpers/rehook.js';
import { assertError, call } from '../support.js';
import {
  asSession,
  assertUnauthorizedSession,
  parseSetCookie,
  sessionSetCookie,
  signIn,
  signUp,
  uniqueEmail,
} from '../session-support.js';

/**
 * Accounts under settings other than the defaults, each on its own server: closed sign-up, the
 * session lifetime, Secure behind a trusted proxy, and the sign-in rate limits (per address and
 * per e-mail address). Real HTTP, as in auth.test.ts.
 */

describe('accounts: settings', () => {
  it('REHOOK_SIGNUP=closed refuses sign-up with 403 SIGNUP_CLOSED; accounts made by an operator still sign in', async () => {
    const rehook = await startTestRehook({ env: { REHOOK_SIGNUP: 'closed' } });
    try {
      const res = await call(rehook.apiUrl, '/api/v1/auth/signup', {
        method: 'POST',
        json: { email: uniqueEmail('closed'), password: 'long enough' },
      });
      assertError(res, 403, 'SIGNUP_CLOSED');
      assert.deepEqual(res.headers.getSetCookie(), []);
      const email = uniqueEmail('operator');
      await createAccount(rehook.deps, { email, password: 'made by an operator' });
      const signedIn = await call(rehook.apiUrl, '/api/v1/auth/signin', {
        method: 'POST',
        json: { email, password: 'made by an operator' },
      });
      assert.equal(signedIn.status, 200, signedIn.text);
    } finally {
      await rehook.stop();
    }
  });

  it('REHOOK_SESSION_TTL sets the cookie Max-Age and the session expiry', async () => {
    const clock = createFakeClock(new Date());
    const rehook = await startTestRehook({ clock, env: { REHOOK_SESSION_TTL: '2h' } });
    try {
      const session = await signUp(rehook, uniqueEmail('ttl'));
      assert.equal(parseSetCookie(session.setCookie).attributes.get('max-age'), '7200');
      clock.advance(2 * 60 * 60 * 1000);
      assertUnauthorizedSession(
        await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } }),
      );
    } finally {
      await rehook.stop();
    }
  });

  it('sets Secure behind a trusted proxy that says https, and only then', async () => {
    const trusting = await startTestRehook({ env: { REHOOK_TRUST_PROXY: '1', REHOOK_RATE_SIGNIN: '0' } });
    const plain = await startTestRehook({ env: { REHOOK_RATE_SIGNIN: '0' } });
    try {
      const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' };
      const secure = await signUp(trusting, uniqueEmail('secure'), 'correct horse battery', https);
      assert.ok(parseSetCookie(secure.setCookie).attributes.has('secure'), secure.setCookie);
      // The last entry is the one our proxy wrote.
      const chained = await signUp(trusting, uniqueEmail('chained'), 'correct horse battery', {
        'x-forwarded-proto': 'http, https',
      });
      assert.ok(parseSetCookie(chained.setCookie).attributes.has('secure'), chained.setCookie);
      const overHttp = await signUp(trusting, uniqueEmail('http'), 'correct horse battery', {
        'x-forwarded-proto': 'http',
      });
      assert.ok(!parseSetCookie(overHttp.setCookie).attributes.has('secure'), overHttp.setCookie);
      // Without REHOOK_TRUST_PROXY anyone could send the header: it is ignored.
      const untrusted = await signUp(plain, uniqueEmail('untrusted'), 'correct horse battery', https);
      assert.ok(!parseSetCookie(untrusted.setCookie).attributes.has('secure'), untrusted.setCookie);
      // Sign-out clears the cookie with the same attributes.
      const out = await call(trusting.apiUrl, '/api/v1/auth/signout', {
        method: 'POST',
        headers: { ...asSession(secure), ...https },
      });
      assert.ok(parseSetCookie(sessionSetCookie(out.headers)).attributes.has('secure'));
    } finally {
      await trusting.stop();
      await plain.stop();
    }
  });

  it('rate-limits sign-in per client address (sign-ups count too), with Retry-After', async () => {
    const rehook = await startTestRehook({ env: { REHOOK_RATE_SIGNIN: '3/h', REHOOK_TRUST_PROXY: '1' } });
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      const email = uniqueEmail('ratelimit');
      const up = await call(rehook.apiUrl, '/api/v1/auth/signup', {
        method: 'POST',
        json: { email, password: 'correct horse battery' },
        headers: from('198.51.100.1'),
      });
      assert.equal(up.status, 201, up.text);
      const wrong = { email, password: 'wrong password' };
      for (let i = 0; i < 2; i += 1) {
        assertError(
          await call(rehook.apiUrl, '/api/v1/auth/signin', {
            method: 'POST',
            json: wrong,
            headers: from('198.51.100.1'),
          }),
          401,
          'INVALID_CREDENTIALS',
        );
      }
      // The right password from the exhausted address: refused all the same.
      const limited = await call(rehook.apiUrl, '/api/v1/auth/signin', {
        method: 'POST',
        json: { email, password: 'correct horse battery' },
        headers: from('198.51.100.1'),
      });
      assertError(limited, 429, 'RATE_LIMITED');
      assert.ok(Number(limited.headers.get('retry-after')) >= 1, `Retry-After: ${limited.headers.get('retry-after')}`);
      assert.deepEqual(limited.headers.getSetCookie(), []);
      // Another address is not affected.
      const elsewhere = await call(rehook.apiUrl, '/api/v1/auth/signin', {
        method: 'POST',
        json: { email, password: 'correct horse battery' },
        headers: from('198.51.100.2'),
      });
      assert.equal(elsewhere.status, 200, elsewhere.text);
    } finally {
      await rehook.stop();
    }
  });

  it('rate-limits failed sign-ins per e-mail address, from any address, with Retry-After', async () => {
    const rehook = await startTestRehook({
      env: { REHOOK_RATE_SIGNIN: '0', REHOOK_RATE_SIGNIN_PER_EMAIL: '2/h', REHOOK_TRUST_PROXY: '1' },
    });
    try {
      const email = uniqueEmail('perEmail');
      const other = uniqueEmail('perEmailOther');
      await signUp(rehook, email);
      await signUp(rehook, other);
      // Successful sign-ins cost nothing.
      for (let i = 0; i < 3; i += 1) await signIn(rehook, email);
      for (const ip of ['192.0.2.1', '192.0.2.2']) {
        const res = await call(rehook.apiUrl, '/api/v1/auth/signin', {
          method: 'POST',
          json: { email: email.toUpperCase(), password: 'guess' },
          headers: { 'x-forwarded-for': ip },
        });
        assertError(res, 401, 'INVALID_CREDENTIALS');
      }
      const limited = await call(rehook.apiUrl, '/api/v1/auth/signin', {
        method: 'POST',
        json: { email, password: 'correct horse battery' },
        headers: { 'x-forwarded-for': '192.0.2.3' },
      });
      assertError(limited, 429, 'RATE_LIMITED');
      assert.ok(Number(limited.headers.get('retry-after')) >= 1);
      // Unknown addresses are limited the same way (the limit reveals nothing about which exist).
      const unknown = uniqueEmail('perEmailUnknown');
      for (let i = 0; i < 2; i += 1) {
        assertError(
          await call(rehook.apiUrl, '/api/v1/auth/signin', {
            method: 'POST',
            json: { email: unknown, password: 'guess' },
          }),
          401,
          'INVALID_CREDENTIALS',
        );
      }
      assertError(
        await call(rehook.apiUrl, '/api/v1/auth/signin', {
          method: 'POST',
          json: { email: unknown, password: 'guess' },
        }),
        429,
        'RATE_LIMITED',
      );
      // Other e-mail addresses are not affected.
      await signIn(rehook, other);
    } finally {
      await rehook.stop();
    }
  });
});
