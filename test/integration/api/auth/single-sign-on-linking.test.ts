// Single sign-on never signs a person in to an account someone else controls, over real HTTP
// against a real OpenID provider: an address held by an account (signed up, renamed to, or given
// by the provider to a new subject) is never linked by e-mail; the account's owner links single
// sign-on while signed in (Settings), once per provider; addresses at the domains single sign-on
// manages cannot be signed up with or moved to; and moving an address needs the password, or a
// fresh sign-in for an account without one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createFakeClock, type FakeClock } from '../../../helpers/fake-clock.js';
import { ssoEnv, startTestOpenIdProvider, type TestOpenIdProvider } from '../../../helpers/openid-provider.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { asSession, type SignedIn, signUp, uniqueEmail } from '../session-support.js';
import { type Answer, Browser, signInAtProvider } from './single-sign-on-support.js';
import { assertError, call } from '../support.js';

const CALLBACK = '/api/v1/auth/oidc/callback';
const LINK = '/api/v1/account/single-sign-on/link';
const PASSWORD = 'correct horse battery';

function errorCodeOf(answer: Answer): string {
  return (JSON.parse(answer.text) as { error: { code: string } }).error.code;
}

/** A browser signed in with `session` (its cookie in the jar). */
function browserOf(rehook: TestRehook, session: SignedIn): Browser {
  const browser = new Browser();
  browser.jars.set(rehook.apiUrl, new Map([['rehook_session', session.secret]]));
  return browser;
}

/** Settings' "Link": the signed-in browser asks for the provider's URL; the flow cookie lands in its jar. */
async function startLink(rehook: TestRehook, browser: Browser, session: SignedIn): Promise<string> {
  const started = await call(rehook.apiUrl, LINK, { method: 'POST', headers: asSession(session) });
  assert.equal(started.status, 200, started.text);
  const line = started.headers.getSetCookie().find((l) => l.startsWith('rehook_sso='));
  assert.ok(line, 'no flow cookie');
  const pair = line.split(';')[0] as string;
  browser.jars.get(rehook.apiUrl)?.set('rehook_sso', pair.slice('rehook_sso='.length));
  return started.body.data.url as string;
}

/** Links the signed-in account to `login` at the provider; the callback's answer. */
async function link(rehook: TestRehook, session: SignedIn, login: string, accept?: string): Promise<Answer> {
  const browser = browserOf(rehook, session);
  const providerUrl = await startLink(rehook, browser, session);
  return signInAtProvider(browser, rehook, login, { providerUrl, ...(accept ? { accept } : {}) });
}

/** The account a browser's single sign-on signed in to, with its cookie and CSRF token. */
async function signedInBySso(browser: Browser, rehook: TestRehook): Promise<SignedIn> {
  const secret = browser.cookie(rehook.apiUrl, 'rehook_session');
  assert.ok(secret, 'no session cookie');
  const me = await call(rehook.apiUrl, '/api/v1/auth/session', { headers: { cookie: `rehook_session=${secret}` } });
  assert.equal(me.status, 200, me.text);
  return {
    cookie: `rehook_session=${secret}`,
    secret,
    csrfToken: me.body.data.csrfToken,
    accountId: me.body.data.account.id,
    setCookie: '',
  };
}

describe('single sign-on never takes an account over by e-mail', () => {
  let provider: TestOpenIdProvider;
  let rehook: TestRehook;

  before(async () => {
    provider = await startTestOpenIdProvider();
    // Many sign-ins and sign-ups from one address: more than REHOOK_RATE_SIGNIN's default allows.
    rehook = await startTestRehook({ env: ssoEnv(provider, { REHOOK_RATE_SIGNIN: '0' }) });
    provider.allowRedirect(`${rehook.apiUrl}${CALLBACK}`);
  });
  after(async () => {
    await rehook.stop();
    await provider.stop();
  });

  it('refuses a first sign-in whose address an account holds, signed up or renamed to: nothing linked, nobody signed in, no team joined', async () => {
    const owner = await signUp(rehook, uniqueEmail('team-owner'));
    const team = await call(rehook.apiUrl, '/api/v1/teams', {
      method: 'POST',
      headers: asSession(owner),
      json: { name: 'Takeover Payments' },
    });
    assert.equal(team.status, 201, team.text);
    const teamId: string = team.body.data.team.id;
    // One attacker signs up with the new hire's address, another renames theirs to it.
    const signedUpAs = uniqueEmail('newhire');
    const squatter = await signUp(rehook, signedUpAs);
    const renamedTo = uniqueEmail('newhire-renamed');
    const renamer = await signUp(rehook, uniqueEmail('renamer'));
    const renamed = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'PATCH',
      headers: asSession(renamer),
      json: { email: renamedTo, currentPassword: PASSWORD },
    });
    assert.equal(renamed.status, 200, renamed.text);
    for (const [sub, email, attacker] of [
      ['newhire-sub', signedUpAs, squatter],
      ['newhire-renamed-sub', renamedTo, renamer],
    ] as const) {
      provider.addUser({ sub, email, email_verified: true, groups: ['Takeover Payments'] });
      const browser = new Browser();
      const refused = await signInAtProvider(browser, rehook, sub);
      assert.equal(refused.status, 409, refused.text);
      assert.equal(errorCodeOf(refused), 'SSO_ACCOUNT_EXISTS');
      assert.equal(browser.cookie(rehook.apiUrl, 'rehook_session'), undefined);
      assert.equal(await rehook.deps.store.identities.find(provider.issuer, sub), null);
      assert.equal(await rehook.deps.store.teams.findRole(teamId, attacker.accountId), null);
      const page = await signInAtProvider(new Browser(), rehook, sub, { accept: 'text/html' });
      assert.equal(page.status, 303);
      assert.equal(page.location, `${rehook.apiUrl}/signin?error=SSO_ACCOUNT_EXISTS`);
    }
  });

  it('never relinks an address the provider gave to a new subject: the old subject keeps its account', async () => {
    const email = uniqueEmail('reassigned');
    provider.addUser({ sub: 'leaver', email, email_verified: true });
    const first = new Browser();
    assert.equal((await signInAtProvider(first, rehook, 'leaver')).status, 302);
    const leaver = await signedInBySso(first, rehook);
    provider.addUser({ sub: 'joiner', email, email_verified: true });
    const joiner = new Browser();
    const refused = await signInAtProvider(joiner, rehook, 'joiner');
    assert.equal(refused.status, 409, refused.text);
    assert.equal(errorCodeOf(refused), 'SSO_ACCOUNT_EXISTS');
    assert.equal(joiner.cookie(rehook.apiUrl, 'rehook_session'), undefined);
    assert.equal(await rehook.deps.store.identities.find(provider.issuer, 'joiner'), null);
    const again = new Browser();
    assert.equal((await signInAtProvider(again, rehook, 'leaver')).status, 302);
    assert.equal((await signedInBySso(again, rehook)).accountId, leaver.accountId);
  });

  it('links while signed in: the owner starts the link, comes back from the provider, and signs in with it from then on', async () => {
    const session = await signUp(rehook, uniqueEmail('linker'));
    const state = await call(rehook.apiUrl, '/api/v1/account/single-sign-on', { headers: asSession(session) });
    assert.deepEqual(state.body, { data: { singleSignOn: { name: 'Test SSO', linked: false, linkedAt: null } } });
    // Another address at the provider is fine: the person proved both by signing in to both.
    provider.addUser({ sub: 'linker-sub', email: uniqueEmail('linker-at-provider'), email_verified: true });
    assertError(
      await call(rehook.apiUrl, LINK, { method: 'POST', headers: asSession(session, false) }),
      403,
      'CSRF_FAILED',
    );
    const created = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      headers: asSession(session),
      json: { name: 'cli' },
    });
    const byToken = await call(rehook.apiUrl, LINK, { method: 'POST', token: created.body.data.token.token });
    assertError(byToken, 403, 'INSUFFICIENT_SCOPE');
    const done = await link(rehook, session, 'linker-sub');
    assert.equal(done.status, 302, done.text);
    assert.equal(done.location, `${rehook.apiUrl}/settings#single-sign-on`);
    assert.equal(
      (await rehook.deps.store.identities.find(provider.issuer, 'linker-sub'))?.accountId,
      session.accountId,
    );
    const linked = await call(rehook.apiUrl, '/api/v1/account/single-sign-on', { headers: asSession(session) });
    assert.equal(linked.body.data.singleSignOn.linked, true);
    assert.match(linked.body.data.singleSignOn.linkedAt, /^\d{4}-\d\d-\d\dT/);
    // The session that linked stays signed in; single sign-on now reaches the same account.
    assert.equal((await call(rehook.apiUrl, '/api/v1/account', { headers: asSession(session) })).status, 200);
    const later = new Browser();
    assert.equal((await signInAtProvider(later, rehook, 'linker-sub')).status, 302);
    assert.equal((await signedInBySso(later, rehook)).accountId, session.accountId);
    // Linking the same identity again changes nothing.
    assert.equal((await link(rehook, session, 'linker-sub')).status, 302);
  });

  it('never relinks a linked account, and never takes a subject another account has', async () => {
    const first = await signUp(rehook, uniqueEmail('linked-once'));
    provider.addUser({ sub: 'once-a', email: uniqueEmail('once-a'), email_verified: true });
    provider.addUser({ sub: 'once-b', email: uniqueEmail('once-b'), email_verified: true });
    assert.equal((await link(rehook, first, 'once-a')).status, 302);
    const relink = await link(rehook, first, 'once-b');
    assert.equal(relink.status, 409, relink.text);
    assert.equal(errorCodeOf(relink), 'SSO_ALREADY_LINKED');
    assert.equal(await rehook.deps.store.identities.find(provider.issuer, 'once-b'), null);
    assert.deepEqual(
      (await rehook.deps.store.identities.listByAccount(first.accountId)).map((identity) => identity.subject),
      ['once-a'],
    );

    const second = await signUp(rehook, uniqueEmail('second'));
    const taken = await link(rehook, second, 'once-a', 'text/html');
    assert.equal(taken.status, 303, taken.text);
    assert.equal(taken.location, `${rehook.apiUrl}/settings?error=SSO_IDENTITY_TAKEN#single-sign-on`);
    assert.equal((await rehook.deps.store.identities.find(provider.issuer, 'once-a'))?.accountId, first.accountId);
  });

  it('finishes a link only in the session that started it', async () => {
    provider.addUser({ sub: 'swapped', email: uniqueEmail('swapped'), email_verified: true });
    const second = await signUp(rehook, uniqueEmail('second-account'));
    // Started by one account, finished in a browser signed in to another: refused, nothing linked.
    const third = await signUp(rehook, uniqueEmail('third'));
    const browser = browserOf(rehook, third);
    const providerUrl = await startLink(rehook, browser, third);
    browser.jars.get(rehook.apiUrl)?.set('rehook_session', second.secret);
    const swapped = await signInAtProvider(browser, rehook, 'swapped', { providerUrl });
    assert.equal(swapped.status, 400, swapped.text);
    assert.equal(errorCodeOf(swapped), 'SSO_STATE_MISMATCH');
    assert.equal(await rehook.deps.store.identities.find(provider.issuer, 'swapped'), null);
    assert.deepEqual(await rehook.deps.store.identities.listByAccount(third.accountId), []);
  });
});

describe('single sign-on: addresses of accounts without a password', () => {
  let provider: TestOpenIdProvider;
  let rehook: TestRehook;
  let clock: FakeClock;

  before(async () => {
    clock = createFakeClock(new Date());
    provider = await startTestOpenIdProvider();
    rehook = await startTestRehook({ env: ssoEnv(provider), clock });
    provider.allowRedirect(`${rehook.apiUrl}${CALLBACK}`);
  });
  after(async () => {
    await rehook.stop();
    await provider.stop();
  });

  it('change only within 10 minutes of a sign-in, never with a token', async () => {
    provider.addUser({ sub: 'fresh-sub', email: uniqueEmail('fresh'), email_verified: true });
    const browser = new Browser();
    assert.equal((await signInAtProvider(browser, rehook, 'fresh-sub')).status, 302);
    const session = await signedInBySso(browser, rehook);
    const change = (email: string, who: SignedIn) =>
      call(rehook.apiUrl, '/api/v1/account', { method: 'PATCH', headers: asSession(who), json: { email } });
    const moved = await change(uniqueEmail('fresh-moved'), session);
    assert.equal(moved.status, 200, moved.text);
    clock.advance(11 * 60 * 1000);
    const stale = uniqueEmail('stale');
    assertError(await change(stale, session), 403, 'REAUTHENTICATION_REQUIRED');
    const created = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      headers: asSession(session),
      json: { name: 'cli' },
    });
    const byToken = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'PATCH',
      token: created.body.data.token.token,
      json: { email: stale },
    });
    assertError(byToken, 403, 'REAUTHENTICATION_REQUIRED');
    assert.equal(await rehook.deps.store.accounts.findByEmail(stale), null);
    // Signing in again makes it possible again.
    const again = new Browser();
    assert.equal((await signInAtProvider(again, rehook, 'fresh-sub')).status, 302);
    assert.equal((await change(stale, await signedInBySso(again, rehook))).status, 200);
  });
});

describe('single sign-on manages the allowed domains', () => {
  let provider: TestOpenIdProvider;
  let rehook: TestRehook;

  before(async () => {
    provider = await startTestOpenIdProvider();
    rehook = await startTestRehook({ env: ssoEnv(provider, { REHOOK_OIDC_ALLOWED_DOMAINS: 'corp.example' }) });
    provider.allowRedirect(`${rehook.apiUrl}${CALLBACK}`);
  });
  after(async () => {
    await rehook.stop();
    await provider.stop();
  });

  it('refuses sign-up and address changes into them (403 EMAIL_DOMAIN_MANAGED); single sign-on makes those accounts', async () => {
    for (const email of ['newhire@corp.example', ' NewHire@CORP.example ']) {
      const refused = await call(rehook.apiUrl, '/api/v1/auth/signup', {
        method: 'POST',
        json: { email, password: PASSWORD },
      });
      assertError(refused, 403, 'EMAIL_DOMAIN_MANAGED');
      assert.match(refused.body.error.message, /corp\.example.*Test SSO/);
    }
    assert.equal(await rehook.deps.store.accounts.findByEmail('newhire@corp.example'), null);
    const outsider = await signUp(rehook, uniqueEmail('outsider'));
    const moved = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'PATCH',
      headers: asSession(outsider),
      json: { email: 'NEWHIRE@corp.example', currentPassword: PASSWORD },
    });
    assertError(moved, 403, 'EMAIL_DOMAIN_MANAGED');
    // A subdomain is not the domain (as for sign-in).
    const sub = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'PATCH',
      headers: asSession(outsider),
      json: { email: 'x@mail.corp.example', currentPassword: PASSWORD },
    });
    assert.equal(sub.status, 200, sub.text);
    provider.addUser({ sub: 'corp-newhire', email: 'newhire@corp.example', email_verified: true });
    const browser = new Browser();
    assert.equal((await signInAtProvider(browser, rehook, 'corp-newhire')).status, 302);
    const account = await rehook.deps.store.accounts.findById((await signedInBySso(browser, rehook)).accountId);
    assert.equal(account?.email, 'newhire@corp.example');
    assert.equal(account?.passwordHash, null);
  });
});
