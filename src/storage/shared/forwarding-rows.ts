import {
  type ClaimedDelivery,
  type Delivery,
  type DeliveryAttempt,
  deliveryIdFor,
  type Forwarding,
} from '../../domain/forwarding.js';
import type { ClaimedCountersRow, SendAttemptRow, SendProgressRow } from './sending-rows.js';
import { outboundRowMappers, SEND_ATTEMPT_COLUMNS } from './sending-rows.js';
import { bindValues, type ColumnTypes, type ColumnValues, type SqlParam } from './column-values.js';

// Rows of forwarding settings, deliveries and delivery attempts (migration 8) as either driver
// reads them, their column lists, and the mappers. Parameter lists follow the column lists' order.

export const FORWARDING_COLUMNS = 'inbox_id, destination, enabled, max_attempts, max_delay_ms, created_at, updated_at';
export const DELIVERY_COLUMNS =
  'event_id, inbox_id, state, attempts, attempts_total, next_attempt_at, created_at, updated_at';
export const ATTEMPT_COLUMNS = `event_id, ${SEND_ATTEMPT_COLUMNS}`;

export interface ForwardingRow<C extends ColumnTypes> {
  inbox_id: string;
  destination: string;
  enabled: C['flag'];
  max_attempts: number;
  max_delay_ms: C['int8'];
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

/** A delivery a claim has just leased: its counters after the lease, and its forwarding. */
export interface ClaimedRow<C extends ColumnTypes> extends ClaimedCountersRow {
  event_id: string;
  destination: string;
  max_attempts: number;
  max_delay_ms: C['int8'];
}

/** The mappers of forwarding, delivery and attempt rows over one database's column values. */
export function forwardingRowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  const bind = (values: Parameters<typeof bindValues>[1]): SqlParam<C>[] => bindValues(v, values);
  const outbound = outboundRowMappers(v);
  return {
    toForwarding: (row: ForwardingRow<C>): Forwarding => ({
      inboxId: row.inbox_id,
      destination: row.destination,
      enabled: v.toBoolean(row.enabled),
      maxAttempts: row.max_attempts,
      maxDelayMs: v.toNumber(row.max_delay_ms),
      createdAt: v.toDate(row.created_at),
      updatedAt: v.toDate(row.updated_at),
    }),
    forwardingParams: (f: Forwarding) =>
      bind([f.inboxId, f.destination, f.enabled, f.maxAttempts, f.maxDelayMs, f.createdAt, f.updatedAt]),
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
      forwarding: {
        destination: row.destination,
        maxAttempts: row.max_attempts,
        maxDelayMs: v.toNumber(row.max_delay_ms),
      },
    }),
  };
}
