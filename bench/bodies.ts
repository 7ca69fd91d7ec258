import { randomBytes } from 'node:crypto';
import type { BodySpec } from './protocol.js';

/** A webhook-like JSON document of exactly `size` bytes (a padding field absorbs the rest). */
export function jsonBody(size: number): Buffer {
  const doc = {
    id: 'evt_1NkQ2bLkdIwHu7ix0Xa9Xb2c',
    object: 'event',
    type: 'invoice.paid',
    created: 1_700_000_000,
    livemode: false,
    data: { object: { id: 'in_1NkQ2aLkdIwHu7ixtjGQxYzA', amount_paid: 4200, currency: 'eur', customer: 'cus_OXb2' } },
    padding: '',
  };
  const base = Buffer.byteLength(JSON.stringify(doc));
  if (size <= base) return Buffer.from(JSON.stringify(doc).slice(0, size));
  doc.padding = 'x'.repeat(size - base);
  return Buffer.from(JSON.stringify(doc));
}

const cache = new Map<string, Buffer>();

/** The body a spec describes; built once per spec and reused for every request. */
export function buildBody(spec: BodySpec): Buffer {
  const key = JSON.stringify(spec);
  let body = cache.get(key);
  if (body === undefined) {
    if (spec.kind === 'json') body = jsonBody(spec.size);
    else if (spec.kind === 'binary') body = randomBytes(spec.size);
    else body = Buffer.from(spec.text);
    cache.set(key, body);
  }
  return body;
}

/** Bytes of the request exactly as autocannon writes it (request line, headers, body). */
export function rawRequestSize(
  method: string,
  url: string,
  headers: Readonly<Record<string, string>>,
  bodyLength: number,
): number {
  const u = new URL(url);
  const lines = [`${method} ${u.pathname}${u.search} HTTP/1.1`, `Host: ${u.host}`, 'Connection: keep-alive'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  if (bodyLength > 0) lines.push(`Content-Length: ${bodyLength}`);
  return Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`) + bodyLength;
}
