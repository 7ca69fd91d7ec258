import type { AlertAttempt, AlertNotification, NewAlertNotification } from '../../domain/alert-notification.js';
import type { AlertFormat, AlertKind, AlertRule } from '../../domain/alerts.js';
import type { AttemptOutcome, DeliveryState } from '../../domain/forwarding.js';
import { bindValues, type ColumnTypes, type ColumnValues, type SqlParam, toDateOrNull } from './column-values.js';

// Rows of alert rules, notifications and their attempts (migration 15) as either driver reads
// them, their column lists, and the mappers. Parameter lists follow the column lists' order.

export const NOTIFICATION_COLUMNS =
  'id, inbox_id, rule_id, rule_name, kind, type, url, format, body, event_id, state, attempts, attempts_total, next_attempt_at, created_at, updated_at';
export const ALERT_ATTEMPT_COLUMNS =
  'notification_id, number, started_at, url, outcome, status_code, latency_ms, error_code, error_message';

export interface NotificationRow<C extends ColumnTypes> {
  id: string;
  inbox_id: string;
  rule_id: string;
  rule_name: string;
  kind: string;
  type: string;
  url: string;
  format: string;
  body: string;
  event_id: string | null;
  state: string;
  attempts: number;
  attempts_total: number;
  next_attempt_at: C['time'] | null;
  created_at: C['time'];
  updated_at: C['time'];
}

export interface AlertAttemptRow<C extends ColumnTypes> {
  notification_id: string;
  number: number;
  started_at: C['time'];
  url: string;
  outcome: string;
  status_code: number | null;
  latency_ms: number | null;
  error_code: string | null;
  error_message: string | null;
}

/** The rules column holds the rules as JSON text, written and read only here. */
export function rulesToText(rules: readonly AlertRule[]): string {
  return JSON.stringify(rules);
}

export function rulesFromText(text: string): AlertRule[] {
  return JSON.parse(text) as AlertRule[];
}

export function alertRowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  const bind = (values: Parameters<typeof bindValues>[1]): SqlParam<C>[] => bindValues(v, values);
  return {
    toNotification: (row: NotificationRow<C>): AlertNotification => ({
      id: row.id,
      inboxId: row.inbox_id,
      ruleId: row.rule_id,
      ruleName: row.rule_name,
      kind: row.kind as AlertKind,
      type: row.type === 'summary' ? 'summary' : 'alert',
      url: row.url,
      format: row.format as AlertFormat,
      body: row.body,
      eventId: row.event_id,
      state: row.state as DeliveryState,
      attempts: row.attempts,
      attemptsTotal: row.attempts_total,
      nextAttemptAt: toDateOrNull(v, row.next_attempt_at),
      createdAt: v.toDate(row.created_at),
      updatedAt: v.toDate(row.updated_at),
    }),
    /** A new notification: pending, due at its creation. */
    notificationParams: (n: NewAlertNotification) =>
      bind([
        n.id,
        n.inboxId,
        n.ruleId,
        n.ruleName,
        n.kind,
        n.type,
        n.url,
        n.format,
        n.body,
        n.eventId,
        'pending',
        0,
        0,
        n.createdAt,
        n.createdAt,
        n.createdAt,
      ]),
    toAlertAttempt: (row: AlertAttemptRow<C>): AlertAttempt => ({
      number: row.number,
      startedAt: v.toDate(row.started_at),
      url: row.url,
      outcome: row.outcome as AttemptOutcome,
      statusCode: row.status_code,
      latencyMs: row.latency_ms,
      errorCode: row.error_code,
      errorMessage: row.error_message,
    }),
    alertAttemptParams: (id: string, number: number, a: AlertAttempt) =>
      bind([id, number, a.startedAt, a.url, a.outcome, a.statusCode, a.latencyMs, a.errorCode, a.errorMessage]),
  };
}
