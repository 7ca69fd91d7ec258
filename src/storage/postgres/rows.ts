import type { ColumnsOf, SqlParam } from '../shared/column-values.js';
import { rowMappers } from '../shared/row-mappers.js';

/**
 * node-postgres reads timestamptz as Date, boolean as boolean and int8 as a string (so no value
 * ever loses precision) with its default type parsers. Dates are sent as ISO strings in UTC:
 * exact to the millisecond whatever the process's time zone; an invalid Date throws a
 * RangeError here, before anything reaches the database.
 */
const POSTGRES_VALUES = {
  toDate: (date: Date) => date,
  fromDate: (date: Date) => date.toISOString(),
  toBoolean: (flag: boolean) => flag,
  fromBoolean: (flag: boolean) => flag,
  toNumber: (int8: string) => Number(int8),
};

export type PostgresColumns = ColumnsOf<typeof POSTGRES_VALUES>;

/** A parameter value as node-postgres sends it (a Buffer goes in binary format). */
export type SqlValue = SqlParam<PostgresColumns>;

/** The shared row mappers (src/storage/shared) over PostgreSQL's column values. */
export const mapper = rowMappers<PostgresColumns>(POSTGRES_VALUES);

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
