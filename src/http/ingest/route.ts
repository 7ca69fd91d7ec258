export type IngestRoute =
  | { readonly kind: 'capture'; readonly inboxId: string; readonly path: string; readonly query: string }
  | { readonly kind: 'health' }
  | { readonly kind: 'not-found' };

/**
 * Splits a raw request target into inbox id, path and raw query. `/i/<id>` and every path below
 * it (`/i/<id>/stripe/events`) belong to inbox <id>; the path is kept exactly as sent (no
 * decoding, no normalisation), so `/i/<id>%2F..` is a different, unknown id rather than a trick
 * that lands in another inbox.
 */
export function ingestRoute(target: string): IngestRoute {
  // RFC 9112 §3.2.2: a server must also accept the absolute-form `http://host/i/<id>?q`; only
  // the part from the path on is the request's path and query.
  const authority = /^https?:\/\/[^/?#]*/i.exec(target);
  if (authority) target = target.slice(authority[0].length);
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const query = q < 0 ? '' : target.slice(q + 1);
  if (path === '/healthz') return { kind: 'health' };
  if (!path.startsWith('/i/')) return { kind: 'not-found' };
  const end = path.indexOf('/', 3);
  const inboxId = end < 0 ? path.slice(3) : path.slice(3, end);
  if (inboxId === '') return { kind: 'not-found' };
  return { kind: 'capture', inboxId, path, query };
}
