import type { Pool } from 'pg';

import type { EventFilter } from '../../domain/event-filter.js';
import { MAX_SEARCH_JSON_DEPTH } from '../../domain/json-nesting.js';
import type { SearchPage } from '../../ports/event-repository.js';
import { textNeedles } from '../../domain/text-search.js';
import { jsonLiterals, scanSearchPage, type ScanOutcome, type StepTuning } from '../shared/event-search.js';

// Search on PostgreSQL (docs/search.md, decision 26): the same steps as on SQLite
// (src/storage/event-search.ts), the same meaning (the property test holds both to
// eventMatchesFilter), in PostgreSQL's terms:
// - q: strpos() over path, query and the headers' JSON text (json_array_elements checks a hit
//   exactly), a bytea LIKE over the body (a byte search, binary bodies as they are).
// - json: rehook_try_jsonb(body) (migration 11) turns a body into jsonb, or NULL when it is not
//   UTF-8 JSON, without raising; it runs only on bodies that hold the literals a match needs
//   (jsonLiterals: the last key, a string value) or a backslash, which could spell them
//   otherwise. Array steps are checked to be arrays, as `#>` would also read an object's "0" key.
//   Bodies nesting deeper than 1,000 levels are skipped (TOO_DEEP), as SQLite's JSON reader does.
// No pg_trgm: a trigram index cannot be built over bodies that are not valid text (bytea), the
// extension may not be installable on a user's server, and the bounded scan is fast enough
// (bench: npm run bench -- --only search).

// rehook_try_jsonb (migrations/0011-search.sql): a function with an exception handler is the one
// way to attempt a cast and get NULL instead of an error in plain PostgreSQL 13+
// (pg_input_is_valid arrived in 16 and would still need the bytes as valid text first).

/**
 * True for a parsed body `j` nesting deeper than MAX_SEARCH_JSON_DEPTH: an array or object at
 * that level (the root is level 0). Only that one level is asked for, so the path walk recurses
 * at most that deep: an open range (`{1000 to last}`) walks every level and raised "stack depth
 * limit exceeded" on a body 12,000 deep, which parses. Bodies too deep to parse at all (100,000
 * levels) already come out of rehook_try_jsonb as NULL, the error caught there.
 */
const TOO_DEEP = `jsonb_path_exists(j, 'strict $.**{${MAX_SEARCH_JSON_DEPTH}} ? (@.type() == "array" || @.type() == "object")')`;

/**
 * A bytea LIKE pattern matching bodies that contain `bytes` anywhere: LIKE on bytea compares
 * bytes (case-sensitive) and ran about a third faster than position() over 100,000 bodies of
 * 1 KiB. `%`, `_` and the escape character `\` are escaped.
 */
function containsPattern(bytes: Buffer): Buffer {
  const out: number[] = [0x25];
  for (const byte of bytes) {
    if (byte === 0x25 || byte === 0x5f || byte === 0x5c) out.push(0x5c);
    out.push(byte);
  }
  out.push(0x25);
  return Buffer.from(out);
}

/** A LIKE pattern for `bytes` anywhere, with each ASCII letter as `_` (any one byte). */
function letterWildcards(bytes: Buffer): Buffer {
  const out: number[] = [0x25];
  for (const byte of bytes) {
    if ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)) {
      out.push(0x5f);
      continue;
    }
    if (byte === 0x25 || byte === 0x5f || byte === 0x5c) out.push(0x5c);
    out.push(byte);
  }
  out.push(0x25);
  return Buffer.from(out);
}

export interface PgFilterSql {
  /** `AND ...` conditions over the events table (unqualified columns), `$n` from `firstParam`. */
  readonly where: string;
  readonly params: unknown[];
}

/** The filter's conditions, numbering parameters from `$firstParam`. */
export function pgFilterSql(inboxId: string, filter: EventFilter, firstParam: number): PgFilterSql {
  const where: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown, cast = ''): string => {
    params.push(value);
    return `$${firstParam + params.length - 1}${cast}`;
  };
  if (filter.methods !== undefined && filter.methods.length > 0) {
    where.push(`method = ANY (${param(filter.methods, '::text[]')})`);
  }
  if (filter.pathPrefix?.includes('\u0000')) {
    where.push('false'); // no stored path holds NUL, and PostgreSQL text cannot bind it
  } else if (filter.pathPrefix !== undefined) {
    where.push(`starts_with(path, ${param(`/i/${inboxId}${filter.pathPrefix}`, '::text')})`);
  }
  for (const header of filter.headers ?? []) {
    // No stored header holds NUL (Node's parser refuses it), and PostgreSQL text cannot bind it.
    if (header.name.includes('\u0000') || (header.value?.includes('\u0000') ?? false)) {
      where.push('false');
      continue;
    }
    const name = param(header.name, '::text');
    let cheap = `strpos(lower(headers), ${param(JSON.stringify(header.name), '::text')}) > 0`;
    let exact = `lower(h ->> 0) = ${name}`;
    if (header.value !== undefined) {
      const value = param(header.value, '::text');
      cheap = `strpos(headers, ${param(JSON.stringify(header.value), '::text')}) > 0 AND ${cheap}`;
      exact += ` AND h ->> 1 = ${value}`;
    }
    where.push(`(${cheap} AND EXISTS (SELECT 1 FROM json_array_elements(headers::json) AS h WHERE ${exact}))`);
  }
  if (filter.text !== undefined) {
    // The spellings and the folding are the shared rule (src/domain/text-search.ts). lower() under
    // COLLATE "C" folds A-Z only, as SQLite's does. A bytea has no lower(): a body without NUL is
    // read as Latin-1 text (every byte one character, never an error) and folded once; one with
    // NUL, which text cannot hold, goes through its 'escape' form (pure ASCII) and back. OFFSET 0
    // keeps each folded copy made once per row (a pulled-up subquery would repeat it per needle);
    // LIKE, not strpos(), finds a needle in it (measured: 2.5 times as fast on 1 KiB bodies).
    const exact = filter.caseSensitive === true;
    const needles = textNeedles(filter.text, exact);
    const fold = (column: string) => (exact ? column : `lower((${column}) COLLATE "C")`);
    const inBytes = (column: string) =>
      needles
        .map((needle) => `${column} LIKE ${param(containsPattern(Buffer.from(needle, 'utf8')), '::bytea')}`)
        .join(' OR ');
    let bodyMatch: string;
    if (exact) bodyMatch = inBytes('body');
    else {
      const slow = `decode(lower(encode(body, 'escape') COLLATE "C"), 'escape')`;
      const latin1 = needles.filter((needle) => !needle.includes('\u0000'));
      const inText = latin1
        .map(
          (needle) => `b.text LIKE ${param(containsPattern(Buffer.from(needle, 'utf8')).toString('latin1'), '::text')}`,
        )
        .join(' OR ');
      // A body that holds a needle in any case holds it with each letter as some byte: a plain
      // bytea LIKE with `_` for the letters rules out most bodies before any copy is made.
      const shapes = needles
        .map((needle) => `body LIKE ${param(letterWildcards(Buffer.from(needle, 'utf8')), '::bytea')}`)
        .join(' OR ');
      bodyMatch = `(${shapes}) AND EXISTS (SELECT 1 FROM (SELECT CASE WHEN position('\\x00'::bytea IN body) = 0
          THEN lower(convert_from(body, 'LATIN1') COLLATE "C") END AS text OFFSET 0) AS b
        WHERE CASE WHEN b.text IS NOT NULL THEN ${inText === '' ? 'false' : inText}
          ELSE EXISTS (SELECT 1 FROM (SELECT ${slow} AS bytes OFFSET 0) AS s WHERE ${inBytes('s.bytes')}) END)`;
    }
    if (filter.text.includes('\u0000')) {
      // PostgreSQL text cannot hold NUL (binding it fails the statement), and no path, query or
      // header can contain one (Node's parser refuses them): only the body's bytes can match.
      where.push(bodyMatch);
    } else {
      const typed = needles[0] ?? '';
      const q = param(typed, '::text');
      const qHeaders = param(JSON.stringify(typed).slice(1, -1), '::text');
      const inText = needles.map((needle) => {
        const n = param(needle, '::text');
        return `strpos(${fold('path')}, ${n}) > 0 OR strpos(${fold('query')}, ${n}) > 0`;
      });
      where.push(
        `(${inText.join(' OR ')}
        OR (strpos(${fold('headers')}, ${qHeaders}) > 0 AND EXISTS (SELECT 1 FROM json_array_elements(headers::json) AS h
              WHERE strpos(${fold('h ->> 0')}, ${q}) > 0 OR strpos(${fold('h ->> 1')}, ${q}) > 0))
        OR ${bodyMatch})`,
      );
    }
  }
  if (filter.json !== undefined && filter.json.length > 0) {
    const literals: string[] = [];
    const matches: string[] = [];
    for (const match of filter.json) {
      for (const literal of jsonLiterals(match))
        literals.push(`body LIKE ${param(containsPattern(literal), '::bytea')}`);
      const steps = match.path.map(String);
      const path = param(steps, '::text[]');
      const conditions: string[] = [];
      // Every array step's container must be an array (`#>` reads an object's "0" key too).
      match.path.forEach((step, i) => {
        if (typeof step === 'number')
          conditions.push(`jsonb_typeof(j #> ${param(steps.slice(0, i), '::text[]')}) = 'array'`);
      });
      if (match.value === undefined) {
        conditions.push(`(j #> ${path}) IS NOT NULL`);
      } else if (match.value.includes('\u0000')) {
        // jsonb refuses \u0000 in strings (such bodies never parse here), and text cannot bind NUL.
        // (Every bound parameter must appear in the statement, so the path stays in the condition.)
        conditions.push(`((j #> ${path}) IS NULL AND false)`);
      } else {
        const value = param(match.value, '::text');
        const number = match.number === undefined ? 'NULL::numeric' : param(match.value, '::numeric');
        conditions.push(`CASE jsonb_typeof(j #> ${path})
          WHEN 'string' THEN (j #>> ${path}) = ${value}
          WHEN 'number' THEN (j #>> ${path})::numeric = ${number}
          WHEN 'boolean' THEN (j #>> ${path}) = ${value}
          WHEN 'null' THEN ${value} = 'null'
          ELSE false END`);
      }
      matches.push(conditions.join(' AND '));
    }
    // OFFSET 0 keeps the sub-select from being folded into its user, so the body is parsed once.
    // Bodies nesting deeper than MAX_SEARCH_JSON_DEPTH are skipped, as on SQLite (TOO_DEEP).
    const parsed = `(SELECT coalesce(${matches.join(' AND ')}, false) FROM (SELECT rehook_try_jsonb(body) AS j OFFSET 0) AS parsed WHERE j IS NOT NULL AND NOT ${TOO_DEEP})`;
    // Without a backslash the body can only spell the literals one way (jsonLiterals).
    // (Every parameter must appear in the statement: the backslash one only with literals.)
    const cheap =
      literals.length === 0
        ? ''
        : `(body LIKE ${param(containsPattern(Buffer.from('\\')), '::bytea')} OR (${literals.join(' AND ')})) AND `;
    where.push(`(${cheap}coalesce(${parsed}, false))`);
  }
  return { where: where.map((condition) => ` AND ${condition}`).join(''), params };
}

/** Step sizes on PostgreSQL: steps run on the server, so they can be larger. */
const PG_TUNING: StepTuning = {
  initialChunk: 5_000,
  minChunk: 1_000,
  maxChunk: 100_000,
  targetStepMs: 50,
  yieldBetweenSteps: false,
};

/**
 * Returns the search of the PostgreSQL store: one page of `columns` rows (newest first) matching
 * the page's filter. Both columns of the (inbox_id, id) index are in the ORDER BY, as in the
 * listing (event-repository.ts), so the planner walks that index.
 */
export function createPgSearch<Row extends { id: string }>(
  pool: Pool,
  columns: string,
): (inboxId: string, page: SearchPage, limit: number) => Promise<ScanOutcome<Row>> {
  // Two rows: the step's last event, and whether one older follows it in the range.
  const boundarySql = `SELECT id FROM events_all WHERE inbox_id = $1 AND id < $2 AND id >= $3
    ORDER BY inbox_id DESC, id DESC LIMIT 2 OFFSET $4`;
  return (inboxId, page, limit) => {
    const filter = pgFilterSql(inboxId, page.filter, 5);
    const matchesSql = `SELECT ${columns} FROM events_all
      WHERE inbox_id = $1 AND id < $2 AND id >= $3${filter.where}
      ORDER BY inbox_id DESC, id DESC LIMIT $4`;
    return scanSearchPage<Row>(
      page,
      limit,
      {
        boundary: async (upper, lower, count) => {
          const { rows } = await pool.query<{ id: string }>(boundarySql, [inboxId, upper, lower, count - 1]);
          return rows[0] === undefined ? null : { id: rows[0].id, last: rows.length < 2 };
        },
        matches: async (upper, lower, max) => {
          const { rows } = await pool.query<Row>(matchesSql, [inboxId, upper, lower, max, ...filter.params]);
          return rows;
        },
      },
      (row) => row.id,
      PG_TUNING,
    );
  };
}
