import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Locator, Page } from 'playwright-core';
import Stripe from 'stripe';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { assertAccessible, type BrowserRig, ingest, row, startRig, waitLive } from './support.js';

// What a person sees of replay destinations, at 1280 and 390 px, in real Chromium against a real
// server whose policy allows only 127.0.0.1 (REHOOK_REPLAY_ALLOW_CIDRS), so the receiver is
// reachable and [::1] is refused as loopback: the refusal names the setting and `rehook listen`;
// forwarding refuses the metadata address when saved; a bad header line is told beside the
// Replay button; a path with a space is encoded; a destination without http:// is refused with
// the URL meant and shown as typed; a bulk replay answered 500 reads as failed, and can re-sign.

// Page globals, for the functions evaluated in the browser.
declare const window: any;
declare const document: any;

const PASSWORD = 'correct horse battery staple';
const STRIPE_SECRET = 'whsec_browser_replay_destinations_0123456789';
let rig: BrowserRig;
let receiver: Receiver;
let accounts = 0;

before(async () => {
  rig = await startRig({ REHOOK_REPLAY_ALLOW_CIDRS: '127.0.0.1/32', REHOOK_RATE_INGEST_PER_INBOX: '0' });
  receiver = await startReceiver((req, res) => {
    res.writeHead(req.url.startsWith('/broken') ? 500 : 200, { 'content-type': 'text/plain' }).end('answer');
  });
});
after(async () => {
  await receiver?.close();
  await rig?.close();
});

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

async function savedInbox(viewport: { width: number; height: number }): Promise<{ page: Page; url: string }> {
  const context = await rig.context({ viewport });
  const page = await context.newPage();
  accounts += 1;
  await page.goto(`${rig.rehook.apiUrl}/signup`);
  await page.getByLabel('E-mail address').fill(`destinations${accounts}-${process.pid}@example.test`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard$/);
  const name = `Destinations ${accounts}`;
  await page.getByLabel('Name of the new inbox').fill(name);
  await page.getByRole('button', { name: 'New inbox' }).click();
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await waitLive(page);
  return { page, url: await page.locator('#ingest-url').inputValue() };
}

/** The element is on screen: inside the viewport, not below the fold. */
async function assertOnScreen(element: Locator, what: string): Promise<void> {
  const box = await element.boundingBox();
  assert.ok(box, `${what} is not shown`);
  const { width, height } = await element
    .page()
    .evaluate(() => ({ width: window.innerWidth as number, height: window.innerHeight as number }));
  assert.ok(
    box.y >= 0 && box.y + box.height <= height && box.x >= 0 && box.x + box.width <= width,
    `${what} is at ${box.x},${box.y} (${box.width}x${box.height}), outside the ${width}x${height} viewport`,
  );
}

/** An inbox action: on a phone the actions are folded into the "Inbox actions" menu. */
async function inboxAction(page: Page, name: string): Promise<void> {
  const menu = page.getByRole('button', { name: 'Inbox actions' });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole('button', { name, exact: true }).click();
}

async function openReplay(page: Page, path: string): Promise<void> {
  await row(page, path).click();
  await page.getByRole('tab', { name: 'Replay' }).click();
}

for (const { name, viewport } of WIDTHS) {
  describe(`replay destinations at ${viewport.width} px (${name})`, () => {
    test('a loopback refusal names the setting and rehook listen; forwarding refuses the metadata address when saved', async () => {
      const { page, url } = await savedInbox(viewport);
      await ingest(url, { path: '/loop', body: 'x' });
      await openReplay(page, '/loop');
      await page.getByLabel('Destination URL').fill('http://[::1]:19090/hooks');
      await page.getByRole('button', { name: 'Replay', exact: true }).click();
      const error = page.getByTestId('replay-error');
      await error.getByText(/REHOOK_ALLOW_PRIVATE_DESTINATIONS=1/).waitFor();
      const text = (await error.textContent()) ?? '';
      assert.match(text, /DESTINATION_FORBIDDEN/);
      assert.match(text, /--allow-private-destinations/);
      assert.match(text, /rehook listen/);

      await inboxAction(page, 'Settings');
      const section = page.getByTestId('forwarding-settings');
      await section.getByLabel('Destination URL').fill('http://169.254.169.254/latest');
      await section.getByRole('button', { name: 'Save forwarding' }).click();
      await section.getByText(/egress policy refuses this address \(metadata/).waitFor();
      assert.equal(await section.getByText('Saved: every request from now on is forwarded.').count(), 0);
      await page.getByTestId('forwarding-current').getByText('Off.').waitFor();
      await page.context().close();
    });

    test('edit-and-replay: a bad header line is told beside Replay; a path with a space is encoded; no scheme is refused with the URL meant', async () => {
      const { page, url } = await savedInbox(viewport);
      await ingest(url, { path: '/edit', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
      await openReplay(page, '/edit');
      await page.getByLabel('Destination URL').fill(`${receiver.url}/base`);
      await page.getByLabel('Edit the request first').check();
      const headers = page.getByLabel('Headers');
      await headers.fill(`${await headers.inputValue()}\nnot a header line`);
      await page.getByRole('button', { name: 'Replay', exact: true }).click();
      const problem = page.getByTestId('replay-form-error');
      await problem.getByText(/write a header as “Name: value”/).waitFor();
      await assertOnScreen(problem, 'the header problem');
      await assertOnScreen(page.getByRole('button', { name: 'Replay', exact: true }), 'the Replay button');
      assert.equal(await problem.evaluate((element) => element === document.activeElement), true);
      await assertAccessible(page, 'replay form problem');

      const before = receiver.requests.length;
      await headers.fill((await headers.inputValue()).replace('\nnot a header line', ''));
      await page.getByLabel('Path to append').fill('/my hooks');
      await page.getByRole('button', { name: 'Replay', exact: true }).click();
      await page.getByTestId('replay-result').waitFor();
      assert.equal(await problem.count(), 0, 'the problem is gone once the form is sent');
      assert.equal(receiver.requests.length, before + 1);
      assert.equal(receiver.requests.at(-1)?.url, '/base/my%20hooks');

      const typed = `localhost:${receiver.port}/hooks`;
      await page.getByLabel('Edit the request first').uncheck();
      await page.getByLabel('Destination URL').fill(typed);
      await page.getByRole('button', { name: 'Replay', exact: true }).click();
      await page.getByTestId('replay-error').getByText(`did you mean http://${typed}?`, { exact: false }).waitFor();
      const history = page.getByTestId('replay-history');
      await history.getByText(typed).first().waitFor();
      assert.equal(receiver.requests.length, before + 1, 'nothing was sent');
      await page.context().close();
    });

    test('bulk replay: answers of 500 read as failed, not done green; a re-signed job verifies with Stripe', async () => {
      const { page, url } = await savedInbox(viewport);
      await inboxAction(page, 'Settings');
      const settings = page.getByTestId('signature-settings');
      await page.getByLabel('Provider').selectOption('stripe');
      await page.getByLabel('Secret', { exact: true }).fill(STRIPE_SECRET);
      await page.getByRole('button', { name: 'Save secret' }).click();
      await settings.getByText('Saved: requests from now on are checked with it.').waitFor();
      await page.getByRole('button', { name: 'Close settings' }).click();
      const payload = '{"id":"evt_bulk","type":"invoice.paid"}';
      const stale = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: STRIPE_SECRET,
        timestamp: Math.floor(Date.now() / 1000) - 3600,
      });
      for (const n of [1, 2]) {
        await ingest(url, {
          path: `/bulk${n}`,
          headers: { 'content-type': 'application/json', 'stripe-signature': stale },
          body: payload,
        });
      }
      await row(page, '/bulk2').waitFor();

      await inboxAction(page, 'Replay many');
      await page.getByLabel('Destination URL').fill(`${receiver.url}/broken`);
      await page.getByRole('button', { name: 'Start replaying' }).click();
      const job = page.getByTestId('replay-job');
      const state = job.locator('[data-testid="job-state"][data-state="completed"]');
      await state.waitFor();
      assert.match((await job.getByTestId('job-counts').textContent()) ?? '', /2 of 2 done · 0 succeeded · 2 failed/);
      assert.notEqual(await state.getAttribute('data-tone'), 'ok');
      assert.match((await state.textContent()) ?? '', /completed, 2 failed/);
      assert.match((await job.getByTestId('job-failed').getAttribute('class')) ?? '', /status-bad/);

      await page.getByLabel(/Re-sign each request/).check();
      await page.getByLabel('Destination URL').fill(`${receiver.url}/resigned-${name}`);
      await page.getByRole('button', { name: 'Start replaying' }).click();
      await page
        .getByTestId('replay-job')
        .getByText(/re-signed/)
        .waitFor();
      await page.getByTestId('replay-job').locator('[data-testid="job-state"][data-state="completed"]').waitFor();
      assert.match(
        (await page.getByTestId('replay-job').getByTestId('job-counts').textContent()) ?? '',
        /2 succeeded · 0 failed/,
      );
      const sent = receiver.requests.filter((request) => request.url === `/resigned-${name}`);
      assert.equal(sent.length, 2);
      for (const request of sent) {
        const header = request.headers.find(([key]) => key.toLowerCase() === 'stripe-signature')?.[1] ?? '';
        assert.notEqual(header, stale);
        Stripe.webhooks.constructEvent(request.body.toString('utf8'), header, STRIPE_SECRET);
      }
      await assertAccessible(page, 'bulk replay with failures');
      await page.context().close();
    });
  });
}
