/** Most rows one page of a listing holds: the ports allow a page `limit` of 1..1000. */
export const MAX_PAGE_LIMIT = 1000;

/**
 * A page's `limit` as the SQL gets it: whole, and between 0 and `max`. Never negative: SQLite
 * reads a negative LIMIT as "no limit" and PostgreSQL refuses one.
 */
export function clampLimit(limit: number, max: number = MAX_PAGE_LIMIT): number {
  return Math.min(Math.max(Math.floor(limit), 0), max);
}
