// The columns of the authorization matrix (matrix.test.ts): the principals, the browser-session and
// sharing-link columns, and the kinds of object a cell names. What they stand for: matrix-table.ts.

export const PRINCIPALS = ['anon', 'A', 'B', 'revA', 'bad'] as const;
export type Who = (typeof PRINCIPALS)[number];
export type ObjectKind = '-' | 'anon' | 'ownedA' | 'expired' | 'missing' | 'tokA';

/** Session columns, each with the token column whose cells it must answer. */
export const SESSION_COLUMNS = [
  ['sesA', 'A'],
  ['endA', 'revA'],
] as const;
/**
 * Sharing-link columns. Their cells are in SHARE_CELLS; to the checks made after a request they
 * are callers with no rights over the object ('anon').
 */
export const SHARE_COLUMNS = ['shareA', 'revS'] as const;
export type ShareColumn = (typeof SHARE_COLUMNS)[number];
export const isShareColumn = (column: string): column is ShareColumn =>
  (SHARE_COLUMNS as readonly string[]).includes(column);
export type Column = Who | (typeof SESSION_COLUMNS)[number][0] | ShareColumn;
export const COLUMNS: ReadonlyArray<readonly [column: Column, answersAs: Who]> = [
  ...PRINCIPALS.map((who) => [who, who] as const),
  ...SESSION_COLUMNS,
  ...SHARE_COLUMNS.map((column) => [column, 'anon'] as const),
];
/** Ways a write made with A's session cookie can lack the right X-CSRF-Token (see its test). */
export const FORGED_CSRF_VARIANTS = 4;
