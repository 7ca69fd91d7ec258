import type { ColumnValues, SqlParam } from '../shared/column-values.js';
import { rowMappers } from '../shared/row-mappers.js';

/**
 * Column values as node-postgres reads them with its default type parsers (timestamptz as Date,
 * boolean, int8 as a string so no value ever loses precision) and as this adapter binds them.
 */
export interface PostgresColumns {
  readonly time: Date;
  readonly timeParam: string;
  readonly flag: boolean;
  readonly flagParam: boolean;
  readonly int8: string;
}

/** A parameter value as node-postgres sends it (a Buffer goes in binary format). */
export type SqlValue = SqlParam<PostgresColumns>;

/**
 * Dates are sent as ISO strings in UTC: exact to the millisecond whatever the process's time
 * zone. An invalid Date throws a RangeError here, before anything reaches the database.
 */
const POSTGRES_VALUES: ColumnValues<PostgresColumns> = {
  toDate: (date) => date,
  fromDate: (date) => date.toISOString(),
  toBoolean: (flag) => flag,
  fromBoolean: (flag) => flag,
  toNumber: (n) => Number(n),
};

/** The shared row mappers (src/storage/shared) over PostgreSQL's column values. */
export const mapper = rowMappers(POSTGRES_VALUES);

/** Columns of the event insert with their types, in EVENT_COLUMNS order (the batch insert casts). */
export const EVENT_INSERT_COLUMNS = [
  ['id', 'text'],
  ['inbox_id', 'text'],
  ['received_at', 'timestamptz'],
  ['method', 'text'],
  ['path', 'text'],
  ['query', 'text'],
  ['content_type', 'text'],
  ['size', 'bigint'],
  ['signature', 'text'],
  ['answer', 'text'],
  ['source_ip', 'text'],
  ['headers', 'text'],
  ['body', 'bytea'],
] as const;
