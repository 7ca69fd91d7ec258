import type {
  ReplayJob,
  ReplayJobFilter,
  ReplayJobItem,
  ReplayJobItemResult,
  ReplayJobState,
} from '../../domain/replay-job.js';
import { bindValues, type ColumnTypes, type ColumnValues, toDateOrNull } from './column-values.js';

// Rows of bulk replay jobs and their items (migration 9) as either driver reads them, their
// column lists, and the mappers. The lease columns are written, never read back.

export const JOB_COLUMNS =
  'id, inbox_id, account_id, destination, filter, rate_per_second, concurrency, state, total, succeeded, failed, ' +
  'created_at, started_at, finished_at, error_code, error_message';
export const ITEM_COLUMNS =
  'job_id, position, event_id, done, replay_id, status_code, latency_ms, error_code, completed_at';

export interface ReplayJobRow<C extends ColumnTypes> {
  readonly id: string;
  readonly inbox_id: string;
  readonly account_id: string;
  readonly destination: string;
  /** JSON of the filter as the request gave it. */
  readonly filter: string;
  readonly rate_per_second: number;
  readonly concurrency: number;
  readonly state: string;
  readonly total: number;
  readonly succeeded: number;
  readonly failed: number;
  readonly created_at: C['time'];
  readonly started_at: C['time'] | null;
  readonly finished_at: C['time'] | null;
  readonly error_code: string | null;
  readonly error_message: string | null;
}

export interface ReplayJobItemRow<C extends ColumnTypes> {
  readonly job_id: string;
  readonly position: number;
  readonly event_id: string;
  readonly done: C['flag'];
  readonly replay_id: string | null;
  readonly status_code: number | null;
  readonly latency_ms: number | null;
  readonly error_code: string | null;
  readonly completed_at: C['time'] | null;
}

/** The mappers of replay job and item rows over one database's column values. */
export function replayJobRowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  const toResult = (row: ReplayJobItemRow<C>): ReplayJobItemResult => ({
    replayId: row.replay_id,
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    errorCode: row.error_code,
    completedAt: row.completed_at === null ? new Date(0) : v.toDate(row.completed_at),
  });
  return {
    toReplayJob: (row: ReplayJobRow<C>): ReplayJob => ({
      id: row.id,
      inboxId: row.inbox_id,
      accountId: row.account_id,
      destination: row.destination,
      filter: JSON.parse(row.filter) as ReplayJobFilter,
      ratePerSecond: row.rate_per_second,
      concurrency: row.concurrency,
      state: row.state as ReplayJobState,
      counts: { total: row.total, done: row.succeeded + row.failed, succeeded: row.succeeded, failed: row.failed },
      createdAt: v.toDate(row.created_at),
      startedAt: toDateOrNull(v, row.started_at),
      finishedAt: toDateOrNull(v, row.finished_at),
      errorCode: row.error_code,
      errorMessage: row.error_message,
    }),
    toReplayJobItem: (row: ReplayJobItemRow<C>): ReplayJobItem => ({
      jobId: row.job_id,
      position: row.position,
      eventId: row.event_id,
      result: v.toBoolean(row.done) ? toResult(row) : null,
    }),
    /**
     * Parameters of a new job, queued with no replay made: the first seven of JOB_COLUMNS, then
     * its total and creation time.
     */
    newJobParams: (job: ReplayJob, total: number) =>
      bindValues(v, [
        job.id,
        job.inboxId,
        job.accountId,
        job.destination,
        JSON.stringify(job.filter),
        job.ratePerSecond,
        job.concurrency,
        total,
        job.createdAt,
      ]),
  };
}
