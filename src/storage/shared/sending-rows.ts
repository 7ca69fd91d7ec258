import type { Delivery, DeliveryAttempt, DeliveryState } from '../../domain/forwarding.js';
import { bindValues, type ColumnTypes, type ColumnValues, type SqlParam, toDateOrNull } from './column-values.js';

// What a request the server sends in the background records, as forwarding deliveries
// (migration 8) and alert notifications (migration 15) both keep it: its progress through the
// queue, and each attempt (the owner's id column, then the same columns), mapped alike.

/** The queue's columns of a delivery or a notification row. */
export interface SendProgressRow<C extends ColumnTypes> {
  state: string;
  attempts: number;
  attempts_total: number;
  next_attempt_at: C['time'] | null;
  created_at: C['time'];
  updated_at: C['time'];
}

export type SendProgress = Pick<
  Delivery,
  'state' | 'attempts' | 'attemptsTotal' | 'nextAttemptAt' | 'createdAt' | 'updatedAt'
>;

export function toSendProgress<C extends ColumnTypes>(v: ColumnValues<C>, row: SendProgressRow<C>): SendProgress {
  return {
    state: row.state as DeliveryState,
    attempts: row.attempts,
    attemptsTotal: row.attempts_total,
    nextAttemptAt: toDateOrNull(v, row.next_attempt_at),
    createdAt: v.toDate(row.created_at),
    updatedAt: v.toDate(row.updated_at),
  };
}

/** An attempt's columns after its owner's id, in the order the column lists name them. */
export const SEND_ATTEMPT_COLUMNS =
  'number, started_at, url, outcome, status_code, latency_ms, error_code, error_message';

/** An attempt without its owner: what both kinds of attempt record. */
export type SendAttempt = Omit<DeliveryAttempt, 'eventId'>;

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

export function toSendAttempt<C extends ColumnTypes>(v: ColumnValues<C>, row: SendAttemptRow<C>): SendAttempt {
  return {
    number: row.number,
    startedAt: v.toDate(row.started_at),
    url: row.url,
    outcome: row.outcome as SendAttempt['outcome'],
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
  a: Omit<SendAttempt, 'number'>,
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
