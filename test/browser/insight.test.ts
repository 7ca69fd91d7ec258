import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertAccessible, docsScreenshot, ingest, row } from './support.js';
import { newPage, savedInbox, useFeatureRig, waitForTypeCount } from './features-support.js';

// Comparing two events and previewing a templated answer, in real headless Chromium against a
// real server. REHOOK_WRITE_SCREENSHOTS=1 also writes docs/screenshots/{compare,response-template}.png
// (light mode, 1280x860).

useFeatureRig();

const VIEWPORT = { width: 1280, height: 860 };

const FIRST = {
  id: 'evt_1',
  type: 'invoice.created',
  data: { object: { id: 'in_1', status: 'draft', amount_due: 4200, customer: 'cus_9' } },
  livemode: false,
};
const SECOND = {
  id: 'evt_2',
  type: 'invoice.paid',
  data: { object: { id: 'in_1', status: 'paid', amount_due: 0, customer: 'cus_9', paid_at: 1764240000 } },
  livemode: false,
};

const RETRIED = {
  id: 'evt_3',
  type: 'invoice.paid',
  data: {
    object: { id: 'in_1', status: 'paid', amount_due: 0, customer: 'cus_9', paid_at: 1764240000, attempt_count: 2 },
  },
  livemode: false,
};

describe('insight in the web app', () => {
  test('two ticked requests compare side by side; "compare with previous" finds the same event type', async () => {
    const { page } = await newPage(VIEWPORT);
    const { url, inboxId } = await savedInbox(page, 'Stripe');
    const json = { 'content-type': 'application/json' };
    await ingest(url, {
      path: '/stripe',
      headers: { ...json, 'stripe-signature': 't=1,v1=a' },
      body: JSON.stringify(FIRST),
    });
    await ingest(url, { path: '/github', headers: json, body: '{"zen":"x"}' });
    await ingest(url, {
      path: '/stripe',
      headers: { ...json, 'stripe-signature': 't=2,v1=b' },
      body: JSON.stringify(SECOND),
    });
    // The same event type sent to another path: a retry endpoint of the same Stripe account.
    await ingest(url, {
      path: '/stripe/retry',
      headers: { ...json, 'stripe-signature': 't=3,v1=c' },
      body: JSON.stringify(RETRIED),
    });
    // Text has no event type: "previous" falls back to the same method and path.
    await ingest(url, { path: '/notes', headers: { 'content-type': 'text/plain' }, body: 'first note' });
    await ingest(url, { path: '/notes', headers: { 'content-type': 'text/plain' }, body: 'second note' });
    await row(page, '/github').waitFor();
    await page.locator('.event-row').nth(5).waitFor();

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByLabel('Select POST /stripe', { exact: true }).nth(0).check();
    await page.getByLabel('Select POST /stripe', { exact: true }).nth(1).check();
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const view = page.getByTestId('compare-view');
    await view.getByText('/data/object/status: "draft" → "paid"').waitFor();
    await view.getByText('/data/object/paid_at: 1764240000').waitFor();
    await view.getByText('stripe-signature: t=1,v1=a → t=2,v1=b').waitFor();
    // The side-by-side rows mark the changed lines on both sides.
    const changed = view.locator('tr.sbs-changed');
    assert.ok((await changed.count()) >= 2, 'changed lines are marked');
    await view.locator('tr.sbs-changed', { hasText: '"draft"' }).waitFor();
    await assertAccessible(page, 'compare view');
    await docsScreenshot(page, 'compare');
    // Dark mode and a phone's width: readable, accessible, nothing scrolls the page sideways.
    await page.emulateMedia({ colorScheme: 'dark' });
    await assertAccessible(page, 'compare view, dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await view.getByText('/data/object/status: "draft" → "paid"').waitFor();
    const widths = await page.evaluate(() => {
      const root = (globalThis as unknown as { document: { scrollingElement: { scrollWidth: number } } }).document
        .scrollingElement;
      return { scroll: root.scrollWidth, inner: (globalThis as unknown as { innerWidth: number }).innerWidth };
    });
    assert.ok(widths.scroll <= widths.inner, `the compare view scrolls sideways at 390 px (${widths.scroll})`);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(VIEWPORT);
    await page.getByRole('button', { name: 'Close the comparison' }).click();
    await page.getByRole('button', { name: 'Done selecting' }).click();

    // Types are learned in the background: wait until the API lists both invoice.paid events.
    await waitForTypeCount(page, inboxId, 'invoice.paid', 2);
    // The newest invoice.paid (on /stripe/retry) against the previous one of its type, on /stripe.
    await row(page, '/stripe/retry').click();
    await page.getByRole('button', { name: 'Compare with previous' }).click();
    await view.getByTestId('compare-caption').getByText('Previous request of type invoice.paid').waitFor();
    await view.getByText('path: /stripe → /stripe/retry').waitFor();
    await view.getByText('/data/object/attempt_count: 2').waitFor();
    await page.getByRole('button', { name: 'Close the comparison' }).click();
    // The newest text request: no type, so the previous one with the same method and path.
    await row(page, '/notes').first().click();
    await page.getByRole('button', { name: 'Compare with previous' }).click();
    await view
      .getByTestId('compare-caption')
      .getByText('Previous request with the same method and path (no event type learned for this one yet)')
      .waitFor();
    await view.getByText('second note').first().waitFor();
    await page.getByRole('button', { name: 'Close the comparison' }).click();
    // The only event of its type (POST /github, learned from method and path): nothing before it.
    await row(page, '/github').click();
    await page.getByRole('button', { name: 'Compare with previous' }).click();
    await page.getByRole('button', { name: 'No previous of this type' }).waitFor();
  });

  test('a templated answer is previewed against a captured request in the settings', async () => {
    const { page } = await newPage(VIEWPORT);
    const { url } = await savedInbox(page, 'Echo');
    await ingest(url, {
      path: '/orders',
      query: 'source=shop',
      headers: { 'content-type': 'application/json' },
      body: '{"order":{"id":"ord_42","total":1999}}',
    });
    await row(page, '/orders').waitFor();
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByTestId('response-settings');
    await section.getByLabel('Status').first().fill('201');
    await section.getByLabel('Headers').first().fill('Content-Type: application/json\nX-Order: {{ body.order.id }}');
    await section
      .getByLabel('Body')
      .first()
      .fill('{"received":"{{ body.order.id }}","source":"{{ query.source | default: \'none\' }}","at":"{{ now }}"}');
    await section
      .getByLabel(/^Template/)
      .first()
      .check();
    const preview = page.getByTestId('response-preview');
    await preview.getByRole('button', { name: 'Preview' }).click();
    await preview.getByText('X-Order: ord_42').waitFor();
    await preview.getByText(/"received":"ord_42","source":"shop"/).waitFor();
    await assertAccessible(page, 'response preview');
    await docsScreenshot(page, 'response-template');

    // A template that does not parse: the error names the line and column.
    await section.getByLabel('Body').first().fill('{{ body.order.id');
    await preview.getByRole('button', { name: 'Preview' }).click();
    await preview.getByText(/line:1, col:1/).waitFor();
    await page.getByRole('button', { name: 'Save response' }).click();
    // Refused at save too: the form's own error, besides the preview's.
    await section
      .getByText(/Invalid response at \/body: template: .*line:1, col:1/)
      .nth(1)
      .waitFor();
  });
});
