import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { prettyJsonText } from '../../ui/src/lib/body/parse.js';
import { HOSTILE_BODIES as CASES, PWN } from './hostile-bodies.js';
import {
  assertAccessible,
  assertNothingRan,
  createInboxFromHome,
  ingest,
  row,
  startRig,
  type BrowserRig,
} from './support.js';

// Functions passed to page.evaluate run in the browser; this file is type-checked without the DOM library.
declare const window: any;
declare const document: any;

// Bodies built to break an inspector (./hostile-bodies.ts). Each must open (its pane shows
// something), let every view and tab be clicked, run nothing, throw nothing uncaught and keep
// the DOM small.
// One server, one browser, one page for them all.

let rig: BrowserRig;
let page: Page;
const pageErrors: string[] = [];

before(async () => {
  rig = await startRig();
  page = await rig.open('/');
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const { url } = await createInboxFromHome(page);
  for (const { path, type, body } of CASES) await ingest(url, { path, headers: { 'content-type': type }, body });
  await page.locator('.list-count', { hasText: `${CASES.length} requests` }).waitFor();
});

after(async () => {
  await rig?.close();
});

/** The body view's pane (below its toolbar) shows some text. */
async function assertBodyShown(what: string): Promise<void> {
  const pane = page
    .locator('.body-view[data-state="ready"] > :not(.body-toolbar):not(.body-find), .body-empty')
    .first();
  await pane.waitFor();
  const text = (await pane.textContent()) ?? '';
  assert.ok(text.trim().length > 0, `${what}: the body pane is blank`);
}

/** Nothing ran, nothing threw uncaught, and the page holds no huge table. */
async function assertSafe(what: string): Promise<void> {
  await assertNothingRan(page);
  assert.equal(await page.evaluate(() => window.__pwned ?? null), null, `${what}: a payload ran`);
  // Emptied at each check, so one event's error is reported against that event only.
  assert.deepEqual(pageErrors.splice(0), [], `${what}: uncaught page errors`);
  const rows = await page.evaluate(() => document.querySelectorAll('tr').length);
  assert.ok(rows < 1_000, `${what}: ${rows} table rows in the DOM`);
}

/**
 * The curl tab's click and the wait for its command have no limit of their own (the file's
 * 10-minute limit still ends a hang). The server builds the command when the tab asks for it, in
 * this process (the test's Rehook runs here): for the 10 MiB binary body, a 28 MB command and a
 * 34 MB answer, which hold this process's event loop, and with it Playwright's timers, for
 * seconds of CPU (several times that on a loaded machine). A 30 s limit then measures the load.
 */
const UNBOUNDED = { timeout: 0 };

/** Opens an event, clicks every body view and every tab, and checks each shows something. */
async function exerciseEvent(path: string): Promise<void> {
  await row(page, path).click();
  await page.locator('.inspector-path', { hasText: path }).waitFor();
  await page.locator('.facts').waitFor();
  await assertBodyShown(`${path} on opening`);
  const views = await page.locator('.body-view fieldset.segmented .segment').allTextContents();
  for (const view of views) {
    await page.locator('.body-view .segment', { hasText: new RegExp(`^${view}$`) }).click();
    await page.locator('.body-view .segment[aria-pressed="true"]', { hasText: new RegExp(`^${view}$`) }).waitFor();
    await assertBodyShown(`${path} as ${view}`);
  }
  const panel = page.locator('#inspector-panel');
  for (const tab of ['Raw', 'curl', 'Replay', 'Request']) {
    const wait = tab === 'curl' ? UNBOUNDED : {};
    await page.getByRole('tab', { name: tab, exact: true }).click(wait);
    await page.locator(`#inspector-tab-${tab.toLowerCase()}[aria-selected="true"]`).waitFor(wait);
    if (tab === 'curl') {
      // The tab has responded once its command (or why there is none) is shown, not its spinner.
      await panel.getByTestId('curl-command').or(panel.getByRole('alert')).first().waitFor(wait);
      assert.equal(await panel.getByRole('alert').count(), 0, `${path}: the curl tab shows an error`);
    }
    const text = (await panel.textContent()) ?? '';
    assert.ok(text.trim().length > 0, `${path}: the ${tab} tab is blank`);
  }
  await assertSafe(path);
}

describe('hostile bodies in the inspector', () => {
  for (const { path } of CASES) {
    test(`${path}: opens, every view and tab responds, nothing runs or throws`, async () => {
      await exerciseEvent(path);
    });
  }

  test('JSON nested 100,000 deep says what it skipped and offers the other views, the Raw tab and the download', async () => {
    await row(page, '/deep-json').click();
    const skipped = page.getByTestId('view-skipped');
    await skipped.filter({ hasText: /nested deeper than 256 levels/ }).waitFor();
    await skipped.locator('a', { hasText: 'Download body' }).waitFor();
    await assertAccessible(page, 'a body view that skipped a body');
    await skipped.getByRole('button', { name: 'Show as Text' }).click();
    await page.locator('.body-view pre[aria-label="Body text"]').waitFor();
    await page.getByRole('button', { name: 'JSON', exact: true }).click();
    await page.getByTestId('view-skipped').getByRole('button', { name: 'Open the Raw tab' }).click();
    await page.getByTestId('raw-request').waitFor();
    await page.getByRole('tab', { name: 'Request', exact: true }).click();
    await assertSafe('deep JSON');
  });

  test('a 50,000-field form shows its first rows, and Show more adds the next ones', async () => {
    await row(page, '/big-form').click();
    const form = page.locator('table', { has: page.locator('caption', { hasText: 'Form fields' }) });
    await form.locator('tbody tr').first().waitFor();
    assert.equal(await form.locator('tbody tr').count(), 100);
    const more = page.getByTestId('show-more').filter({ hasText: 'of 50,000 rows' });
    await assertAccessible(page, 'a form table with Show more');
    await more.getByRole('button').click();
    await form.locator('tbody tr').nth(199).waitFor();
    assert.equal(await form.locator('tbody tr').count(), 200);
    assert.match((await form.locator('tbody tr').nth(199).textContent()) ?? '', /field199\s*value 199/);
    await assertSafe('big form');
  });

  test('a 1 MB line renders a first part with Show more', async () => {
    await row(page, '/long-line').click();
    const text = page.locator('.body-view pre[aria-label="Body text"]');
    await text.waitFor();
    const shown = (await text.textContent())?.length ?? 0;
    assert.ok(shown > 0 && shown < 1024 * 1024, `${shown} characters rendered at once`);
    await page.getByTestId('show-more').getByRole('button').click();
    await page.waitForFunction(
      (before) => (document.querySelector('.body-view pre[aria-label="Body text"]')?.textContent.length ?? 0) > before,
      shown,
    );
    await assertSafe('long line');
  });

  test('multipart names full of markup stay text, and only the first parts are rendered', async () => {
    await row(page, '/many-parts').click();
    await page.locator('.parts .part').first().waitFor();
    assert.equal(await page.locator('.parts .part').count(), 50);
    await page.getByText(`${PWN} part 0`, { exact: true }).first().waitFor();
    await page.getByTestId('show-more').filter({ hasText: 'of 1,000 parts' }).waitFor();
    await assertSafe('multipart');
  });

  test('UTF-16 bodies are read as text: invalid sequences as U+FFFD with a note, Hex kept', async () => {
    await row(page, '/bad-utf16').click();
    const text = page.locator('.body-view pre[aria-label="Body text"]');
    await text.waitFor();
    assert.equal(await text.textContent(), 'a<\uFFFDb\uFFFD');
    await page.getByTestId('body-decoding').filter({ hasText: 'Read as UTF-16LE. Invalid sequences' }).waitFor();
    await page.getByRole('button', { name: 'Hex', exact: true }).click();
    await page.locator('.body-view pre[aria-label="Body as hexadecimal bytes"]', { hasText: '61 00 3c 00' }).waitFor();
    await row(page, '/utf16-json').click();
    await page.locator('.body-view[data-kind="json"] pre[aria-label="JSON body"]', { hasText: '"n": 1' }).waitFor();
    await assertSafe('UTF-16');
  });

  test('Find in the body searches all of a 10 MiB JSON body, counts the matches and moves between them', async () => {
    const body = CASES.find((c) => c.path === '/big-json')?.body as string;
    const pretty = prettyJsonText(body, { maxDepth: 256, maxTokens: Number.MAX_SAFE_INTEGER, maxChars: 1e9 });
    const lineOf = (at: number) => pretty.slice(0, at).split('\n').length;
    const count = (query: string) => pretty.split(query).length - 1;
    await row(page, '/big-json').click();
    await page.locator('.body-view[data-kind="json"] pre[aria-label="JSON body"]').waitFor();
    const find = page.getByRole('searchbox', { name: 'Find in the body' });
    const status = page.getByTestId('find-count');
    const current = page.locator('.body-find-matches li[aria-current="true"]');

    // The last record, megabytes below what the view renders.
    const last = /"name":"(item \d+)"[^{]*\]$/.exec(body)?.[1] ?? '';
    await find.fill(last.toUpperCase());
    await find.press('Enter');
    await status.filter({ hasText: /^1 of 1 match$/ }).waitFor();
    const line = lineOf(pretty.indexOf(`"${last}"`));
    assert.ok(line > 900_000, `line ${line}`);
    await current.filter({ hasText: `line ${line.toLocaleString('en')}: ` }).waitFor();
    assert.equal(await page.getByRole('button', { name: 'Next', exact: true }).count(), 0);

    // Many matches: the count covers them all; Next and Previous step through them and wrap.
    const query = 'item 1000';
    const total = count(`"${query}`);
    assert.ok(total > 1, `${total} matches`);
    await find.fill(query);
    await find.press('Enter');
    await status.filter({ hasText: `1 of ${total} matches` }).waitFor();
    await current.filter({ hasText: `"${query}"` }).waitFor();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await status.filter({ hasText: `2 of ${total} matches` }).waitFor();
    await current.filter({ hasText: `"${query}0"` }).waitFor();
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await status.filter({ hasText: `${total} of ${total} matches` }).waitFor();
    const lastAt = pretty.lastIndexOf(`"${query}`);
    await current.filter({ hasText: `line ${lineOf(lastAt).toLocaleString('en')}: ` }).waitFor();
    await assertAccessible(page, 'find in the body with matches');
    await assertSafe('find in the body');
  });
});
