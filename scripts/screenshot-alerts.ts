/**
 * Writes docs/screenshots/alerts.png: the alert settings of a saved inbox (light, 1280x860),
 * with two rules and a few delivered notifications. Run after `npm run build`:
 * `tsx scripts/screenshot-alerts.ts`. Loopback only.
 */
import { startReceiver } from '../test/helpers/receiver.js';
import { startScreenshotRig } from './screenshot-rig.js';

const rig = await startScreenshotRig({ REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' });
const { rehook } = rig;
const receiver = await startReceiver();
try {
  const page = await rig.page({ width: 1280, height: 860 });
  await page.goto(`${rehook.apiUrl}/signup`);
  await page.getByLabel('E-mail address').fill('ada@example.com');
  await page.getByLabel('Password').fill('correct horse battery staple');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.getByLabel('Name of the new inbox').fill('Stripe production');
  await page.getByRole('button', { name: 'New inbox' }).click();
  await page.getByRole('link', { name: /Stripe production/ }).click();
  await page.locator('[data-status="live"]').waitFor();
  const url = await page.locator('#ingest-url').inputValue();

  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByTestId('alerts-settings');
  await section.getByText('None.').waitFor();
  await section.getByRole('button', { name: 'Add alert' }).click();
  const first = section.getByTestId('alert-rule').nth(0);
  await first.getByLabel('Name').fill('Failed payments');
  await first.getByLabel('Filter').fill('json=type=invoice.payment_failed');
  await first.getByLabel('Notify URL').fill(`${receiver.url}/services/T000/B000/slack`);
  await first.getByLabel('Format').selectOption('slack');
  await first.getByLabel(/Quiet hours/).check();
  await first.getByLabel('Time zone').fill('Europe/Paris');
  await first.getByLabel(/Rate limit/).check();
  await first.getByLabel('At most').fill('5');
  await section.getByRole('button', { name: 'Add alert' }).click();
  const second = section.getByTestId('alert-rule').nth(1);
  await second.getByLabel('Name').fill('Forged signatures');
  await second.getByLabel('When').selectOption('signature');
  await second.getByLabel('Notify URL').fill(`${receiver.url}/oncall`);
  await section.getByRole('button', { name: 'Save alerts' }).click();
  await section.getByText('Saved 2 alerts.').waitFor();

  for (let i = 0; i < 3; i += 1) {
    const response = await fetch(`${url}/stripe/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: `evt_${i}`, type: 'invoice.payment_failed' }),
    });
    await response.arrayBuffer();
  }
  while (receiver.requests.length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
  // Reopen the settings so the recent notifications are read again.
  await page.getByRole('button', { name: 'Close settings' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByTestId('alert-deliveries').waitFor();
  // The card's top at the top of the panel: its title, description and first rule show.
  await page
    .getByTestId('alerts-settings')
    .evaluate((card) => (card as unknown as { scrollIntoView(): void }).scrollIntoView());
  await rig.shoot(page, 'alerts');
} finally {
  await receiver.close();
  await rig.close();
}
