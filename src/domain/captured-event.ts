import type { DriftDifference } from './drift.js';

/** One header as it arrived: original name case, value as received (latin1 string). */
export type HeaderPair = readonly [name: string, value: string];

/** A captured request (an "event"), without its body: what listing returns. */
export interface EventSummary {
  readonly id: string;
  readonly inboxId: string;
  readonly receivedAt: Date;
  readonly method: string;
  /** Path as received, without the query string, e.g. `/i/inb_x/stripe/events`. */
  readonly path: string;
  /** Raw query string exactly as received, without the leading `?`; '' when there was none. */
  readonly query: string;
  /** Value of the first Content-Type header, or null. */
  readonly contentType: string | null;
  /** Body size in bytes. */
  readonly size: number;
  /**
   * The sender's signature as checked at capture against the inbox's secret; null when the inbox
   * had no secret set then (or the event predates signatures). Presented as `unchecked`.
   */
  readonly signature: SignatureCheck | null;
  /**
   * The answer the ingest listener sent; null when it was the contract's plain 200 (no response
   * configured, or the event predates response rules).
   */
  readonly answer: AnswerRecord | null;
  /**
   * The event type (src/domain/event-type.ts), set by the background worker after the event is
   * stored; null or absent until then, and for events without one (not JSON).
   */
  readonly eventType?: string | null;
  /**
   * How the body differs from what earlier events of its type taught (src/domain/drift.ts);
   * null or absent when it fits (or has not been checked yet).
   */
  readonly drift?: DriftDifference[] | null;
}

export type SignatureStatus = 'valid' | 'invalid' | 'unchecked';

/** Result of checking the sender's signature at capture time. */
export interface SignatureCheck {
  /** The inbox's scheme (e.g. `stripe`); null when no secret was set. */
  readonly scheme: string | null;
  readonly status: SignatureStatus;
  /** Why the status is not `valid` (missing header, mismatch, timestamp outside tolerance...). */
  readonly reason: string | null;
}

/** Which answer the ingest listener sent for an event. */
export interface AnswerRecord {
  /** Index (0-based) of the inbox's response rule that matched; null for the default answer. */
  readonly rule: number | null;
  readonly status: number;
  /**
   * Why a templated answer could not be rendered (the inbox's default answer was sent instead);
   * absent when there was nothing to report.
   */
  readonly error?: string;
}

/** How an event without a stored check is presented (no secret was set when it arrived). */
export const UNCHECKED_SIGNATURE: SignatureCheck = Object.freeze({
  scheme: null,
  status: 'unchecked',
  reason: 'no signature secret was set when it arrived',
});

/** How an event without a stored answer is presented: the contract's 200. */
export const CONTRACT_ANSWER: AnswerRecord = Object.freeze({ rule: null, status: 200 });

/** A captured request with everything that was stored. */
export interface CapturedEvent extends EventSummary {
  /** Every header in arrival order, duplicates kept, redacted ones with the placeholder value. */
  readonly headers: readonly HeaderPair[];
  /** Raw body bytes exactly as received (never decompressed or parsed). */
  readonly body: Buffer;
  /** Address of the sender as seen by the ingest listener (or the proxy's header when trusted). */
  readonly sourceIp: string;
}

/**
 * Headers named `authorization` and `cookie` are redacted before storage (credentials never rest in the database). The name is
 * kept so a user sees the header was sent; the secret never reaches the disk.
 */
export const REDACTED_HEADER_NAMES: ReadonlySet<string> = new Set(['authorization', 'cookie']);
export const REDACTED_VALUE = '[REDACTED]';

export function isRedactedHeader(name: string): boolean {
  return REDACTED_HEADER_NAMES.has(name.toLowerCase());
}

/**
 * Turns Node's flat `rawHeaders` ([name, value, name, value, ...]) into ordered pairs with the
 * redacted values replaced. Matching is case-insensitive, so `AuThOrIzAtIoN` is caught too.
 */
export function pairRawHeaders(rawHeaders: readonly string[]): HeaderPair[] {
  const pairs: HeaderPair[] = [];
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const name = rawHeaders[i] as string;
    const value = rawHeaders[i + 1] as string;
    pairs.push([name, isRedactedHeader(name) ? REDACTED_VALUE : value]);
  }
  return pairs;
}

/** An event's summary: what the live bus announces and listing returns (no headers, no body). */
export function summaryOf(event: CapturedEvent): EventSummary {
  return {
    id: event.id,
    inboxId: event.inboxId,
    receivedAt: event.receivedAt,
    method: event.method,
    path: event.path,
    query: event.query,
    contentType: event.contentType,
    size: event.size,
    signature: event.signature,
    answer: event.answer,
  };
}
