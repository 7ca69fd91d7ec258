/**
 * The portable part of EventRepository.listFullAfter: adapters first read the ids and body sizes
 * of the next `limit` events (never a body), then this picks the ids whose bodies fit in
 * `maxBytes` (the first one always, so paging advances), and only those rows are read in full.
 */
export function idsWithinBytes(
  rows: readonly { readonly id: string; readonly size: number }[],
  maxBytes: number,
): string[] {
  const ids: string[] = [];
  let bytes = 0;
  for (const row of rows) {
    bytes += Number(row.size);
    if (ids.length > 0 && bytes > maxBytes) break;
    ids.push(row.id);
  }
  return ids;
}

/** The lower bound when no `after` or `since` is given: below every id. */
export const BEFORE_EVERY_ID = '';
/** The upper bound (exclusive) when no `until` is given: above every id. */
export const AFTER_EVERY_ID = '\u{10ffff}';
