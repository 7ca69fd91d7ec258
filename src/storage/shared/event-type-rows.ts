import type { HeaderPair } from '../../domain/captured-event.js';
import type { EventTypeRule } from '../../domain/event-type.js';
import { decodeLearnedSchema, encodeLearnedSchema } from '../../domain/learned-schema.js';
import type {
  EventTypeInfo,
  EventTypeSummary,
  PreviousMatch,
  RebuildRequest,
  UntypedEvent,
} from '../../ports/event-type-repository.js';
import { SUMMARY_COLUMNS } from './event-rows.js';
import { bindValues, type ColumnTypes, type ColumnValues, type SqlParam } from './column-values.js';

// Rows of the event-type tables (migration 17) and their mappers, written once for both
// databases. Parameter lists follow the column lists' order.

export const TYPE_INFO_COLUMNS = 'inbox_id, event_type, count, drifted, first_seen, last_seen';
export const TYPE_SUMMARY_COLUMNS = `${TYPE_INFO_COLUMNS}, shape`;
/** The worker's read of an untyped event: the body only up to a size (the second parameter). */
export const UNTYPED_COLUMNS = 'id, inbox_id, received_at, method, path, content_type, headers';

/** Rebuild requests store "every type" as ''. */
export const ALL_TYPES = '';

export interface TypeInfoRow<C extends ColumnTypes> {
  inbox_id: string;
  event_type: string;
  count: C['int8'];
  drifted: C['int8'];
  first_seen: C['time'];
  last_seen: C['time'];
}

export interface TypeSummaryRow<C extends ColumnTypes> extends TypeInfoRow<C> {
  shape: string;
}

export interface UntypedRow<C extends ColumnTypes> {
  id: string;
  inbox_id: string;
  received_at: C['time'];
  method: string;
  path: string;
  content_type: string | null;
  headers: string;
  body: Buffer | null;
}

export interface RuleRow {
  inbox_id: string;
  kind: string;
  value: string;
}

/** An inbox's own settings (migration 20); min_samples is an integer column, a number on both drivers. */
export interface SettingsRow {
  inbox_id: string;
  min_samples: number;
}

export interface RebuildRow {
  inbox_id: string;
  event_type: string;
}

export function eventTypeRowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  const bind = (values: Parameters<typeof bindValues>[1]): SqlParam<C>[] => bindValues(v, values);
  const toTypeInfo = (row: TypeInfoRow<C>): EventTypeInfo => ({
    inboxId: row.inbox_id,
    eventType: row.event_type,
    count: v.toNumber(row.count),
    drifted: v.toNumber(row.drifted),
    firstSeen: v.toDate(row.first_seen),
    lastSeen: v.toDate(row.last_seen),
  });
  return {
    toTypeInfo,
    toTypeSummary: (row: TypeSummaryRow<C>): EventTypeSummary => ({
      ...toTypeInfo(row),
      shape: decodeLearnedSchema(row.shape),
    }),
    /** Parameters of the summary upsert, in TYPE_SUMMARY_COLUMNS order. */
    typeSummaryParams: (s: EventTypeSummary) =>
      bind([s.inboxId, s.eventType, s.count, s.drifted, s.firstSeen, s.lastSeen, encodeLearnedSchema(s.shape)]),
    toUntyped: (row: UntypedRow<C>): UntypedEvent => ({
      id: row.id,
      inboxId: row.inbox_id,
      receivedAt: v.toDate(row.received_at),
      method: row.method,
      path: row.path,
      contentType: row.content_type,
      headers: JSON.parse(row.headers) as HeaderPair[],
      body: row.body,
    }),
    toRule: (row: RuleRow): EventTypeRule =>
      row.kind === 'header' ? { kind: 'header', header: row.value } : { kind: 'pointer', pointer: row.value },
    /** inbox_id, kind, value, updated_at. */
    ruleParams: (inboxId: string, rule: EventTypeRule, now: Date) =>
      bind([inboxId, rule.kind, rule.kind === 'header' ? rule.header : rule.pointer, now]),
    toMinSamples: (row: SettingsRow): [string, number] => [row.inbox_id, Number(row.min_samples)],
    /** inbox_id, min_samples, updated_at. */
    settingsParams: (inboxId: string, minSamples: number, now: Date) => bind([inboxId, minSamples, now]),
    toRebuild: (row: RebuildRow): RebuildRequest => ({
      inboxId: row.inbox_id,
      eventType: row.event_type === ALL_TYPES ? null : row.event_type,
    }),
  };
}

/** The parameters of findPrevious's statement, by match kind, in PostgreSQL's `$n` order. */
export const PREVIOUS_PARAMS = {
  type: ['inbox', 'before', 'within', 'eventType'],
  route: ['inbox', 'before', 'within', 'method', 'path'],
} as const;

/**
 * EventTypeRepository.findPrevious as one statement over `table` (the events, or PostgreSQL's
 * view of both event tables); `placeholder(name, n)` writes the database's parameter (`@name` on
 * SQLite, `$n` on PostgreSQL, n from PREVIOUS_PARAMS). The inner query walks the
 * (inbox_id, id) index back `within` events at most; only those rows are tested.
 */
export function previousEventSql(
  table: string,
  kind: PreviousMatch['kind'],
  placeholder: (name: string, n: number) => string,
): string {
  const names: readonly string[] = PREVIOUS_PARAMS[kind];
  const p = (name: string) => placeholder(name, names.indexOf(name) + 1);
  const match = kind === 'type' ? `event_type = ${p('eventType')}` : `method = ${p('method')} AND path = ${p('path')}`;
  return `SELECT ${SUMMARY_COLUMNS} FROM ${table} WHERE inbox_id = ${p('inbox')} AND id IN (
      SELECT id FROM ${table} WHERE inbox_id = ${p('inbox')} AND id < ${p('before')} ORDER BY id DESC
      LIMIT ${p('within')})
    AND ${match} ORDER BY id DESC LIMIT 1`;
}

/** The values of previousEventSql's parameters, by name. */
export function previousValues(
  inboxId: string,
  beforeId: string,
  match: PreviousMatch,
  within: number,
): Record<string, string | number> {
  const common = { inbox: inboxId, before: beforeId, within: Math.max(1, Math.floor(within)) };
  return match.kind === 'type'
    ? { ...common, eventType: match.eventType }
    : { ...common, method: match.method, path: match.path };
}
