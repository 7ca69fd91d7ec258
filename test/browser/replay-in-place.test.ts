import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { newPage, receiver, savedInbox, useFeatureRig } from './features-support.js';
import { PHONE } from './phone-support.js';
import { ingest, row } from './support.js';

// After a replay its result appears in place: the document does not scroll or grow, the inbox
// bar stays where it was under the top bar, and no blank band opens at the bottom. At 1280 px
// and 390 px, light and dark; the pages are photographed to /tmp/rehook-replay-in-place-*.png.

useFeatureRig();

declare const document: any;

/** Where things are: the document's scroll, its height, and the inbox bar's top edge. */
async function layout(page: Page): Promise<{ scrollTop: number; scrollHeight: number; barTop: number }> {
  return page.evaluate(() => ({
    scrollTop: document.scrollingElement.scrollTop,
    scrollHeight: document.scrollingElement.scrollHeight,
    barTop: Math.round(document.querySelector('.inbox-bar').getBoundingClientRect().top),
  }));
}

describe('replaying', () => {
  for (const [width, height] of [
    [1280, 800],
    [PHONE.width, PHONE.height],
  ] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`shows the result in place at ${width} px, ${scheme}: nothing else moves`, async () => {
        const { page, context } = await newPage({ width, height });
        await page.emulateMedia({ colorScheme: scheme });
        const { url } = await savedInbox(page, `In place ${width} ${scheme}`);
        await ingest(url, { path: '/jump', body: JSON.stringify({ type: 'invoice.paid', amount: 100 }) });
        await row(page, '/jump').click();
        await page.getByRole('tab', { name: 'Replay' }).click();
        await page.getByLabel('Destination URL').fill(`${receiver.url}/in-place`);
        const before = await layout(page);
        await page.getByRole('button', { name: 'Replay', exact: true }).click();
        await page.getByTestId('replay-result').waitFor();
        // The history below reloads after the result: wait for it, so the layout is the final one.
        await page.getByTestId('replay-outcome').focus();
        await page.waitForFunction(() => document.querySelectorAll('[data-testid="replay-result"]').length > 0);
        const afterReplay = await layout(page);
        await page.screenshot({ path: `/tmp/rehook-replay-in-place-${width}-${scheme}.png` });
        assert.equal(afterReplay.scrollTop, before.scrollTop, 'the document scrolled');
        assert.equal(afterReplay.barTop, before.barTop, 'the inbox bar moved');
        if (width > PHONE.width) {
          // The desktop layout fits the window: the panes scroll, never the document.
          assert.equal(afterReplay.scrollHeight, before.scrollHeight, 'the document grew');
        }
        // The result is in view, in its pane.
        const box = await page.getByTestId('replay-result').boundingBox();
        assert.ok(box !== null && box.y < height && box.y + Math.min(box.height, 40) > 0, 'the result is in view');
        await context.close();
      });
    }
  }
});
