import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createAccount } from '../../../../src/services/accounts.js';
import { sweepOnce } from '../../../../src/services/expiry.js';
import { hashToken } from '../../../../src/services/secrets.js';
import { createFakeClock, type FakeClock } from '../../../helpers/fake-clock.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, assertUnauthorized, call, ingest, ISO_UTC, rawRequest } from '../support.js';
import {
  asSession,
  assertUnauthorizedSession,
  CSRF,
  DAY_MS,
  nextPollWaits,
  parseSetCookie,
  SESSION_VALUE,
  type SignedIn,
  sessionSetCookie,
  signIn,
  signUp,
  signedInFrom,
  uniqueEmail,
  waitUntil,
} from '../session-support.js';

/**
 * Accounts and browser sessions: sign-up, sign-in, the session cookie as the
 * account's principal on the existing endpoints, CSRF, sign-out (everywhere), rate limits, the
 * closed sign-up, expiry, and the cookie's attributes. Real HTTP: Set-Cookie is read from each
 * answer and sent back as Cookie, as a browser would.
 */

describe('accounts and sessions', () => {
  let rehook: TestRehook;
  let clock: FakeClock;

  before(async () => {
    clock = createFakeClock(new Date());
    rehook = await startTestRehook({ clock, env: { REHOOK_RATE_SIGNIN: '0', REHOOK_SWEEP_INTERVAL: '1d' } });
  });
  after(() => rehook.stop());

  describe('sign-up and the session cookie', () => {
    it('creates the account, signs it in and sets an HttpOnly, SameSite=Lax cookie for the session lifetime', async () => {
      const email = uniqueEmail('Signup');
      const res = await call(rehook.apiUrl, '/api/v1/auth/signup', {
        method: 'POST',
        json: { email: `  ${email.toUpperCase()} `, password: 'correct horse battery' },
      });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual(Object.keys(res.body.data).sort(), ['account', 'csrfToken']);
      const { account, csrfToken } = res.body.data;
      assert.match(account.id, /^acc_[0-9a-z]{26}$/);
      assert.equal(account.email, email.toLowerCase());
      assert.match(account.createdAt, ISO_UTC);
      assert.deepEqual(Object.keys(account).sort(), ['createdAt', 'displayName', 'email', 'hasPassword', 'id']);
      assert.match(csrfToken, CSRF);

      const { value, attributes } = parseSetCookie(sessionSetCookie(res.headers));
      assert.match(value, SESSION_VALUE);
      assert.equal(attributes.get('max-age'), String(30 * 24 * 60 * 60));
      assert.equal(attributes.get('path'), '/');
      assert.equal(attributes.get('samesite'), 'Lax');
      assert.ok(attributes.has('httponly'));
      assert.ok(!attributes.has('secure'), 'not Secure over plain http');
      assert.ok(!attributes.has('domain'), 'no Domain: this host only');
      assert.ok(!res.text.includes(value), 'the session secret is only in the cookie');
    });

    it('stores only a hash of the session secret, with a 30-day expiry', async () => {
      const session = await signUp(rehook, uniqueEmail('hash'));
      const stored = await rehook.deps.store.sessions.findLiveByHash(hashToken(session.secret), clock.now());
      assert.ok(stored);
      assert.equal(stored.accountId, session.accountId);
      assert.equal(stored.csrfToken, session.csrfToken);
      assert.equal(stored.expiresAt.getTime() - stored.createdAt.getTime(), 30 * DAY_MS);
      assert.ok(!JSON.stringify(stored).includes(session.secret));
    });

    it('GET /api/v1/auth/session answers the account and the CSRF token with the cookie, account null without', async () => {
      const session = await signUp(rehook, uniqueEmail('session'));
      const res = await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.account.id, session.accountId);
      assert.equal(res.body.data.csrfToken, session.csrfToken);

      // Nobody signed in is an answer (every signed-out page load asks), not an error.
      const nobody = await call(rehook.apiUrl, '/api/v1/auth/session');
      assert.equal(nobody.status, 200, nobody.text);
      assert.deepEqual(nobody.body, { data: { account: null } });
      // An API token is not a browser session; a bad one is still refused.
      const user = await rehook.createUser();
      const viaToken = await call(rehook.apiUrl, '/api/v1/auth/session', { token: user.token });
      assert.equal(viaToken.status, 200, viaToken.text);
      assert.deepEqual(viaToken.body, { data: { account: null } });
      assertError(await call(rehook.apiUrl, '/api/v1/auth/session', { token: 'rh_nope' }), 401, 'UNAUTHORIZED');
    });

    it('refuses a taken e-mail (409), a bad e-mail or password (400) and a body that is not JSON (415)', async () => {
      const email = uniqueEmail('taken');
      await signUp(rehook, email);
      const post = (body: unknown) => call(rehook.apiUrl, '/api/v1/auth/signup', { method: 'POST', json: body });
      assertError(await post({ email: email.toUpperCase(), password: 'another password' }), 409, 'CONFLICT');
      assertError(await post({ email: 'not-an-email', password: 'long enough' }), 400, 'VALIDATION_FAILED');
      assertError(await post({ email: uniqueEmail('short'), password: 'short' }), 400, 'VALIDATION_FAILED');
      assertError(await post({ email: uniqueEmail('long'), password: 'x'.repeat(1025) }), 400, 'VALIDATION_FAILED');
      assertError(await post({ email: uniqueEmail('nopass') }), 400, 'VALIDATION_FAILED');
      assertError(await post({ email: 42, password: 'long enough' }), 400, 'VALIDATION_FAILED');
      assertError(await post([]), 400, 'VALIDATION_FAILED');
      const form = await call(rehook.apiUrl, '/api/v1/auth/signup', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `email=${encodeURIComponent(uniqueEmail('form'))}&password=long+enough`,
      });
      assertError(form, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });
  });

  describe('sign-in', () => {
    it('signs in with the right password: a new session, whatever the e-mail case', async () => {
      const email = uniqueEmail('signin');
      const first = await signUp(rehook, email);
      const second = await signIn(rehook, email.toUpperCase());
      assert.equal(second.accountId, first.accountId);
      assert.notEqual(second.secret, first.secret);
      assert.notEqual(second.csrfToken, first.csrfToken);
      // Both sessions are live: signing in elsewhere does not sign the first browser out.
      for (const session of [first, second]) {
        assert.equal(
          (await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } })).status,
          200,
        );
      }
    });

    it('answers the same 401 INVALID_CREDENTIALS for a wrong password, an unknown e-mail and an account without password', async () => {
      const email = uniqueEmail('wrong');
      await signUp(rehook, email);
      const passwordless = await createAccount(rehook.deps, { email: uniqueEmail('nopassword') });
      const attempts = [
        { email, password: 'not the password' },
        { email: uniqueEmail('unknown'), password: 'correct horse battery' },
        { email: passwordless.email, password: 'correct horse battery' },
      ];
      const answers = [];
      for (const body of attempts) {
        const res = await call(rehook.apiUrl, '/api/v1/auth/signin', { method: 'POST', json: body });
        assertError(res, 401, 'INVALID_CREDENTIALS');
        assert.deepEqual(res.headers.getSetCookie(), [], 'no cookie on a failed sign-in');
        answers.push(res.text);
      }
      assert.equal(new Set(answers).size, 1, `the answers differ: ${answers.join(' | ')}`);
    });

    it('refuses malformed input with 400 and 415, before looking at the password', async () => {
      const post = (body: unknown) => call(rehook.apiUrl, '/api/v1/auth/signin', { method: 'POST', json: body });
      assertError(await post({ email: uniqueEmail('x') }), 400, 'VALIDATION_FAILED');
      assertError(await post({ email: uniqueEmail('x'), password: '' }), 400, 'VALIDATION_FAILED');
      assertError(await post({ email: uniqueEmail('x'), password: 'p'.repeat(1025) }), 400, 'VALIDATION_FAILED');
      assertError(await post({ password: 'long enough' }), 400, 'VALIDATION_FAILED');
      const text = await call(rehook.apiUrl, '/api/v1/auth/signin', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'a',
      });
      assertError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
      const broken = await call(rehook.apiUrl, '/api/v1/auth/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"email":',
      });
      assertError(broken, 400, 'INVALID_JSON');
    });

    it('never turns a cookie planted before sign-in into a signed-in one (no session fixation)', async () => {
      const email = uniqueEmail('fixation');
      await signUp(rehook, email);
      const planted = `rehook_session=rhs_${'a'.repeat(40)}`;
      const res = await call(rehook.apiUrl, '/api/v1/auth/signin', {
        method: 'POST',
        json: { email, password: 'correct horse battery' },
        headers: { cookie: planted },
      });
      assert.equal(res.status, 200, res.text);
      const session = signedInFrom(res);
      assert.notEqual(session.cookie, planted);
      assertUnauthorizedSession(await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: planted } }));
    });

    it('signing in again from a signed-in browser ends the session it replaces', async () => {
      const email = uniqueEmail('replace');
      const old = await signUp(rehook, email);
      const res = await call(rehook.apiUrl, '/api/v1/auth/signin', {
        method: 'POST',
        json: { email, password: 'correct horse battery' },
        headers: { cookie: old.cookie },
      });
      assert.equal(res.status, 200, res.text);
      const fresh = signedInFrom(res);
      assert.equal(
        (await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: fresh.cookie } })).status,
        200,
      );
      assert.equal(
        (await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: old.cookie } })).status,
        401,
      );
    });
  });

  describe('the session on the existing endpoints', () => {
    let session: SignedIn;
    before(async () => {
      session = await signUp(rehook, uniqueEmail('endpoints'));
    });

    it('is the account: owned inboxes, their events and the Settings > API Tokens calls', async () => {
      const created = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', headers: asSession(session) });
      assert.equal(created.status, 201, created.text);
      const inbox = created.body.data.inbox;
      assert.equal(inbox.saved, true);
      const listed = await call(rehook.apiUrl, '/api/v1/inboxes', { headers: asSession(session, false) });
      assert.deepEqual(
        listed.body.data.inboxes.map((i: { id: string }) => i.id),
        [inbox.id],
      );
      await ingest(rehook, inbox.id, { body: 'hello' });
      const events = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, {
        headers: { cookie: session.cookie },
      });
      assert.equal(events.status, 200, events.text);
      assert.equal(events.body.length, 1);
      // Nobody else reads it.
      assertUnauthorized(await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}`));

      const token = await call(rehook.apiUrl, '/api/v1/tokens', {
        method: 'POST',
        json: { name: 'from the browser' },
        headers: asSession(session),
      });
      assert.equal(token.status, 201, token.text);
      const tokens = await call(rehook.apiUrl, '/api/v1/tokens', { headers: { cookie: session.cookie } });
      assert.deepEqual(
        tokens.body.data.tokens.map((t: { id: string }) => t.id),
        [token.body.data.token.id],
      );
      // The new token works on the API, and is the same account.
      const viaToken = await call(rehook.apiUrl, '/api/v1/inboxes', { token: token.body.data.token.token });
      assert.deepEqual(
        viaToken.body.data.inboxes.map((i: { id: string }) => i.id),
        [inbox.id],
      );
      const revoked = await call(rehook.apiUrl, `/api/v1/tokens/${token.body.data.token.id}`, {
        method: 'DELETE',
        headers: asSession(session),
      });
      assert.equal(revoked.status, 204, revoked.text);
      assertUnauthorized(await call(rehook.apiUrl, '/api/v1/inboxes', { token: token.body.data.token.token }));
    });

    it('refuses writes without the right X-CSRF-Token with 403 CSRF_FAILED before reading the body, and does nothing', async () => {
      const forged: Record<string, string>[] = [
        { cookie: session.cookie },
        { cookie: session.cookie, 'x-csrf-token': '' },
        { cookie: session.cookie, 'x-csrf-token': 'a'.repeat(32) },
        { cookie: session.cookie, 'x-csrf-token': `${session.csrfToken}x` },
        { cookie: session.cookie, 'x-csrf-token': session.csrfToken, 'sec-fetch-site': 'cross-site' },
      ];
      const before = await call(rehook.apiUrl, '/api/v1/tokens', { headers: { cookie: session.cookie } });
      for (const headers of forged) {
        assertError(await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', headers }), 403, 'CSRF_FAILED');
        assertError(
          await call(rehook.apiUrl, '/api/v1/tokens', { method: 'POST', json: { name: 'forged' }, headers }),
          403,
          'CSRF_FAILED',
        );
        // Checked before the body: even a broken one gets 403, not 400.
        const broken = await call(rehook.apiUrl, '/api/v1/tokens', {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: '{',
        });
        assertError(broken, 403, 'CSRF_FAILED');
        assertError(
          await call(rehook.apiUrl, '/api/v1/auth/signout-everywhere', { method: 'POST', headers }),
          403,
          'CSRF_FAILED',
        );
      }
      const afterwards = await call(rehook.apiUrl, '/api/v1/tokens', { headers: { cookie: session.cookie } });
      assert.deepEqual(afterwards.body, before.body, 'a refused write changed the tokens');
      assert.equal(
        (await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } })).status,
        200,
        'a refused sign-out everywhere signed out',
      );
      // Same-origin requests that say so are fine.
      const sameOrigin = await call(rehook.apiUrl, '/api/v1/inboxes', {
        method: 'POST',
        headers: { ...asSession(session), 'sec-fetch-site': 'same-origin' },
      });
      assert.equal(sameOrigin.status, 201, sameOrigin.text);
    });

    it('lets an Authorization header win over the cookie: its account, no CSRF token, and 401 when it is bad', async () => {
      const other = await rehook.createUser();
      const created = await call(rehook.apiUrl, '/api/v1/inboxes', {
        method: 'POST',
        token: other.token,
        headers: { cookie: session.cookie },
      });
      assert.equal(created.status, 201, created.text);
      const mine = await call(rehook.apiUrl, '/api/v1/inboxes', { headers: { cookie: session.cookie } });
      assert.ok(
        !mine.body.data.inboxes.some((i: { id: string }) => i.id === created.body.data.inbox.id),
        'the inbox went to the cookie account',
      );
      const theirs = await call(rehook.apiUrl, `/api/v1/inboxes/${created.body.data.inbox.id}`, { token: other.token });
      assert.equal(theirs.status, 200);
      assertUnauthorized(
        await call(rehook.apiUrl, '/api/v1/inboxes', {
          headers: { authorization: 'Bearer rhk_nope', cookie: session.cookie },
        }),
      );
    });

    it('two session cookies at once are refused', async () => {
      const second = await signIn(
        rehook,
        (await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } })).body.data.account
          .email,
      );
      const res = await call(rehook.apiUrl, '/api/v1/inboxes', {
        headers: { cookie: `${session.cookie}; ${second.cookie}` },
      });
      assertUnauthorizedSession(res);
      const twoHeaders = await rawRequest(`${rehook.apiUrl}/api/v1/inboxes`, {
        headers: ['Cookie', session.cookie, 'Cookie', second.cookie],
      });
      assert.equal(twoHeaders.status, 401, twoHeaders.text);
    });
  });

  describe('sign-out', () => {
    it('ends the session and clears the cookie; the old cookie is 401 everywhere and that answer clears it too', async () => {
      const session = await signUp(rehook, uniqueEmail('signout'));
      const res = await call(rehook.apiUrl, '/api/v1/auth/signout', { method: 'POST', headers: asSession(session) });
      assert.equal(res.status, 204, res.text);
      const cleared = parseSetCookie(sessionSetCookie(res.headers));
      assert.equal(cleared.value, '');
      assert.equal(cleared.attributes.get('max-age'), '0');
      assert.equal(cleared.attributes.get('path'), '/');

      for (const path of ['/api/v1/auth/session', '/api/v1/inboxes', '/api/v1/tokens']) {
        const stale = await call(rehook.apiUrl, path, { headers: { cookie: session.cookie } });
        assertUnauthorizedSession(stale);
        assert.equal(
          parseSetCookie(sessionSetCookie(stale.headers)).attributes.get('max-age'),
          '0',
          `${path} clears the dead cookie`,
        );
      }
      // Even where anonymous callers are welcome: a dead session is not silently anonymous.
      assertUnauthorizedSession(
        await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', headers: asSession(session) }),
      );
      assert.equal(await rehook.deps.store.sessions.findLiveByHash(hashToken(session.secret), clock.now()), null);
      // Signing out again (a second tab) is fine.
      const again = await call(rehook.apiUrl, '/api/v1/auth/signout', { method: 'POST', headers: asSession(session) });
      assert.equal(again.status, 204, again.text);
      const bare = await call(rehook.apiUrl, '/api/v1/auth/signout', { method: 'POST' });
      assert.equal(bare.status, 204, bare.text);
    });

    it('needs the CSRF token while the session is live', async () => {
      const session = await signUp(rehook, uniqueEmail('signout-csrf'));
      assertError(
        await call(rehook.apiUrl, '/api/v1/auth/signout', { method: 'POST', headers: asSession(session, false) }),
        403,
        'CSRF_FAILED',
      );
      assert.equal(
        (await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } })).status,
        200,
      );
    });

    it('sign-out everywhere ends every session of the account, and no other; API tokens keep working', async () => {
      const email = uniqueEmail('everywhere');
      const one = await signUp(rehook, email);
      const two = await signIn(rehook, email);
      const stranger = await signUp(rehook, uniqueEmail('stranger'));
      const token = await call(rehook.apiUrl, '/api/v1/tokens', {
        method: 'POST',
        json: { name: 'keeps' },
        headers: asSession(one),
      });
      const res = await call(rehook.apiUrl, '/api/v1/auth/signout-everywhere', {
        method: 'POST',
        headers: asSession(two),
      });
      assert.equal(res.status, 204, res.text);
      assert.equal(parseSetCookie(sessionSetCookie(res.headers)).attributes.get('max-age'), '0');
      for (const session of [one, two]) {
        assertUnauthorizedSession(
          await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } }),
        );
      }
      assert.equal(
        (await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: stranger.cookie } })).status,
        200,
      );
      assert.equal((await call(rehook.apiUrl, '/api/v1/tokens', { token: token.body.data.token.token })).status, 200);
      // With an API token it works too; without any credential it is 401.
      const three = await signIn(rehook, email);
      const viaToken = await call(rehook.apiUrl, '/api/v1/auth/signout-everywhere', {
        method: 'POST',
        token: token.body.data.token.token,
      });
      assert.equal(viaToken.status, 204, viaToken.text);
      assert.equal(
        (await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: three.cookie } })).status,
        401,
      );
      assertUnauthorized(await call(rehook.apiUrl, '/api/v1/auth/signout-everywhere', { method: 'POST' }));
    });

    it('ends a long-poll waiting with the session: 401 when an event arrives after sign-out', async () => {
      const session = await signUp(rehook, uniqueEmail('longpoll'));
      const inbox = (await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', headers: asSession(session) })).body
        .data.inbox;
      const waitingNow = nextPollWaits(rehook, inbox.id);
      const waiting = call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events/next?timeout=60s`, {
        headers: { cookie: session.cookie },
      });
      await waitingNow;
      const out = await call(rehook.apiUrl, '/api/v1/auth/signout', { method: 'POST', headers: asSession(session) });
      assert.equal(out.status, 204, out.text);
      await ingest(rehook, inbox.id, { body: 'after sign-out' });
      assertUnauthorizedSession(await waiting);
    });
  });

  describe('expiry', () => {
    it('a session stops working at its expiry, without the sweeper; the sweeper then deletes it', async () => {
      const session = await signUp(rehook, uniqueEmail('expiry'));
      const hash = hashToken(session.secret);
      clock.advance(30 * DAY_MS - 1);
      assert.equal(
        (await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } })).status,
        200,
      );
      clock.advance(1);
      assertUnauthorizedSession(
        await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } }),
      );
      assertUnauthorizedSession(await call(rehook.apiUrl, '/api/v1/tokens', { headers: { cookie: session.cookie } }));
      // Still stored until the sweeper runs (seen at an earlier instant), gone afterwards.
      assert.ok(await rehook.deps.store.sessions.findLiveByHash(hash, new Date(clock.now().getTime() - DAY_MS)));
      const result = await sweepOnce(rehook.deps);
      assert.ok(result.sessionsDeleted >= 1, JSON.stringify(result));
      assert.equal(await rehook.deps.store.sessions.findLiveByHash(hash, new Date(0)), null);
    });

    it('records the last use at most once a minute', async () => {
      const session = await signUp(rehook, uniqueEmail('touch'));
      const hash = hashToken(session.secret);
      const created = (await rehook.deps.store.sessions.findLiveByHash(hash, clock.now()))?.lastSeenAt;
      clock.advance(30_000);
      await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } });
      assert.deepEqual((await rehook.deps.store.sessions.findLiveByHash(hash, clock.now()))?.lastSeenAt, created);
      clock.advance(31_000);
      const used = clock.now();
      await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } });
      await waitUntil(
        async () =>
          (await rehook.deps.store.sessions.findLiveByHash(hash, clock.now()))?.lastSeenAt.getTime() === used.getTime(),
        'last seen to be recorded',
      );
    });
  });
});
