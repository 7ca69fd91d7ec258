import assert from 'node:assert/strict';
import type { ReceivedRequest } from '../../../helpers/receiver.js';
import type { TestRehook } from '../../../helpers/rehook.js';
import { call } from '../support.js';

/**
 * Settings that make forwarding fast in tests: a 20 ms first retry (doubling, capped by the
 * inbox's maxDelayMs), a 100 ms poll, and loopback destinations allowed. No test asserts a
 * duration: they wait for conditions, with a limit that only catches a hang.
 */
export const FAST_FORWARDING: Record<string, string> = {
  REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
  REHOOK_FORWARD_BASE_DELAY: '20ms',
  REHOOK_FORWARD_POLL_INTERVAL: '100ms',
  REHOOK_RATE_INGEST_PER_INBOX: '0',
};

/** Polls `check` until it returns a value other than undefined; fails after `limitMs` (a hang). */
export async function waitUntil<T>(what: string, check: () => Promise<T | undefined>, limitMs = 120_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what} after ${limitMs} ms (a hang)`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export async function setForwarding(
  rehook: TestRehook,
  token: string,
  inboxId: string,
  body: Record<string, unknown>,
): Promise<any> {
  const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/forwarding`, { method: 'PUT', token, json: body });
  assert.equal(res.status, 200, res.text);
  return res.body.data.forwarding;
}

export async function deliveriesOf(rehook: TestRehook, token: string, eventId: string): Promise<any[]> {
  const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/deliveries`, { token });
  assert.equal(res.status, 200, res.text);
  return res.body.data.deliveries;
}

/** Waits until the event's delivery is in one of `states`; returns it. */
export function deliveryIn(
  rehook: TestRehook,
  token: string,
  eventId: string,
  states: readonly string[],
): Promise<any> {
  return waitUntil(`delivery of ${eventId} in ${states.join('|')}`, async () => {
    const [delivery] = await deliveriesOf(rehook, token, eventId);
    return delivery !== undefined && states.includes(delivery.state) ? delivery : undefined;
  });
}

/** The value of the request's first header of that name (case-insensitive). */
export function header(req: ReceivedRequest, name: string): string | undefined {
  return req.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];
}
