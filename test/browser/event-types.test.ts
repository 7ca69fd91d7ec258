import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Page } from 'playwright-core';
import { collectConsoleErrors } from './console-errors.js';
import { newPage, rig, savedInbox, useFeatureRig, waitForTypeCount } from './features-support.js';
import { assertNoSidewaysScroll, PHONE } from './phone-support.js';
import { assertAccessible, docsScreenshot, ingest } from './support.js';

// The event types page (list with counts, first/last seen, each type's schema as JSON Schema,
// TypeScript and Zod, rebuild) and the saved inbox's own type rule in its settings, in real
// headless Chromium against a real server. Types are learned by the server's background worker:
// every wait polls the API for the condition, none sleeps a fixed time.
// REHOOK_WRITE_SCREENSHOTS=1 also writes docs/screenshots/event-types-{light,dark,phone}.png and
// event-type-rule.png.

useFeatureRig();

const VIEWPORT = { width: 1280, height: 860 };

function charge(i: number, amount: number | string = 2000 + i) {
  return {
    id: `evt_1Q${i}x`,
    object: 'event',
    type: 'charge.succeeded',
    created: 1_764_230_000 + i,
    livemode: false,
    data: {
      object: {
        id: `ch_3Q${i}abc`,
        amount,
        currency: 'usd',
        status: 'succeeded',
        receipt_email: `buyer${i}@example.com`,
        paid_at: '2026-11-27T10:00:00Z',
      },
    },
  };
}

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Sets the inbox's minimum of samples in its settings, and closes them. */
async function setMinSamples(page: Page, value: string): Promise<void> {
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByTestId('drift-settings');
  await section
    .getByTestId('drift-settings-current')
    .getByText(/\(the default\)/)
    .waitFor();
  await section.getByLabel('Events before drift is judged').fill(value);
  await section.getByRole('button', { name: 'Save minimum' }).click();
  await section.getByTestId('drift-settings-current').getByText(`Judged once a type has ${value} events.`).waitFor();
  await page.getByRole('button', { name: 'Close settings' }).click();
}

describe('event types in the web app', () => {
  test('the types page: counts, first and last seen, the schema in three formats, rebuild; light, dark, phone', async () => {
    const { page, context } = await newPage(VIEWPORT);
    const errors = collectConsoleErrors(context);
    const { url, inboxId } = await savedInbox(page, 'Payments');
    // Drift is judged after 3 events of a type here (the default, 50, would take 50 requests).
    await setMinSamples(page, '3');
    // Four charges, the last with its amount as a string (drift), and a GitHub pull request.
    for (let i = 1; i <= 3; i += 1) {
      await ingest(url, {
        path: '/stripe',
        headers: { ...JSON_HEADERS, 'stripe-signature': 't=1,v1=abc' },
        body: JSON.stringify(charge(i)),
      });
    }
    await ingest(url, {
      path: '/stripe',
      headers: { ...JSON_HEADERS, 'stripe-signature': 't=1,v1=abc' },
      body: JSON.stringify(charge(4, '2004')),
    });
    await ingest(url, {
      path: '/github',
      headers: { ...JSON_HEADERS, 'x-github-event': 'pull_request' },
      body: JSON.stringify({ action: 'opened', number: 7, pull_request: { title: 'Fix the build' } }),
    });
    await waitForTypeCount(page, inboxId, 'charge.succeeded', 4);
    await waitForTypeCount(page, inboxId, 'pull_request.opened', 1);

    await page.getByTestId('event-types-link').click();
    await page.waitForURL(/\/types$/);
    const table = page.getByTestId('types-table');
    // The page fetches the types after it opens: wait for the rows before reading the table.
    await table.locator('tbody tr', { hasText: 'charge.succeeded' }).waitFor();
    const heads = await table.locator('thead th').allTextContents();
    assert.deepEqual(heads, ['Type', 'Events', 'Drifted', 'First seen', 'Last seen']);
    const chargeRow = table.locator('tbody tr', { hasText: 'charge.succeeded' });
    assert.deepEqual((await chargeRow.locator('td').allTextContents()).slice(0, 3), ['charge.succeeded', '4', '1']);
    assert.equal(await chargeRow.locator('time').count(), 2, 'first and last seen are times');
    await table.locator('tbody tr', { hasText: 'pull_request.opened' }).waitFor();

    // The most recently seen type is shown first: open the charges' schema from the list.
    await chargeRow.getByRole('link', { name: 'charge.succeeded' }).click();
    await page.waitForURL(/\/types\/charge\.succeeded$/);
    const schema = page.getByTestId('type-schema');
    await schema.getByText('Learned from 4 events').waitFor();
    const text = schema.getByTestId('schema-text');
    await text.getByText(/export interface ChargeSucceededDataObject/).waitFor();
    assert.match((await text.textContent()) ?? '', /amount: string \| number;/);
    await schema.getByRole('tab', { name: 'JSON Schema' }).click();
    await text.getByText(/"\$schema": "https:\/\/json-schema\.org\/draft\/2020-12\/schema"/).waitFor();
    await schema.getByRole('tab', { name: 'Zod' }).click();
    await text.getByText(/export const ChargeSucceededSchema = /).waitFor();
    await schema.getByRole('tab', { name: 'TypeScript' }).click();
    await text.getByText(/export interface ChargeSucceeded /).waitFor();
    await assertAccessible(page, 'event types');
    await docsScreenshot(page, 'event-types-light');

    // Rebuild this type: queued at once, learned again in the background.
    await schema.getByRole('button', { name: 'Rebuild', exact: true }).click();
    await schema
      .getByRole('status')
      .getByText(/^Queued/)
      .waitFor();

    await page.emulateMedia({ colorScheme: 'dark' });
    await assertAccessible(page, 'event types, dark');
    await docsScreenshot(page, 'event-types-dark');

    await page.setViewportSize(PHONE);
    await text.getByText(/export interface ChargeSucceeded /).waitFor();
    await assertNoSidewaysScroll(page, 'event types on a phone');
    await assertAccessible(page, 'event types on a phone, dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await assertAccessible(page, 'event types on a phone, light');
    await docsScreenshot(page, 'event-types-phone');
    assert.deepEqual(errors, []);
  });

  test("a saved inbox's own rule: refusals shown under the field, then a header types new events", async () => {
    const { page } = await newPage(VIEWPORT);
    const { url, inboxId } = await savedInbox(page, 'Own types');
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByTestId('event-types-settings');
    await section
      .getByTestId('event-type-rule-current')
      .getByText(/^Built-in/)
      .waitFor();

    // The API's refusals, under the field they are about.
    await section.getByLabel('Header name').fill('X Event');
    await section.getByRole('button', { name: 'Save rule' }).click();
    const headerError = section.locator('#event-type-header-error');
    await headerError.getByText('header must be an HTTP header name of 1 to 200 characters').waitFor();
    await section.getByText('The rule was not saved: see the field above.').waitFor();
    assert.equal(await section.getByLabel('Header name').getAttribute('aria-invalid'), 'true');
    await section.getByLabel('Type from').selectOption('pointer');
    await section.getByLabel('JSON pointer').fill('meta/kind');
    await section.getByRole('button', { name: 'Save rule' }).click();
    await section
      .locator('#event-type-pointer-error')
      .getByText(/pointer must be a JSON pointer such as \/data\/kind/)
      .waitFor();
    await assertAccessible(page, 'event type rule refused');
    await page.emulateMedia({ colorScheme: 'dark' });
    await assertAccessible(page, 'event type rule refused, dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await section.scrollIntoViewIfNeeded();
    await docsScreenshot(page, 'event-type-rule');

    // A header rule, saved: requests sent from now on get the header's value as their type.
    await section.getByLabel('Type from').selectOption('header');
    await section.getByLabel('Header name').fill('X-Event-Name');
    await section.getByRole('button', { name: 'Save rule' }).click();
    await section
      .getByRole('status')
      .getByText(/^Saved/)
      .waitFor();
    await section.getByTestId('event-type-rule-current').getByText('From the header X-Event-Name.').waitFor();
    assert.equal(await section.locator('#event-type-header-error').count(), 0, 'the refusal is gone');
    await ingest(url, {
      path: '/orders',
      headers: { ...JSON_HEADERS, 'x-event-name': 'order.shipped' },
      body: '{"order":{"id":"ord_1","carrier":"DHL"}}',
    });
    await waitForTypeCount(page, inboxId, 'order.shipped', 1);
    await page.goto(`${rig.rehook.apiUrl}/inboxes/${inboxId}/types`);
    await page.getByTestId('types-table').getByRole('link', { name: 'order.shipped' }).waitFor();
    await page
      .getByTestId('schema-text')
      .getByText(/export interface OrderShipped /)
      .waitFor();

    // Back to the built-in detection: the same request is typed by method and path.
    await page.goto(`${rig.rehook.apiUrl}/inboxes/${inboxId}`);
    await page.getByRole('button', { name: 'Settings' }).click();
    await section.getByTestId('event-type-rule-current').getByText('From the header X-Event-Name.').waitFor();
    await section.getByRole('button', { name: 'Use built-in detection' }).click();
    await section.getByRole('button', { name: 'Remove the rule' }).click();
    await section
      .getByTestId('event-type-rule-current')
      .getByText(/^Built-in/)
      .waitFor();
    await waitForTypeCount(page, inboxId, 'POST /orders', 1);
  });

  test("a saved inbox's minimum of samples for drift: a refusal under the field, saved, reset; dark, phone", async () => {
    const { page, context } = await newPage(VIEWPORT);
    const errors = collectConsoleErrors(context);
    await savedInbox(page, 'Drift minimum');
    await page.getByRole('button', { name: 'Settings' }).click();
    const section = page.getByTestId('drift-settings');
    const current = section.getByTestId('drift-settings-current');
    await current.getByText('Judged once a type has 50 events (the default).').waitFor();
    const field = section.getByLabel('Events before drift is judged');
    assert.equal(await field.inputValue(), '50');
    assert.equal(await section.getByRole('button', { name: 'Use the default' }).count(), 0);

    await field.fill('0');
    await section.getByRole('button', { name: 'Save minimum' }).click();
    await section
      .locator('#drift-min-samples-error')
      .getByText('minSamples must be a whole number from 1 to 10000')
      .waitFor();
    await section.getByText('The minimum was not saved: see the field above.').waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    await assertAccessible(page, 'drift minimum refused');

    await field.fill('200');
    await section.getByRole('button', { name: 'Save minimum' }).click();
    await current.getByText('Judged once a type has 200 events.').waitFor();
    await section
      .getByRole('status')
      .getByText(/^Saved/)
      .waitFor();
    assert.equal(await section.locator('#drift-min-samples-error').count(), 0, 'the refusal is gone');
    await section.scrollIntoViewIfNeeded();
    await docsScreenshot(page, 'drift-settings');
    await page.emulateMedia({ colorScheme: 'dark' });
    await assertAccessible(page, 'drift minimum, dark');
    await page.setViewportSize(PHONE);
    await section.scrollIntoViewIfNeeded();
    await assertNoSidewaysScroll(page, 'drift minimum on a phone');
    await assertAccessible(page, 'drift minimum on a phone, dark');
    await page.emulateMedia({ colorScheme: 'light' });

    await section.getByRole('button', { name: 'Use the default' }).click();
    await section.getByRole('button', { name: 'Reset the minimum' }).click();
    await current.getByText('Judged once a type has 50 events (the default).').waitFor();
    assert.equal(await field.inputValue(), '50');
    // The refused save's 400 is the one error the browser logs.
    assert.deepEqual(
      errors.filter((e) => !/status of 400 .*event-type-settings/.test(e)),
      [],
    );
  });
});
