import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import {
  assertInViewWidth,
  assertNoOverlap,
  assertNoSidewaysScroll,
  brokenWords,
  contentBoxes,
  phoneContext,
  type Scheme,
} from './phone-support.js';
import { type BrowserRig, createInboxFromHome, ingest, row, startRig, waitLive } from './support.js';

// The web app on a phone (390 x 844, light and dark) and the smaller defects found with it:
// replay history and dashboard laid out for a narrow screen, destinations shown by host and
// path, words never broken inside, sign-up that returns to the inbox, Esc in the inline rename,
// and an inbox page whose list starts high enough. Every wait is on a condition.

declare const window: any;
declare const document: any;

const PASSWORD = 'correct horse battery staple';
const SCHEMES: readonly Scheme[] = ['light', 'dark'];

let rig: BrowserRig;
let receiver: Receiver;
/** The signed-in desktop context that made the account, its inbox, replays and sharing link. */
let owner: BrowserContext;
let inboxId: string;
let twilioEventPath: string;
let shareLink: string;
let accounts = 0;

async function signUpOn(page: Page): Promise<void> {
  accounts += 1;
  await page.getByLabel('E-mail address').fill(`phone${accounts}-${process.pid}@example.test`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
}

async function replayTo(page: Page, destination: string, rows: number): Promise<void> {
  await page.getByLabel('Destination URL').fill(destination);
  await page.getByRole('button', { name: 'Replay', exact: true }).click();
  await page
    .getByTestId('replay-history')
    .locator('tbody tr')
    .nth(rows - 1)
    .waitFor();
}

before(async () => {
  rig = await startRig({ REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' });
  receiver = await startReceiver();
  owner = await rig.context();
  const page = await owner.newPage();
  await page.goto(`${rig.rehook.apiUrl}/signup`);
  await signUpOn(page);
  await page.waitForURL(/\/dashboard$/);
  await page.getByLabel('Name of the new inbox').fill('Stripe staging');
  await page.getByRole('button', { name: 'New inbox' }).click();
  await page.getByRole('link', { name: /Stripe staging/ }).click();
  await waitLive(page);
  const url = await page.locator('#ingest-url').inputValue();
  inboxId = /\/i\/(inb_\w+)/.exec(url)?.[1] as string;
  await ingest(url, {
    path: '/twilio/sms',
    query: "source=curl'",
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'stripe-signature': 't=1,v1=abc' },
    body: 'SmsMessageSid=SM8d1f2a&From=%2B15551234567&Body=Hello+from+Rehook',
  });
  await row(page, '/twilio/sms').click();
  await page.waitForURL(/\/events\/evt_/);
  twilioEventPath = new URL(page.url()).pathname;
  await page.getByRole('tab', { name: 'Replay' }).click();
  // Two destinations alike up to the port and the middle of the path: unreachable, then answered.
  await replayTo(page, 'http://127.0.0.1:1/hooks/stripe/staging/invoices', 1);
  await replayTo(page, `${receiver.url}/hooks/stripe/production/invoices`, 2);
  await page.goto(`${rig.rehook.apiUrl}/inboxes/${inboxId}`);
  await page.getByRole('button', { name: 'Share' }).click();
  await page.getByRole('button', { name: 'Create a link' }).click();
  shareLink = await page.getByTestId('created-share').locator('input').inputValue();
  await page.close();
});

after(async () => {
  await receiver?.close();
  await rig?.close();
});

async function phonePage(scheme: Scheme, signedIn = true): Promise<Page> {
  const context = await phoneContext(rig, scheme, signedIn ? owner : undefined);
  return context.newPage();
}

async function openReplayHistory(page: Page): Promise<void> {
  await page.goto(`${rig.rehook.apiUrl}${twilioEventPath}`);
  await page.getByRole('tab', { name: 'Replay' }).click();
  await page.getByTestId('replay-history').locator('tbody tr').nth(1).waitFor();
}

async function noSidewaysScroll(scheme: Scheme): Promise<void> {
  const anonymous = await phonePage(scheme, false);
  for (const path of ['/', '/signin', '/signup']) {
    await anonymous.goto(`${rig.rehook.apiUrl}${path}`);
    await anonymous.locator('h1').first().waitFor();
    await assertNoSidewaysScroll(anonymous, `${path} (${scheme})`);
  }
  await anonymous.goto(shareLink);
  await waitLive(anonymous);
  await row(anonymous, '/twilio/sms').waitFor();
  await assertNoSidewaysScroll(anonymous, `shared view (${scheme})`);

  const page = await phonePage(scheme);
  await dashboardFits(page, scheme);
  await page.goto(`${rig.rehook.apiUrl}/inboxes/${inboxId}`);
  await row(page, '/twilio/sms').waitFor();
  await assertNoSidewaysScroll(page, `inbox (${scheme})`);
  await page.getByRole('button', { name: 'Inbox actions' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('inbox-settings').waitFor();
  await assertNoSidewaysScroll(page, `inbox settings (${scheme})`);
  await openReplayHistory(page);
  await assertNoSidewaysScroll(page, `inspector, replay history (${scheme})`);
  await page.getByRole('tab', { name: 'Request' }).click();
  await page.locator('.pairs').first().waitFor();
  await assertNoSidewaysScroll(page, `inspector (${scheme})`);
  await page.goto(`${rig.rehook.apiUrl}/settings/tokens`);
  await page.getByRole('heading', { name: 'API tokens' }).waitFor();
  await assertNoSidewaysScroll(page, `tokens (${scheme})`);
}

/** The dashboard's rows keep Rename and Delete in view, and neither the page nor the card scrolls sideways. */
async function dashboardFits(page: Page, scheme: Scheme): Promise<void> {
  await page.goto(`${rig.rehook.apiUrl}/dashboard`);
  const item = page.getByTestId('inbox-table').locator('tbody tr').first();
  await assertInViewWidth(item.getByRole('button', { name: /^Rename/ }), `Rename (${scheme})`);
  await assertInViewWidth(item.getByRole('button', { name: 'Delete' }), `Delete (${scheme})`);
  await assertNoSidewaysScroll(page, `dashboard (${scheme})`);
  const sideways = await page
    .locator('.table-card')
    .evaluate((element: any) => element.scrollWidth - element.clientWidth);
  assert.ok(sideways <= 0, `the inbox card scrolls sideways by ${sideways} px`);
  const header = await page.locator('.topbar').boundingBox();
  assert.equal(header?.width, 390, 'the header spans the page');
}

describe('on a phone', () => {
  test('no page scrolls sideways at 390 px, light and dark; the dashboard keeps Rename and Delete in view', async () => {
    // The two themes side by side, each in its own contexts.
    await Promise.all(SCHEMES.map((scheme) => noSidewaysScroll(scheme)));
  });

  test('replay history stacks each replay: nothing drawn over anything, destinations by host and path, the full URL on a tap', async () => {
    const page = await phonePage('dark');
    await openReplayHistory(page);
    const table = page.getByTestId('replay-history');
    assertNoOverlap(await contentBoxes(table.locator('thead th')), 'history column heads');
    const rows = table.locator('tbody tr');
    const shown: string[] = [];
    for (const index of [0, 1]) {
      const cells = rows.nth(index).locator('td');
      assertNoOverlap(await contentBoxes(cells), `history row ${index}`);
      const destination = rows.nth(index).getByTestId('replay-destination');
      const text = ((await destination.textContent()) ?? '').trim();
      shown.push(text);
      assert.match(text, /^127\.0\.0\.1:\d+\/.*invoices$/, `row ${index} shows host and path: ${text}`);
      const clipped = await destination.evaluate((element: any) => element.scrollWidth > element.clientWidth);
      assert.equal(clipped, false, `row ${index}: the destination is cut off`);
    }
    assert.notEqual(shown[0], shown[1]);
    // The full URL, on a tap (no hover on a phone) and from the keyboard.
    const unreachable = rows.filter({ hasText: 'DESTINATION_UNREACHABLE' });
    await unreachable.getByTestId('replay-destination').click();
    await unreachable.getByText('http://127.0.0.1:1/hooks/stripe/staging/invoices', { exact: true }).waitFor();
    const answered = rows.filter({ hasText: '200' });
    await answered.getByTestId('replay-destination').focus();
    await page.keyboard.press('Enter');
    await answered.getByText(`${receiver.url}/hooks/stripe/production/invoices`, { exact: true }).waitFor();
  });

  test('words are never broken inside: tables, the URL, the curl box, the replay comparison, the JSON-field placeholder', async () => {
    const page = await phonePage('light');
    await page.goto(`${rig.rehook.apiUrl}${twilioEventPath}`);
    await page.locator('.pairs').first().waitFor();
    assert.deepEqual(await brokenWords(page.locator('.url-line')), [], 'URL');
    const tables = page.locator('.pairs');
    for (let i = 0; i < (await tables.count()); i++) {
      assert.deepEqual(await brokenWords(tables.nth(i)), [], `table ${i}`);
    }
    await page.getByRole('tab', { name: 'curl' }).click();
    const curl = page.getByTestId('curl-command');
    await curl.getByText('source=curl', { exact: false }).waitFor();
    assert.deepEqual(await brokenWords(curl), [], 'curl command');
    await page.getByRole('tab', { name: 'Replay' }).click();
    await page.getByTestId('replay-history').locator('tbody tr').nth(1).getByRole('button', { name: /^Show/ }).click();
    const sent = page.getByTestId('replay-sent');
    await sent.waitFor();
    assert.deepEqual(await brokenWords(sent), [], 'replay comparison');

    await page.goto(`${rig.rehook.apiUrl}/inboxes/${inboxId}`);
    await page.getByRole('button', { name: /^Filters/ }).click();
    const json = page.locator('#filter-json');
    const placeholderWraps = await json.evaluate((element: any) => {
      const style = window.getComputedStyle(element);
      if (style.whiteSpace === 'pre' || style.whiteSpace === 'nowrap') return false;
      const canvas = document.createElement('canvas').getContext('2d');
      canvas.font = `${style.fontSize} ${style.fontFamily}`;
      const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return canvas.measureText(element.placeholder).width > room;
    });
    assert.equal(placeholderWraps, false, 'the JSON-field placeholder wraps inside a word');
  });

  test('the inbox page: actions in one menu, no hint, the list high on the screen, the search placeholder whole', async () => {
    const page = await phonePage('light');
    await page.goto(`${rig.rehook.apiUrl}/inboxes/${inboxId}`);
    await row(page, '/twilio/sms').waitFor();
    for (const name of ['Share', 'Replay many', 'Settings']) {
      assert.equal(await page.getByRole('button', { name, exact: true }).isVisible(), false, `${name} is folded away`);
    }
    assert.equal(await page.locator('.ingest-help').isVisible(), false, 'the hint is folded away');
    const search = page.locator('#filter-q');
    const box = await search.boundingBox();
    assert.ok(box && box.y + box.height <= 240, `the list starts ${box?.y} px down`);
    const cut = await search.evaluate((element: any) => {
      const style = window.getComputedStyle(element);
      const canvas = document.createElement('canvas').getContext('2d');
      canvas.font = `${style.fontSize} ${style.fontFamily}`;
      const room = element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return canvas.measureText(element.placeholder).width > room;
    });
    assert.equal(cut, false, 'the search placeholder is cut off');
    await page.getByRole('button', { name: 'Inbox actions' }).click();
    for (const name of ['Share', 'Replay many', 'Settings', 'Clear']) {
      await page.getByRole('button', { name, exact: true }).waitFor();
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Settings', exact: true }).waitFor({ state: 'hidden' });
  });
});

describe('accounts', () => {
  test('signing up from an anonymous inbox returns to it and offers to save it; the dashboard shows the other one with its count and expiry', async () => {
    const context = await rig.context();
    const page = await context.newPage();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const first = await createInboxFromHome(page);
    await ingest(first.url, { path: '/one', body: 'a' });
    await ingest(first.url, { path: '/two', body: 'b' });
    await row(page, '/two').waitFor();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const second = await createInboxFromHome(page);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(/\/signup/);
    await signUpOn(page);
    await page.waitForURL(new RegExp(`/inboxes/${second.inboxId}$`));
    await page.getByRole('button', { name: 'Save to my account' }).click();
    await page.locator('.badge', { hasText: 'Saved' }).waitFor();

    await page.getByRole('link', { name: 'Inboxes', exact: true }).click();
    const anonymous = page.locator('.recent-item', { hasText: first.inboxId });
    await anonymous.getByText('2 requests').waitFor();
    await anonymous.getByText(/expires in \d+h/).waitFor();
    assert.equal(await page.locator('.recent-item', { hasText: second.inboxId }).count(), 0);
  });

  test('Esc cancels the dashboard rename: the name stays, focus goes back to Rename', async () => {
    const page = await owner.newPage();
    await page.goto(`${rig.rehook.apiUrl}/dashboard`);
    const item = page.getByTestId('inbox-table').locator('tbody tr').first();
    await item.getByRole('button', { name: /^Rename/ }).click();
    const input = item.getByLabel('New name');
    await input.fill('Something else');
    await input.press('Escape');
    await input.waitFor({ state: 'detached' });
    await item.getByText('Stripe staging').waitFor();
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    assert.match(focused ?? '', /^Rename/);
    await page.reload();
    await page.getByTestId('inbox-table').getByText('Stripe staging').waitFor();
    await page.close();
  });
});
