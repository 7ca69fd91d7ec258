import type { HeaderPair } from './captured-event.js';
import type { SentRequest } from './replay-request.js';

/** How a replay ended. Only `response` is a success; every kind is recorded in the history. */
export type ReplayOutcomeKind = 'response' | 'invalid' | 'forbidden' | 'unreachable' | 'timeout';

/** One replay attempt as recorded in the history. */
export interface ReplayRecord {
  readonly id: string;
  readonly eventId: string;
  readonly inboxId: string;
  /** Account whose token asked for the replay. */
  readonly accountId: string;
  readonly destination: string;
  readonly createdAt: Date;
  readonly outcome: ReplayOutcomeKind;
  /** Status code of the destination's answer; null when there was no answer. */
  readonly statusCode: number | null;
  /** Dispatch to last response byte (or to the failure), in milliseconds; null when never sent. */
  readonly latencyMs: number | null;
  readonly responseHeaders: readonly HeaderPair[];
  /** Response body bytes, at most the configured cap. */
  readonly responseBody: Buffer;
  /** True when the destination sent more than the cap and the rest was discarded. */
  readonly truncated: boolean;
  /** Error code (from src/errors.ts) for failed outcomes, null on `response`. */
  readonly errorCode: string | null;
  /** Human-readable failure detail, null on `response`. Never contains the request's secrets. */
  readonly errorMessage: string | null;
  /**
   * What was sent (migration 10): method, URL, headers, the body when edited, the overrides.
   * Null for replays recorded before migration 10 and when nothing could be built (an invalid
   * destination).
   */
  readonly request: SentRequest | null;
  /** The bulk replay job that made this replay, or null for a replay of its own. */
  readonly jobId: string | null;
}
