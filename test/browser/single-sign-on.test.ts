import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { ssoEnv, startTestOpenIdProvider, type TestOpenIdProvider } from '../helpers/openid-provider.js';
import { collectConsoleErrors } from './console-errors.js';
import { assertAccessible, type BrowserRig, signUpInBrowser, startRig } from './support.js';

// Single sign-on in real headless Chromium: a real OpenID provider (oidc-provider) on loopback,
// Rehook's sign-in page with "Sign in with Acme SSO", the provider's login and consent pages,
// and the dashboard, signed in. Then a refusal lands back on the sign-in page, which says why; a
// crafted `next` that a browser would follow to another host lands on the dashboard; and a
// password account links single sign-on from Settings.

let provider: TestOpenIdProvider;
let rig: BrowserRig;

before(async () => {
  provider = await startTestOpenIdProvider();
  rig = await startRig(ssoEnv(provider, { REHOOK_OIDC_NAME: 'Acme SSO' }));
  provider.allowRedirect(`${rig.rehook.apiUrl}/api/v1/auth/oidc/callback`);
});

after(async () => {
  await rig?.close();
  await provider?.stop();
});

/** The provider's own pages: its login form (the user's sub), then its consent. */
async function signInAtProvider(page: Page, login: string): Promise<void> {
  await page.getByRole('heading', { name: 'Sign in to the test provider' }).waitFor();
  await page.getByLabel('User').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Allow Rehook?' }).waitFor();
  await page.getByRole('button', { name: 'Allow' }).click();
}

describe('single sign-on in the web app', () => {
  test('click "Sign in with Acme SSO", sign in at the provider, consent, land signed in on the dashboard', async () => {
    provider.addUser({ sub: 'ada', email: 'ada@acme.example', email_verified: true, name: 'Ada Lovelace' });
    const context = await rig.context();
    const errors = collectConsoleErrors(context);
    const page = await rig.open('/signin', { context });
    const button = page.getByRole('link', { name: 'Sign in with Acme SSO' });
    await button.waitFor();
    await assertAccessible(page, 'the sign-in page with single sign-on');
    // The password form is still there (REHOOK_PASSWORD_SIGN_IN is on), and so is sign-up.
    await page.getByLabel('Password').waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).waitFor();
    await button.click();
    await signInAtProvider(page, 'ada');
    await page.waitForURL(`${rig.rehook.apiUrl}/dashboard`);
    await page.getByRole('heading', { name: 'Inboxes', exact: true }).waitFor();

    // Settings knows the account has no password: nothing to change, deleting asks for the e-mail.
    await page.goto(`${rig.rehook.apiUrl}/settings`);
    await page.getByText('This account signs in with single sign-on and has no password').waitFor();
    await page.getByLabel('Type your e-mail address (ada@acme.example) to confirm').waitFor();
    assert.equal(await page.getByLabel('Current password').count(), 0);
    await assertAccessible(page, 'Settings of an account without a password');
    assert.deepEqual(errors, []);
  });

  test('a refusal lands back on the sign-in page, which says why', async () => {
    provider.addUser({ sub: 'eve', email: 'eve@acme.example', email_verified: false });
    const context = await rig.context();
    const errors = collectConsoleErrors(context);
    const page = await rig.open('/signin', { context });
    await page.getByRole('link', { name: 'Sign in with Acme SSO' }).click();
    await signInAtProvider(page, 'eve');
    await page.waitForURL(`${rig.rehook.apiUrl}/signin?error=SSO_EMAIL_NOT_VERIFIED`);
    await page.getByRole('alert').filter({ hasText: 'has not verified your e-mail address' }).waitFor();
    await assertAccessible(page, 'the sign-in page with an error');
    assert.deepEqual(errors, []);
  });

  test('with password sign-in off, the header offers no sign-up: the provider decides who gets in', async () => {
    const closed = await startRig(ssoEnv(provider, { REHOOK_OIDC_NAME: 'Acme SSO', REHOOK_PASSWORD_SIGN_IN: 'off' }));
    try {
      const context = await closed.context();
      const errors = collectConsoleErrors(context);
      const page = await closed.open('/signin', { context });
      await page.getByRole('link', { name: 'Sign in with Acme SSO' }).waitFor();
      const header = page.getByRole('banner');
      await header.getByRole('link', { name: 'Sign in' }).waitFor();
      // Offered until the server's methods are known, then withdrawn (a timeout here fails the test).
      await header.getByRole('link', { name: 'Sign up' }).waitFor({ state: 'detached' });
      assert.equal(await page.getByLabel('Password').count(), 0);
      assert.deepEqual(errors, []);
    } finally {
      await closed.close();
    }
  });

  test('a crafted next that a browser would read as another host lands on the dashboard', async () => {
    // Another site on loopback: the browser must never reach it.
    const hits: string[] = [];
    const elsewhere: Server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Elsewhere</h1>');
    });
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve));
    const port = (elsewhere.address() as AddressInfo).port;
    try {
      provider.addUser({ sub: 'crafted', email: 'crafted@acme.example', email_verified: true });
      // Browsers drop the tab, so `/<tab>/host` reads as `//host`; a backslash reads as a slash.
      for (const next of [`/\t/127.0.0.1:${port}/stolen`, `/\\127.0.0.1:${port}/stolen`]) {
        const context = await rig.context();
        const errors = collectConsoleErrors(context);
        // Straight to the start (a link someone sent), and through the sign-in page's button.
        const page = await rig.open(`/api/v1/auth/oidc/start?next=${encodeURIComponent(next)}`, { context });
        await signInAtProvider(page, 'crafted');
        await page.waitForURL((url) => url.pathname === '/dashboard' || url.port === String(port));
        assert.equal(page.url(), `${rig.rehook.apiUrl}/dashboard`);
        await page.getByRole('heading', { name: 'Inboxes', exact: true }).waitFor();
        const viaButton = await rig.open(`/signin?next=${encodeURIComponent(next)}`);
        await viaButton.getByRole('link', { name: 'Sign in with Acme SSO' }).click();
        await signInAtProvider(viaButton, 'crafted');
        await viaButton.waitForURL((url) => url.pathname === '/dashboard' || url.port === String(port));
        assert.equal(viaButton.url(), `${rig.rehook.apiUrl}/dashboard`);
        assert.deepEqual(errors, []);
      }
      assert.deepEqual(hits, []);
    } finally {
      elsewhere.closeAllConnections();
      await new Promise<void>((resolve) => elsewhere.close(() => resolve()));
    }
  });

  test('a password account links single sign-on in Settings, then signs in with it', async () => {
    provider.addUser({ sub: 'grace', email: 'grace@provider.example', email_verified: true, name: 'Grace' });
    const context = await rig.context();
    const errors = collectConsoleErrors(context);
    const page = await context.newPage();
    const email = await signUpInBrowser(rig, page, 'linker', 'correct horse battery');
    await page.goto(`${rig.rehook.apiUrl}/settings`);
    const section = page.getByTestId('single-sign-on-section');
    await section.getByRole('button', { name: 'Link Acme SSO' }).click();
    await signInAtProvider(page, 'grace');
    await page.waitForURL(`${rig.rehook.apiUrl}/settings#single-sign-on`);
    await page.getByTestId('single-sign-on-section').getByText('Linked to Acme SSO').waitFor();
    await assertAccessible(page, 'Settings with single sign-on linked');
    // From now on the provider's identity signs in to this account.
    const later = await rig.open('/signin');
    await later.getByRole('link', { name: 'Sign in with Acme SSO' }).click();
    await signInAtProvider(later, 'grace');
    await later.waitForURL(`${rig.rehook.apiUrl}/dashboard`);
    await later.goto(`${rig.rehook.apiUrl}/settings`);
    const address = later.getByLabel('E-mail address');
    await address.waitFor();
    assert.equal(await address.inputValue(), email);
    assert.deepEqual(errors, []);
  });
});
