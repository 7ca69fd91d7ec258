import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before } from 'node:test';
import type { BrowserContext, Page } from 'playwright-core';
import { startReceiver, type ReceivedRequest, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/rehook.js';
import { startRig, waitLive, type BrowserRig } from './support.js';

/**
 * Shared by the feature tests of the web app (features-replay and features-settings-search):
 * one server with local destinations allowed and quick automatic forwarding, headless Chromium,
 * and a receiver the replays and forwards reach, started once per test file; and the helpers
 * that sign up, open a saved inbox and read what the receiver got.
 *
 * `rig` and `receiver` are live bindings: set by the `before` hook that {@link useFeatureRig}
 * registers, read by the tests after it has run.
 */

export let rig: BrowserRig;
export let receiver: Receiver;
let counter = 0;

const PASSWORD = 'correct horse battery staple';

export interface FeatureRigOptions {
  /**
   * A file's own behaviour of the receiver for some paths: answers the request and returns true,
   * or returns false to let the default answer (200 `{"received":true}`) go out.
   */
  route?: (req: ReceivedRequest, res: ServerResponse) => boolean | Promise<boolean>;
  /** Runs first when the file is done, before anything is closed (to let held requests go). */
  beforeClose?: () => void;
}

/** Registers the hooks that start the server, the browser and the receiver, and close them after the file. */
export function useFeatureRig(options: FeatureRigOptions = {}): void {
  before(async () => {
    rig = await startRig({
      REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
      REHOOK_FORWARD_BASE_DELAY: '20ms',
      REHOOK_FORWARD_POLL_INTERVAL: '200ms',
    });
    receiver = await startReceiver(async (req, res) => {
      if (await options.route?.(req, res)) return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ received: true }));
    });
  });

  after(async () => {
    options.beforeClose?.();
    await receiver?.close();
    await rig?.close();
  });
}

export async function newPage(viewport?: {
  width: number;
  height: number;
}): Promise<{ page: Page; context: BrowserContext }> {
  const context = await rig.context(viewport ? { viewport } : {});
  return { page: await context.newPage(), context };
}

/** Signs up a new account; resolves on the dashboard. */
export async function signUp(page: Page): Promise<void> {
  counter += 1;
  await page.goto(`${rig.rehook.apiUrl}/signup`);
  await page.getByLabel('E-mail address').fill(`feature${counter}-${process.pid}@example.test`);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Signs up and opens a new saved inbox of that account; resolves once its stream is live. */
export async function savedInbox(page: Page, name: string): Promise<{ url: string; inboxId: string }> {
  await signUp(page);
  await page.getByLabel('Name of the new inbox').fill(name);
  await page.getByRole('button', { name: 'New inbox' }).click();
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await waitLive(page);
  const url = await page.locator('#ingest-url').inputValue();
  return { url, inboxId: /\/i\/(inb_\w+)/.exec(url)?.[1] as string };
}

export function received(path: string) {
  return receiver.requests.filter((request) => request.url === path);
}

export function headerOf(request: { headers: ReadonlyArray<readonly [string, string]> }, name: string): string[] {
  return request.headers.filter(([header]) => header.toLowerCase() === name).map(([, value]) => value);
}

/**
 * Polls the API (with the page's session) until the inbox lists at least `count` events of
 * `eventType`: types are learned by the server's background worker a moment after capture.
 */
export async function waitForTypeCount(page: Page, inboxId: string, eventType: string, count: number): Promise<void> {
  const path = `/api/v1/inboxes/${inboxId}/event-types`;
  // The page's session, sent by api(), which sends a request again only after the keep-alive
  // race: a route that resets its connection fails the test.
  const cookies = await page.context().cookies(rig.rehook.apiUrl);
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ');
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const res = await api(rig.rehook.apiUrl, path, { headers: { cookie } });
    assert.equal(res.status, 200, res.text);
    const body = res.body as { data: { eventTypes: { eventType: string; count: number }[] } };
    if ((body.data.eventTypes.find((t) => t.eventType === eventType)?.count ?? 0) >= count) return;
    // The worker looks every half second: ask again shortly (the loop ends on the condition).
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.fail(`the inbox never listed ${count} events of ${eventType}`);
}
