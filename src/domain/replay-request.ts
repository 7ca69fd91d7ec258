import type { HeaderPair } from './captured-event.js';
import { isRedactedHeader, REDACTED_VALUE } from './captured-event.js';

/**
 * Edit-and-replay: what a caller may change in the request a replay sends (decision 22).
 * Every field is optional; an absent field keeps the event's value.
 */
export interface ReplayOverrides {
  /** Replaces the event's method (an RFC 9110 token, case kept). */
  readonly method?: string;
  /** Appended to the destination URL's path (one '/' between them); starts with '/'. */
  readonly path?: string;
  /** Replaces the destination URL's query ('' removes it); without the leading '?'. */
  readonly query?: string;
  /** Header edits: `remove` first, then `set` (each set name replaces every same-named header). */
  readonly headers?: HeaderEdits;
  /** Replaces the event's body bytes. */
  readonly body?: Buffer;
}

export interface HeaderEdits {
  /** Headers to send instead of every header of the same name (case-insensitive), in order. */
  readonly set: readonly HeaderPair[];
  /** Names (case-insensitive) of headers not to send. */
  readonly remove: readonly string[];
}

/** The request a replay sent, as recorded in the history (migration 10). */
export interface SentRequest {
  readonly method: string;
  /** The full URL dialled: the destination with the path and query overrides applied. */
  readonly url: string;
  /** Headers as sent, in order; Authorization and Cookie values read [REDACTED]. */
  readonly headers: readonly HeaderPair[];
  /** The body bytes sent when they differ from the event's (an override); null = the event's body. */
  readonly body: Buffer | null;
  /** Size of the body sent, in bytes. */
  readonly bodySize: number;
  /** What the caller asked to change (secrets redacted), or null for a verbatim replay. */
  readonly overrides: RecordedOverrides | null;
  /** True when the signature headers were recomputed with the inbox's secret (`resign`). */
  readonly resigned: boolean;
}

/** The overrides as recorded: the body itself is in {@link SentRequest.body}. */
export interface RecordedOverrides {
  readonly method?: string;
  readonly path?: string;
  readonly query?: string;
  readonly setHeaders?: readonly HeaderPair[];
  readonly removeHeaders?: readonly string[];
  /** True when the body was replaced. */
  readonly body?: boolean;
}

/** The overrides without secrets (Authorization/Cookie values) and without the body bytes. */
export function recordOverrides(overrides: ReplayOverrides | undefined): RecordedOverrides | null {
  if (overrides === undefined) return null;
  const recorded: {
    -readonly [K in keyof RecordedOverrides]: RecordedOverrides[K];
  } = {};
  if (overrides.method !== undefined) recorded.method = overrides.method;
  if (overrides.path !== undefined) recorded.path = overrides.path;
  if (overrides.query !== undefined) recorded.query = overrides.query;
  if (overrides.headers !== undefined && overrides.headers.set.length > 0) {
    recorded.setHeaders = redactHeaders(overrides.headers.set);
  }
  if (overrides.headers !== undefined && overrides.headers.remove.length > 0) {
    recorded.removeHeaders = [...overrides.headers.remove];
  }
  if (overrides.body !== undefined) recorded.body = true;
  return Object.keys(recorded).length === 0 ? null : recorded;
}

/** Authorization and Cookie values replaced by the placeholder, as at capture, so a replay never leaks a credential. */
export function redactHeaders(headers: readonly HeaderPair[]): HeaderPair[] {
  return headers.map(([name, value]): HeaderPair => [name, isRedactedHeader(name) ? REDACTED_VALUE : value]);
}

/**
 * The URL a replay dials: the destination, with `path` appended to its path (exactly one '/'
 * between them) and its query replaced by `query` when given (decision 22). The fragment is
 * never sent.
 */
export function replayUrl(destination: URL, overrides: Pick<ReplayOverrides, 'path' | 'query'> | undefined): URL {
  const url = new URL(destination.href);
  url.hash = '';
  if (overrides?.path !== undefined) {
    const base = url.pathname.endsWith('/') ? url.pathname.slice(0, -1) : url.pathname;
    url.pathname = base + overrides.path;
  }
  if (overrides?.query !== undefined) url.search = overrides.query === '' ? '' : `?${overrides.query}`;
  return url;
}

/**
 * The headers to send: the stored ones without the `remove` names; then the `set` pairs of each
 * name take the place of the first stored header of that name (all same-named stored headers go,
 * case-insensitively), or are appended, in the order given, when there was none (decision 22).
 */
export function editHeaders(stored: readonly HeaderPair[], edits: HeaderEdits | undefined): HeaderPair[] {
  if (edits === undefined) return [...stored];
  const removed = new Set(edits.remove.map((name) => name.toLowerCase()));
  const setByName = new Map<string, HeaderPair[]>();
  for (const pair of edits.set) {
    const lower = pair[0].toLowerCase();
    const list = setByName.get(lower);
    if (list) list.push(pair);
    else setByName.set(lower, [pair]);
  }
  const out: HeaderPair[] = [];
  for (const pair of stored) {
    const lower = pair[0].toLowerCase();
    if (removed.has(lower)) continue;
    const replacement = setByName.get(lower);
    if (replacement === undefined) {
      out.push(pair);
    } else if (replacement.length > 0) {
      out.push(...replacement);
      // Placed once, at the first stored header of the name; later ones are dropped.
      setByName.set(lower, []);
    }
  }
  for (const [lower, pairs] of setByName) {
    if (pairs.length > 0 && !stored.some(([name]) => name.toLowerCase() === lower)) out.push(...pairs);
  }
  return out;
}

/**
 * Storage form of a {@link SentRequest} without its body (both adapters, migration 10): JSON
 * text `{"method","url","headers":[[n,v]],"bodySize","overrides","resigned"}`. The body bytes go
 * to a column of their own (null when the event's own body was sent).
 */
export function encodeSentRequest(request: SentRequest): string {
  return JSON.stringify({
    method: request.method,
    url: request.url,
    headers: request.headers,
    bodySize: request.bodySize,
    overrides: request.overrides,
    resigned: request.resigned,
  });
}

/** Reads {@link encodeSentRequest}'s text back (with the body column); null for null. */
export function decodeSentRequest(text: string | null, body: Buffer | null): SentRequest | null {
  if (text === null) return null;
  const raw = JSON.parse(text) as {
    method: string;
    url: string;
    headers: HeaderPair[];
    bodySize: number;
    overrides: RecordedOverrides | null;
    resigned: boolean;
  };
  return {
    method: raw.method,
    url: raw.url,
    headers: raw.headers.map(([name, value]): HeaderPair => [name, value]),
    body,
    bodySize: raw.bodySize,
    overrides: raw.overrides,
    resigned: raw.resigned,
  };
}
