// Writes docs/screenshots/*.png from the real app: a Rehook started here (temporary SQLite, free
// ports), realistic webhooks sent to it, and Debian's headless Chromium (playwright-core) going
// through the pages as a person would, in the light and the dark theme.
//
//   npm run screenshots        (builds first; needs the chromium package)
import type { Page } from 'playwright-core';
import Stripe from 'stripe';
import { newContext } from '../test/helpers/browser.js';
import { screenshot, startScreenshotRig } from './screenshot-rig.js';

const rig = await startScreenshotRig(
  { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1', REHOOK_PUBLIC_INGEST_URL: 'https://hooks.example.com' },
  (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': 'req_8f2a61c0' });
    res.end(JSON.stringify({ received: true, handled: 'invoice.paid', duration_ms: 12 }));
  },
);
const { rehook, receiver, browser } = rig;
// Inbox URLs name the public origin (as behind a proxy); requests go to the bound ingest port.
const toIngest = (url: string) => url.replace('https://hooks.example.com', rehook.ingestUrl);
const STRIPE_SECRET = 'whsec_3xAmpLeS1gn1ngSecretF0rScreenshots';

async function send(url: string, path: string, init: RequestInit & { query?: string }): Promise<void> {
  const response = await fetch(`${toIngest(url)}${path}${init.query ? `?${init.query}` : ''}`, init);
  if (response.status >= 300) throw new Error(`ingest answered ${response.status}`);
  await response.arrayBuffer();
}

async function webhooks(url: string): Promise<void> {
  await send(url, '/github', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': 'push',
      'x-hub-signature-256': 'sha256=3f5c1a0e9b7d2c4a',
      'user-agent': 'GitHub-Hookshot/7a1c2b3',
    },
    body: JSON.stringify({
      ref: 'refs/heads/main',
      before: '6113728f27ae82c7b1a177c8d03f9e96e0adf246',
      after: '59b20b8d5c6ff8d09518454d4dd8b7b30f095ab5',
      repository: { full_name: 'acme/api' },
      pusher: { name: 'ada' },
    }),
  });
  await send(url, '/twilio/sms', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': 'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
    },
    body: 'MessageSid=SM8d1f2a&From=%2B15551234567&To=%2B15557654321&Body=Hello+from+Rehook',
  });
  await send(url, '/orders', {
    method: 'PUT',
    headers: { 'content-type': 'application/xml' },
    body: '<?xml version="1.0"?><order id="1042"><customer>ACME GmbH</customer><total currency="EUR">129.00</total></order>',
  });
  await send(url, '/shopify/orders/create', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-hmac-sha256': 'XWmrwMey6OsLMeiZKwP4FppHH3cmAiiJJAweH5Jo4bM=',
    },
    body: JSON.stringify({
      id: 820982911946154500,
      email: 'jon@example.com',
      total_price: '199.00',
      currency: 'USD',
      line_items: [{ title: 'IPod Nano - 8GB', quantity: 1 }],
    }),
  });
  await send(url, '/health', { method: 'GET', headers: { 'user-agent': 'uptime-check/1.0' } });
}

/** Stripe events signed with the inbox's secret: one fresh (valid), one replayed an hour late (invalid). */
async function stripeWebhooks(url: string): Promise<void> {
  const payload = (type: string, id: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      livemode: false,
      created: 1732528000,
      data: {
        object: {
          id: 'in_1QBd29LkdIwHu7ix',
          object: 'invoice',
          amount_paid: 4200,
          currency: 'eur',
          customer: 'cus_R3x9',
          paid: true,
          status: 'paid',
          lines: { data: [{ id: 'il_1', amount: 4200, description: 'Pro plan' }] },
          metadata: {},
        },
      },
    });
  const late = payload('invoice.payment_failed', 'evt_1QBd1zLkdIwHu7aa');
  await send(url, '/stripe/webhooks', {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({
        payload: late,
        secret: STRIPE_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      }),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    },
    body: late,
  });
  const paid = payload('invoice.paid', 'evt_1QBd2aLkdIwHu7ix');
  await send(url, '/stripe/webhooks', {
    method: 'POST',
    query: 'livemode=false',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload: paid, secret: STRIPE_SECRET }),
      'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      authorization: 'Bearer sk_test_not_stored',
    },
    body: paid,
  });
}

async function shoot(page: Page, name: string, scheme: string): Promise<void> {
  await screenshot(page, `${name}-${scheme}.png`);
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
    const anonymousPage = page.url();
    await send(anonymousUrl, '/test', { method: 'POST', body: 'hello' });
    await send(anonymousUrl, '/hooks/order', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-event-type': 'order.paid' },
      body: JSON.stringify({ event: 'order.paid', order: { id: 1042, total: 129, currency: 'EUR' } }),
    });
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
    const inboxPath = new URL(page.url()).pathname;

    // Settings: health checks get a 204 (a response rule), every event is forwarded.
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('button', { name: 'Add a rule' }).click();
    const rule = page.getByTestId('response-rule').first();
    await rule.getByLabel('Method').fill('GET');
    await rule.getByLabel('Path starts with').fill('/health');
    await rule.getByLabel('Status').fill('204');
    await page.getByRole('button', { name: 'Save response' }).click();
    await page.getByText('Saved: the inbox answers this from now on.').waitFor();
    await page.getByTestId('forwarding-settings').getByLabel('Destination URL').fill(`${receiver.url}/forwarded`);
    await page.getByRole('button', { name: 'Save forwarding' }).click();
    await page.getByText('Saved: every request from now on is forwarded.').waitFor();
    await page.getByRole('button', { name: 'Close settings' }).click();
    await webhooks(url);
    // The Stripe secret, then Stripe's events (checked against it).
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByLabel('Secret', { exact: true }).fill(STRIPE_SECRET);
    await page.getByRole('button', { name: 'Save secret' }).click();
    await page.getByText('Saved: requests from now on are checked with it.').waitFor();
    await page.getByTestId('signature-settings').scrollIntoViewIfNeeded();
    await shoot(page, 'settings', scheme);
    await page.getByRole('button', { name: 'Close settings' }).click();
    await stripeWebhooks(url);
    await page.locator('.list-count', { hasText: '7 requests' }).waitFor();
    await shoot(page, 'inbox', scheme);

    await page.locator('.event-row').first().click();
    await page.locator('.code-json').waitFor();
    await shoot(page, 'inspector-json', scheme);

    await page.getByRole('tab', { name: 'Forwarding' }).click();
    await page.locator('[data-testid="delivery-state"][data-state="delivered"]').waitFor();
    await shoot(page, 'forwarding', scheme);

    await page.getByRole('tab', { name: 'Replay' }).click();
    await page.getByLabel('Destination URL').fill(`${receiver.url}/webhooks/stripe`);
    await page.getByLabel('Edit the request first').check();
    await page.getByLabel(/Re-sign/).check();
    const headers = page.getByLabel('Headers');
    await headers.fill(`${await headers.inputValue()}\nX-Replayed-By: Rehook`);
    await page.getByRole('button', { name: 'Replay', exact: true }).click();
    await page.getByTestId('replay-result').waitFor();
    await page.getByTestId('replay-history').waitFor();
    await page.getByLabel('Edit the request first').uncheck();
    await page.getByTestId('replay-sent').scrollIntoViewIfNeeded();
    await shoot(page, 'replay', scheme);
    const replayedPath = new URL(page.url()).pathname;

    // Search: a word anywhere in the requests.
    await page.goto(`${rehook.apiUrl}${inboxPath}?q=invoice`);
    await page.locator('.list-count', { hasText: '2 matching' }).waitFor();
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByLabel('Method').fill('POST');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await page.locator('.list-count', { hasText: '2 matching' }).waitFor();
    await page.locator('.event-row').first().click();
    await page.locator('.code-json').waitFor();
    await shoot(page, 'search', scheme);

    // Bulk replay of the matching requests.
    await page.getByRole('button', { name: 'Replay many' }).click();
    await page.getByLabel('Destination URL').fill(`${receiver.url}/staging/stripe`);
    await page.getByRole('button', { name: 'Start replaying' }).click();
    await page.locator('[data-testid="job-state"][data-state="completed"]').first().waitFor();
    await shoot(page, 'bulk-replay', scheme);
    await page.goto(`${rehook.apiUrl}${inboxPath}`);
    await page.locator('[data-status="live"]').waitFor();

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
      if (id)
        for (let i = 0; i < (text.includes('GitHub') ? 12 : 3); i += 1)
          await send(`${rehook.ingestUrl}/i/${id}`, '/hook', { method: 'POST', body: '{}' });
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

    // Account Settings (light only, at the height that shows its first sections).
    if (scheme === 'light') {
      await page.goto(`${rehook.apiUrl}/settings`);
      await page.getByLabel('Display name').fill('Ada Lovelace');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Signed in as Ada Lovelace').waitFor();
      await page.getByTestId('session-row').first().waitFor();
      await page.setViewportSize({ width: 1280, height: 860 });
      await screenshot(page, 'settings.png');
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    const cookies = await context.cookies();
    await context.close();

    // A phone: the anonymous inbox, one request open.
    const phone = await newContext(browser, { colorScheme: scheme, viewport: { width: 390, height: 844 } });
    phone.setDefaultTimeout(30_000);
    const small = await phone.newPage();
    await small.goto(anonymousPage);
    await small.locator('[data-status="live"]').waitFor();
    await small.locator('.event-row').first().waitFor();
    await shoot(small, 'phone-list', scheme);
    await small.locator('.event-row').first().click();
    await small.locator('.inspector').waitFor();
    await shoot(small, 'phone-inspector', scheme);
    await phone.close();

    // A phone, signed in: the dashboard, and a replay history with a failed replay in it.
    const signedInPhone = await newContext(browser, { colorScheme: scheme, viewport: { width: 390, height: 844 } });
    signedInPhone.setDefaultTimeout(30_000);
    await signedInPhone.addCookies(cookies);
    const mine = await signedInPhone.newPage();
    await mine.goto(`${rehook.apiUrl}/dashboard`);
    await mine.getByTestId('inbox-table').waitFor();
    await shoot(mine, 'phone-dashboard', scheme);
    await mine.goto(`${rehook.apiUrl}${replayedPath}`);
    await mine.getByRole('tab', { name: 'Replay' }).click();
    await mine.getByLabel('Destination URL').fill('http://127.0.0.1:1/webhooks/stripe/staging');
    await mine.getByRole('button', { name: 'Replay', exact: true }).click();
    await mine.getByTestId('replay-history').locator('tbody tr').nth(1).waitFor();
    await mine.getByTestId('replay-history').locator('tbody tr').first().getByTestId('replay-destination').click();
    await mine.locator('.replay-history').evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await shoot(mine, 'phone-replay', scheme);
    await signedInPhone.close();
  }
} finally {
  await rig.close();
}
