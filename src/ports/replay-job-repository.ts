import type {
  ClaimedReplayJob,
  EventSelection,
  ReplayJob,
  ReplayJobItem,
  ReplayJobItemResult,
  ReplayJobState,
} from '../domain/replay-job.js';

/**
 * Bulk replay jobs and their items (migration 9), part of the Store port. A job's items (one
 * per event, in replay order) are written with the job in one transaction and never change
 * membership: the set of events is fixed when the job is created.
 *
 * Running a job is guarded by a lease (`lease_owner`, `lease_until`): only the instance whose
 * claim succeeded sends, it renews the lease while it works, and another instance may claim the
 * job once the lease has expired (its owner died). Every state change is conditional (on the
 * state, and for the runner on still holding the lease), so a cancellation, a lost lease and a
 * finish never overwrite one another.
 */
export interface ReplayJobRepository {
  /**
   * Ids of the inbox's events that match `selection`, OLDEST first (ascending id), at most
   * `limit`. A read for creating a job; not part of its transaction.
   */
  selectEventIds(inboxId: string, selection: EventSelection, limit: number): Promise<string[]>;
  /**
   * Which of `eventIds` are events of `inboxId`, as a list in ascending id order (duplicates
   * and unknown ids left out).
   */
  existingEventIds(inboxId: string, eventIds: readonly string[]): Promise<string[]>;
  /**
   * Stores the job (state `queued`, counts from `eventIds.length`) and one pending item per event
   * id, in the given order (position 0 first), in one transaction.
   */
  insert(job: ReplayJob, eventIds: readonly string[]): Promise<void>;
  findById(id: string): Promise<ReplayJob | null>;
  /** Jobs of an inbox, newest first, at most `limit`; only `accountId`'s when it is given. */
  listByInbox(inboxId: string, opts: { readonly limit: number; readonly accountId?: string }): Promise<ReplayJob[]>;
  /**
   * Items of a job in replay order with a position greater than `after` (-1 or absent: from
   * the first), at most `limit` (1..1000); only pending ones with `pendingOnly`.
   */
  listItems(
    jobId: string,
    page: { readonly after?: number; readonly limit: number; readonly pendingOnly?: boolean },
  ): Promise<ReplayJobItem[]>;
  /**
   * Claims the oldest job that is queued, or running with a lease that expired before `now`:
   * sets it running (startedAt on the first claim) with the lease `owner` until `leaseUntil`.
   * Atomic across processes (PostgreSQL: FOR UPDATE SKIP LOCKED; SQLite: one conditional
   * UPDATE in a write transaction), so two claimers never get the same job. `exclude`: ids
   * this claimer already runs. Null when there is nothing to claim.
   */
  claim(owner: string, now: Date, leaseUntil: Date, exclude?: readonly string[]): Promise<ClaimedReplayJob | null>;
  /**
   * Extends the lease while the job is still running under `owner`. Returns the job, or null when
   * the lease was lost (another owner), or the job was cancelled or finished meanwhile.
   */
  renewLease(jobId: string, owner: string, leaseUntil: Date): Promise<ReplayJob | null>;
  /** Gives the lease up (graceful shutdown), so another instance can claim the job at once. */
  releaseLease(jobId: string, owner: string): Promise<void>;
  /**
   * Records the result of one item if it is still pending, and counts it in the job (succeeded
   * when `result.statusCode` is not null, else failed) in the same transaction. Returns false
   * (and changes nothing) when it was already recorded, e.g. by a previous lease holder.
   */
  completeItem(jobId: string, position: number, result: ReplayJobItemResult): Promise<boolean>;
  /**
   * Ends a running job held by `owner` as `completed` or `failed` (with the error). False when
   * it was cancelled meanwhile, or the lease was lost.
   */
  finish(
    jobId: string,
    owner: string,
    outcome: {
      readonly state: Extract<ReplayJobState, 'completed' | 'failed'>;
      readonly errorCode?: string;
      readonly errorMessage?: string;
    },
    now: Date,
  ): Promise<boolean>;
  /**
   * Cancels a queued or running job (its lease is dropped; items already recorded stay).
   * Returns the job as it is afterwards (a finished job unchanged), or null when unknown.
   */
  cancel(jobId: string, now: Date): Promise<ReplayJob | null>;
}
