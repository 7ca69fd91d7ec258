import type { CapturedEvent } from '../../domain/captured-request.js';
import type { ColumnValues, SqlParam } from '../shared/column-values.js';
import { rowMappers } from '../shared/row-mappers.js';

/**
 * Column values as better-sqlite3 reads and binds them: timestamps are INTEGER milliseconds,
 * booleans INTEGER 0/1, and every integer a number.
 */
export interface SqliteColumns {
  readonly time: number;
  readonly timeParam: number;
  readonly flag: number;
  readonly flagParam: number;
  readonly int8: number;
}

/** A bound parameter of a statement of this adapter. */
export type SqliteParam = SqlParam<SqliteColumns>;

const SQLITE_VALUES: ColumnValues<SqliteColumns> = {
  toDate: (ms) => new Date(ms),
  fromDate: (date) => date.getTime(),
  toBoolean: (flag) => flag !== 0,
  fromBoolean: (flag) => (flag ? 1 : 0),
  toNumber: (n) => n,
};

/** The shared row mappers (src/storage/shared) over SQLite's column values. */
export const mapper = rowMappers(SQLITE_VALUES);

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
