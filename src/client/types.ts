/**
 * JSON shapes of the Rehook REST API (v1), as the server sends them (src/http/api/present.ts).
 * Timestamps are ISO 8601 strings; field names are camelCase. Self-contained on purpose: this
 * module is published for other people's tests and the web app, so it imports nothing.
 */

/** One header as received: original name case, value as latin1 code points. */
export type HeaderPair = [name: string, value: string];

export interface Inbox {
  readonly id: string;
  /** Path on the ingest origin, e.g. `/i/inb_...`. */
  readonly ingestUrl: string;
  /** Full URL to send webhooks to. */
  readonly url: string;
  /** True for persistent (account-owned) inboxes. */
  readonly saved: boolean;
  /** When an anonymous inbox expires; null for saved inboxes. */
  readonly expiresAt: string | null;
  readonly createdAt: string;
}

/** A captured request without headers and body, as event listings return it. */
export interface EventSummary {
  readonly id: string;
  readonly inboxId: string;
  readonly receivedAt: string;
  readonly method: string;
  /** Path as received, without the query string. */
  readonly path: string;
  /** Raw query string without the leading `?`; '' when there was none. */
  readonly query: string;
  readonly contentType: string | null;
  /** Body size in bytes. */
  readonly size: number;
}

/** A captured request with everything that was stored. */
export interface EventDetail extends EventSummary {
  readonly sourceIp: string;
  /** Every header in arrival order, duplicates kept; redacted ones carry `[REDACTED]`. */
  readonly headers: HeaderPair[];
  /** The exact body bytes, base64. */
  readonly bodyBase64: string;
  /** The body decoded as UTF-8 when (and only when) it is valid UTF-8, else null. */
  readonly bodyText: string | null;
  /** API path that serves the raw body. */
  readonly bodyUrl: string;
}

export interface ReplayErrorInfo {
  readonly code: string;
  readonly message: string;
}

/** How a replay ended; only `response` means the destination answered. */
export type ReplayOutcome = 'response' | 'invalid' | 'forbidden' | 'unreachable' | 'timeout';

/** One replay attempt and what the destination answered. */
export interface Replay {
  readonly id: string;
  readonly eventId: string;
  readonly destination: string;
  readonly createdAt: string;
  readonly outcome: ReplayOutcome;
  /** HTTP status of the destination's answer; null when it never answered. */
  readonly statusCode: number | null;
  readonly latencyMs: number | null;
  readonly responseHeaders: HeaderPair[];
  /** The destination's body: UTF-8 text or base64, as `responseBodyEncoding` says. */
  readonly responseBody: string;
  readonly responseBodyEncoding: 'utf8' | 'base64';
  /** True when the body was cut at the server's response size limit. */
  readonly truncated: boolean;
  readonly error: ReplayErrorInfo | null;
}

/** An API token without its secret. */
export interface Token {
  readonly id: string;
  readonly name: string;
  /** First characters of the token, safe to show. */
  readonly prefix: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
  readonly revokedAt: string | null;
}

/** The creation response: the only time the plaintext token is ever returned. */
export interface CreatedToken extends Token {
  readonly token: string;
}

/** One page of events, newest first. */
export interface EventPage {
  readonly events: EventSummary[];
  /** Pass as `before` to get the next (older) page; null on the last page. */
  readonly nextBefore: string | null;
}

/** The raw bytes of a captured body with the content type the API served them as. */
export interface EventBody {
  readonly contentType: string | null;
  readonly bytes: Uint8Array;
}

/** Body of every non-2xx API answer. */
export interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string; readonly [extra: string]: unknown };
}
