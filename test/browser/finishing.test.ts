import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import { newPage, rig, savedInbox, useFeatureRig, waitForTypeCount } from './features-support.js';
import { assertAccessible, createInboxFromHome, ingest, row } from './support.js';

// Smaller defects a new user met, each as a person sees it in Chromium: the template editor's
// messages, the event types page's breadcrumb and highlighted type, and "Compare with previous".

useFeatureRig();

describe('the template editor', () => {
  test('a fixed template drops the old failure, and a tag left open is quoted as typed', async () => {
    const { page, context } = await newPage();
    await page.goto(`${rig.rehook.apiUrl}/`);
    const { url } = await createInboxFromHome(page);
    await ingest(url, { path: '/t', body: '{"data":{"object":{"id":"in_1"}}}' });
    await row(page, '/t').waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByTestId('response-settings');
    const body = section.getByLabel('Body').first();
    await section.getByText(/^Template: rendered per request/).click();

    // A tag left open: the save is refused, and the message shows the tag as typed.
    await body.fill('{{ body.data.object.id"}');
    await page.getByRole('button', { name: 'Save response' }).click();
    const refusal = section.locator('.error, [role="alert"]').filter({ hasText: 'not closed' });
    await refusal.waitFor();
    const text = (await refusal.textContent()) ?? '';
    assert.match(text, /`\{\{ body\.data\.object\.id"\}` not closed/);
    assert.doesNotMatch(text, /\\"/, 'no escaped quote');

    // An unknown filter fails in the preview; fixed and saved, the failure is gone.
    await body.fill('{{ method | shout }}');
    await section.getByRole('button', { name: 'Preview' }).click();
    await section.getByText(/shout/).first().waitFor();
    await body.fill('{{ method | upcase }}');
    await page.getByRole('button', { name: 'Save response' }).click();
    await section.getByText('Saved: the inbox answers this from now on.').waitFor();
    assert.equal(await section.getByText(/shout/).count(), 0, 'the old failure is still shown');
    await assertAccessible(page, 'response settings after a fix');
    await context.close();
  });
});

describe('polish', () => {
  test("event types: the breadcrumb names the inbox, the table is the app's, the chosen type is highlighted", async () => {
    const { page, context } = await newPage();
    const { url, inboxId } = await savedInbox(page, 'Stripe live');
    for (const type of ['invoice.paid', 'charge.failed']) {
      await ingest(url, {
        path: '/s',
        headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
        body: JSON.stringify({ type, id: 'evt_1', object: 'event', data: { object: { amount: 5 } } }),
      });
    }
    await waitForTypeCount(page, inboxId, 'charge.failed', 1);
    await page.goto(`${rig.rehook.apiUrl}/inboxes/${inboxId}/types/charge.failed`);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    await crumbs.getByRole('link', { name: 'Stripe live' }).waitFor();
    const table = page.getByTestId('types-table');
    await table.waitFor();
    assert.match((await table.getAttribute('class')) ?? '', /\btable\b/, "the app's table style");
    const chosen = table.locator('tr[aria-current="true"]');
    assert.equal(await chosen.count(), 1);
    assert.match((await chosen.textContent()) ?? '', /charge\.failed/);
    const background = (row: ReturnType<typeof table.locator>) =>
      row
        .locator('td')
        .first()
        .evaluate((cell: any) => (globalThis as any).getComputedStyle(cell).backgroundColor);
    const other = table.locator('tbody tr:not([aria-current])').first();
    assert.notEqual(await background(chosen), await background(other), 'the chosen type is highlighted');
    await assertAccessible(page, 'event types');
    await context.close();
  });

  test('"Compare with previous" has its own icon; a filter is a step Back undoes; the template hint names no file', async () => {
    const { page, context } = await newPage();
    const { url, inboxId } = await savedInbox(page, 'Polish');
    await ingest(url, { path: '/one', body: '{"type":"a.b","n":1}' });
    await ingest(url, { path: '/two', body: '{"type":"a.b","n":2}' });
    await row(page, '/two').click();
    const compare = page.getByRole('button', { name: 'Compare with previous' });
    await compare.waitFor();
    // The headers come before the body, not after the whole of it.
    const top = async (id: string) => (await page.locator(`#${id}`).boundingBox())?.y ?? Number.NaN;
    assert.ok((await top('headers-title')) < (await top('body-title')), 'headers after the body');
    const iconOf = (button: ReturnType<typeof page.locator>) => button.locator('svg path').first().getAttribute('d');
    assert.notEqual(await iconOf(compare), await iconOf(page.getByRole('button', { name: 'Filters' })));

    // Filtering adds a history entry: Back shows the list unfiltered, on the same page.
    await page.goto(`${rig.rehook.apiUrl}/inboxes/${inboxId}`);
    await row(page, '/one').waitFor();
    await page.getByPlaceholder(/Search path/).fill('two');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL(/[?&]q=two/);
    await page.goBack();
    await page.waitForURL((current) => current.pathname === `/inboxes/${inboxId}` && current.search === '');
    await row(page, '/one').waitFor();

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const hint = page.getByTestId('response-settings').getByText(/^Template: rendered per request/);
    await hint.waitFor();
    assert.doesNotMatch((await hint.textContent()) ?? '', /docs\//);
    await context.close();
  });
});

describe('a name of 100 characters', () => {
  // One unbroken word, as a pasted id or URL is.
  const NAME = `Payments-${'staging_webhooks_'.repeat(6)}`.slice(0, 100);
  for (const [width, height] of [
    [1280, 860],
    [390, 844],
  ] as const) {
    test(`keeps every action in reach at ${width} px`, async () => {
      const { page, context } = await newPage({ width, height });
      await savedInbox(page, NAME);
      // The rename pencil of the inbox page.
      await assertInView(page, page.getByRole('button', { name: 'Rename the inbox' }), 'the rename pencil');
      await page.screenshot({ path: `/tmp/rehook-long-name-inbox-${width}.png` });

      // The dashboard's Rename and Delete, and the delete confirmation.
      await page.goto(`${rig.rehook.apiUrl}/dashboard`);
      const rename = page.getByRole('button', { name: `Rename ${NAME}` });
      await assertInView(page, rename, 'Rename');
      const row = page.getByTestId('inbox-table').locator('tbody tr').first();
      const remove = row.getByRole('button', { name: 'Delete' });
      await assertInView(page, remove, 'Delete');
      await remove.click();
      await assertInView(page, row.getByRole('button', { name: /Delete inbox/ }), 'the delete confirmation');
      // The confirmation names the inbox, whole: inside the window and the card, its text not cut.
      const question = row.getByTestId('confirm-question');
      await assertInView(page, question, 'the question naming the inbox');
      assert.ok(((await question.textContent()) ?? '').includes(NAME), 'the confirmation does not name the inbox');
      const clipped = await question.evaluate((element: any) => element.scrollWidth - element.clientWidth);
      assert.ok(clipped <= 0, `the question's text runs ${clipped} px past its box`);
      const tableCard = page.locator('.table-card').first();
      const wider = await tableCard.evaluate((element: any) => element.scrollWidth - element.clientWidth);
      assert.ok(wider <= 0, `the confirmation widens the table by ${wider} px`);
      await page.screenshot({ path: `/tmp/rehook-long-name-dashboard-${width}.png`, fullPage: true });
      await page.keyboard.press('Escape');

      // The token page's inbox checkboxes stay inside their card.
      await page.goto(`${rig.rehook.apiUrl}/settings/tokens`);
      const choice = page.locator('.token-inboxes label.check').first();
      await choice.waitFor();
      const [box, card] = await Promise.all([choice.boundingBox(), page.locator('.token-form').first().boundingBox()]);
      assert.ok(
        box !== null && card !== null && box.x + box.width <= card.x + card.width + 1,
        'the checkbox label overflows',
      );
      await page.screenshot({ path: `/tmp/rehook-long-name-tokens-${width}.png`, fullPage: true });
      await context.close();
    });
  }
});

describe('the "Try it" command', () => {
  for (const width of [1280, 1024]) {
    test(`is seen whole at ${width} px, its copy unchanged`, async () => {
      const { page, context } = await newPage({ width, height: 800 });
      await page.goto(`${rig.rehook.apiUrl}/`);
      const { url } = await createInboxFromHome(page);
      const box = page.getByTestId('example-curl');
      await box.waitFor();
      const overflow = await box.evaluate((element: any) => element.scrollWidth - element.clientWidth);
      assert.ok(overflow <= 0, `the command is clipped by ${overflow} px`);
      assert.match(
        (await box.textContent()) ?? '',
        new RegExp(`curl -X POST '${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/hooks/test`),
      );
      await page.screenshot({ path: `/tmp/rehook-try-it-${width}.png` });
      await context.close();
    });
  }
});

describe('a name longer than a name may be', () => {
  test('is kept whole in the field, with a note saying how much to shorten', async () => {
    const { page, context } = await newPage({ width: 390, height: 844 });
    await savedInbox(page, 'Short');
    await page.goto(`${rig.rehook.apiUrl}/dashboard`);
    const field = page.getByLabel('Name of the new inbox');
    const long = 'n'.repeat(123);
    await field.focus();
    await page.keyboard.insertText(long);
    assert.equal(await field.inputValue(), long, 'the pasted text was cut');
    const note = page.getByTestId('name-length-note');
    await note.waitFor();
    assert.match((await note.textContent()) ?? '', /123 characters: a name has at most 100\. Shorten it by 23/);
    await assertAccessible(page, 'dashboard with a long name typed');
    await field.fill('n'.repeat(100));
    assert.equal(await note.count(), 0);
    await context.close();
  });
});

describe('a pasted name longer than a name may be', () => {
  for (const [width, height] of [
    [1280, 860],
    [390, 844],
  ] as const) {
    test(`is kept whole by the dashboard's rename, the profile and the token name at ${width} px`, async () => {
      const { page, context } = await newPage({ width, height });
      await savedInbox(page, 'Short');
      const long = 'p'.repeat(130);
      /** Pastes `long` into the field: all of it stays, and the note says by how much to shorten it. */
      const pasteKeepsAll = async (field: Locator, what: string) => {
        await field.focus();
        await field.fill('');
        await page.keyboard.insertText(long);
        assert.equal(await field.inputValue(), long, `${what}: the pasted text was cut`);
        const noteId = await field.getAttribute('aria-describedby');
        assert.ok(noteId !== null, `${what}: the field names no note`);
        const note = page.locator(`[id="${noteId}"]`);
        await note.waitFor();
        assert.match((await note.textContent()) ?? '', /130 characters: a name has at most 100\. Shorten it by 30/);
        await assertInView(page, note, `${what}: the note`);
        await assertAccessible(page, `${what} with a long name pasted at ${width} px`);
      };

      await page.goto(`${rig.rehook.apiUrl}/dashboard`);
      await page.getByRole('button', { name: 'Rename Short' }).click();
      await pasteKeepsAll(page.getByLabel('New name'), 'the dashboard rename');
      await page.screenshot({ path: `/tmp/rehook-long-paste-dashboard-${width}.png`, fullPage: true });

      await page.goto(`${rig.rehook.apiUrl}/settings`);
      await pasteKeepsAll(page.getByLabel('Display name'), 'the display name');
      await page.screenshot({ path: `/tmp/rehook-long-paste-profile-${width}.png`, fullPage: true });

      await page.goto(`${rig.rehook.apiUrl}/settings/tokens`);
      await pasteKeepsAll(page.getByLabel('Token name'), 'the token name');
      await page.screenshot({ path: `/tmp/rehook-long-paste-tokens-${width}.png`, fullPage: true });
      await context.close();
    });
  }
});

/** The element is shown, whole, inside the window's width. */
async function assertInView(page: Page, element: Locator, what: string): Promise<void> {
  await element.waitFor();
  const box = await element.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  assert.ok(
    box !== null && box.x >= 0 && box.x + box.width <= width + 1,
    `${what} is out of the window: ${JSON.stringify(box)}`,
  );
}
