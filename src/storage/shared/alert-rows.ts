import type { ClaimedAlert, AlertNotification, NewAlertNotification } from '../../domain/alert-notification.js';
import type { AlertFormat, AlertKind, AlertRule } from '../../domain/alerts.js';
import type { ClaimedCountersRow, SendAttemptRow, SendProgressRow } from './sending-rows.js';
import { outboundRowMappers, SEND_ATTEMPT_COLUMNS } from './sending-rows.js';
import { bindValues, type ColumnTypes, type ColumnValues, type SqlParam } from './column-values.js';

// Rows of alert rules, notifications and their attempts (migration 15) as either driver reads
// them, their column lists, and the mappers. Parameter lists follow the column lists' order.

export const NOTIFICATION_COLUMNS =
  'id, inbox_id, rule_id, rule_name, kind, type, url, format, body, event_id, state, attempts, attempts_total, next_attempt_at, created_at, updated_at';
export const ALERT_ATTEMPT_COLUMNS = `notification_id, ${SEND_ATTEMPT_COLUMNS}`;

export interface NotificationRow<C extends ColumnTypes> extends SendProgressRow<C> {
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
}

export interface AlertAttemptRow<C extends ColumnTypes> extends SendAttemptRow<C> {
  notification_id: string;
}

/** A notification a claim has just leased: its counters after the lease, its URL and body. */
export interface ClaimedAlertRow extends ClaimedCountersRow {
  id: string;
  url: string;
  body: string;
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
  const outbound = outboundRowMappers(v);
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
      ...outbound.toProgress(row),
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
    toClaimedAlert: (row: ClaimedAlertRow): ClaimedAlert => ({
      id: row.id,
      ...outbound.toClaimedSend(row),
      url: row.url,
      body: row.body,
    }),
  };
}
