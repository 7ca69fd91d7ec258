import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { EventSummary } from '../../../src/domain/captured-request.js';
import type { AfterPage } from '../../../src/ports/store.js';
import { createAccount } from '../../../src/services/accounts.js';
import { sweepOnce } from '../../../src/services/expiry.js';
import { hashToken } from '../../../src/services/secrets.js';
import { createFakeClock, type FakeClock } from '../../helpers/fake-clock.js';
import { startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { assertError, assertUnauthorized, call, ingest, ISO_UTC, rawRequest } from './support.js';

/**
 * Accounts and browser sessions (issue 11 point 5): sign-up, sign-in, the session cookie as the
 * account's principal on the existing endpoints, CSRF, sign-out (everywhere), rate limits, the
 * closed sign-up, expiry, and the cookie's attributes. Real HTTP: Set-Cookie is read from each
 * answer and sent back as Cookie, as a browser would.
 */

const SESSION_VALUE = /^rhs_[0-9abcdefghjkmnpqrstvwxyz]{40}$/;
const CSRF = /^[0-9abcdefghjkmnpqrstvwxyz]{32}$/;
const DAY_MS = 24 * 60 * 60 * 1000;

interface SignedIn {
  /** `rehook_session=<secret>`, ready for a Cookie header. */
  readonly cookie: string;
  readonly secret: string;
  readonly csrfToken: string;
  readonly accountId: string;
  /** The whole Set-Cookie line. */
  readonly setCookie: string;
}

let counter = 0;
function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${process.pid}-${Date.now()}@example.test`;
}

/** The one Set-Cookie line of an answer for rehook_session (fails when there is not exactly one). */
function sessionSetCookie(headers: Headers): string {
  const lines = headers.getSetCookie().filter((line) => line.startsWith('rehook_session='));
  assert.equal(
    lines.length,
    1,
    `expected one rehook_session Set-Cookie, got ${JSON.stringify(headers.getSetCookie())}`,
  );
  return lines[0] as string;
}

/** Attribute names (lower-cased) and values of a Set-Cookie line, and its value. */
function parseSetCookie(line: string): { value: string; attributes: Map<string, string> } {
  const [pair = '', ...rest] = line.split(';');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const eq = part.indexOf('=');
    const name = (eq === -1 ? part : part.slice(0, eq)).trim().toLowerCase();
    attributes.set(name, eq === -1 ? '' : part.slice(eq + 1).trim());
  }
  return { value: pair.slice(pair.indexOf('=') + 1), attributes };
}

async function signUp(
  rehook: TestRehook,
  email: string,
  password = 'correct horse battery',
  headers: Record<string, string> = {},
): Promise<SignedIn> {
  const res = await call(rehook.apiUrl, '/api/v1/auth/signup', { method: 'POST', json: { email, password }, headers });
  assert.equal(res.status, 201, res.text);
  return signedInFrom(res);
}

async function signIn(rehook: TestRehook, email: string, password = 'correct horse battery'): Promise<SignedIn> {
  const res = await call(rehook.apiUrl, '/api/v1/auth/signin', { method: 'POST', json: { email, password } });
  assert.equal(res.status, 200, res.text);
  return signedInFrom(res);
}

function signedInFrom(res: { headers: Headers; body: any }): SignedIn {
  const setCookie = sessionSetCookie(res.headers);
  const { value } = parseSetCookie(setCookie);
  return {
    cookie: `rehook_session=${value}`,
    secret: value,
    csrfToken: res.body.data.csrfToken,
    accountId: res.body.data.account.id,
    setCookie,
  };
}

/** Headers of a browser request made with the session: the cookie, and X-CSRF-Token unless `csrf` is false. */
function asSession(session: SignedIn, csrf = true): Record<string, string> {
  return csrf ? { cookie: session.cookie, 'x-csrf-token': session.csrfToken } : { cookie: session.cookie };
}

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
      assert.deepEqual(Object.keys(account).sort(), ['createdAt', 'email', 'id']);
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

    it('GET /api/v1/auth/session answers the account and the CSRF token with the cookie, 401 without', async () => {
      const session = await signUp(rehook, uniqueEmail('session'));
      const res = await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: session.cookie } });
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.account.id, session.accountId);
      assert.equal(res.body.data.csrfToken, session.csrfToken);

      assertError(await call(rehook.apiUrl, '/api/v1/auth/session'), 401, 'UNAUTHORIZED');
      // An API token is not a browser session.
      const user = await rehook.createUser();
      assertError(await call(rehook.apiUrl, '/api/v1/auth/session', { token: user.token }), 401, 'UNAUTHORIZED');
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

/** 401 UNAUTHORIZED because the session cookie names no live session. */
function assertUnauthorizedSession(res: { status: number; body: any; text: string }): void {
  assertError(res, 401, 'UNAUTHORIZED');
}

/** Resolves once `predicate` holds; fails only when it never does (a hang, not a timing bound). */
async function waitUntil(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Resolves once a long-poll on the inbox has read the store, found nothing and goes to wait:
 * from then on a stored event wakes it (the store's listAfter is wrapped; no sleeps).
 */
function nextPollWaits(rehook: TestRehook, inboxId: string): Promise<void> {
  const events = rehook.deps.store.events;
  const original = events.listAfter;
  return new Promise((resolve) => {
    events.listAfter = async (id: string, page: AfterPage): Promise<EventSummary[]> => {
      const rows = await original.call(events, id, page);
      if (id === inboxId && rows.length === 0) {
        events.listAfter = original;
        resolve();
      }
      return rows;
    };
  });
}
