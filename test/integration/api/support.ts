import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { api, type JsonResponse, type TestRehook } from '../../helpers/rehook.js';
import { readReply } from '../../helpers/read-reply.js';

/**
 * Shared helpers of the API integration suite. Every API call of the suite goes through
 * {@link call}, which checks the invariants that hold for every response: never a 500, never a
 * stack trace or an internal path in the body, and every non-2xx is exactly
 * `{"error":{"code","message"}}` (plus documented extras such as `replayId`).
 */

type ApiInit = Parameters<typeof api>[2];

const STACK_TRACE = /\n\s+at\s|\bat\s+\S+\s+\(|\.ts:\d+:\d+|node:internal|node_modules|Error:\s/;

/** Asserts the suite-wide response invariants on one response. */
export function assertWellFormed(res: { status: number; text: string; body: unknown }, what = ''): void {
  assert.notEqual(res.status, 500, `${what} answered 500: ${res.text.slice(0, 500)}`);
  assert.doesNotMatch(res.text, STACK_TRACE, `${what} leaks a stack trace: ${res.text.slice(0, 500)}`);
  if (res.status >= 400) {
    const body = res.body as { error?: { code?: unknown; message?: unknown } } | undefined;
    assert.ok(body !== undefined && typeof body === 'object', `${what} ${res.status} body is not JSON: ${res.text}`);
    assert.deepEqual(Object.keys(body), ['error'], `${what} error body has extra top-level keys: ${res.text}`);
    assert.equal(typeof body.error?.code, 'string', `${what} error.code missing: ${res.text}`);
    assert.match(body.error?.code as string, /^[A-Z][A-Z_]+$/);
    assert.equal(typeof body.error?.message, 'string', `${what} error.message missing: ${res.text}`);
    assert.ok(typeof body.error?.message === 'string' && body.error.message.length > 0);
  }
}

/** `api()` plus the suite-wide invariants. */
export async function call(base: string, path: string, init: ApiInit = {}): Promise<JsonResponse> {
  const res = await api(base, path, init);
  assertWellFormed(res, `${init.method ?? 'GET'} ${path}`);
  return res;
}

/** Asserts a `{"error":{"code","message"}}` answer with this status and code. */
export function assertError(res: { status: number; body: any; text: string }, status: number, code: string): void {
  assert.equal(res.status, status, `expected ${status} ${code}, got ${res.status}: ${res.text.slice(0, 500)}`);
  assert.equal(res.body?.error?.code, code, `expected ${code}: ${res.text.slice(0, 500)}`);
}

/** Asserts the contract's 401: code UNAUTHORIZED, message says the token is missing or invalid. */
export function assertUnauthorized(res: { status: number; body: any; text: string }): void {
  assertError(res, 401, 'UNAUTHORIZED');
  assert.match(res.body.error.message, /API token is missing or invalid/i);
}

export interface RawResponse {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  readonly body: any;
}

/**
 * A request through node:http with headers given in rawHeaders form (`[name, value, ...]`), so
 * duplicates, exact order and exact spelling reach the server as written.
 */
export function rawRequest(
  url: string,
  opts: { method?: string; headers?: string[]; body?: Buffer | string } = {},
): Promise<RawResponse> {
  // With headers in array form Node adds no Host header, which the server rightly refuses.
  const headers = opts.headers ?? [];
  const hasHost = headers.some((value, i) => i % 2 === 0 && value.toLowerCase() === 'host');
  const sent = hasHost ? headers : ['Host', new URL(url).host, ...headers];
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: opts.method ?? 'GET', headers: sent }, (res) => {
      readReply(res).then(resolve, reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Creates an inbox (anonymous without token) and returns its JSON. */
export async function createInbox(rehook: TestRehook, token?: string): Promise<any> {
  const res = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', ...(token ? { token } : {}) });
  assert.equal(res.status, 201, res.text);
  return res.body.data.inbox;
}

/** Sends one request to the ingest listener (plain fetch) and checks the always-200 answer. */
export async function ingest(
  rehook: TestRehook,
  inboxId: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; suffix?: string } = {},
): Promise<void> {
  const res = await fetch(`${rehook.ingestUrl}/i/${inboxId}${init.suffix ?? ''}`, {
    method: init.method ?? 'POST',
    ...(init.headers ? { headers: init.headers } : {}),
    ...(init.body !== undefined ? { body: init.body } : {}),
  });
  await res.arrayBuffer();
  assert.equal(res.status, 200, `ingest answered ${res.status}`);
}

/** Ingests one request and returns the id of the event it created (the inbox's newest event). */
export async function ingestEvent(
  rehook: TestRehook,
  inboxId: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    suffix?: string;
    token?: string;
  } = {},
): Promise<string> {
  await ingest(rehook, inboxId, init);
  const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1`, {
    ...(init.token ? { token: init.token } : {}),
  });
  assert.equal(list.status, 200, list.text);
  const id: unknown = list.body[0]?.id;
  assert.equal(typeof id, 'string', `no event listed after ingest: ${list.text}`);
  return id as string;
}

/** A loopback port that nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const INBOX_ID = /^inb_[0-9abcdefghjkmnpqrstvwxyz]{26}$/;
export const EVENT_ID = /^evt_[0-9abcdefghjkmnpqrstvwxyz]{26}$/;
export const REPLAY_ID = /^rpl_[0-9abcdefghjkmnpqrstvwxyz]{26}$/;

/** A well-formed id that names nothing. */
export const UNKNOWN_EVENT_ID = 'evt_01aaaaaaaaaaaaaaaaaaaaaaaa';
export const UNKNOWN_INBOX_ID = 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa';
