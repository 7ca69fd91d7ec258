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
