import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { readReply } from '../../helpers/read-reply.js';

export interface Reply {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  readonly body: any;
}

/**
 * One HTTP request on a fresh connection, optionally from a chosen loopback source address
 * (`127.0.0.2`, ...: Linux routes all of 127/8 to lo), so tests can play several client IPs.
 */
export function send(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: opts.method ?? 'GET',
        headers: opts.headers ?? {},
        agent: false,
        ...(opts.from ? { localAddress: opts.from } : {}),
      },
      (res) => {
        readReply(res).then(resolve, reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** 429 with a positive whole-second Retry-After and the `{"error":{"code","message"}}` body. */
export function assertRateLimited(res: Reply, what = ''): void {
  assert.equal(res.status, 429, `${what}: expected 429, got ${res.status} ${res.text}`);
  const retryAfter = Number(res.headers['retry-after']);
  assert.ok(Number.isInteger(retryAfter) && retryAfter >= 1, `${what}: Retry-After ${res.headers['retry-after']}`);
  assert.equal(res.body?.error?.code, 'RATE_LIMITED', `${what}: ${res.text}`);
  assert.equal(typeof res.body?.error?.message, 'string');
  assert.ok(String(res.headers['content-type']).startsWith('application/json'));
}

export function createAnonInbox(apiUrl: string, from?: string): Promise<Reply> {
  return send(`${apiUrl}/api/v1/inboxes`, { method: 'POST', ...(from ? { from } : {}) });
}

export async function newInboxId(apiUrl: string, token?: string): Promise<string> {
  const res = await send(`${apiUrl}/api/v1/inboxes`, {
    method: 'POST',
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  assert.equal(res.status, 201, res.text);
  return res.body.data.inbox.id as string;
}

export async function eventsOf(apiUrl: string, inboxId: string, token?: string): Promise<any[]> {
  const res = await send(`${apiUrl}/api/v1/inboxes/${inboxId}/events?limit=1000`, {
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  assert.equal(res.status, 200, res.text);
  return Array.isArray(res.body) ? res.body : (res.body.data?.events ?? res.body.data);
}
