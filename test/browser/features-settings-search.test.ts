import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import {
  assertAccessible,
  assertNothingRan,
  clipboardText,
  createInboxFromHome,
  ingest,
  row,
  waitLive,
} from './support.js';
import { headerOf, newPage, receiver, rig, savedInbox, useFeatureRig } from './features-support.js';

// An inbox's settings and finding what it captured, in the web app, in real headless Chromium
// against a real server: response rules, search and filter (in the URL, live), export and
// copy as curl (shared view included), automatic forwarding with its deliveries, and the phone
// layout of all of these. Every wait is on a condition.

/** /down/* answers 500 while this is true. */
let destinationDown = true;
const flakyCalls = new Map<string, number>();

useFeatureRig({
  route: (req, res) => {
    if (req.url.startsWith('/down') && destinationDown) {
      res.writeHead(500);
      res.end('down');
      return true;
    }
    if (req.url.startsWith('/flaky')) {
      const calls = (flakyCalls.get(req.url) ?? 0) + 1;
      flakyCalls.set(req.url, calls);
      if (calls === 1) {
        res.writeHead(500);
        res.end('first attempt fails');
        return true;
      }
    }
    return false;
  },
});

async function noHorizontalOverflow(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => {
    const root = (globalThis as unknown as { document: { scrollingElement: { scrollWidth: number } } }).document
      .scrollingElement;
    return { scroll: root.scrollWidth, inner: (globalThis as unknown as { innerWidth: number }).innerWidth };
  });
  assert.ok(widths.scroll <= widths.inner, `${what}: the page scrolls sideways (${widths.scroll} > ${widths.inner})`);
}

describe('response rules', () => {
  test('an anonymous inbox answers a default and a rule set in the settings; each event shows which answer it got; reset to 200', async () => {
    const { page, context } = await newPage();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByText('Signature checking and automatic forwarding are for saved inboxes').waitFor();
    const section = page.getByTestId('response-settings');
    await section.getByLabel('Status').first().fill('202');
    await section.getByLabel('Headers').first().fill('X-Answer: yes');
    await section.getByLabel('Body').first().fill('accepted');
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const rule = section.getByTestId('response-rule').first();
    await rule.getByLabel('Path starts with').fill('/fail');
    await rule.getByLabel('Status').fill('503');
    await rule.getByLabel('Body').fill('down for maintenance');
    await assertAccessible(page, 'response settings');
    await page.getByRole('button', { name: 'Save response' }).click();
    await section.getByText('Saved: the inbox answers this from now on.').waitFor();

    const failed = await fetch(`${url}/fail/now`, { method: 'POST', body: 'x' });
    assert.equal(failed.status, 503);
    assert.equal(await failed.text(), 'down for maintenance');
    const ok = await fetch(`${url}/ok`, { method: 'POST', body: 'y' });
    assert.equal(ok.status, 202);
    assert.equal(ok.headers.get('x-answer'), 'yes');
    assert.equal(await ok.text(), 'accepted');

    await page.getByRole('button', { name: 'Close settings' }).click();
    await row(page, '/fail/now').getByTestId('answer-badge').getByText('503').waitFor();
    await row(page, '/ok').getByTestId('answer-badge').getByText('202').waitFor();
    await row(page, '/fail/now').click();
    const answer = page.getByTestId('inspector-answer');
    await answer.getByText('rule 1').waitFor();
    assert.match((await answer.textContent()) ?? '', /503/);

    // Kept: a reload shows the stored rule.
    await page.reload();
    await page.getByRole('button', { name: 'Settings' }).click();
    assert.equal(await page.getByTestId('response-rule').first().getByLabel('Path starts with').inputValue(), '/fail');
    await page.getByRole('button', { name: 'Reset to 200' }).click();
    await page.getByRole('button', { name: 'Answer 200 {ok:true} again' }).click();
    await page.getByText('Cleared: the inbox answers 200 {"ok":true} again.').waitFor();
    const plain = await fetch(`${url}/fail`, { method: 'POST' });
    assert.equal(plain.status, 200);
    await plain.arrayBuffer();
    await context.close();
  });
});

describe('search and filter', () => {
  test('text, JSON field and header filters narrow the list, live in the URL across a reload; live events respect the filter', async () => {
    const { page, context } = await newPage();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    const json = (status: string) => JSON.stringify({ type: 'invoice.paid', data: { object: { status } } });
    await ingest(url, { path: '/stripe/paid', headers: { 'content-type': 'application/json' }, body: json('paid') });
    await ingest(url, { path: '/stripe/open', headers: { 'content-type': 'application/json' }, body: json('open') });
    await ingest(url, { method: 'GET', path: '/health' });
    await ingest(url, { path: '/github', headers: { 'x-github-event': 'push' }, body: 'customer cus_NEEDLE42' });
    await page.locator('.list-count', { hasText: '4 requests' }).waitFor();

    // Text search.
    await page.getByLabel('Search requests').fill('cus_NEEDLE42');
    await page.getByLabel('Search requests').press('Enter');
    await page.waitForURL(/[?&]q=cus_NEEDLE42/);
    await page.locator('.list-count', { hasText: '1 matching' }).waitFor();
    await row(page, '/github').waitFor();
    // Kept in the URL: a reload (or a shared link) shows the same list.
    await page.reload();
    await page.locator('.list-count', { hasText: '1 matching' }).waitFor();
    assert.equal(await page.getByLabel('Search requests').inputValue(), 'cus_NEEDLE42');
    await assertAccessible(page, 'filtered list');
    await page.getByRole('button', { name: 'Clear filter' }).click();
    await page.locator('.list-count', { hasText: '4 requests' }).waitFor();

    // A JSON field, then live events: only the matching one appears.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('JSON field').fill('data.object.status=paid');
    await assertAccessible(page, 'filter form');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.locator('.list-count', { hasText: '1 matching' }).waitFor();
    await page.getByTestId('filter-live').waitFor();
    await ingest(url, {
      path: '/stripe/late-open',
      headers: { 'content-type': 'application/json' },
      body: json('open'),
    });
    await ingest(url, {
      path: '/stripe/late-paid',
      headers: { 'content-type': 'application/json' },
      body: json('paid'),
    });
    await row(page, '/stripe/late-paid').waitFor();
    assert.equal(await row(page, '/stripe/late-open').count(), 0, 'a live event that does not match stays out');
    assert.equal(await page.locator('.event-row').count(), 2);

    // A header filter.
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('JSON field').fill('');
    await page.getByLabel('Header', { exact: true }).fill('x-github-event:push');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL(/[?&]header=x-github-event%3Apush/);
    await page.locator('.list-count', { hasText: '1 matching' }).waitFor();
    await row(page, '/github').waitFor();
    await context.close();
  });
});

describe('export and copy as curl', () => {
  test('HAR and NDJSON of the filtered inbox; the server’s curl command leaves redacted headers out and runs in sh; a shared view filters, exports and copies too', async () => {
    const { page, context } = await newPage();
    const { url } = await savedInbox(page, 'Exported inbox');
    await ingest(url, {
      path: '/one',
      headers: { 'content-type': 'text/plain', authorization: 'Bearer secret-token' },
      body: 'first body',
    });
    await ingest(url, {
      path: '/two',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.from([0, 1, 2, 255]),
    });
    await ingest(url, { method: 'GET', path: '/three' });
    await page.locator('.list-count', { hasText: '3 requests' }).waitFor();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Method').fill('POST');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.locator('.list-count', { hasText: '2 matching' }).waitFor();

    await page.getByText('Export', { exact: true }).click();
    const [har] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-har').click()]);
    const document = JSON.parse(await readFile((await har.path()) as string, 'utf8')) as {
      log: { version: string; entries: { request: { method: string; url: string } }[] };
    };
    assert.equal(document.log.version, '1.2');
    assert.deepEqual(
      document.log.entries.map(
        (entry) => `${entry.request.method} ${new URL(entry.request.url).pathname.replace(/^\/i\/inb_\w+/, '')}`,
      ),
      ['POST /one', 'POST /two'],
    );
    await page.getByText('Export', { exact: true }).click();
    const [ndjson] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-ndjson').click()]);
    const lines = (await readFile((await ndjson.path()) as string, 'utf8')).trim().split('\n');
    assert.equal(lines.length, 2);

    // curl: the server's command; Authorization was redacted at capture, so it is left out.
    await row(page, '/one').click();
    await page.getByRole('tab', { name: 'curl' }).click();
    await page
      .getByTestId('curl-omitted')
      .getByText(/authorization/i)
      .waitFor();
    const shown = (await page.getByTestId('curl-command').textContent()) ?? '';
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    await page.getByRole('button', { name: 'Copied' }).first().waitFor();
    const command = await clipboardText(page);
    assert.equal(command, shown);
    const origin = new URL(url).origin;
    const before = receiver.requests.length;
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn('sh', ['-c', command.replaceAll(origin, receiver.url)], { stdio: 'ignore' });
      child.once('error', reject);
      child.once('close', resolve);
    });
    assert.equal(code, 0);
    const replayed = receiver.requests[before];
    assert.ok(replayed);
    assert.equal(replayed.body.toString(), 'first body');
    assert.deepEqual(headerOf(replayed, 'authorization'), []);

    // A read-only link: the filter and export work there too; no settings or replay.
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Create a link' }).click();
    const link = await page.getByTestId('created-share').locator('input').inputValue();
    const teammate = await rig.context();
    const shared = await teammate.newPage();
    await shared.goto(`${link}?method=POST`);
    await waitLive(shared);
    await shared.locator('.list-count', { hasText: '2 matching' }).waitFor();
    const href = (await shared.getByTestId('export-har').getAttribute('href')) ?? '';
    assert.match(href, /format=har&method=POST&share=rhl_/);
    await row(shared, '/two').click();
    await shared.getByRole('tab', { name: 'curl' }).click();
    await shared.getByTestId('curl-command').waitFor();
    for (const name of ['Settings', 'Replay many', 'Select'])
      assert.equal(await shared.getByRole('button', { name, exact: true }).count(), 0, `${name} offered`);
    await assertAccessible(shared, 'shared view with a filter');
    await assertNothingRan(shared);
    await teammate.close();
    await context.close();
  });
});

describe('automatic forwarding', () => {
  test('the owner sets a destination; each event shows its delivery attempts (a failed first attempt retried); a failed delivery retried by hand', async () => {
    const { page, context } = await newPage();
    const { url } = await savedInbox(page, 'Forwarded inbox');
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByTestId('forwarding-settings');
    await section.getByText('Off.').waitFor();
    await section.getByLabel('Destination URL').fill(`${receiver.url}/flaky`);
    await section.getByLabel('Attempts').fill('3');
    await section.getByRole('button', { name: 'Save forwarding' }).click();
    await section.getByText('Saved: every request from now on is forwarded.').waitFor();
    await page.getByTestId('forwarding-current').getByText('On.').waitFor();
    await page.getByRole('button', { name: 'Close settings' }).click();

    await ingest(url, { path: '/fw', headers: { 'content-type': 'text/plain' }, body: 'forward me' });
    await row(page, '/fw').click();
    await page.getByRole('tab', { name: 'Forwarding' }).click();
    await page.locator('[data-testid="delivery-state"][data-state="delivered"]').waitFor();
    const attempts = page.getByTestId('delivery-attempts').locator('tbody tr');
    assert.equal(await attempts.count(), 2);
    assert.match((await attempts.nth(0).textContent()) ?? '', /500/);
    assert.match((await attempts.nth(1).textContent()) ?? '', /200/);
    assert.ok(
      receiver.requests.some((request) => request.url === '/flaky/fw' && request.body.toString() === 'forward me'),
    );
    await assertAccessible(page, 'deliveries');

    // A destination that is down: one attempt, failed; retried by hand once it is back.
    await page.getByRole('button', { name: 'Settings' }).click();
    await section.getByLabel('Destination URL').fill(`${receiver.url}/down`);
    await section.getByLabel('Attempts').fill('1');
    await section.getByRole('button', { name: 'Save forwarding' }).click();
    await section.getByText('Saved: every request from now on is forwarded.').waitFor();
    await page.getByRole('button', { name: 'Close settings' }).click();
    await ingest(url, { path: '/fw2', body: 'second' });
    await row(page, '/fw2').click();
    await page.getByRole('tab', { name: 'Forwarding' }).click();
    await page.locator('[data-testid="delivery-state"][data-state="failed"]').waitFor();
    destinationDown = false;
    await page.getByRole('button', { name: 'Retry delivery' }).click();
    await page.locator('[data-testid="delivery-state"][data-state="delivered"]').waitFor();
    assert.equal(await page.getByTestId('delivery-attempts').locator('tbody tr').count(), 2);
    await context.close();
  });
});

describe('at a phone’s width', () => {
  test('settings, the filter, an event and its replay edits fit the screen and stay accessible', async () => {
    const { page, context } = await newPage({ width: 390, height: 844 });
    const { url } = await savedInbox(page, 'Phone inbox');
    await ingest(url, { path: '/mobile', headers: { 'content-type': 'application/json' }, body: '{"phone":true}' });
    await row(page, '/mobile').waitFor();
    await noHorizontalOverflow(page, 'list');
    await page.getByRole('button', { name: /^Filters/ }).click();
    await noHorizontalOverflow(page, 'filters');
    // On a phone the inbox's actions are one menu.
    await page.getByRole('button', { name: 'Inbox actions' }).click();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('inbox-settings').waitFor();
    assert.equal(await page.locator('.list-pane').isVisible(), false, 'the panel takes the screen');
    await noHorizontalOverflow(page, 'settings');
    await assertAccessible(page, 'settings on a phone');
    await page.getByTestId('inbox-settings').getByRole('button', { name: 'Back to the list' }).click();
    await row(page, '/mobile').click();
    await page.getByRole('tab', { name: 'Replay' }).click();
    await page.getByLabel('Edit the request first').check();
    await noHorizontalOverflow(page, 'replay edits');
    await assertAccessible(page, 'replay edits on a phone');
    await context.close();
  });
});
