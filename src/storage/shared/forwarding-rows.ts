import {
  type ClaimedDelivery,
  type Delivery,
  type DeliveryAttempt,
  deliveryIdFor,
  type Forwarding,
  type ForwardingSettings,
} from '../../domain/forwarding.js';
import type { ClaimedCountersRow, SendAttemptRow, SendProgressRow } from './sending-rows.js';
import { outboundRowMappers, SEND_ATTEMPT_COLUMNS, SEND_PROGRESS_COLUMNS } from './sending-rows.js';
import { bindValues, type ColumnTypes, type ColumnValues, type DomainValue, type SqlParam } from './column-values.js';
import { columnList, type ParamMarker, paramMarkers, setFromExcluded } from './sql-lists.js';

// Rows of forwarding settings, deliveries and delivery attempts (migration 8) as either driver
// reads them, their column lists, the mappers, and the statements on forwarding that are the
// same on both databases. Parameter lists follow the column lists' order. A setting of
// forwarding is a column here (FORWARDING_SETTING_COLUMNS, ForwardingSettingsRow, toSettings and
// settingValues) and nowhere else: the adapters' SQL lists it from FORWARDING_SETTING_COLUMNS.

/** Forwarding's settings (ForwardingSettings) as either driver reads them. */
export interface ForwardingSettingsRow<C extends ColumnTypes> {
  destination: string;
  enabled: C['flag'];
  max_attempts: number;
  max_delay_ms: C['int8'];
}

type SettingColumn = keyof ForwardingSettingsRow<ColumnTypes>;

/**
 * The settings columns, in the order statements list them: what a PUT replaces (the upsert)
 * and what a claimed delivery is sent with (the claim reads them with the delivery).
 */
export const FORWARDING_SETTING_COLUMNS: readonly SettingColumn[] = [
  'destination',
  'enabled',
  'max_attempts',
  'max_delay_ms',
];

const FORWARDING_COLUMN_NAMES = ['inbox_id', ...FORWARDING_SETTING_COLUMNS, 'created_at', 'updated_at'];
export const FORWARDING_COLUMNS = columnList(FORWARDING_COLUMN_NAMES);
export const DELIVERY_COLUMN_NAMES = ['event_id', 'inbox_id', ...SEND_PROGRESS_COLUMNS];
export const DELIVERY_COLUMNS = columnList(DELIVERY_COLUMN_NAMES);
export const ATTEMPT_COLUMNS = `event_id, ${SEND_ATTEMPT_COLUMNS}`;

/**
 * Sets an inbox's forwarding: a new row, or the settings and updated_at of its row replaced
 * (created_at stays); returns the stored row. Parameters: forwardingParams.
 */
export function upsertForwardingSql(marker: ParamMarker): string {
  return `INSERT INTO forwarding (${FORWARDING_COLUMNS}) VALUES (${paramMarkers(FORWARDING_COLUMN_NAMES.length, marker)})
    ON CONFLICT (inbox_id) DO UPDATE SET ${setFromExcluded([...FORWARDING_SETTING_COLUMNS, 'updated_at'])}
    RETURNING ${FORWARDING_COLUMNS}`;
}

export interface ForwardingRow<C extends ColumnTypes> extends ForwardingSettingsRow<C> {
  inbox_id: string;
  created_at: C['time'];
  updated_at: C['time'];
}

export interface DeliveryRow<C extends ColumnTypes> extends SendProgressRow<C> {
  event_id: string;
  inbox_id: string;
}

export interface AttemptRow<C extends ColumnTypes> extends SendAttemptRow<C> {
  event_id: string;
}

/** A delivery a claim has just leased: its counters after the lease, and its forwarding's settings. */
export interface ClaimedRow<C extends ColumnTypes> extends ClaimedCountersRow, ForwardingSettingsRow<C> {
  event_id: string;
}

/** The mappers of forwarding, delivery and attempt rows over one database's column values. */
export function forwardingRowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  const bind = (values: Parameters<typeof bindValues>[1]): SqlParam<C>[] => bindValues(v, values);
  const outbound = outboundRowMappers(v);
  const toSettings = (row: ForwardingSettingsRow<C>): ForwardingSettings => ({
    destination: row.destination,
    enabled: v.toBoolean(row.enabled),
    maxAttempts: row.max_attempts,
    maxDelayMs: v.toNumber(row.max_delay_ms),
  });
  /** Each settings column's value as bound, by column (the list decides the order). */
  const settingValues = (s: ForwardingSettings): Record<SettingColumn, DomainValue> => ({
    destination: s.destination,
    enabled: s.enabled,
    max_attempts: s.maxAttempts,
    max_delay_ms: s.maxDelayMs,
  });
  return {
    toForwarding: (row: ForwardingRow<C>): Forwarding => ({
      inboxId: row.inbox_id,
      ...toSettings(row),
      createdAt: v.toDate(row.created_at),
      updatedAt: v.toDate(row.updated_at),
    }),
    /** In FORWARDING_COLUMNS order: the inbox, the settings in FORWARDING_SETTING_COLUMNS order, the times. */
    forwardingParams: (f: Forwarding) => {
      const settings = settingValues(f);
      return bind([f.inboxId, ...FORWARDING_SETTING_COLUMNS.map((c) => settings[c]), f.createdAt, f.updatedAt]);
    },
    toDelivery: (row: DeliveryRow<C>): Delivery => ({
      id: deliveryIdFor(row.event_id),
      eventId: row.event_id,
      inboxId: row.inbox_id,
      ...outbound.toProgress(row),
    }),
    toAttempt: (row: AttemptRow<C>): DeliveryAttempt => ({ eventId: row.event_id, ...outbound.toOutboundAttempt(row) }),
    toClaimedDelivery: (row: ClaimedRow<C>): ClaimedDelivery => ({
      eventId: row.event_id,
      ...outbound.toClaimedSend(row),
      forwarding: toSettings(row),
    }),
  };
}
