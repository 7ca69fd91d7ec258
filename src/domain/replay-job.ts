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

export interface ReplayJobCounts {
  /** Events the job replays (fixed at creation). */
  readonly total: number;
  /** Events replayed so far (succeeded + failed). */
  readonly done: number;
  /** The destination answered (any status, 4xx and 5xx included). */
  readonly succeeded: number;
  /** No answer: refused by the egress policy, unreachable, timed out, or the event was gone. */
  readonly failed: number;
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
  /** null while pending. */
  readonly result: ReplayJobItemResult | null;
}

/** A job as the runner holds it: with the lease it claimed. */
export interface ClaimedReplayJob {
  readonly job: ReplayJob;
  readonly owner: string;
  readonly leaseUntil: Date;
}

/**
 * How one recorded item moves its job's counts: an answer (any status) is a success, no answer
 * a failure.
 */
export function itemTally(result: Pick<ReplayJobItemResult, 'statusCode'>): { succeeded: 0 | 1; failed: 0 | 1 } {
  return result.statusCode === null ? { succeeded: 0, failed: 1 } : { succeeded: 1, failed: 0 };
}
