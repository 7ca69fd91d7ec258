import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { collectConsoleErrors } from './console-errors.js';
import { assertAccessible, startRig, type BrowserRig } from './support.js';

// Settings in real headless Chromium: the contract's way to a token (section 5: sign in, open
// Settings, then API Tokens, choose Create token), the profile, a password change that signs
// the other browser out, the list of sessions and signing one out, deleting the account; no
// console error on the way, axe clean on every page of it. One server for the whole file.

let rig: BrowserRig;
let counter = 0;
const PASSWORD = 'correct horse battery staple';

before(async () => {
  rig = await startRig();
});
after(async () => {
  await rig?.close();
});

async function signUp(page: Page): Promise<string> {
  counter += 1;
  const email = `settings${counter}-${process.pid}@example.test`;
  await page.goto(`${rig.rehook.apiUrl}/signup`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard$/);
  return email;
}

async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${rig.rehook.apiUrl}/signin`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

async function openSettingsFromMenu(page: Page): Promise<void> {
  await page.getByTestId('account-menu').click();
  const items = page.locator('.menu-panel .menu-item');
  assert.equal((await items.first().textContent())?.trim(), 'Settings', 'Settings is first in the account menu');
  await items.first().click();
  await page.waitForURL(/\/settings$/);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
}

describe('Settings', () => {
  let context: BrowserContext;
  let errors: string[];

  before(async () => {
    context = await rig.context();
    errors = collectConsoleErrors(context);
  });
  after(() => context?.close());

  test('sign up -> Settings -> API tokens -> Create token, as the contract says; scopes and limits shown', async () => {
    const page = await context.newPage();
    // An anonymous visit logs nothing (the session endpoint answers 200 with nobody).
    await page.goto(rig.rehook.apiUrl);
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    await signUp(page);
    await openSettingsFromMenu(page);
    await assertAccessible(page, 'Settings');
    await page.getByTestId('api-tokens-section').getByRole('link', { name: 'API tokens' }).click();
    await page.waitForURL(/\/settings\/tokens$/);
    await page.getByLabel('Token name').fill('GitHub Actions');
    await page.getByLabel('Scope').selectOption('read');
    await page.getByLabel('Expires').selectOption('30');
    await assertAccessible(page, 'API tokens');
    await page.getByRole('button', { name: 'Create token' }).click();
    const created = page.getByTestId('created-token');
    await created.getByText('it will not be shown again').waitFor();
    const token = await created.locator('#created-token').inputValue();
    assert.match(token, /^rhk_/);
    const row = page.getByTestId('token-table').getByRole('row', { name: /GitHub Actions/ });
    assert.equal(await row.getByTestId('token-scope').textContent(), 'read');
    await row.getByText('All inboxes').waitFor();
    assert.doesNotMatch((await row.textContent()) ?? '', /never.*never/, 'the expiry is shown');
    // The token works for reading and is refused a write, naming the scope it needs.
    const list = await fetch(`${rig.rehook.apiUrl}/api/v1/inboxes`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(list.status, 200);
    await list.arrayBuffer();
    const write = await fetch(`${rig.rehook.apiUrl}/api/v1/tokens`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(write.status, 403);
    assert.equal(((await write.json()) as { error: { code: string } }).error.code, 'INSUFFICIENT_SCOPE');
    // The old address of the page still leads there.
    await page.goto(`${rig.rehook.apiUrl}/tokens`);
    await page.waitForURL(/\/settings\/tokens$/);
    await page.getByRole('heading', { name: 'API tokens' }).waitFor();
    await page.close();
  });

  test('profile, password change (the other browser is signed out), sessions, delete account', async () => {
    const page = await context.newPage();
    const email = await signUp(page);
    const other = await rig.context();
    const otherErrors = collectConsoleErrors(other);
    const otherPage = await other.newPage();
    await signIn(otherPage, email);

    await page.goto(`${rig.rehook.apiUrl}/settings`);
    const profile = page.getByTestId('profile-section');
    await profile.getByLabel('Display name').fill('Ada Lovelace');
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await profile.getByRole('status').getByText('Saved.').waitFor();
    await page.getByText('Signed in as Ada Lovelace').waitFor();

    // Two sessions listed; sign the other browser out, then sign it in again.
    const sessions = page.getByTestId('sessions-section');
    await sessions.getByTestId('session-row').nth(1).waitFor();
    assert.equal(await sessions.getByTestId('session-row').count(), 2);
    await sessions.getByText('This browser').waitFor();
    await sessions.getByRole('button', { name: /^Sign out Chrome/ }).click();
    await sessions.getByRole('button', { name: 'Confirm sign out' }).click();
    await sessions.getByTestId('session-row').nth(1).waitFor({ state: 'detached' });
    await otherPage.goto(`${rig.rehook.apiUrl}/settings`);
    await otherPage.waitForURL(/\/signin/);
    await signIn(otherPage, email);

    // Changing the password signs that browser out again, and keeps this one.
    await page.reload();
    await page.getByTestId('sessions-section').getByTestId('session-row').nth(1).waitFor();
    const password = page.getByTestId('password-section');
    await password.getByLabel('Current password').fill(PASSWORD);
    await password.getByLabel('New password').fill('an even better passphrase');
    await password.getByRole('button', { name: 'Change password' }).click();
    await password.getByRole('status').waitFor();
    await page.getByTestId('sessions-section').getByTestId('session-row').nth(1).waitFor({ state: 'detached' });
    await otherPage.goto(`${rig.rehook.apiUrl}/dashboard`);
    await otherPage.waitForURL(/\/signin/);
    await assertAccessible(page, 'Settings after changes');

    // Deleting the account asks for the password, then signs out and leaves.
    const danger = page.getByTestId('delete-account-section');
    await danger.getByLabel('Your password, to confirm').fill('an even better passphrase');
    await danger.getByRole('button', { name: 'Delete account' }).click();
    await page.waitForURL(`${rig.rehook.apiUrl}/`);
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    const signin = await fetch(`${rig.rehook.apiUrl}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'an even better passphrase' }),
    });
    assert.equal(signin.status, 401);
    await signin.arrayBuffer();
    await page.close();
    await other.close();
    assert.deepEqual(
      otherErrors.filter((e) => !e.includes('401')),
      [],
    );
  });

  test('no console errors on the way', () => {
    assert.deepEqual(errors, []);
  });
});
