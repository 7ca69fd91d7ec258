import type { ClaimedSend, DeliveryState, OutboundAttempt, OutboundProgress } from '../../domain/outbound-delivery.js';
import { bindValues, type ColumnTypes, type ColumnValues, type SqlParam, toDateOrNull } from './column-values.js';
import { columnList, setFromExcluded } from './sql-lists.js';

// What outbound delivery (domain/outbound-delivery.ts) records, as forwarding deliveries
// (migration 8) and alert notifications (migration 15) both keep it: an item's progress through
// the queue, and each attempt (the item's id column, then the same columns), mapped alike.

/** The queue's columns of a delivery or a notification row. */
export interface SendProgressRow<C extends ColumnTypes> {
  state: string;
  attempts: number;
  attempts_total: number;
  next_attempt_at: C['time'] | null;
  created_at: C['time'];
  updated_at: C['time'];
}

/** SendProgressRow's columns, in the order a queue's column list ends with them. */
export const SEND_PROGRESS_COLUMNS: readonly (keyof SendProgressRow<ColumnTypes>)[] = [
  'state',
  'attempts',
  'attempts_total',
  'next_attempt_at',
  'created_at',
  'updated_at',
];

export function toSendProgress<C extends ColumnTypes>(v: ColumnValues<C>, row: SendProgressRow<C>): OutboundProgress {
  return {
    state: row.state as DeliveryState,
    attempts: row.attempts,
    attemptsTotal: row.attempts_total,
    nextAttemptAt: toDateOrNull(v, row.next_attempt_at),
    createdAt: v.toDate(row.created_at),
    updatedAt: v.toDate(row.updated_at),
  };
}

/** What an attempt's record says of it: the columns after its owner's id and number. */
const ATTEMPT_RECORD_COLUMNS = [
  'started_at',
  'url',
  'outcome',
  'status_code',
  'latency_ms',
  'error_code',
  'error_message',
] as const;

/** An attempt's columns after its owner's id, in the order the column lists name them. */
export const SEND_ATTEMPT_COLUMNS = columnList(['number', ...ATTEMPT_RECORD_COLUMNS]);

/**
 * The values of an abandoned attempt's record after its owner's id, in SEND_ATTEMPT_COLUMNS'
 * order, from SQL expressions of its number, start, URL and message: a lease that expired
 * leaves no outcome, status, latency or error code.
 */
export function abandonedAttemptValues(number: string, startedAt: string, url: string, message: string): string {
  return `${number}, ${startedAt}, ${url}, 'abandoned', NULL, NULL, NULL, ${message}`;
}

/**
 * The ON CONFLICT clause of an attempt's record in `table` (its owner's id in `ownerColumn`): a
 * late attempt replaces the abandoned record of its number (its lease had expired while it was
 * in flight, and a claimer recorded it abandoned); any other record of that number stays.
 */
export function replaceAbandonedAttempt(table: string, ownerColumn: string): string {
  return `ON CONFLICT (${ownerColumn}, number) DO UPDATE SET ${setFromExcluded(ATTEMPT_RECORD_COLUMNS)}
    WHERE ${table}.outcome = 'abandoned'`;
}

export interface SendAttemptRow<C extends ColumnTypes> {
  number: number;
  started_at: C['time'];
  url: string;
  outcome: string;
  status_code: number | null;
  latency_ms: number | null;
  error_code: string | null;
  error_message: string | null;
}

export function toSendAttempt<C extends ColumnTypes>(v: ColumnValues<C>, row: SendAttemptRow<C>): OutboundAttempt {
  return {
    number: row.number,
    startedAt: v.toDate(row.started_at),
    url: row.url,
    outcome: row.outcome as OutboundAttempt['outcome'],
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    errorCode: row.error_code,
    errorMessage: row.error_message,
  };
}

/** Parameters of an attempt record: the owner's id, the number, then SEND_ATTEMPT_COLUMNS' order. */
export function sendAttemptParams<C extends ColumnTypes>(
  v: ColumnValues<C>,
  ownerId: string,
  number: number,
  a: Omit<OutboundAttempt, 'number'>,
): SqlParam<C>[] {
  return bindValues(v, [
    ownerId,
    number,
    a.startedAt,
    a.url,
    a.outcome,
    a.statusCode,
    a.latencyMs,
    a.errorCode,
    a.errorMessage,
  ]);
}

/** A claimed item's counters as a claim returns them (after its lease counted the attempt). */
export interface ClaimedCountersRow {
  inbox_id: string;
  attempts: number;
  attempts_total: number;
}

type CounterColumn = keyof ClaimedCountersRow;
export const CLAIMED_COUNTER_COLUMNS: readonly CounterColumn[] = ['inbox_id', 'attempts', 'attempts_total'];

/** The outbound mappers of one database's column values: progress, attempts, claimed counters. */
export function outboundRowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  return {
    toProgress: (row: SendProgressRow<C>) => toSendProgress(v, row),
    toOutboundAttempt: (row: SendAttemptRow<C>) => toSendAttempt(v, row),
    /** Parameters of an attempt record: the item's id, the number, then SEND_ATTEMPT_COLUMNS' order. */
    outboundAttemptParams: (itemId: string, number: number, a: Omit<OutboundAttempt, 'number'>) =>
      sendAttemptParams(v, itemId, number, a),
    toClaimedSend: (row: ClaimedCountersRow): ClaimedSend => ({
      inboxId: row.inbox_id,
      attempt: row.attempts,
      number: row.attempts_total,
    }),
  };
}
