/**
 * The JavaScript types a driver reads and binds for the columns whose representation differs
 * between the databases: better-sqlite3 reads INTEGER milliseconds and 0/1 and binds the same;
 * node-postgres reads timestamptz as Date, boolean as boolean and int8 as a string (so no value
 * loses precision), and is sent timestamps as ISO strings. Text, numbers and bytes are alike.
 */
export interface ColumnTypes {
  /** A timestamp as read. */
  readonly time: number | Date;
  /** A timestamp as bound. */
  readonly timeParam: number | string;
  /** A boolean as read. */
  readonly flag: number | boolean;
  /** A boolean as bound. */
  readonly flagParam: number | boolean;
  /** A 64-bit integer as read. */
  readonly int8: number | string;
}

/** One bound parameter: what both drivers take, plus the database's own timestamp and boolean. */
export type SqlParam<C extends ColumnTypes> = string | number | Buffer | null | C['timeParam'] | C['flagParam'];

/** The small per-database part of row mapping: each adapter supplies only this. */
export interface ColumnValues<C extends ColumnTypes> {
  toDate(value: C['time']): Date;
  fromDate(date: Date): C['timeParam'];
  toBoolean(value: C['flag']): boolean;
  fromBoolean(value: boolean): C['flagParam'];
  toNumber(value: C['int8']): number;
}

/**
 * The column types of a converter, read off its functions' parameter and return types, so an
 * adapter writes its converter and nothing else.
 */
export type ColumnsOf<V extends ColumnValues<ColumnTypes>> = {
  readonly time: Parameters<V['toDate']>[0];
  readonly timeParam: ReturnType<V['fromDate']>;
  readonly flag: Parameters<V['toBoolean']>[0];
  readonly flagParam: ReturnType<V['fromBoolean']>;
  readonly int8: Parameters<V['toNumber']>[0];
};

export function toDateOrNull<C extends ColumnTypes>(v: ColumnValues<C>, value: C['time'] | null): Date | null {
  return value === null ? null : v.toDate(value);
}

/** A value of a domain object as it goes into a statement, before conversion. */
export type DomainValue = string | number | boolean | Date | Buffer | null;

/** Values as the driver binds them: Dates and booleans converted, everything else as it is. */
export function bindValues<C extends ColumnTypes>(v: ColumnValues<C>, values: readonly DomainValue[]): SqlParam<C>[] {
  return values.map((value) => {
    if (value instanceof Date) return v.fromDate(value);
    return typeof value === 'boolean' ? v.fromBoolean(value) : value;
  });
}

/** A column's name as the domain names its field: `rule_name` → `ruleName`, `status_2xx` → `status2xx`. */
export type FieldName<Column extends string> = Column extends `${infer Head}_${infer Tail}`
  ? `${Head}${Capitalize<FieldName<Tail>>}`
  : Column;

function fieldName(column: string): string {
  return column.replace(/_(.)/g, (_, next: string) => next.toUpperCase());
}

/**
 * The columns of a row the domain takes as read (text, plain integers, nullable text), each
 * under its field's name: a mapper writes out only the columns it converts.
 */
export function asRead<Row extends object, Column extends keyof Row & string>(
  row: Row,
  columns: readonly Column[],
): { [K in Column as FieldName<K>]: Row[K] } {
  return Object.fromEntries(columns.map((column) => [fieldName(column), row[column]])) as {
    [K in Column as FieldName<K>]: Row[K];
  };
}
