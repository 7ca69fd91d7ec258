import {
  jobCounts,
  type ReplayJob,
  type ReplayJobFilter,
  type ReplayJobItem,
  type ReplayJobItemResult,
  type ReplayJobState,
} from '../../domain/replay-job.js';
import { asRead, bindValues, type ColumnTypes, type ColumnValues, toDateOrNull } from './column-values.js';

// Rows of bulk replay jobs and their items (migration 9) as either driver reads them, their
// column lists, and the mappers. The lease columns are written, never read back.

export const JOB_COLUMNS =
  'id, inbox_id, account_id, destination, filter, rate_per_second, concurrency, state, total, succeeded, failed, ' +
  'created_at, started_at, finished_at, error_code, error_message, ' +
  'status_2xx, status_3xx, status_4xx, status_5xx, unreachable, resign';
/**
 * The count columns a recorded item moves, in the order of tallyIncrements() (domain): the
 * adapters' SQL adds each increment to its column.
 */
export const JOB_COUNT_COLUMNS = [
  'succeeded',
  'failed',
  'status_2xx',
  'status_3xx',
  'status_4xx',
  'status_5xx',
  'unreachable',
] as const;
/**
 * An item's columns (alias `i`) with its event's method and path (alias `e`, LEFT JOINed: null
 * once the event is deleted), so a result names its request without a second query.
 */
export const ITEM_SELECT =
  'i.job_id, i.position, i.event_id, i.done, i.replay_id, i.status_code, i.latency_ms, i.error_code, ' +
  'i.completed_at, e.method AS event_method, e.path AS event_path ' +
  'FROM replay_job_items i LEFT JOIN events e ON e.id = i.event_id';

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
  readonly status_2xx: number;
  readonly status_3xx: number;
  readonly status_4xx: number;
  readonly status_5xx: number;
  readonly unreachable: number;
  readonly resign: C['flag'];
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
  readonly event_method: string | null;
  readonly event_path: string | null;
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
      ...asRead(row, [
        'id',
        'inbox_id',
        'account_id',
        'destination',
        'rate_per_second',
        'concurrency',
        'error_code',
        'error_message',
      ]),
      filter: JSON.parse(row.filter) as ReplayJobFilter,
      state: row.state as ReplayJobState,
      // The columns count answers and non-answers; jobCounts() turns them into the API's counts.
      counts: jobCounts(row.total, row.succeeded + row.failed, {
        status2xx: row.status_2xx,
        status3xx: row.status_3xx,
        status4xx: row.status_4xx,
        status5xx: row.status_5xx,
        unreachable: row.unreachable,
      }),
      resign: v.toBoolean(row.resign),
      createdAt: v.toDate(row.created_at),
      startedAt: toDateOrNull(v, row.started_at),
      finishedAt: toDateOrNull(v, row.finished_at),
    }),
    toReplayJobItem: (row: ReplayJobItemRow<C>): ReplayJobItem => ({
      jobId: row.job_id,
      position: row.position,
      eventId: row.event_id,
      event:
        row.event_method === null || row.event_path === null
          ? null
          : { method: row.event_method, path: row.event_path },
      result: v.toBoolean(row.done) ? toResult(row) : null,
    }),
    /**
     * Parameters of a new job, queued with no replay made: the first seven of JOB_COLUMNS, then
     * its total, creation time and whether it re-signs.
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
        v.fromBoolean(job.resign),
      ]),
  };
}
