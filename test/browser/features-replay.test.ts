import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import Stripe from 'stripe';
import { assertAccessible, createInboxFromHome, ingest, row } from './support.js';
import { headerOf, newPage, receiver, received, rig, savedInbox, signUp, useFeatureRig } from './features-support.js';

// Replay in the web app, in real headless Chromium against a real server: signature status and
// settings with a re-signed replay that verifies, edit-and-replay (what was sent beside the
// original, repeat N), and bulk replay jobs of the filtered or selected requests with progress,
// results and cancelling. Every wait is on a condition.

/** Holds requests to /held/* until released (a job to cancel mid-way). */
let releaseHeld: () => void = () => undefined;
const held = new Promise<void>((resolve) => (releaseHeld = resolve));

useFeatureRig({
  route: async (req) => {
    if (req.url.startsWith('/held')) await held;
    return false;
  },
  beforeClose: () => releaseHeld(),
});

const STRIPE_SECRET = 'whsec_browser_test_secret_0123456789abcdef';

/** Waits until `check` holds (polled on the event loop; no assertion on time). */
async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The same Stripe-Signature with the first hex digit of its v1 changed: always a different digit
 * (replacing it with a fixed "0" left one signature in 16 valid, and the test flaky).
 */
function forge(signature: string): string {
  return signature.replace(/v1=(.)/, (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`);
}

describe('signatures', () => {
  test('the owner sets a Stripe secret (never shown back); events show valid and invalid with the reason; a re-signed replay verifies with stripe; removing it', async () => {
    const { page, context } = await newPage();
    const { url } = await savedInbox(page, 'Signed inbox');
    await page.getByRole('button', { name: 'Settings' }).click();
    const settings = page.getByTestId('signature-settings');
    await settings.getByText('Off: requests show as unchecked.').waitFor();
    // The generic scheme asks for its header, encoding and prefix.
    await page.getByLabel('Provider').selectOption('hmac-sha256');
    await page.getByLabel('Digest written as').waitFor();
    await page.getByLabel('Prefix').waitFor();
    await page.getByLabel('Provider').selectOption('stripe');
    assert.equal(await page.getByLabel('Prefix').count(), 0);
    await page.getByLabel('Secret', { exact: true }).fill(STRIPE_SECRET);
    await page.getByRole('button', { name: 'Save secret' }).click();
    await settings.getByText('Saved: requests from now on are checked with it.').waitFor();
    // The stored secret is never put back into the page.
    assert.equal(await page.getByLabel('New secret').inputValue(), '');
    assert.match((await page.getByTestId('signature-current').textContent()) ?? '', /Stripe secret .*cdef/);
    assert.equal(await page.content().then((html) => html.includes(STRIPE_SECRET)), false);
    await assertAccessible(page, 'inbox settings');
    await page.getByRole('button', { name: 'Close settings' }).click();

    const payload = JSON.stringify({ id: 'evt_browser', type: 'invoice.paid' });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET });
    await ingest(url, {
      path: '/paid',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    await ingest(url, {
      path: '/forged',
      headers: { 'content-type': 'application/json', 'stripe-signature': forge(signature) },
      body: payload,
    });
    await row(page, '/paid').locator('[data-testid="signature-badge"][data-status="valid"]').waitFor();
    await row(page, '/forged').locator('[data-testid="signature-badge"][data-status="invalid"]').waitFor();
    await row(page, '/forged').click();
    const shown = page.getByTestId('inspector-signature');
    await shown.getByText('Invalid Stripe signature').waitFor();
    assert.ok(
      ((await shown.textContent()) ?? '').length > 'Invalid Stripe signature'.length + 3,
      'the reason is shown',
    );

    // Re-sign on replay: the forged event goes out with a fresh Stripe-Signature that Stripe's
    // own library accepts.
    await page.getByRole('tab', { name: 'Replay' }).click();
    await page.getByLabel('Destination URL').fill(`${receiver.url}/resigned`);
    await page.getByLabel(/Re-sign/).check();
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByTestId('replay-result').waitFor();
    const sent = received('/resigned')[0];
    assert.ok(sent, 'the destination got the replay');
    const header = headerOf(sent, 'stripe-signature')[0] as string;
    assert.notEqual(header, forge(signature), 'a new signature');
    Stripe.webhooks.constructEvent(sent.body.toString('utf8'), header, STRIPE_SECRET);
    await page.getByTestId('replay-sent').getByText('re-signed').waitFor();
    await row(page, '/paid').click();
    await page.getByTestId('inspector-signature').getByText('Valid Stripe signature').waitFor();

    // Removing the secret.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('signature-settings').getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('button', { name: 'Remove the secret' }).click();
    await page.getByTestId('signature-current').getByText('Off: requests show as unchecked.').waitFor();
    await context.close();
  });
});

describe('edit-and-replay', () => {
  test('method, path, query, headers and body edited before sending; the history shows what was sent beside the original; repeat N', async () => {
    const { page, context } = await newPage();
    await signUp(page);
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    await ingest(url, {
      path: '/orig',
      query: 'x=1',
      headers: { 'content-type': 'application/json', 'x-remove-me': '1', 'x-keep': 'a' },
      body: '{"a":1}',
    });
    await row(page, '/orig').click();
    await page.getByRole('tab', { name: 'Replay' }).click();
    await page.getByLabel('Destination URL').fill(`${receiver.url}/base`);
    await page.getByLabel('Edit the request first').check();
    await assertAccessible(page, 'replay edits');
    await page.getByLabel('Method').fill('PUT');
    await page.getByLabel('Path to append').fill('/edited');
    await page.getByLabel('Query', { exact: true }).fill('q=2');
    const headers = page.getByLabel('Headers');
    const edited = (await headers.inputValue())
      .split('\n')
      .filter((line) => !line.toLowerCase().startsWith('x-remove-me:'))
      .map((line) => (line.toLowerCase().startsWith('x-keep:') ? 'x-keep: b' : line))
      .concat('X-Added: yes')
      .join('\n');
    await headers.fill(edited);
    await page.getByLabel('Body', { exact: true }).fill('{"a":2}');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByTestId('replay-result').waitFor();
    const sent = received('/base/edited?q=2')[0];
    assert.ok(sent, 'the destination got the edited request');
    assert.equal(sent.method, 'PUT');
    assert.deepEqual(headerOf(sent, 'x-keep'), ['b']);
    assert.deepEqual(headerOf(sent, 'x-added'), ['yes']);
    assert.deepEqual(headerOf(sent, 'x-remove-me'), []);
    assert.equal(sent.body.toString(), '{"a":2}');
    // What was sent, beside the original.
    const beside = page.getByTestId('replay-sent');
    await beside.getByText('edited', { exact: true }).waitFor();
    const text = (await beside.textContent()) ?? '';
    assert.match(text, /PUT\s*http:\/\/127\.0\.0\.1:\d+\/base\/edited\?q=2/);
    assert.match(text, /POST\s*\/i\/inb_\w+\/orig\?x=1/);
    assert.match(text, /\{"a":2\}/);
    assert.match(text, /\{"a":1\}/);
    await page.getByTestId('replay-history').locator('tbody tr').first().getByText('edited', { exact: true }).waitFor();

    // Repeat: three sends of the same edits, each result listed.
    await page.getByLabel('Times', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    const run = page.getByTestId('replay-run');
    await run.getByText('3 of 3 sent').waitFor();
    assert.equal(await run.locator('.run-list li').count(), 3);
    assert.equal(received('/base/edited?q=2').length, 4);
    await page.getByTestId('replay-history').locator('tbody tr').nth(3).waitFor();
    await assertAccessible(page, 'repeated replay');
    await context.close();
  });
});

describe('bulk replay', () => {
  test('the filtered requests, then a selection, replayed as jobs with progress and results; a running job cancelled', async () => {
    const { page, context } = await newPage();
    await signUp(page);
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    for (const n of [1, 2, 3]) await ingest(url, { path: `/bulk/post${n}`, body: `post ${n}` });
    for (const n of [1, 2]) await ingest(url, { method: 'PUT', path: `/bulk/put${n}`, body: `put ${n}` });
    await row(page, '/bulk/put2').waitFor();

    // The current filter: POST only.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Method').fill('POST');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/[?&]method=POST/);
    await page.locator('.list-count', { hasText: '3 matching' }).waitFor();
    await page.getByRole('button', { name: 'Replay many' }).click();
    await page.getByLabel('Destination URL').fill(`${receiver.url}/bulk-filter`);
    assert.ok(await page.getByLabel(/Every request matching the filter/).isChecked());
    await assertAccessible(page, 'bulk replay');
    await page.getByRole('button', { name: 'Start replaying' }).click();
    const job = page.getByTestId('replay-job');
    await job.locator('[data-testid="job-state"][data-state="completed"]').waitFor();
    assert.match((await job.getByTestId('job-counts').textContent()) ?? '', /3 of 3 done · 3 succeeded · 0 failed/);
    assert.equal(await job.getByTestId('job-results').locator('tbody tr').count(), 3);
    assert.deepEqual(
      receiver.requests
        .filter((request) => request.url.startsWith('/bulk-filter'))
        .map((request) => `${request.method} ${request.body.toString()}`),
      ['POST post 1', 'POST post 2', 'POST post 3'],
    );

    // A selection: two rows ticked.
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await page.locator('.list-count', { hasText: '5 requests' }).waitFor();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByLabel('Select PUT /bulk/put1').check();
    await page.getByLabel('Select PUT /bulk/put2').check();
    await page.getByRole('button', { name: 'Replay selected' }).click();
    assert.ok(await page.getByLabel(/The selected ones \(2\)/).isChecked());
    await page.getByLabel('Destination URL').fill(`${receiver.url}/bulk-selected`);
    await page.getByRole('button', { name: 'Start replaying' }).click();
    // The new job's own counts: the first job's panel is also "completed" until this one replaces it.
    await page
      .getByTestId('replay-job')
      .getByTestId('job-counts')
      .filter({ hasText: /2 of 2 done/ })
      .waitFor();
    await page.getByTestId('replay-job').locator('[data-testid="job-state"][data-state="completed"]').waitFor();
    assert.deepEqual(
      receiver.requests.filter((request) => request.url.startsWith('/bulk-selected')).map((request) => request.method),
      ['PUT', 'PUT'],
    );

    // Cancel: the destination holds the first send; the job is cancelled while it waits.
    await page.getByLabel('Destination URL').fill(`${receiver.url}/held`);
    await page.getByLabel(/Every request in the inbox/).check();
    await page.getByRole('button', { name: 'Start replaying' }).click();
    await until(() => receiver.requests.some((request) => request.url === '/held'), 'the first held send');
    await page.getByTestId('replay-job').getByRole('button', { name: 'Cancel' }).click();
    await page.getByTestId('replay-job').locator('[data-testid="job-state"][data-state="cancelled"]').waitFor();
    releaseHeld();
    // Earlier jobs are listed.
    assert.equal(await page.locator('.job-list li').count(), 3);
    await context.close();
  });
});
