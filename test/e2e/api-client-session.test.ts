import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { isRehookError, RehookApiError, RehookClient, type Account, type Session } from '../../src/index.js';
import type { accountJson } from '../../src/http/api/core/present.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';

/** The client's Account type and the server's presenter must not drift apart (checked by tsc). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? ([keyof A] extends [keyof B] ? true : false) : false) : false;
const shapesMatch: [
  Same<Account, ReturnType<typeof accountJson>>,
  Same<Session, { account: Account; csrfToken: string }>,
] = [true, true];
void shapesMatch;

/**
 * A fetch with a one-origin cookie jar, standing in for the browser of the web app: it keeps
 * what Set-Cookie says (Max-Age=0 deletes) and sends it back, but only when the call asks for
 * credentials, as a browser's `credentials: 'same-origin'` does. It records the headers sent.
 */
function browserFetch(): { fetch: typeof fetch; jar: Map<string, string>; sent: Headers[] } {
  const jar = new Map<string, string>();
  const sent: Headers[] = [];
  const cookieFetch: typeof fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.credentials === 'same-origin' && jar.size > 0) {
      headers.set('cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    sent.push(headers);
    const response = await fetch(input, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      if (attributes.some((a) => a.trim().toLowerCase() === 'max-age=0')) jar.delete(name);
      else jar.set(name, pair.slice(eq + 1).trim());
    }
    return response;
  };
  return { fetch: cookieFetch, jar, sent };
}

describe('RehookClient in cookie mode (the web app)', () => {
  let rehook: TestRehook;
  before(async () => {
    rehook = await startTestRehook();
  });
  after(() => rehook.stop());

  test('account settings: profile, scoped tokens, sessions, password, delete', async () => {
    const browser = browserFetch();
    const client = new RehookClient({ baseUrl: rehook.apiUrl, fetch: browser.fetch, credentials: 'same-origin' });
    const email = `settings-${Date.now()}@example.test`;
    await client.signUp({ email, password: 'correct horse battery' });
    const me = await client.account();
    assert.equal(me.account.email, email);
    assert.equal(me.token, null);
    assert.equal((await client.updateAccount({ displayName: 'Ada' })).displayName, 'Ada');
    const inbox = await client.createInbox();
    const token = await client.createToken('ci', { scopes: ['replay'], inboxIds: [inbox.id] });
    assert.deepEqual(token.scopes, ['read', 'replay']);
    assert.deepEqual(token.inboxIds, [inbox.id]);
    const withToken = new RehookClient({ baseUrl: rehook.apiUrl, token: token.token });
    assert.equal((await withToken.account()).token?.id, token.id);
    const sessions = await client.accountSessions();
    assert.deepEqual(
      sessions.map((s) => s.current),
      [true],
    );
    assert.equal(await client.endOtherAccountSessions(), 0);
    await client.changePassword('correct horse battery', 'a better passphrase');
    await client.deleteAccount('a better passphrase');
    assert.equal(await client.session(), null);
  });

  test('signs up, works as the account with the cookie and the CSRF token, and signs out', async () => {
    const browser = browserFetch();
    const client = new RehookClient({ baseUrl: rehook.apiUrl, fetch: browser.fetch, credentials: 'same-origin' });
    assert.equal(await client.session(), null);

    const email = `cookie-${Date.now()}@example.test`;
    const session = await client.signUp({ email, password: 'correct horse battery' });
    assert.equal(session.account.email, email);
    assert.match(session.csrfToken, /^[0-9a-z]{32}$/);
    assert.ok(browser.jar.has('rehook_session'));

    const again = await client.session();
    assert.deepEqual(again, session);
    // Writes carry the CSRF token; the inbox belongs to the account.
    const inbox = await client.createInbox();
    assert.equal(inbox.saved, true);
    assert.equal(browser.sent.at(-1)?.get('x-csrf-token'), session.csrfToken);
    assert.deepEqual(
      (await client.inboxes()).map((i) => i.id),
      [inbox.id],
    );
    // Settings > API Tokens works on the session.
    const token = await client.createToken('laptop');
    assert.deepEqual(
      (await client.tokens()).map((t) => t.id),
      [token.id],
    );
    await client.revokeToken(token.id);
    assert.notEqual((await client.tokens())[0]?.revokedAt, null);

    await client.signOut();
    assert.equal(browser.jar.has('rehook_session'), false);
    assert.equal(await client.session(), null);
    await assert.rejects(client.inboxes(), (err) => isRehookError(err, 'UNAUTHORIZED'));

    // Signing in again gives a new session with a new CSRF token.
    const back = await client.signIn({ email, password: 'correct horse battery' });
    assert.equal(back.account.id, session.account.id);
    assert.notEqual(back.csrfToken, session.csrfToken);
    assert.deepEqual(
      (await client.inboxes()).map((i) => i.id),
      [inbox.id],
    );
  });

  test('signOutEverywhere ends the sessions of every browser', async () => {
    const email = `everywhere-${Date.now()}@example.test`;
    const first = new RehookClient({ baseUrl: rehook.apiUrl, fetch: browserFetch().fetch, credentials: 'same-origin' });
    const second = new RehookClient({
      baseUrl: rehook.apiUrl,
      fetch: browserFetch().fetch,
      credentials: 'same-origin',
    });
    await first.signUp({ email, password: 'a long enough password' });
    await second.signIn({ email, password: 'a long enough password' });
    await first.signOutEverywhere();
    assert.equal(await first.session(), null);
    assert.equal(await second.session(), null);
  });

  test('reports wrong credentials and a refused write as API errors', async () => {
    const browser = browserFetch();
    const client = new RehookClient({ baseUrl: rehook.apiUrl, fetch: browser.fetch, credentials: 'same-origin' });
    const wrong = await client
      .signIn({ email: 'nobody@example.test', password: 'whatever it is' })
      .catch((err: unknown) => err);
    assert.ok(wrong instanceof RehookApiError);
    assert.equal(wrong.code, 'INVALID_CREDENTIALS');
    assert.equal(wrong.status, 401);

    await client.signUp({ email: `csrf-${Date.now()}@example.test`, password: 'password123' });
    // The same browser, but a client that never learnt the CSRF token: its writes are refused.
    const forgetful = new RehookClient({ baseUrl: rehook.apiUrl, fetch: browser.fetch, credentials: 'same-origin' });
    await assert.rejects(forgetful.createInbox(), (err) => isRehookError(err, 'CSRF_FAILED'));
    assert.ok(await forgetful.session());
    assert.equal((await forgetful.createInbox()).saved, true);
  });
});
