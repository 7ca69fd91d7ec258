import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { ssoEnv, startTestOpenIdProvider, type TestOpenIdProvider } from '../helpers/openid-provider.js';
import { collectConsoleErrors } from './console-errors.js';
import { assertAccessible, startRig, type BrowserRig } from './support.js';

// Single sign-on in real headless Chromium: a real OpenID provider (oidc-provider) on loopback,
// Rehook's sign-in page with "Sign in with Acme SSO", the provider's login and consent pages,
// and the dashboard, signed in. Then a refusal lands back on the sign-in page, which says why.

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
});
