import type { ClaimedAlert, AlertNotification, NewAlertNotification } from '../../domain/alert-notification.js';
import type { AlertFormat, AlertKind, AlertRule } from '../../domain/alerts.js';
import type { ClaimedCountersRow, SendAttemptRow, SendProgressRow } from './sending-rows.js';
import { outboundRowMappers, SEND_ATTEMPT_COLUMNS, SEND_PROGRESS_COLUMNS } from './sending-rows.js';
import { asRead, bindValues, type ColumnTypes, type ColumnValues, type SqlParam } from './column-values.js';
import { columnList, type ParamMarker, paramMarkers } from './sql-lists.js';

// Rows of alert rules, notifications and their attempts (migration 15) as either driver reads
// them, their column lists, the mappers, and the statements on notifications that are the same
// on both databases. Parameter lists follow the column lists' order.

const NOTIFICATION_COLUMN_NAMES = [
  'id',
  'inbox_id',
  'rule_id',
  'rule_name',
  'kind',
  'type',
  'url',
  'format',
  'body',
  'event_id',
  ...SEND_PROGRESS_COLUMNS,
];
export const NOTIFICATION_COLUMNS = columnList(NOTIFICATION_COLUMN_NAMES);
export const ALERT_ATTEMPT_COLUMNS = `notification_id, ${SEND_ATTEMPT_COLUMNS}`;

/** Queues a notification and returns its row. Parameters: notificationParams. */
export function insertNotificationSql(marker: ParamMarker): string {
  return `INSERT INTO alert_notifications (${NOTIFICATION_COLUMNS})
    VALUES (${paramMarkers(NOTIFICATION_COLUMN_NAMES.length, marker)})
    RETURNING ${NOTIFICATION_COLUMNS}`;
}

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

/** What a claimed notification is sent with: a claim returns these columns with its counters. */
export const ALERT_SENT_COLUMNS = ['url', 'body'] as const satisfies readonly (keyof ClaimedAlertRow)[];

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
      ...asRead(row, ['id', 'inbox_id', 'rule_id', 'rule_name', 'url', 'body', 'event_id']),
      kind: row.kind as AlertKind,
      type: row.type === 'summary' ? 'summary' : 'alert',
      format: row.format as AlertFormat,
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
      ...asRead(row, ALERT_SENT_COLUMNS),
    }),
  };
}
