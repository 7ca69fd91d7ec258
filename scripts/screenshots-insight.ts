// Screenshots of event types and drift (docs/insight.md): a schema with its TypeScript, and a
// drift badge in the event list. Light, 1280x860, into docs/screenshots/.
//
//   npm run build && npx tsx scripts/screenshots-insight.ts
import { newContext } from '../test/helpers/browser.js';
import { screenshot, startScreenshotRig } from './screenshot-rig.js';

const rig = await startScreenshotRig();
const { rehook, browser } = rig;
try {
  const created = (await (await fetch(`${rehook.apiUrl}/api/v1/inboxes`, { method: 'POST' })).json()) as {
    data: { inbox: { id: string } };
  };
  const inboxId = created.data.inbox.id;
  const charge = (i: number, extra: Record<string, unknown> = {}) => ({
    id: `evt_1Q${i}x`,
    object: 'event',
    type: 'charge.succeeded',
    created: 1_764_230_000 + i,
    livemode: false,
    data: {
      object: {
        id: `ch_3Q${i}abc`,
        amount: 2000 + i,
        currency: 'usd',
        status: 'succeeded',
        receipt_email: `buyer${i}@example.com`,
        paid_at: '2026-11-27T10:00:00Z',
        ...extra,
      },
    },
  });
  const bodies = [charge(1), charge(2), charge(3), charge(4), charge(5, { amount: '2005', refunded: false })];
  for (const body of bodies) {
    const res = await fetch(`${rehook.ingestUrl}/i/${inboxId}/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
  }
  // Wait for the worker to have learned them all.
  for (;;) {
    const res = (await (await fetch(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/event-types`)).json()) as {
      data: { eventTypes: { count: number }[] };
    };
    if ((res.data.eventTypes[0]?.count ?? 0) >= bodies.length) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const context = await newContext(browser, { viewport: { width: 1280, height: 860 } });
  const page = await context.newPage();
  await page.goto(`${rehook.apiUrl}/inboxes/${inboxId}/types/charge.succeeded`);
  await page.getByTestId('schema-text').waitFor();
  await screenshot(page, 'event-type-schema.png');
  await page.goto(`${rehook.apiUrl}/inboxes/${inboxId}`);
  await page.getByTestId('drift-badge').first().waitFor();
  await page.getByTestId('drift-badge').first().click();
  await page.getByTestId('inspector-drift').waitFor();
  await screenshot(page, 'drift-badge.png');
  await context.close();
} finally {
  await rig.close();
}
