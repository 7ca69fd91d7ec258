// Helpers of the response suites (responses*.test.ts): setting a response through the
// API, sending raw requests to the ingest listener, and reading what each event records.
import assert from 'node:assert/strict';
import { api, type TestRehook } from '../../helpers/rehook.js';
import { eventIdsByPath, getEvent } from './fixtures.js';
import { hostHeader, sendRaw, type RawResponse } from './raw-http.js';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Waits for `condition` (polling), failing only after a limit that catches a hang. */
export async function waitFor<T>(what: string, condition: () => Promise<T | undefined>, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await condition();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await sleep(20);
  }
}

export function putResponse(rehook: TestRehook, inboxId: string, json: unknown, token?: string) {
  return api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/response`, {
    method: 'PUT',
    json,
    ...(token ? { token } : {}),
  });
}

/** A request over a raw connection; returns the one response, parsed from the wire. */
export async function ingest(
  rehook: TestRehook,
  method: string,
  path: string,
  opts: { headers?: ReadonlyArray<readonly [string, string]>; body?: Buffer } = {},
): Promise<RawResponse & { raw: string }> {
  const body = opts.body ?? Buffer.alloc(0);
  const head =
    `${method} ${path} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nConnection: close\r\n` +
    (opts.headers ?? []).map(([name, value]) => `${name}: ${value}\r\n`).join('') +
    (body.length > 0 || ['POST', 'PUT', 'PATCH'].includes(method) ? `Content-Length: ${body.length}\r\n` : '') +
    '\r\n';
  const result = await sendRaw(rehook.ingestUrl, [Buffer.concat([Buffer.from(head, 'latin1'), body])], {
    bodiless: method === 'HEAD' ? [0] : [],
  });
  const response = result.responses[0];
  assert.ok(response, `no response to ${method} ${path}: ${result.raw.toString('latin1').slice(0, 300)}`);
  return { ...response, raw: result.raw.toString('latin1') };
}

/** Header names and values as sent (names lowercased by the parser), without the ones Node adds itself. */
export function sentHeaders(response: RawResponse): Array<readonly [string, string]> {
  return response.headers.filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
}

/** The answer the event stored at `path` records. */
export async function answerAt(rehook: TestRehook, path: string): Promise<unknown> {
  const ids = await eventIdsByPath(rehook, path);
  assert.equal(ids.length, 1, `one event at ${path}`);
  return ((await getEvent(rehook, ids[0] as string)) as unknown as { answer: unknown }).answer;
}
