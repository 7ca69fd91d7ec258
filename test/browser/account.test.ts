import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import {
  assertAccessible,
  assertNothingRan,
  clipboardText,
  createInboxFromHome,
  ingest,
  inboxIdOf,
  row,
  startRig,
  waitLive,
  type BrowserRig,
} from './support.js';

// The web app with an account, in real headless Chromium against a real server: sign up, sign
// in and out (everywhere), API tokens, saved inboxes on the dashboard, replay with its result
// and history, and read-only sharing links opened in a second browser.

let rig: BrowserRig;
let receiver: Receiver;
let counter = 0;

before(async () => {
  // Replays may reach the local receiver; 127.0.0.2 stays forbidden (deny wins over allow).
  rig = await startRig({ REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1', REHOOK_REPLAY_DENY_CIDRS: '127.0.0.2/32' });
  receiver = await startReceiver((req, res) => {
    res.writeHead(201, { 'content-type': 'application/json', 'x-receiver': 'yes' });
    res.end(JSON.stringify({ received: true, bytes: req.body.length }));
  });
});

after(async () => {
  await receiver?.close();
  await rig?.close();
});

const PASSWORD = 'correct horse battery staple';

/** Signs up a new account through the sign-up page; resolves on the dashboard. */
async function signUp(page: Page): Promise<string> {
  counter += 1;
  const email = `person${counter}-${process.pid}@example.test`;
  await page.goto(`${rig.rehook.apiUrl}/signup`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole('heading', { name: 'Inboxes', exact: true }).waitFor();
  return email;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto(`${rig.rehook.apiUrl}/signin`);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/dashboard$/);
}

async function newPage(): Promise<{ page: Page; context: BrowserContext }> {
  const context = await rig.context();
  return { page: await context.newPage(), context };
}

describe('accounts', () => {
  test('sign up, sign out, a wrong password, sign in; sign out everywhere ends the other browser’s session', async () => {
    const { page, context } = await newPage();
    await page.goto(`${rig.rehook.apiUrl}/signup`);
    await assertAccessible(page, 'sign-up page');
    const email = await signUp(page);
    await assertAccessible(page, 'empty dashboard');
    await page.getByTestId('account-menu').click();
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await page.goto(`${rig.rehook.apiUrl}/signin`);
    await assertAccessible(page, 'sign-in page');
    await page.getByLabel('E-mail address').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /password/i })
      .waitFor();
    await signIn(page, email);

    const other = await newPage();
    await signIn(other.page, email);
    await page.getByTestId('account-menu').click();
    // The app shows "Sign in" even when the request failed (it forgets the session either way),
    // so the server's answer is checked itself: a failure names its status instead of a timeout.
    const signedOut = page.waitForResponse((res) => res.url().endsWith('/api/v1/auth/signout-everywhere'));
    await page.getByRole('button', { name: 'Sign out everywhere' }).click();
    const answer = await signedOut;
    if (!answer.ok())
      assert.fail(`sign out everywhere answered ${answer.status()} ${await answer.text().catch(() => '')}`);
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    // The other browser's session is gone too: the API refuses its cookie, and its next page
    // load is signed out.
    const session = await other.context.request.get(`${rig.rehook.apiUrl}/api/v1/auth/session`);
    assert.equal(session.status(), 401, await session.text());
    await other.page.goto(`${rig.rehook.apiUrl}/settings/tokens`);
    await other.page
      .getByRole('heading', { name: 'Sign in to Rehook' })
      .waitFor()
      .catch(async (err: unknown) => {
        throw new Error(
          // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator, not a DOM node; the rendered text is what the failure should show
          `${String(err)}\nother page at ${other.page.url()}: ${(await other.page.locator('body').innerText()).slice(0, 500)}`,
        );
      });
    assert.match(other.page.url(), /\/signin\?next=%2Fsettings%2Ftokens$/);
    await other.context.close();
    await context.close();
  });

  test('API tokens: created with a name, shown once with a copy button, listed, usable on the API, revoked', async () => {
    const { page, context } = await newPage();
    await signUp(page);
    await page.getByRole('link', { name: 'Settings', exact: true }).first().click();
    await page.getByRole('link', { name: 'API tokens' }).first().click();
    await page.waitForURL(/\/settings\/tokens$/);
    await page.getByLabel('Token name').fill('ci pipeline');
    await page.getByRole('button', { name: 'Create token' }).click();
    const created = page.getByTestId('created-token');
    await created.getByText('it will not be shown again').waitFor();
    const token = await created.locator('#created-token').inputValue();
    assert.match(token, /^rhk_/);
    await created.getByRole('button', { name: 'Copy token' }).click();
    assert.equal(await clipboardText(page), token);
    await assertAccessible(page, 'token page');
    const tokenRow = page.getByTestId('token-table').locator('tr', { hasText: 'ci pipeline' });
    await tokenRow.waitFor();
    assert.match((await tokenRow.textContent()) ?? '', /never/);
    // The token works on the API, and its use shows.
    const listed = await fetch(`${rig.rehook.apiUrl}/api/v1/inboxes`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(listed.status, 200);
    await listed.arrayBuffer();
    await page.reload();
    await tokenRow.locator('time').nth(1).waitFor();
    // Once dismissed, the value is gone from the page.
    await page.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Revoke ci pipeline' }).click();
    await tokenRow.getByText('revoked').waitFor();
    const refused = await fetch(`${rig.rehook.apiUrl}/api/v1/inboxes`, {
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(refused.status, 401);
    await refused.arrayBuffer();
    assert.equal(
      await page.locator(`input[value="${token}"]`).count(),
      0,
      'the secret is not shown again after a reload',
    );
    await context.close();
  });

  test('dashboard: save the anonymous inbox you are on, see counts and last activity, rename, create a named one, delete', async () => {
    const { page, context } = await newPage();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { inboxId, url } = await createInboxFromHome(page);
    await ingest(url, { path: '/before-saving', body: 'x' });
    await row(page, '/before-saving').waitFor();
    await signUp(page);
    await page.goto(`${rig.rehook.apiUrl}/inboxes/${inboxId}`);
    await page.getByRole('button', { name: 'Save to my account' }).click();
    await page.locator('.badge', { hasText: 'Saved' }).waitFor();
    // Rename from the inbox page.
    await page.getByRole('button', { name: 'Rename the inbox' }).click();
    await page.getByLabel('Inbox name').fill('Stripe staging');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByRole('heading', { name: 'Stripe staging' }).waitFor();
    await ingest(url, { path: '/after-saving', body: 'y' });
    await row(page, '/after-saving').waitFor();
    await page.getByRole('link', { name: 'Inboxes', exact: true }).click();
    const saved = page.getByTestId('inbox-table').locator('tr', { hasText: inboxId });
    await saved.waitFor();
    assert.match((await saved.textContent()) ?? '', /Stripe staging/);
    assert.match((await saved.locator('td').nth(1).textContent()) ?? '', /^2$/);
    await saved.locator('td').nth(2).locator('time').waitFor();
    // Rename on the dashboard, create a named one, delete it.
    await saved.getByRole('button', { name: /^Rename/ }).click();
    await page.getByLabel('New name').fill('Stripe production');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('inbox-table').locator('tr', { hasText: 'Stripe production' }).waitFor();
    await page.getByLabel('Name of the new inbox').fill('GitHub');
    await page.getByRole('button', { name: 'New inbox' }).click();
    const github = page.getByTestId('inbox-table').locator('tr', { hasText: 'GitHub' });
    await github.waitFor();
    assert.match((await github.locator('td').nth(1).textContent()) ?? '', /^0$/);
    await assertAccessible(page, 'dashboard');
    await github.getByRole('button', { name: 'Delete' }).click();
    await github.getByRole('button', { name: 'Delete inbox' }).click();
    await github.waitFor({ state: 'detached' });
    await context.close();
  });

  test('replay: result with status, latency, headers and pretty JSON body; history below; a forbidden destination shows the service’s message', async () => {
    const { page, context } = await newPage();
    await signUp(page);
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { inboxId, url } = await createInboxFromHome(page);
    const body = Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x31, 0x7d, 0x0a, 0xff]);
    await ingest(url, {
      path: '/replay-me',
      headers: { 'content-type': 'application/octet-stream', 'x-sig': 'abc' },
      body,
    });
    await row(page, '/replay-me').click();
    await page.getByRole('tab', { name: 'Replay' }).click();
    await assertAccessible(page, 'replay panel');
    const destination = `${receiver.url}/webhooks?x=1`;
    await page.getByLabel('Destination URL').fill(destination);
    const before = receiver.requests.length;
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    const result = page.getByTestId('replay-result');
    await result.waitFor();
    assert.match((await result.locator('.status').first().textContent()) ?? '', /^201$/);
    assert.match((await result.textContent()) ?? '', /\d+ ms/);
    assert.match((await result.textContent()) ?? '', /x-receiver\s*yes/);
    assert.match((await result.locator('.code-json').textContent()) ?? '', /"received": true,\n\s+"bytes": 9/);
    const received = receiver.requests[before];
    assert.ok(received?.body.equals(body), 'the destination got the exact bytes');
    assert.equal(received?.url, '/webhooks?x=1');
    await page.getByTestId('replay-history').locator('tbody tr').first().waitFor();
    await assertAccessible(page, 'replay result');
    // Forbidden: the API's own code and message.
    await page.getByLabel('Destination URL').fill('http://127.0.0.2:9/hook');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    const error = page.getByTestId('replay-error');
    await error.waitFor();
    assert.match((await error.textContent()) ?? '', /DESTINATION_FORBIDDEN/);
    await page.getByTestId('replay-history').locator('tbody tr').nth(1).waitFor();
    // The destination is remembered for this inbox.
    await page.reload();
    await page.getByRole('tab', { name: 'Replay' }).click();
    assert.equal(await page.getByLabel('Destination URL').inputValue(), 'http://127.0.0.2:9/hook');
    assert.equal(inboxIdOf(page), inboxId);
    await context.close();
  });
});

describe('read-only sharing links', () => {
  test('a link opened in a second browser shows live events and details, offers no write action, and dies on revocation', async () => {
    const { page, context } = await newPage();
    await signUp(page);
    await page.getByLabel('Name of the new inbox').fill('Shared with the team');
    await page.getByRole('button', { name: 'New inbox' }).click();
    await page.getByRole('link', { name: /Shared with the team/ }).click();
    await waitLive(page);
    const url = await page.locator('#ingest-url').inputValue();
    await ingest(url, {
      path: '/before-sharing',
      headers: { 'content-type': 'application/json' },
      body: '{"shared":true}',
    });
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Create a link' }).click();
    const link = await page.getByTestId('created-share').locator('input').inputValue();
    assert.match(link, new RegExp(`^${rig.rehook.apiUrl}/s/rhl_`));
    await assertAccessible(page, 'sharing panel');

    const teammate = await rig.context();
    const shared = await teammate.newPage();
    await shared.goto(link);
    await shared.getByText('You are viewing a shared inbox: read-only.').waitFor();
    await waitLive(shared);
    await row(shared, '/before-sharing').click();
    await shared.locator('.code-json').waitFor();
    await assertAccessible(shared, 'shared view');
    // Read-only: no replay, delete, clear, rename, save or share.
    for (const name of ['Replay', 'Delete', 'Clear', 'Share', 'Save to my account', 'Rename the inbox']) {
      assert.equal(await shared.getByRole('button', { name, exact: true }).count(), 0, `${name} is offered`);
      assert.equal(await shared.getByRole('tab', { name, exact: true }).count(), 0, `${name} tab is offered`);
    }
    // Live.
    await ingest(url, { path: '/while-shared', body: 'live' });
    await row(shared, '/while-shared').waitFor();
    await assertNothingRan(shared);
    // Revoked: the open view learns at once (its stream ends), and the link stops working.
    await page.getByTestId('share-list').getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('button', { name: 'Revoke link' }).click();
    await shared.getByRole('heading', { name: 'This link does not work any more' }).waitFor();
    await shared.reload();
    await shared.getByRole('heading', { name: 'This link does not work any more' }).waitFor();
    await teammate.close();
    await context.close();
  });
});
