import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { assertNothingRan, createInboxFromHome, ingest, row, startRig, type BrowserRig } from './support.js';

// Functions passed to page.evaluate run in the browser; this file is type-checked without the DOM library.
declare const window: any;
declare const document: any;

// Bodies built to break an inspector: nesting past any stack, tens of thousands of fields, a
// megabyte without a line break, entity bombs, a thousand multipart parts with markup for
// names, lying content types and invalid UTF-8. Each must open (its pane shows something), let
// every view and tab be clicked, run nothing, throw nothing uncaught and keep the DOM small.
// One server, one browser, one page for them all.

const PWN = `<img src=x onerror="window.__pwned=1">`;
const BOUNDARY = 'hostile-boundary';

function multipartBody(parts: number): string {
  let body = '';
  for (let i = 0; i < parts; i += 1) {
    body += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${PWN}${i}"; filename="<script>window.__pwned=1</script>"\r\n`;
    body += `Content-Type: text/html\r\n\r\n${PWN} part ${i}\r\n`;
  }
  return `${body}--${BOUNDARY}--\r\n`;
}

const BOMB = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
  { length: 9 },
  (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
).join('')}]><lolz>&lol9;</lolz>`;

const CASES: readonly { path: string; type: string; body: string | Uint8Array }[] = [
  { path: '/deep-json', type: 'application/json', body: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  {
    path: '/big-form',
    type: 'application/x-www-form-urlencoded',
    body: Array.from({ length: 50_000 }, (_, i) => `field${i}=value+${i}`).join('&'),
  },
  { path: '/long-line', type: 'text/plain', body: 'x'.repeat(1024 * 1024) },
  { path: '/deep-xml', type: 'application/xml', body: `${'<a>'.repeat(50_000)}${'</a>'.repeat(50_000)}` },
  { path: '/xml-bomb', type: 'application/xml', body: BOMB },
  { path: '/many-parts', type: `multipart/form-data; boundary=${BOUNDARY}`, body: multipartBody(1_000) },
  { path: '/json-as-text', type: 'text/plain', body: JSON.stringify({ html: PWN, big: 1, list: [PWN] }) },
  {
    path: '/binary-as-json',
    type: 'application/json',
    body: new Uint8Array([0x7b, 0x00, 0xff, 0xfe, 0x80, 0x22, 0x01]),
  },
  { path: '/bad-utf8', type: 'text/plain; charset=utf-8', body: new Uint8Array([0x61, 0xc3, 0x28, 0xe2, 0x82, 0x3c]) },
];

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
  const pane = page.locator('.body-view > :not(.body-toolbar)').first();
  await pane.waitFor();
  const text = (await pane.textContent()) ?? '';
  assert.ok(text.trim().length > 0, `${what}: the body pane is blank`);
}

/** Nothing ran, nothing threw uncaught, and the page holds no huge table. */
async function assertSafe(what: string): Promise<void> {
  await assertNothingRan(page);
  assert.equal(await page.evaluate(() => window.__pwned ?? null), null, `${what}: a payload ran`);
  assert.deepEqual(pageErrors, [], `${what}: uncaught page errors`);
  const rows = await page.evaluate(() => document.querySelectorAll('tr').length);
  assert.ok(rows < 1_000, `${what}: ${rows} table rows in the DOM`);
}

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
  for (const tab of ['Raw', 'curl', 'Replay', 'Request']) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await page.locator(`#inspector-tab-${tab.toLowerCase()}[aria-selected="true"]`).waitFor();
    const panel = (await page.locator('#inspector-panel').textContent()) ?? '';
    assert.ok(panel.trim().length > 0, `${path}: the ${tab} tab is blank`);
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
});
