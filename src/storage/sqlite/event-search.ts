import { isUtf8 } from 'node:buffer';
import type BetterSqlite3 from 'better-sqlite3';

import type { EventFilter } from '../../domain/event-filter.js';
import type { SearchPage } from '../../ports/event-repository.js';
import { textNeedles } from '../../domain/text-search.js';
import { jsonLiterals, scanSearchPage, type ScanOutcome, type StepTuning } from '../shared/event-search.js';

// Search on SQLite (docs/search.md, decision 26): the filter becomes one WHERE clause run over a
// bounded id range of the (inbox_id, id) index at a time (src/storage/event-search.ts). What
// each part costs, cheapest first in every OR and AND:
// - since/until: the index range itself.
// - method, path prefix: columns of the row's first page.
// - header: a substring test of the headers' JSON text (the lower-cased `"name"`, or the exact
//   JSON string of the value) rules most rows out; json_each checks the survivors exactly.
// - q: instr() over path, query, the headers (same two steps) and the body BLOB (a byte search:
//   binary bodies are searched as they are, no decoding), for each spelling of the text (as typed,
//   form-encoded, as in a JSON string: src/domain/text-search.ts), lower() on both sides unless
//   case=sensitive.
// - json: the body must contain the path's last key and a string value as JSON strings (or a
//   backslash, since escapes could spell them otherwise; jsonLiterals), no NUL byte (SQLite's
//   JSON reader would stop there) and be valid RFC 8259 JSON (json_valid); only then is the
//   field read, and a matching body must also be UTF-8 (rehook_is_utf8, a registered function
//   over Node's isUtf8). Invalid JSON never raises an error, and neither does JSON nesting
//   deeper than 1,000 levels: json_valid refuses it (SQLite's JSON_MAX_DEPTH), which is where
//   MAX_SEARCH_JSON_DEPTH, kept by PostgreSQL and the reference matcher too, comes from.
// No FTS5 or extra index: a trigram index would cost every insert and about three times the
// bodies' size on disk, and the scan already finds one event among 100,000 in tens of
// milliseconds (bench: npm run bench -- --only search).

type Db = BetterSqlite3.Database;

/** Named parameters of a search statement. */
type Params = Record<string, string | number | bigint | Buffer | null>;

export interface SqliteFilterSql {
  /** `AND ...` conditions (empty when the filter only bounds ids). */
  readonly where: string;
  readonly params: Params;
}

/** `$."key"` / `[3]` steps of a JSON path for SQLite's json functions (keys never hold `"`). */
function sqlitePath(path: readonly (string | number)[]): string {
  return `$${path.map((step) => (typeof step === 'number' ? `[${step}]` : `."${step}"`)).join('')}`;
}

/** The filter's conditions over the events table (columns unqualified), with their parameters. */
export function sqliteFilterSql(inboxId: string, filter: EventFilter): SqliteFilterSql {
  const where: string[] = [];
  const params: Params = {};
  if (filter.methods !== undefined && filter.methods.length > 0) {
    const names = filter.methods.map((method, i) => {
      params[`m${i}`] = method;
      return `@m${i}`;
    });
    where.push(`method IN (${names.join(', ')})`);
  }
  if (filter.pathPrefix !== undefined) {
    params['pathPrefix'] = `/i/${inboxId}${filter.pathPrefix}`;
    // substr and length both count characters, so any prefix compares exactly (no LIKE escapes).
    where.push('substr(path, 1, length(@pathPrefix)) = @pathPrefix');
  }
  (filter.headers ?? []).forEach((header, i) => {
    params[`hn${i}`] = header.name;
    params[`hnq${i}`] = JSON.stringify(header.name);
    let exact = `lower(h.value ->> 0) = @hn${i}`;
    let cheap = `instr(lower(headers), @hnq${i})`;
    if (header.value !== undefined) {
      params[`hv${i}`] = header.value;
      params[`hvq${i}`] = JSON.stringify(header.value);
      exact += ` AND h.value ->> 1 = @hv${i}`;
      cheap = `instr(headers, @hvq${i}) AND ${cheap}`;
    }
    where.push(`(${cheap} AND EXISTS (SELECT 1 FROM json_each(headers) AS h WHERE ${exact}))`);
  });
  if (filter.text !== undefined) {
    // The spellings and the folding are the shared rule (src/domain/text-search.ts); SQLite's
    // lower() folds A-Z only, as the rule says, and works on a BLOB's bytes as they are.
    const exact = filter.caseSensitive === true;
    const needles = textNeedles(filter.text, exact);
    const fold = (column: string) => (exact ? column : `lower(${column})`);
    params['q'] = needles[0] ?? '';
    params['qHeaders'] = JSON.stringify(needles[0] ?? '').slice(1, -1);
    const inText: string[] = [];
    const inBody: string[] = [];
    needles.forEach((needle, i) => {
      params[`qn${i}`] = needle;
      params[`qb${i}`] = Buffer.from(needle, 'utf8');
      inText.push(`instr(${fold('path')}, @qn${i}) OR instr(${fold('query')}, @qn${i})`);
      if (exact) inBody.push(`instr(body, @qb${i})`);
      else if (/^[\u0001-\u007f]*$/.test(needle)) {
        // LIKE folds A-Z without copying the body, and an ASCII needle cannot be misread in
        // bytes that are not UTF-8; it stops at a NUL byte, so a body holding one is folded whole.
        params[`ql${i}`] = `%${needle.replace(/[\\%_]/g, '\\$&')}%`;
        inBody.push(
          `(CASE WHEN instr(body, X'00') THEN instr(CAST(lower(body) AS BLOB), @qb${i}) ELSE CAST(body AS TEXT) LIKE @ql${i} ESCAPE '\\' END)`,
        );
      } else inBody.push(`instr(CAST(lower(body) AS BLOB), @qb${i})`);
    });
    where.push(
      `(${inText.join(' OR ')}
        OR (instr(${fold('headers')}, @qHeaders) AND EXISTS (SELECT 1 FROM json_each(headers) AS h
              WHERE instr(${fold('h.value ->> 0')}, @q) OR instr(${fold('h.value ->> 1')}, @q)))
        OR ${inBody.join(' OR ')})`,
    );
  }
  if (filter.json !== undefined && filter.json.length > 0) {
    const literals: string[] = [];
    const matches: string[] = [];
    filter.json.forEach((match, i) => {
      jsonLiterals(match).forEach((literal, j) => {
        params[`jl${i}_${j}`] = literal;
        literals.push(`instr(body, @jl${i}_${j})`);
      });
      params[`jp${i}`] = sqlitePath(match.path);
      const value = `json_extract(CAST(body AS TEXT), @jp${i})`;
      const type = `json_type(CAST(body AS TEXT), @jp${i})`;
      if (match.value === undefined) {
        matches.push(`${type} IS NOT NULL`);
      } else {
        params[`jv${i}`] = match.value;
        params[`jn${i}`] = match.number ?? null;
        matches.push(`CASE ${type}
          WHEN 'text' THEN ${value} = @jv${i}
          WHEN 'integer' THEN ${value} = @jn${i}
          WHEN 'real' THEN ${value} = @jn${i}
          WHEN 'true' THEN @jv${i} = 'true'
          WHEN 'false' THEN @jv${i} = 'false'
          WHEN 'null' THEN @jv${i} = 'null'
          ELSE 0 END`);
      }
    });
    // Without a backslash the body can only spell the literals one way; with one, anything goes.
    const cheap = literals.length === 0 ? '' : `(instr(body, X'5c') OR (${literals.join(' AND ')})) AND `;
    // CASE orders the evaluation: the json functions only ever see a body json_valid accepted;
    // the UTF-8 check (a call into JavaScript, the costliest step) only runs on matching rows.
    where.push(
      `(${cheap}instr(body, X'00') = 0 AND CASE WHEN json_valid(CAST(body AS TEXT))
         THEN ${matches.join(' AND ')} AND rehook_is_utf8(body) ELSE 0 END)`,
    );
  }
  return { where: where.map((condition) => ` AND ${condition}`).join(''), params };
}

/** Registers the functions search statements use (once per connection). */
export function registerSearchFunctions(db: Db): void {
  db.function('rehook_is_utf8', { deterministic: true }, (body: unknown) =>
    Buffer.isBuffer(body) ? (isUtf8(body) ? 1 : 0) : typeof body === 'string' ? 1 : 0,
  );
}

/** Step sizes on SQLite: each step runs on the event loop, so steps aim at a few milliseconds. */
const SQLITE_TUNING: StepTuning = {
  initialChunk: 2_000,
  minChunk: 500,
  maxChunk: 50_000,
  targetStepMs: 8,
  yieldBetweenSteps: true,
};

/** Most search statements kept prepared (a statement per filter shape). */
const MAX_PREPARED = 64;

/**
 * Returns the search of the SQLite store: one page of `columns` rows (newest first) matching the
 * page's filter. `columns` are the summary columns the caller maps rows from.
 */
export function createSqliteSearch<Row extends { id: string }>(
  db: Db,
  columns: string,
): (inboxId: string, page: SearchPage, limit: number) => Promise<ScanOutcome<Row>> {
  registerSearchFunctions(db);
  // Two rows: the step's last event, and whether one older follows it in the range.
  const boundaryStmt = db
    .prepare<{ inbox: string; upper: string; lower: string; offset: number }, string>(
      `SELECT id FROM events WHERE inbox_id = @inbox AND id < @upper AND id >= @lower
       ORDER BY id DESC LIMIT 2 OFFSET @offset`,
    )
    .pluck(true);
  const prepared = new Map<string, BetterSqlite3.Statement<Params, Row>>();
  const prepare = (where: string) => {
    let stmt = prepared.get(where);
    if (stmt === undefined) {
      stmt = db.prepare<Params, Row>(
        `SELECT ${columns} FROM events
         WHERE inbox_id = @inbox AND id < @upper AND id >= @lower${where}
         ORDER BY id DESC LIMIT @limit`,
      );
      if (prepared.size >= MAX_PREPARED) prepared.delete(prepared.keys().next().value as string);
      prepared.set(where, stmt);
    }
    return stmt;
  };

  return (inboxId, page, limit) => {
    const sql = sqliteFilterSql(inboxId, page.filter);
    const stmt = prepare(sql.where);
    return scanSearchPage<Row>(
      page,
      limit,
      {
        boundary: (upper, lower, count) => {
          const ids = boundaryStmt.all({ inbox: inboxId, upper, lower, offset: count - 1 });
          return ids[0] === undefined ? null : { id: ids[0], last: ids.length < 2 };
        },
        matches: (upper, lower, max) => stmt.all({ ...sql.params, inbox: inboxId, upper, lower, limit: max }),
      },
      (row) => row.id,
      SQLITE_TUNING,
    );
  };
}
