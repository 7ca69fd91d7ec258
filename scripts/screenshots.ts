// Writes docs/screenshots/*.png from the real app: a Rehook started here (temporary SQLite, free
// ports), realistic webhooks sent to it, and Debian's headless Chromium (playwright-core) going
// through the pages as a person would, in the light and the dark theme.
//
//   npm run screenshots        (builds first; needs the chromium package)
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { loadConfig } from '../src/config/load.js';
import { startRehook } from '../src/server.js';
import { launchBrowser, newContext } from '../test/helpers/browser.js';
import { startReceiver } from '../test/helpers/receiver.js';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
mkdirSync(OUT, { recursive: true });

const dataDir = await mkdtemp(join(tmpdir(), 'rehook-screenshots-'));
const rehook = await startRehook(
  loadConfig({
    REHOOK_PORT: '0',
    REHOOK_INGEST_PORT: '0',
    REHOOK_DATA_DIR: dataDir,
    REHOOK_LOG_LEVEL: 'silent',
    REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
    REHOOK_PUBLIC_INGEST_URL: 'https://hooks.example.com',
  }),
);
// Inbox URLs name the public origin (as behind a proxy); requests go to the bound ingest port.
const toIngest = (url: string) => url.replace('https://hooks.example.com', rehook.ingestUrl);
const receiver = await startReceiver((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_8f2a61c0' });
  res.end(JSON.stringify({ received: true, handled: 'invoice.paid', duration_ms: 12 }));
});
const browser = await launchBrowser();

async function send(url: string, path: string, init: RequestInit & { query?: string }): Promise<void> {
  const response = await fetch(`${toIngest(url)}${path}${init.query ? `?${init.query}` : ''}`, init);
  if (response.status !== 200) throw new Error(`ingest answered ${response.status}`);
  await response.arrayBuffer();
}

async function webhooks(url: string): Promise<void> {
  await send(url, '/github', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-github-event': 'push', 'x-hub-signature-256': 'sha256=3f5c1a0e9b7d2c4a', 'user-agent': 'GitHub-Hookshot/7a1c2b3' },
    body: JSON.stringify({ ref: 'refs/heads/main', before: '6113728f27ae82c7b1a177c8d03f9e96e0adf246', after: '59b20b8d5c6ff8d09518454d4dd8b7b30f095ab5', repository: { full_name: 'acme/api' }, pusher: { name: 'ada' } }),
  });
  await send(url, '/twilio/sms', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'RSOYDt4T1cUTdK1PDd93/VVr8B8=' },
    body: 'MessageSid=SM8d1f2a&From=%2B15551234567&To=%2B15557654321&Body=Hello+from+Rehook',
  });
  await send(url, '/orders', {
    method: 'PUT',
    headers: { 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><order id="1042"><customer>ACME GmbH</customer><total currency="EUR">129.00</total></order>',
  });
  await send(url, '/shopify/orders/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create', 'x-shopify-hmac-sha256': 'XWmrwMey6OsLMeiZKwP4FppHH3cmAiiJJAweH5Jo4bM=' },
    body: JSON.stringify({ id: 820982911946154500, email: 'jon@example.com', total_price: '199.00', currency: 'USD', line_items: [{ title: 'IPod Nano - 8GB', quantity: 1 }] }),
  });
  await send(url, '/health', { method: 'GET', headers: { 'user-agent': 'uptime-check/1.0' } });
  await send(url, '/stripe/webhooks', {
    method: 'POST',
    query: 'livemode=false',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': 't=1732528000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      authorization: 'Bearer sk_test_not_stored',
    },
    body: JSON.stringify({
      id: 'evt_1QBd2aLkdIwHu7ix',
      object: 'event',
      type: 'invoice.paid',
      livemode: false,
      created: 1732528000,
      data: { object: { id: 'in_1QBd29LkdIwHu7ix', object: 'invoice', amount_paid: 4200, currency: 'eur', customer: 'cus_R3x9', paid: true, lines: { data: [{ id: 'il_1', amount: 4200, description: 'Pro plan' }] }, metadata: {} } },
    }),
  });
}

async function shoot(page: Page, name: string, scheme: string): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.screenshot({ path: join(OUT, `${name}-${scheme}.png`) });
  console.log(`wrote docs/screenshots/${name}-${scheme}.png`);
}

try {
  for (const scheme of ['light', 'dark'] as const) {
    const context = await newContext(browser, { colorScheme: scheme, viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: rehook.apiUrl });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();

    // An anonymous inbox first (it shows on the home page as recently opened).
    await page.goto(`${rehook.apiUrl}/`);
    await page.getByTestId('create-inbox').click();
    await page.waitForURL(/\/inboxes\//);
    await page.locator('[data-status="live"]').waitFor();
    const anonymousUrl = await page.locator('#ingest-url').inputValue();
    await send(anonymousUrl, '/test', { method: 'POST', body: 'hello' });
    await page.goto(`${rehook.apiUrl}/`);
    await page.locator('.recent-link').first().waitFor();
    await shoot(page, 'home', scheme);

    // An account, with saved inboxes.
    await page.goto(`${rehook.apiUrl}/signup`);
    await page.getByLabel('E-mail address').fill(`ada-${scheme}@example.com`);
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/dashboard$/);
    for (const name of ['GitHub (acme/api)', 'Shopify staging', 'Stripe production']) {
      await page.getByLabel('Name of the new inbox').fill(name);
      await page.getByRole('button', { name: 'New inbox' }).click();
      await page.getByTestId('inbox-table').locator('tr', { hasText: name }).waitFor();
    }
    await page.getByRole('link', { name: /Stripe production/ }).click();
    await page.locator('[data-status="live"]').waitFor();
    const url = await page.locator('#ingest-url').inputValue();
    await webhooks(url);
    await page.locator('.list-count', { hasText: '6 requests' }).waitFor();
    await shoot(page, 'inbox', scheme);

    await page.locator('.event-row').first().click();
    await page.locator('.code-json').waitFor();
    await shoot(page, 'inspector-json', scheme);

    await page.getByRole('tab', { name: 'Replay' }).click();
    await page.getByLabel('Destination URL').fill(`${receiver.url}/webhooks/stripe`);
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByTestId('replay-result').waitFor();
    await page.getByTestId('replay-history').waitFor();
    await shoot(page, 'replay', scheme);

    // Sharing: a link, opened in a second browser.
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('button', { name: 'Create a link' }).click();
    const link = await page.getByTestId('created-share').locator('input').inputValue();
    const teammate = await newContext(browser, { colorScheme: scheme, viewport: { width: 1280, height: 800 } });
    const shared = await teammate.newPage();
    shared.setDefaultTimeout(30_000);
    await shared.goto(link);
    await shared.locator('[data-status="live"]').waitFor();
    await shared.locator('.event-row').nth(2).click();
    await shared.locator('.pairs').first().waitFor();
    await shoot(shared, 'shared', scheme);
    await teammate.close();

    // Other inboxes get some traffic for the dashboard.
    await page.goto(`${rehook.apiUrl}/dashboard`);
    await page.getByTestId('inbox-table').waitFor();
    for (const row of await page.getByTestId('inbox-table').locator('tbody tr').all()) {
      const text = (await row.textContent()) ?? '';
      if (text.includes('Stripe')) continue;
      const id = /inb_[a-z0-9]{26}/.exec(text)?.[0];
      if (id) for (let i = 0; i < (text.includes('GitHub') ? 12 : 3); i += 1) await send(`${rehook.ingestUrl}/i/${id}`, '/hook', { method: 'POST', body: '{}' });
    }
    await page.reload();
    await page.getByTestId('inbox-table').waitFor();
    await shoot(page, 'dashboard', scheme);

    await page.goto(`${rehook.apiUrl}/settings/tokens`);
    for (const name of ['laptop', 'GitHub Actions']) {
      await page.getByLabel('Token name').fill(name);
      await page.getByRole('button', { name: 'Create token' }).click();
      await page.getByTestId('token-table').locator('tr', { hasText: name }).waitFor();
    }
    await shoot(page, 'tokens', scheme);
    await context.close();
  }
} finally {
  await browser.close();
  await receiver.close();
  await rehook.close();
  await rm(dataDir, { recursive: true, force: true });
}
