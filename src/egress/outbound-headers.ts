import { REDACTED_HEADER_NAMES } from '../domain/captured-event.js';
import type { HeaderPair } from '../domain/captured-event.js';

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) describe the original sender's connection, not the
 * message. Forwarding them would lie to the destination about our connection (and undici
 * refuses `transfer-encoding`, `keep-alive`, `upgrade` and `expect` outright).
 */
export const HOP_BY_HOP_HEADER_NAMES: readonly string[] = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
];

/** Recomputed by the client: Host from the destination URL, Content-Length from the body. */
export const RECOMPUTED_HEADER_NAMES: readonly string[] = ['host', 'content-length'];

/** Every `proxy-*` header is dropped: it was meant for a proxy on the sender's path. */
export const DROPPED_HEADER_PREFIXES: readonly string[] = ['proxy-'];

/**
 * Every header name a replay never forwards as stored (lower case). Besides these, headers
 * starting with a prefix in {@link DROPPED_HEADER_PREFIXES} and headers named in a stored
 * `Connection` header's value are dropped. Redacted headers (`authorization`, `cookie`) are
 * dropped because their stored value is the `[REDACTED]` placeholder, which would only
 * confuse the destination; the real secret was never stored.
 */
export const DROPPED_HEADER_NAMES: readonly string[] = [
  ...HOP_BY_HOP_HEADER_NAMES,
  ...RECOMPUTED_HEADER_NAMES,
  ...REDACTED_HEADER_NAMES,
];

const ALWAYS_DROPPED: ReadonlySet<string> = new Set(DROPPED_HEADER_NAMES);

/** Names listed in any Connection header value: the sender declared them hop-by-hop. */
function connectionNominated(headers: readonly HeaderPair[]): Set<string> {
  const names = new Set<string>();
  for (const [name, value] of headers) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) {
      const trimmed = token.trim().toLowerCase();
      if (trimmed !== '') names.add(trimmed);
    }
  }
  return names;
}

/**
 * Builds the headers a replay sends from the stored ones: order, duplicates and original
 * name case are kept; hop-by-hop, `proxy-*`, Connection-nominated, `host`, `content-length`
 * and redacted headers are removed. Provider signature headers pass through untouched, which
 * is the point of a replay.
 */
export function buildOutboundHeaders(stored: readonly HeaderPair[]): HeaderPair[] {
  const nominated = connectionNominated(stored);
  return stored.filter(([name]) => {
    const lower = name.toLowerCase();
    if (ALWAYS_DROPPED.has(lower) || nominated.has(lower)) return false;
    return !DROPPED_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix));
  });
}

/**
 * For headers a caller already built with {@link buildOutboundHeaders} and then edited
 * (edit-and-replay): drops only what describes a connection or is recomputed (hop-by-hop,
 * `proxy-*`, `host`, `content-length`), so an Authorization or Cookie header the caller set
 * explicitly is sent.
 */
export function stripTransportHeaders(headers: readonly HeaderPair[]): HeaderPair[] {
  return headers.filter(([name]) => {
    const lower = name.toLowerCase();
    if (HOP_BY_HOP_HEADER_NAMES.includes(lower) || RECOMPUTED_HEADER_NAMES.includes(lower)) return false;
    return !DROPPED_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix));
  });
}

/** Flattens pairs to undici's `[name, value, name, value]` form, which keeps order and case. */
export function flattenHeaders(pairs: readonly HeaderPair[]): string[] {
  return pairs.flat();
}
