import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertAccessible, ingest } from './support.js';
import { waitUntil } from '../integration/api/forwarding/support.js';
import { newPage, received, receiver, rig, savedInbox, useFeatureRig } from './features-support.js';

useFeatureRig();

async function addAlert(page: import('playwright-core').Page, url: string, phone = false): Promise<void> {
  // On a phone the inbox's actions are one menu.
  if (phone) await page.getByRole('button', { name: 'Inbox actions' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByTestId('alerts-settings');
  await section.getByText('None.').waitFor();
  await section.getByRole('button', { name: 'Add alert' }).click();
  const rule = section.getByTestId('alert-rule').first();
  await rule.getByLabel('Name').fill('Paid invoices');
  await rule.getByLabel('Filter').fill('json=type=invoice.paid');
  await rule.getByLabel('Notify URL').fill(url);
  await rule.getByLabel('Format').selectOption('slack');
  await rule.getByLabel(/Rate limit/).check();
  await rule.getByLabel('At most').fill('5');
  await section.getByRole('button', { name: 'Save alerts' }).click();
  await section.getByText('Saved 1 alert.').waitFor();
  await page.getByTestId('alerts-current').getByText('1 rule.').waitFor();
}

describe('alerts', () => {
  test('the owner adds an alert; a matching request notifies the URL; the settings list the notification', async () => {
    const { page, context } = await newPage();
    const { url } = await savedInbox(page, 'Alerted inbox');
    await addAlert(page, `${receiver.url}/alert`);
    // A filter the search parser refuses is explained in the form, with its message.
    const section = page.getByTestId('alerts-settings');
    const rule = section.getByTestId('alert-rule').first();
    await rule.getByLabel('Filter').fill('since=someday');
    await section.getByRole('button', { name: 'Save alerts' }).click();
    await section.getByRole('alert').getByText(/since/).waitFor();
    await rule.getByLabel('Filter').fill('json=type=invoice.paid');
    await section.getByRole('button', { name: 'Save alerts' }).click();
    await section.getByText('Saved 1 alert.').waitFor();
    await assertAccessible(page, 'alert settings');
    await page.getByRole('button', { name: 'Close settings' }).click();

    await ingest(url, {
      path: '/pay',
      headers: { 'content-type': 'application/json' },
      body: '{"type":"invoice.paid"}',
    });
    await ingest(url, { path: '/other', headers: { 'content-type': 'application/json' }, body: '{"type":"x"}' });
    const [notification] = await waitUntil('the notification', async () =>
      received('/alert').length > 0 ? received('/alert') : undefined,
    );
    assert.deepEqual(Object.keys(JSON.parse(notification?.body.toString() ?? '{}')), ['text']);
    assert.match(JSON.parse(notification?.body.toString() ?? '{}').text, /matched rule "Paid invoices"/);

    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('alert-deliveries').getByText('Paid invoices').waitFor();
    await context.close();
  });

  test('fits a phone and reads in dark mode', async () => {
    const context = await rig.context({ colorScheme: 'dark', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await savedInbox(page, 'Phone alerts');
    await addAlert(page, 'https://hooks.example.com/alerts', true);
    const width = await page.evaluate(
      () =>
        (globalThis as unknown as { document: { scrollingElement: { scrollWidth: number } } }).document.scrollingElement
          .scrollWidth,
    );
    assert.ok(width <= 390, `the page is ${width}px wide`);
    await assertAccessible(page, 'alert settings, dark, phone');
    await context.close();
  });
});
