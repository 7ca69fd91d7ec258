import type { RehookClient } from '../../client/rehook-client.js';
import type { CliIO } from '../io.js';
import type { BackoffPolicy } from './backoff.js';
import type { StartSpec } from './options.js';
import type { PositionKey, SavedPosition } from './position.js';
import type { EventFilters, ForwardRule } from './rules.js';

/** What a listener is told to do, what it runs with, and what it reports at the end. */

export interface ListenSettings {
  readonly inboxId: string;
  readonly rules: readonly ForwardRule[];
  readonly filters: EventFilters;
  /** Retries of one event at the local target after the first attempt. */
  readonly retries: number;
  /** Per attempt; 0 = no limit. */
  readonly timeoutMs: number;
  readonly printBody: boolean;
  readonly resign: boolean;
  readonly json: boolean;
  readonly start: StartSpec;
  /** The position file and what it belongs to. */
  readonly positionPath: string;
  readonly positionKey: PositionKey;
  /** The overlap window in id time (default 30 s; 0 = none): see window.ts. */
  readonly windowMs?: number;
}

export type ListenClient = Pick<
  RehookClient,
  'inbox' | 'events' | 'event' | 'nextEvent' | 'exportInbox' | 'resign' | 'baseUrl'
>;

export interface ListenDeps {
  readonly client: ListenClient;
  readonly io: Pick<CliIO, 'stdout' | 'stderr'>;
  /**
   * Aborted to stop (the first Ctrl-C): the listener takes no new event and starts no new attempt,
   * lets the attempt in progress finish (until `abandon`), records it and returns its summary.
   */
  readonly signal: AbortSignal;
  /** Aborted to abandon the attempt in progress (a second Ctrl-C, the stop timeout); default `signal`. */
  readonly abandon?: AbortSignal;
  readonly reconnect?: BackoffPolicy;
  readonly retry?: BackoffPolicy;
  readonly random?: () => number;
  /** Long-poll wait per request (tests may shorten it). */
  readonly pollMs?: number;
  /** Look-back interval while waiting (tests may shorten it). */
  readonly lookBackMs?: number;
}

/** How far the listener got. */
export interface ListenSummary {
  /** Answered by the local target with a status below 500 (this run). */
  readonly delivered: number;
  /** Given up on after every retry (this run). */
  readonly failed: number;
  /** Filtered out by --only-method/--only-path or matched by no --forward-to rule (this run). */
  readonly skipped: number;
  /** The last event done with (this run or, when none, the saved position); null when none ever. */
  readonly last: SavedPosition | null;
}

/** What became of one event. */
export type Outcome = 'delivered' | 'failed' | 'skipped' | 'stopped';
