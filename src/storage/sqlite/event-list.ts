import type BetterSqlite3 from 'better-sqlite3';

import { CONTRACT_ANSWER_JSON, UNCHECKED_SIGNATURE_JSON } from '../../domain/event-json.js';
import type { EventSummaryPageJson, ListPage } from '../../ports/event-repository.js';
import { summaryPageFromRows } from '../shared/summary-page.js';
import { ReadCache } from './read-cache.js';
import type { EventSummaryRow } from '../shared/event-rows.js';
import { mapper, type SqliteColumns } from './rows.js';

// The event list, encoded by SQLite. Building one JavaScript object per row (8 columns) and then
// serializing them again cost about 135 µs per page of 50 (micro-benchmark, 100k-event file);
// raw rows with a hand-written serializer 105 µs; SQLite writing each row's JSON, one string
// per row, 60 µs (one group_concat string: 53 µs unordered, 70 µs with its ORDER BY). The bytes must equal
// eventSummaryJson (src/domain/event-json.ts) exactly; the store conformance suite checks that,
// awkward strings included.
//
// Why each piece is byte-identical to JSON.stringify / Date#toISOString:
// - json_quote escapes `"`, `\`, \b \f \n \r \t and other control characters as \u00xx (lower
//   case hex), and nothing else, like JSON.stringify (checked for every BMP code point and astral
//   characters). Strings stored through better-sqlite3 are valid UTF-8, so no lone surrogates.
// - receivedAt: received_at is INTEGER milliseconds, so integer division gives whole seconds and
//   `% 1000` the milliseconds, formatted as toISOString does from 1970 to 9999. Rows outside
//   that range (or a non-integer size) yield NULL and the page falls back to the JavaScript
//   encoder, so correctness never depends on the range.
// - inboxId is the same for every row (the WHERE clause compares it exactly), so it is encoded
//   once in JavaScript and bound, together with its neighbouring field names.
// - The rows come back in the statement's ORDER BY; they are joined in JavaScript because the
//   order of an aggregate such as group_concat is only guaranteed with its own ORDER BY, which
//   costs a sort.

/** A constant as an SQL string literal. */
function sqlString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** Largest instant toISOString writes with a four-digit year: 9999-12-31T23:59:59.999Z. */
const MAX_FOUR_DIGIT_YEAR_MS = 253_402_300_799_999;

const ROW_JSON = `CASE WHEN received_at BETWEEN 0 AND ${MAX_FOUR_DIGIT_YEAR_MS} AND typeof(size) = 'integer'
  THEN concat(
    '{"id":', json_quote(id),
    @inboxIdField,
    date(received_at / 1000, 'unixepoch'), 'T', time(received_at / 1000, 'unixepoch'),
    '.', substr(received_at % 1000 + 1000, 2),
    'Z","method":', json_quote(method),
    ',"path":', json_quote(path),
    ',"query":', json_quote(query),
    ',"contentType":', json_quote(content_type),
    ',"size":', size,
    ',"signature":', coalesce(signature, ${sqlString(UNCHECKED_SIGNATURE_JSON)}),
    ',"answer":', coalesce(answer, ${sqlString(CONTRACT_ANSWER_JSON)}),
    ',"eventType":', CASE WHEN event_type = '' THEN 'null' ELSE json_quote(event_type) END,
    ',"drift":', coalesce(drift, 'null'),
    '}')
  END`;

interface ListParams {
  inbox: string;
  inboxIdField: string;
  limit: number;
  before?: string;
}

type Db = BetterSqlite3.Database;

/** Bounds of the page cache (see ReadCache): a few polled pages is all it has to hold. */
const MAX_CACHED_PAGES = 256;
const MAX_CACHED_CHARS = 8 * 1024 * 1024;

/**
 * Returns EventRepository.listSummaryPageJson for the SQLite store. `fallbackRows` is the
 * adapter's listByInbox query (object rows), used for pages the SQL encoder declines.
 */
export function createSummaryPageReader(
  db: Db,
  fallbackRows: (inboxId: string, limit: number, before: string | undefined) => EventSummaryRow<SqliteColumns>[],
): (inboxId: string, page: ListPage, limit: number) => EventSummaryPageJson {
  // pluck: one string per row, no row object.
  const newestStmt = db
    .prepare<ListParams, string | null>(
      `SELECT ${ROW_JSON} FROM events WHERE inbox_id = @inbox ORDER BY id DESC LIMIT @limit`,
    )
    .pluck(true);
  const beforeStmt = db
    .prepare<ListParams, string | null>(
      `SELECT ${ROW_JSON} FROM events WHERE inbox_id = @inbox AND id < @before
       ORDER BY id DESC LIMIT @limit`,
    )
    .pluck(true);

  const cache = new ReadCache<EventSummaryPageJson>(db, {
    maxEntries: MAX_CACHED_PAGES,
    maxWeight: MAX_CACHED_CHARS,
    weigh: (page) => page.json.length,
  });

  return (inboxId, page, limit) => {
    // The cursor is length-prefixed, so no inbox id or cursor makes two requests share a key.
    const key =
      page.before === undefined ? `${limit}:-:${inboxId}` : `${limit}:${page.before.length}:${page.before}${inboxId}`;
    return cache.get(key, () => encode(inboxId, page, limit));
  };

  function encode(inboxId: string, page: ListPage, limit: number): EventSummaryPageJson {
    const inboxIdField = `,"inboxId":${JSON.stringify(inboxId)},"receivedAt":"`;
    // One extra row tells whether an older page exists without a COUNT query.
    const rows =
      page.before === undefined
        ? newestStmt.all({ inbox: inboxId, inboxIdField, limit: limit + 1 })
        : beforeStmt.all({ inbox: inboxId, inboxIdField, limit: limit + 1, before: page.before });
    const more = rows.length > limit;
    if (more) rows.length = limit;
    if (rows.includes(null)) {
      return summaryPageFromRows(fallbackRows(inboxId, limit + 1, page.before).map(mapper.toEventSummary), limit);
    }
    const json = `[${rows.join(',')}]`;
    const last = rows[rows.length - 1];
    // Only the cursor needs a field back out of the JSON: one small parse per page.
    const nextBefore = more && last != null ? (JSON.parse(last) as { id: string }).id : null;
    return { json, count: rows.length, nextBefore };
  }
}
