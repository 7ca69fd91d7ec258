import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { columnShare, makeEveryClockReadAnHourLater } from './polish-support.js';
import { newPage, receiver, rig, savedInbox, signUp, useFeatureRig } from './features-support.js';
import { createInboxFromHome, ingest, row, waitLive } from './support.js';

// Polish of the web app found by a picky user, in real headless Chromium against a real server:
// bulk replay outcomes by class with each result named by its request, narrow "#" columns, the
// token revoke confirmation, the shared view's badges, forwarding's state line, one clock per
// render for relative times, and Export on an empty inbox. Every wait is on a condition.

useFeatureRig({
  route: (req, res) => {
    if (!req.url.startsWith('/broken')) return false;
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.end('boom');
    return true;
  },
});

/** A job's results table is a fixed-layout table of four columns: "#" gets much less than a quarter. */
const INDEX_COLUMN_MAX_SHARE = 0.12;

describe('bulk replay outcomes', () => {
  test('six sends answered 500 read as 5xx 6 and 6 failed, each row named by method and path, a narrow # column', async () => {
    const { page, context } = await newPage();
    await signUp(page);
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    for (const n of [1, 2, 3, 4, 5, 6]) await ingest(url, { path: `/orders/${n}`, body: `order ${n}` });
    await row(page, '/orders/6').waitFor();

    await page.getByRole('button', { name: 'Replay many' }).click();
    await page.getByLabel('Destination URL').fill(`${receiver.url}/broken`);
    await page.getByRole('button', { name: 'Start replaying' }).click();
    const job = page.getByTestId('replay-job');
    await job.locator('[data-testid="job-state"][data-state="completed"]').waitFor();

    const counts = (await job.getByTestId('job-counts').textContent()) ?? '';
    assert.match(counts, /6 of 6 done · 0 succeeded · 6 failed/);
    assert.doesNotMatch(counts, /answered/);
    const outcome = async (label: string) =>
      ((await job.locator(`[data-testid="job-outcomes"] [data-outcome="${label}"]`).textContent()) ?? '').trim();
    assert.equal(await outcome('5xx'), '5xx 6');
    assert.equal(await outcome('2xx'), '2xx 0');
    assert.equal(await outcome('unreachable'), 'unreachable 0');

    const results = job.getByTestId('job-results');
    const requests = await results.locator('tbody tr td:nth-child(2)').allTextContents();
    assert.deepEqual(
      requests.map((text) => text.replace(/\s+/g, ' ').trim()),
      [1, 2, 3, 4, 5, 6].map((n) => `POST /orders/${n}`),
    );
    assert.equal(await results.locator('tbody tr', { hasText: 'evt_' }).count(), 0);
    const share = await columnShare(results, '#');
    assert.ok(share < INDEX_COLUMN_MAX_SHARE, `the # column takes ${Math.round(share * 100)}% of the table`);
    await context.close();
  });
});

describe('forwarding and the shared view', () => {
  test('a delivered forward shows its state once and a narrow # column; a read-only viewer sees no Saved badge', async () => {
    const { page, context } = await newPage();
    const { url } = await savedInbox(page, 'Polished inbox');
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByTestId('forwarding-settings');
    await section.getByLabel('Destination URL').fill(`${receiver.url}/forwarded`);
    await section.getByRole('button', { name: 'Save forwarding' }).click();
    await section.getByText('Saved: every request from now on is forwarded.').waitFor();
    await page.getByRole('button', { name: 'Close settings' }).click();

    await ingest(url, { path: '/fw', body: 'forward me' });
    await row(page, '/fw').click();
    await page.getByRole('tab', { name: 'Forwarding' }).click();
    const head = page.locator('.delivery-head');
    await head.locator('[data-testid="delivery-state"][data-state="delivered"]').waitFor();
    // The badge says "delivered"; the same word beside it said nothing more.
    assert.equal(await head.getByText('delivered', { exact: false }).count(), 1);
    const attempts = page.getByTestId('delivery-attempts');
    const share = await columnShare(attempts, '#');
    // Five columns: an equal share would be a fifth.
    assert.ok(share < INDEX_COLUMN_MAX_SHARE, `the # column takes ${Math.round(share * 100)}% of the table`);

    // The owner sees the inbox is saved; a viewer of a read-only link is not told.
    await page.locator('.inbox-bar .badge', { hasText: 'Saved' }).waitFor();
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Create a link' }).click();
    const link = await page.getByTestId('created-share').locator('input').inputValue();
    const viewer = await rig.context();
    const shared = await viewer.newPage();
    await shared.goto(link);
    await waitLive(shared);
    await row(shared, '/fw').waitFor();
    assert.equal(await shared.locator('.inbox-bar .badge', { hasText: 'Saved' }).count(), 0);
    await viewer.close();
    await context.close();
  });
});

describe('API tokens', () => {
  test('the revoke confirmation says "Revoke", with the token name in its accessible name, and the table keeps its width', async () => {
    const { page, context } = await newPage({ width: 900, height: 800 });
    await signUp(page);
    await page.goto(`${rig.rehook.apiUrl}/settings/tokens`);
    const name = 'CI deploy pipeline for the payments-service staging environment';
    await page.getByLabel('Token name').fill(name);
    await page.getByRole('button', { name: 'Create token' }).click();
    await page.getByTestId('created-token').waitFor();
    await page.getByRole('button', { name: `Revoke ${name}`, exact: true }).click();
    const confirm = page.getByRole('button', { name: `Revoke ${name}`, exact: true });
    await confirm.waitFor();
    assert.equal((await confirm.textContent())?.trim(), 'Revoke');
    const overflow = await page
      .locator('table', { hasText: name })
      .evaluate((table: any) => table.scrollWidth - table.parentElement.clientWidth);
    assert.ok(overflow <= 0, `the tokens table is ${overflow}px wider than its box`);
    await confirm.click();
    await page.locator('tr', { hasText: name }).getByText('revoked').waitFor();
    await context.close();
  });
});

describe('the inbox list', () => {
  test('Export is disabled with a reason while the inbox is empty, and offered once a request arrives', async () => {
    const { page, context } = await newPage();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    await waitLive(page);
    const exportButton = page.getByRole('button', { name: 'Export' });
    await exportButton.waitFor();
    assert.equal(await exportButton.isDisabled(), true);
    const reasonId = (await exportButton.getAttribute('aria-describedby')) ?? '';
    assert.match((await page.locator(`[id="${reasonId}"]`).textContent()) ?? '', /no requests yet/);

    await ingest(url, { path: '/first' });
    await row(page, '/first').waitFor();
    await page.locator('.export-menu summary', { hasText: 'Export' }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Export', disabled: true }).count(), 0);
    await context.close();
  });

  test('relative times drawn in one render agree: one clock read per render', async () => {
    const { page, context } = await newPage();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    for (const n of [1, 2, 3]) await ingest(url, { path: `/tick/${n}` });
    await row(page, '/tick/3').waitFor();
    await makeEveryClockReadAnHourLater(page);
    // The ticker redraws every relative time together; wait for that redraw.
    const times = page.locator('.event-row time');
    await page.waitForFunction(
      () =>
        Array.from((globalThis as any).document.querySelectorAll('.event-row time')).every((t: any) =>
          /h ago$/.test(t.textContent),
        ),
      undefined,
      { timeout: 30_000 },
    );
    const shown = await times.allTextContents();
    assert.equal(shown.length, 3);
    assert.equal(new Set(shown).size, 1, `one render showed ${shown.join(', ')}`);
    await context.close();
  });
});
