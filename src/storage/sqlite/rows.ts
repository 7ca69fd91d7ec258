import type { CapturedEvent } from '../../domain/captured-event.js';
import type { ColumnsOf, SqlParam } from '../shared/column-values.js';
import { rowMappers } from '../shared/row-mappers.js';

/** better-sqlite3 reads and binds timestamps as INTEGER milliseconds, booleans as 0/1. */
const SQLITE_VALUES = {
  toDate: (ms: number) => new Date(ms),
  fromDate: (date: Date) => date.getTime(),
  toBoolean: (flag: number) => flag !== 0,
  fromBoolean: (flag: boolean) => (flag ? 1 : 0),
  toNumber: (n: number) => n,
};

export type SqliteColumns = ColumnsOf<typeof SQLITE_VALUES>;

/** A bound parameter of a statement of this adapter. */
export type SqliteParam = SqlParam<SqliteColumns>;

/** The shared row mappers (src/storage/shared) over SQLite's column values. */
export const mapper = rowMappers<SqliteColumns>(SQLITE_VALUES);

/** One event insert as the group commit queues it. */
export interface EventInsert {
  readonly id: string;
  readonly inboxId: string;
  /** The instant (ms) that decides whether the inbox is live. */
  readonly now: number;
  /** The row's parameters, in EVENT_COLUMNS order. */
  readonly values: SqliteParam[];
}

export function eventInsert(event: CapturedEvent, now: Date): EventInsert {
  return { id: event.id, inboxId: event.inboxId, now: now.getTime(), values: mapper.eventParams(event) };
}
