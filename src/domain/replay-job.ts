/**
 * Bulk replay jobs: one destination, a fixed set of an inbox's events (chosen when the job is
 * created), replayed oldest first at a set rate and concurrency by the job runner
 * (services/replay-jobs.ts). Pure types and limits; no I/O.
 */

/** queued → running → completed | cancelled | failed. The last three never change again. */
export type ReplayJobState = 'queued' | 'running' | 'completed' | 'cancelled' | 'failed';

export const FINISHED_JOB_STATES: ReadonlySet<ReplayJobState> = new Set(['completed', 'cancelled', 'failed']);

/** Most event ids a job may name explicitly. */
export const MAX_JOB_EVENT_IDS = 1000;
/** Most events one job replays; a filter that matches more is refused (narrow it, or split it). */
export const MAX_JOB_EVENTS = 10_000;
/** Sends started per second when the request says nothing; bounds of what it may say. */
export const DEFAULT_JOB_RATE = 10;
export const MIN_JOB_RATE = 0.1;
export const MAX_JOB_RATE = 100;
/** Sends in flight at once when the request says nothing (1: strictly one after the other). */
export const DEFAULT_JOB_CONCURRENCY = 1;
export const MAX_JOB_CONCURRENCY = 10;

/**
 * Which events a job replays, as the request gave it (kept with the job, shown back). Either
 * `eventIds`, or any of the range and match fields (none at all: every event of the inbox).
 */
export interface ReplayJobFilter {
  readonly eventIds?: readonly string[];
  /** Inclusive lower bound: an ISO time (received at or after) or an event id (this one and newer). */
  readonly since?: string;
  /** Upper bound: an ISO time (received strictly before) or an event id (this one and older). */
  readonly until?: string;
  /** Upper-case HTTP method the event must have. */
  readonly method?: string;
  /** Prefix of the event's path below its inbox (`/stripe` matches `/i/<id>/stripe/events`). */
  readonly pathPrefix?: string;
}

/**
 * The filter as the store applies it when the job is created: bounds as ids or epoch
 * milliseconds, the path prefix as a full stored path (`/i/<inboxId>` + pathPrefix).
 */
export interface EventSelection {
  /** Smallest event id included. */
  readonly fromId?: string;
  /** Largest event id included. */
  readonly throughId?: string;
  /** received_at >= sinceMs */
  readonly sinceMs?: number;
  /** received_at < untilMs */
  readonly untilMs?: number;
  readonly method?: string;
  /** Full stored path prefix, `/i/<inboxId>...`. */
  readonly pathPrefix?: string;
}

/**
 * What the destination did with the job's sends, by class. The four status classes add up to
 * `succeeded`; `unreachable` is every send that got no answer (refused by the egress policy,
 * could not connect, timed out, TLS). Events deleted before their turn were never sent, so
 * they are in no class (only in `failed`).
 */
export interface ReplayJobOutcomes {
  /** Answered below 300 (a 1xx is never a final answer in practice, so it counts here). */
  readonly status2xx: number;
  readonly status3xx: number;
  readonly status4xx: number;
  /** Answered 500 or above (non-standard codes past 599 included). */
  readonly status5xx: number;
  readonly unreachable: number;
}

export interface ReplayJobCounts {
  /** Events the job replays (fixed at creation). */
  readonly total: number;
  /** Events replayed so far (succeeded + failed). */
  readonly done: number;
  /** The destination answered below 400. */
  readonly succeeded: number;
  /**
   * The destination answered 400 or above (a handler that refused the event did not take it),
   * or did not answer: refused by the egress policy, unreachable, timed out, or the event was gone.
   */
  readonly failed: number;
  readonly outcomes: ReplayJobOutcomes;
}

/**
 * The counts shown of a job whose `done` items got the `outcomes`: a 4xx or 5xx answer is a
 * failure, as it is for a forwarding delivery, even though the destination answered. Derived
 * from the status classes (kept since migration 12, earlier jobs counted from their items), so
 * jobs recorded when an answer of any status was counted a success read the same way.
 */
export function jobCounts(total: number, done: number, outcomes: ReplayJobOutcomes): ReplayJobCounts {
  const succeeded = outcomes.status2xx + outcomes.status3xx;
  return { total, done, succeeded, failed: done - succeeded, outcomes };
}

export const NO_OUTCOMES: ReplayJobOutcomes = {
  status2xx: 0,
  status3xx: 0,
  status4xx: 0,
  status5xx: 0,
  unreachable: 0,
};

/** The counts of a job nothing of which was replayed yet. */
export function emptyJobCounts(total: number): ReplayJobCounts {
  return { total, done: 0, succeeded: 0, failed: 0, outcomes: NO_OUTCOMES };
}

export interface ReplayJob {
  readonly id: string;
  readonly inboxId: string;
  /** Account that created the job; every replay is recorded under it. */
  readonly accountId: string;
  readonly destination: string;
  readonly filter: ReplayJobFilter;
  readonly ratePerSecond: number;
  readonly concurrency: number;
  /** Each send re-signed with the inbox's secret and a fresh timestamp (as a replay's `resign`). */
  readonly resign: boolean;
  readonly state: ReplayJobState;
  readonly counts: ReplayJobCounts;
  readonly createdAt: Date;
  /** First time a runner claimed it; null while queued. */
  readonly startedAt: Date | null;
  /** When it reached a finished state; null before. */
  readonly finishedAt: Date | null;
  /** Why a failed job failed (error code of src/errors.ts); null otherwise. */
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
}

/** What one replay of a job's event came to. */
export interface ReplayJobItemResult {
  /** The recorded replay (rpl_...); null when nothing was sent (the event was gone). */
  readonly replayId: string | null;
  /** The destination's status code; null when it did not answer. */
  readonly statusCode: number | null;
  readonly latencyMs: number | null;
  /** Error code of a failed send (DESTINATION_UNREACHABLE ...), or EVENT_NOT_FOUND; null on an answer. */
  readonly errorCode: string | null;
  readonly completedAt: Date;
}

/** One event of a job, in replay order (`position` 0 is the oldest event). */
export interface ReplayJobItem {
  readonly jobId: string;
  readonly position: number;
  readonly eventId: string;
  /** The event's method and path (as stored: /i/<inboxId>/...); null once the event is deleted. */
  readonly event: { readonly method: string; readonly path: string } | null;
  /** null while pending. */
  readonly result: ReplayJobItemResult | null;
}

/** A job as the runner holds it: with the lease it claimed. */
export interface ClaimedReplayJob {
  readonly job: ReplayJob;
  readonly owner: string;
  readonly leaseUntil: Date;
}

/** What one recorded item adds to its job's counts: each field 0 or 1. */
export interface ItemTally {
  readonly succeeded: 0 | 1;
  readonly failed: 0 | 1;
  readonly status2xx: 0 | 1;
  readonly status3xx: 0 | 1;
  readonly status4xx: 0 | 1;
  readonly status5xx: 0 | 1;
  readonly unreachable: 0 | 1;
}

/** The error code of an item whose event was deleted before its turn: nothing was sent. */
export const EVENT_GONE_CODE = 'EVENT_NOT_FOUND';

/**
 * How one recorded item moves its job's counts: an answer (any status) is a success, counted
 * in its status class; no answer a failure, counted as unreachable unless nothing was sent
 * (the event was gone).
 */
export function itemTally(result: Pick<ReplayJobItemResult, 'statusCode' | 'errorCode'>): ItemTally {
  const status = result.statusCode;
  const bit = (yes: boolean): 0 | 1 => (yes ? 1 : 0);
  return {
    succeeded: bit(status !== null),
    failed: bit(status === null),
    status2xx: bit(status !== null && status < 300),
    status3xx: bit(status !== null && status >= 300 && status < 400),
    status4xx: bit(status !== null && status >= 400 && status < 500),
    status5xx: bit(status !== null && status >= 500),
    unreachable: bit(status === null && result.errorCode !== EVENT_GONE_CODE),
  };
}

/** The tally's increments in the order of the job's count columns (see the adapters' SQL). */
export function tallyIncrements(t: ItemTally): [number, number, number, number, number, number, number] {
  return [t.succeeded, t.failed, t.status2xx, t.status3xx, t.status4xx, t.status5xx, t.unreachable];
}
