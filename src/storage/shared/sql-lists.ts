// The lists a statement spells column by column, written from an array of column names: the
// rows modules name a column once, and every statement that lists it is built from that array.

/** `a, b, c`, or with a table alias `x.a, x.b, x.c`. */
export function columnList(columns: readonly string[], alias?: string): string {
  return columns.map((column) => (alias === undefined ? column : `${alias}.${column}`)).join(', ');
}

/** An upsert's `a = excluded.a, b = excluded.b`: these columns take the proposed row's values. */
export function setFromExcluded(columns: readonly string[]): string {
  return columns.map((column) => `${column} = excluded.${column}`).join(', ');
}

/**
 * The database's marker of a statement's parameter n (from 1): `?` on SQLite, `$n` on
 * PostgreSQL. Each adapter passes its own to the statements the rows modules build.
 */
export type ParamMarker = (n: number) => string;

/** The markers of `count` parameters, in order: a VALUES list. */
export function paramMarkers(count: number, marker: ParamMarker): string {
  return Array.from({ length: count }, (_, i) => marker(i + 1)).join(', ');
}
