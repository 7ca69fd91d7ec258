// Single sign-on against a real OpenID provider (oidc-provider) on loopback, over real HTTP:
// the whole code flow, then every refusal the issue names: a wrong state, an unverified e-mail
// address, a domain not allowed, password sign-in turned off; the teams claim joins teams.
// Accounts that hold an address already are never linked by e-mail: single-sign-on-linking.test.ts.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ssoEnv, startTestOpenIdProvider, type TestOpenIdProvider } from '../../../helpers/openid-provider.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { asSession, signUp, uniqueEmail } from '../session-support.js';
import { type Answer, Browser, signInAtProvider } from './single-sign-on-support.js';
import { assertError, call } from '../support.js';

const CALLBACK = '/api/v1/auth/oidc/callback';

/** The JSON error of an answer, checked to be the catalogue's shape. */
function errorOf(answer: Answer): { code: string; message: string } {
  const body = JSON.parse(answer.text) as { error: { code: string; message: string } };
  assert.deepEqual(Object.keys(body), ['error'], answer.text);
  return body.error;
}

function sessionCookieOf(browser: Browser, rehook: TestRehook): string {
  const value = browser.cookie(rehook.apiUrl, 'rehook_session');
  assert.ok(value, 'no session cookie');
  return value;
}

async function accountOf(browser: Browser, rehook: TestRehook): Promise<any> {
  const me = await call(rehook.apiUrl, '/api/v1/auth/session', {
    headers: { cookie: `rehook_session=${sessionCookieOf(browser, rehook)}` },
  });
  assert.equal(me.status, 200, me.text);
  return me.body.data;
}

describe('single sign-on with OpenID Connect', () => {
  let provider: TestOpenIdProvider;
  let rehook: TestRehook;

  before(async () => {
    provider = await startTestOpenIdProvider();
    rehook = await startTestRehook({ env: ssoEnv(provider) });
    provider.allowRedirect(`${rehook.apiUrl}${CALLBACK}`);
  });
  after(async () => {
    await rehook.stop();
    await provider.stop();
  });

  it('offers the provider on the sign-in page', async () => {
    const methods = await call(rehook.apiUrl, '/api/v1/auth/methods');
    assert.deepEqual(methods.body, {
      data: {
        methods: {
          password: true,
          signup: true,
          singleSignOn: { name: 'Test SSO', startUrl: '/api/v1/auth/oidc/start' },
        },
      },
    });
  });

  it('sends the browser to the provider with PKCE, state and nonce, and a sealed cookie', async () => {
    const browser = new Browser();
    const start = await browser.send(`${rehook.apiUrl}/api/v1/auth/oidc/start`);
    assert.equal(start.status, 302);
    const url = new URL(start.location ?? '');
    assert.equal(url.origin, provider.issuer);
    assert.equal(url.searchParams.get('client_id'), provider.clientId);
    assert.equal(url.searchParams.get('redirect_uri'), `${rehook.apiUrl}${CALLBACK}`);
    assert.equal(url.searchParams.get('response_type'), 'code');
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
    assert.match(url.searchParams.get('code_challenge') ?? '', /^[\w-]{43}$/);
    assert.match(url.searchParams.get('state') ?? '', /^[\w-]{20,}$/);
    assert.match(url.searchParams.get('nonce') ?? '', /^[\w-]{20,}$/);
    const line = start.headers.getSetCookie().find((l) => l.startsWith('rehook_sso='));
    assert.ok(line);
    assert.match(line, /HttpOnly/);
    assert.match(line, /SameSite=Lax/);
    assert.match(line, /Path=\/api\/v1\/auth\/oidc/);
    // Sealed: neither the state nor the verifier is readable in it.
    assert.ok(!line.includes(url.searchParams.get('state') ?? '-'));
  });

  it('signs a new person in: a new account without a password, named by the provider', async () => {
    const email = uniqueEmail('first');
    provider.addUser({ sub: 'first-sub', email, email_verified: true, name: 'Grace Hopper' });
    const browser = new Browser();
    const done = await signInAtProvider(browser, rehook, 'first-sub', { next: '/settings' });
    assert.equal(done.status, 302, done.text);
    assert.equal(done.location, `${rehook.apiUrl}/settings`);
    const session = await accountOf(browser, rehook);
    assert.equal(session.account.email, email.toLowerCase());
    assert.equal(session.account.displayName, 'Grace Hopper');
    assert.equal(session.account.hasPassword, false);
    // Again: the same account (found by the provider's subject), not a second one.
    const again = await signInAtProvider(new Browser(), rehook, 'first-sub');
    assert.equal(again.status, 302, again.text);
    assert.equal(again.location, `${rehook.apiUrl}/dashboard`);
    const accounts = await rehook.deps.store.accounts.list();
    assert.equal(accounts.filter((a) => a.email === email.toLowerCase()).length, 1);
    // Both sign-ins are in the account's audit log, as single sign-ons.
    const log = await rehook.deps.store.audit.list({
      accountId: session.account.id,
      action: 'auth.sign_in',
      limit: 10,
    });
    assert.deepEqual(
      log.map((entry) => [entry.outcome, entry.detail['method'], entry.detail['created']]),
      [
        ['success', 'oidc', false],
        ['success', 'oidc', true],
      ],
    );
  });

  it('refuses a state that is not the one this browser started with, as JSON and as a page', async () => {
    provider.addUser({ sub: 'state-sub', email: uniqueEmail('state'), email_verified: true });
    const forged = (callback: URL): URL => {
      callback.searchParams.set('state', 'forged-state-value');
      return callback;
    };
    const json = await signInAtProvider(new Browser(), rehook, 'state-sub', { tamper: forged });
    assert.equal(json.status, 400, json.text);
    assert.equal(errorOf(json).code, 'SSO_STATE_MISMATCH');
    const pageAnswer = await signInAtProvider(new Browser(), rehook, 'state-sub', {
      tamper: forged,
      accept: 'text/html',
    });
    assert.equal(pageAnswer.status, 303);
    assert.equal(pageAnswer.location, `${rehook.apiUrl}/signin?error=SSO_STATE_MISMATCH`);
    // A callback from another browser (no flow cookie at all), with a real code and state.
    const browser = new Browser();
    const stolen = await signInAtProvider(browser, rehook, 'state-sub', {
      tamper: (callback) => {
        browser.jars.get(rehook.apiUrl)?.delete('rehook_sso');
        return callback;
      },
    });
    assert.equal(errorOf(stolen).code, 'SSO_STATE_MISMATCH');
    assert.equal(browser.cookie(rehook.apiUrl, 'rehook_session'), undefined);
  });

  it('refuses an e-mail address the provider has not verified', async () => {
    const email = uniqueEmail('unverified');
    provider.addUser({ sub: 'unverified-sub', email, email_verified: false });
    const browser = new Browser();
    const refused = await signInAtProvider(browser, rehook, 'unverified-sub');
    assert.equal(refused.status, 403, refused.text);
    assert.equal(errorOf(refused).code, 'SSO_EMAIL_NOT_VERIFIED');
    assert.equal(browser.cookie(rehook.apiUrl, 'rehook_session'), undefined);
    assert.equal(await rehook.deps.store.accounts.findByEmail(email.toLowerCase()), null);
  });

  it("refuses an ID token whose signature is not the provider's", async () => {
    const email = uniqueEmail('forged');
    provider.addUser({ sub: 'forged-sub', email, email_verified: true });
    provider.forgeIdTokens(true);
    try {
      const browser = new Browser();
      const refused = await signInAtProvider(browser, rehook, 'forged-sub');
      assert.equal(refused.status, 502, refused.text);
      assert.equal(errorOf(refused).code, 'SSO_PROVIDER_ERROR');
      assert.equal(browser.cookie(rehook.apiUrl, 'rehook_session'), undefined);
    } finally {
      provider.forgeIdTokens(false);
    }
    assert.equal(await rehook.deps.store.accounts.findByEmail(email.toLowerCase()), null);
    assert.equal((await signInAtProvider(new Browser(), rehook, 'forged-sub')).status, 302);
  });

  it('answers a person the provider refused with SSO_REFUSED', async () => {
    const refused = await signInAtProvider(new Browser(), rehook, 'nobody-at-the-provider');
    assert.equal(refused.status, 403, refused.text);
    assert.equal(errorOf(refused).code, 'SSO_REFUSED');
  });

  it("joins, as member, the teams the groups claim names, and keeps a member's higher role", async () => {
    const owner = await signUp(rehook, uniqueEmail('team-owner'));
    const created = await call(rehook.apiUrl, '/api/v1/teams', {
      method: 'POST',
      headers: asSession(owner),
      json: { name: 'SSO Payments' },
    });
    assert.equal(created.status, 201, created.text);
    const teamId = created.body.data.team.id;
    const byId = await call(rehook.apiUrl, '/api/v1/teams', {
      method: 'POST',
      headers: asSession(owner),
      json: { name: 'Named by id' },
    });
    const secondId = byId.body.data.team.id;
    provider.addUser({
      sub: 'teams-sub',
      email: uniqueEmail('teams'),
      email_verified: true,
      groups: ['SSO Payments', secondId, 'No such team'],
    });
    const browser = new Browser();
    assert.equal((await signInAtProvider(browser, rehook, 'teams-sub')).status, 302);
    const cookie = `rehook_session=${sessionCookieOf(browser, rehook)}`;
    const teams = await call(rehook.apiUrl, '/api/v1/teams', { headers: { cookie } });
    assert.deepEqual(
      teams.body.data.teams.map((t: any) => [t.id, t.role]).sort(),
      [
        [teamId, 'member'],
        [secondId, 'member'],
      ].sort(),
    );
    const accountId = (await accountOf(browser, rehook)).account.id;
    await rehook.deps.store.teams.changeRole(teamId, accountId, 'admin');
    assert.equal((await signInAtProvider(new Browser(), rehook, 'teams-sub')).status, 302);
    assert.equal(await rehook.deps.store.teams.findRole(teamId, accountId), 'admin');
  });

  it('lets an account without a password delete itself by typing its e-mail, and refuses a password change', async () => {
    const email = uniqueEmail('passwordless');
    provider.addUser({ sub: 'passwordless-sub', email, email_verified: true });
    const browser = new Browser();
    assert.equal((await signInAtProvider(browser, rehook, 'passwordless-sub')).status, 302);
    const session = await accountOf(browser, rehook);
    const headers = { cookie: `rehook_session=${sessionCookieOf(browser, rehook)}`, 'x-csrf-token': session.csrfToken };
    const change = await call(rehook.apiUrl, '/api/v1/account/password', {
      method: 'POST',
      headers,
      json: { currentPassword: 'whatever-it-is', newPassword: 'a new password' },
    });
    assertError(change, 409, 'NO_PASSWORD');
    const wrong = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'DELETE',
      headers,
      json: { email: 'someone-else@example.test' },
    });
    assertError(wrong, 400, 'VALIDATION_FAILED');
    const deleted = await call(rehook.apiUrl, '/api/v1/account', { method: 'DELETE', headers, json: { email } });
    assert.equal(deleted.status, 204, deleted.text);
    assert.equal(await rehook.deps.store.identities.find(provider.issuer, 'passwordless-sub'), null);
    // Signing in again makes a new account: the old one and its link are gone.
    const again = new Browser();
    assert.equal((await signInAtProvider(again, rehook, 'passwordless-sub')).status, 302);
    assert.notEqual((await accountOf(again, rehook)).account.id, session.account.id);
  });
});

describe('single sign-on: allowed domains and password sign-in off', () => {
  let provider: TestOpenIdProvider;
  let rehook: TestRehook;

  before(async () => {
    provider = await startTestOpenIdProvider();
    rehook = await startTestRehook({
      env: ssoEnv(provider, {
        REHOOK_OIDC_ALLOWED_DOMAINS: 'allowed.example, @Second.Example',
        REHOOK_PASSWORD_SIGN_IN: 'off',
      }),
    });
    provider.allowRedirect(`${rehook.apiUrl}${CALLBACK}`);
  });
  after(async () => {
    await rehook.stop();
    await provider.stop();
  });

  it('signs in an allowed domain and refuses another, with a clear error', async () => {
    provider.addUser({ sub: 'allowed', email: 'ada@second.example', email_verified: true });
    provider.addUser({ sub: 'other', email: 'eve@elsewhere.example', email_verified: true });
    provider.addUser({ sub: 'sub-domain', email: 'bob@mail.allowed.example', email_verified: true });
    assert.equal((await signInAtProvider(new Browser(), rehook, 'allowed')).status, 302);
    for (const login of ['other', 'sub-domain']) {
      const refused = await signInAtProvider(new Browser(), rehook, login);
      assert.equal(refused.status, 403, refused.text);
      const error = errorOf(refused);
      assert.equal(error.code, 'SSO_DOMAIN_NOT_ALLOWED');
      assert.match(error.message, /may not sign in/);
    }
    assert.equal(await rehook.deps.store.accounts.findByEmail('eve@elsewhere.example'), null);
  });

  it('refuses password sign-in and sign-up with PASSWORD_SIGN_IN_DISABLED, and says so to the sign-in page', async () => {
    const email = uniqueEmail('password-off');
    await rehook.createUser(email);
    const signIn = await call(rehook.apiUrl, '/api/v1/auth/signin', {
      method: 'POST',
      json: { email, password: 'correct horse battery' },
    });
    assertError(signIn, 403, 'PASSWORD_SIGN_IN_DISABLED');
    assert.match(signIn.body.error.message, /single sign-on/);
    const signUpAnswer = await call(rehook.apiUrl, '/api/v1/auth/signup', {
      method: 'POST',
      json: { email: uniqueEmail('new'), password: 'correct horse battery' },
    });
    assertError(signUpAnswer, 403, 'PASSWORD_SIGN_IN_DISABLED');
    const methods = await call(rehook.apiUrl, '/api/v1/auth/methods');
    assert.deepEqual(methods.body.data.methods, {
      password: false,
      signup: false,
      singleSignOn: { name: 'Test SSO', startUrl: '/api/v1/auth/oidc/start' },
    });
  });
});

describe('single sign-on: not set up', () => {
  let rehook: TestRehook;
  before(async () => {
    rehook = await startTestRehook();
  });
  after(() => rehook.stop());

  it('offers no provider and answers its routes 404 SSO_NOT_CONFIGURED', async () => {
    const methods = await call(rehook.apiUrl, '/api/v1/auth/methods');
    assert.equal(methods.body.data.methods.singleSignOn, null);
    assertError(await call(rehook.apiUrl, '/api/v1/auth/oidc/start'), 404, 'SSO_NOT_CONFIGURED');
    assertError(await call(rehook.apiUrl, `${CALLBACK}?code=x&state=y`), 404, 'SSO_NOT_CONFIGURED');
  });
});

describe('single sign-on: the provider is down', () => {
  let rehook: TestRehook;
  before(async () => {
    // A provider that stopped: its port refuses connections.
    const gone = await startTestOpenIdProvider();
    await gone.stop();
    rehook = await startTestRehook({ env: ssoEnv(gone) });
  });
  after(() => rehook.stop());

  it('answers the start 502 SSO_PROVIDER_ERROR, and sends a browser back to the sign-in page', async () => {
    assertError(await call(rehook.apiUrl, '/api/v1/auth/oidc/start'), 502, 'SSO_PROVIDER_ERROR');
    const page = await new Browser().send(`${rehook.apiUrl}/api/v1/auth/oidc/start`);
    assert.equal(page.status, 303);
    assert.equal(page.location, `${rehook.apiUrl}/signin?error=SSO_PROVIDER_ERROR`);
    assert.equal(page.headers.getSetCookie().filter((line) => line.startsWith('rehook_sso=')).length, 0);
  });
});
