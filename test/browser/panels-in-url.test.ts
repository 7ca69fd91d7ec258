import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, rig, savedInbox, useFeatureRig } from './features-support.js';
import { assertAccessible, ingest, row } from './support.js';

// The inbox's Settings and Compare panels as addresses (reload, Back and a shared link restore
// them), and settings typed but not saved: asked about before they are dropped, in the app and
// by the browser's own prompt on leaving the page.

useFeatureRig();

const SIZES = [
  [1280, 860],
  [390, 844],
] as const;

/** The inbox bar's Settings button, behind the actions menu on a phone. */
async function openSettings(page: Page, width: number): Promise<void> {
  if (width < 640) await page.getByRole('button', { name: 'Inbox actions' }).click();
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
}

const hasParam = (name: string, value?: string) => (url: URL) =>
  value === undefined ? url.searchParams.has(name) : url.searchParams.get(name) === value;
const lacksParam = (name: string) => (url: URL) => !url.searchParams.has(name);

for (const [width, height] of SIZES) {
  describe(`at ${width} px`, () => {
    test('Settings is in the address: reload keeps it open, Back closes it, Forward opens it again', async () => {
      const { page, context } = await newPage({ width, height });
      const { url, inboxId } = await savedInbox(page, `Panels ${width}`);
      await ingest(url, { path: '/one', body: '{"n":1}' });
      await row(page, '/one').waitFor();

      await openSettings(page, width);
      await page.waitForURL(hasParam('panel', 'settings'));
      await page.getByTestId('forwarding-settings').getByLabel('Destination').waitFor();

      await page.reload();
      await page.getByTestId('inbox-settings').waitFor();
      await page.getByTestId('forwarding-settings').getByLabel('Destination').waitFor();

      await page.goBack();
      await page.waitForURL((current) => current.pathname === `/inboxes/${inboxId}` && current.search === '');
      await page.getByTestId('inbox-settings').waitFor({ state: 'detached' });

      await page.goForward();
      await page.getByTestId('inbox-settings').waitFor();

      // Closing removes it from the address.
      await page.getByRole('button', { name: 'Close settings' }).click();
      await page.waitForURL(lacksParam('panel'));
      await page.getByTestId('inbox-settings').waitFor({ state: 'detached' });
      await context.close();
    });

    test('Compare is in the address: reload keeps the comparison, Back closes it', async () => {
      const { page, context } = await newPage({ width, height });
      const { url } = await savedInbox(page, `Compare ${width}`);
      await ingest(url, { path: '/same', body: '{"type":"a.b","n":1}' });
      await ingest(url, { path: '/same', body: '{"type":"a.b","n":2}' });
      await page.locator('.event-row').nth(1).waitFor();
      await page.locator('.event-row').first().click();
      await page.getByRole('button', { name: 'Compare with previous' }).click();
      await page.waitForURL(hasParam('compare'));
      const view = page.getByTestId('compare-view');
      await view.waitFor();
      const address = page.url();

      await page.reload();
      await view.waitFor();
      await view.getByText('"n": 2').first().waitFor();
      await page.screenshot({ path: `/tmp/urlstate-shots/compare-reloaded-${width}.png` });

      // The link opens the same comparison in another browser of the same account.
      const other = await context.newPage();
      await other.goto(address);
      await other.getByTestId('compare-view').waitFor();
      await other.close();

      await page.goBack();
      await page.waitForURL(lacksParam('compare'));
      await view.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Compare with previous' }).waitFor();
      await context.close();
    });

    test('unsaved settings are asked about before closing, Back or leaving the page, and kept on "Keep editing"', async () => {
      // The question is new on screen: seen light on a desktop and dark on a phone.
      const context = await rig.context({ viewport: { width, height }, colorScheme: width < 640 ? 'dark' : 'light' });
      const page = await context.newPage();
      const { url } = await savedInbox(page, `Dirty ${width}`);
      await ingest(url, { path: '/one', body: '{"n":1}' });
      await row(page, '/one').waitFor();
      await openSettings(page, width);
      const destination = page.getByTestId('forwarding-settings').getByLabel('Destination');
      await destination.fill('https://example.com/not-saved-yet');

      // Closing the panel asks; keeping the changes keeps the panel, the address and the text.
      await page.getByRole('button', { name: 'Close settings' }).click();
      const ask = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
      await ask.waitFor();
      await page.screenshot({ path: `/tmp/urlstate-shots/leave-dialog-${width}.png` });
      await assertAccessible(page, 'the question before unsaved settings are dropped');
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'hidden' });
      assert.equal(await destination.inputValue(), 'https://example.com/not-saved-yet');
      assert.equal(new URL(page.url()).searchParams.get('panel'), 'settings');

      // Back asks too, and staying puts the address back.
      await page.goBack();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await page.waitForURL(hasParam('panel', 'settings'));
      assert.equal(await destination.inputValue(), 'https://example.com/not-saved-yet');

      // A link elsewhere in the app asks.
      await page.getByRole('link', { name: 'Rehook home' }).click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'hidden' });
      assert.equal(await destination.inputValue(), 'https://example.com/not-saved-yet');

      // Leaving the page: the browser's own prompt, while the form is changed.
      const prompt = page.waitForEvent('dialog');
      await page.close({ runBeforeUnload: true });
      const shown = await prompt;
      assert.equal(shown.type(), 'beforeunload');
      await shown.dismiss();
      assert.equal(page.isClosed(), false, 'dismissing the prompt keeps the page');
      assert.equal(await destination.inputValue(), 'https://example.com/not-saved-yet');

      // Discarding closes the panel; leaving the page then asks nothing.
      await page.getByRole('button', { name: 'Close settings' }).click();
      await ask.getByRole('button', { name: 'Discard changes' }).click();
      await page.waitForURL(lacksParam('panel'));
      await page.getByTestId('inbox-settings').waitFor({ state: 'detached' });
      const outcome = Promise.race([
        page.waitForEvent('close').then(() => 'closed'),
        page.waitForEvent('dialog').then(async (dialog) => {
          await dialog.dismiss();
          return `asked: ${dialog.type()}`;
        }),
      ]);
      await page.close({ runBeforeUnload: true });
      assert.equal(await outcome, 'closed');
      await context.close();
    });

    test('a saved form asks nothing', async () => {
      const { page, context } = await newPage({ width, height });
      await savedInbox(page, `Saved ${width}`);
      await openSettings(page, width);
      const section = page.getByTestId('drift-settings');
      await section.getByLabel('Events before drift is judged').fill('20');
      await section.getByRole('button', { name: 'Save minimum' }).click();
      await section.getByRole('status').waitFor();
      await page.getByRole('button', { name: 'Close settings' }).click();
      await page.waitForURL(lacksParam('panel'));
      assert.equal(await page.getByRole('dialog').count(), 0);
      await context.close();
    });
  });
}
