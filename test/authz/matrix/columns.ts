// The columns of the authorization matrix (matrix.test.ts): the principals, the browser-session and
// sharing-link columns, and the kinds of object a cell names. What they stand for: entry.ts.

export const PRINCIPALS = ['anon', 'A', 'B', 'revA', 'bad'] as const;
export type Who = (typeof PRINCIPALS)[number];
export type ObjectKind = '-' | 'anon' | 'ownedA' | 'expired' | 'missing' | 'tokA';

/** Session columns, each with the token column whose cells it must answer. */
export const SESSION_COLUMNS = [
  ['sesA', 'A'],
  ['endA', 'revA'],
] as const;
/**
 * Scoped-token columns: a valid token of A with a narrower scope. Each answers as A, except that
 * an endpoint needing more than its scope is 403 INSUFFICIENT_SCOPE (an entry's `scope`), whatever
 * the object. A's own column is a `manage` token.
 */
export const SCOPE_COLUMNS = [
  ['readA', 'A', 'read'],
  ['replayA', 'A', 'replay'],
] as const;
export type ScopeColumn = (typeof SCOPE_COLUMNS)[number][0];
export const scopeOfColumn = (column: string): 'read' | 'replay' | undefined =>
  SCOPE_COLUMNS.find(([name]) => name === column)?.[2];
/**
 * Sharing-link columns. Their cells are the last of each row of an entry; to the checks made after
 * a request they are callers with no rights over the object ('anon').
 */
export const SHARE_COLUMNS = ['shareA', 'revS'] as const;
export type ShareColumn = (typeof SHARE_COLUMNS)[number];
export const isShareColumn = (column: string): column is ShareColumn =>
  (SHARE_COLUMNS as readonly string[]).includes(column);
export type Column = Who | (typeof SESSION_COLUMNS)[number][0] | ScopeColumn | ShareColumn;
export const COLUMNS: ReadonlyArray<readonly [column: Column, answersAs: Who]> = [
  ...PRINCIPALS.map((who) => [who, who] as const),
  ...SESSION_COLUMNS,
  ...SCOPE_COLUMNS.map(([column, who]) => [column, who] as const),
  ...SHARE_COLUMNS.map((column) => [column, 'anon'] as const),
];
/** Ways a write made with A's session cookie can lack the right X-CSRF-Token (see its test). */
export const FORGED_CSRF_VARIANTS = 4;
