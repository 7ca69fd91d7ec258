/**
 * Finding text in a body's whole text (pure, no DOM): every case-insensitive match, and the
 * matches a view lists put in context with their line number.
 */

/** Positions kept past this many matches are dropped (a one-letter query in 16 MB of text). */
export const MAX_MATCHES = 1_000_000;
/** Characters of context either side of a listed match. */
const CONTEXT = 40;

export interface Match {
  /** Where the match starts in the text. */
  readonly at: number;
  /** Its line, from 1. */
  readonly line: number;
  readonly before: string;
  readonly found: string;
  readonly after: string;
}

/**
 * Where `query` occurs in `lowered` (the text lower-cased once by the caller), case-insensitively
 * and without overlaps, up to MAX_MATCHES.
 */
export function findAll(lowered: string, query: string): number[] {
  const needle = query.toLowerCase();
  const positions: number[] = [];
  if (needle === '') return positions;
  for (let at = lowered.indexOf(needle); at !== -1; at = lowered.indexOf(needle, at + needle.length)) {
    positions.push(at);
    if (positions.length >= MAX_MATCHES) break;
  }
  return positions;
}

/**
 * The matches at `positions` (ascending) in context, with their lines: one pass over the line
 * breaks up to the last of them.
 */
export function matchesInContext(text: string, positions: readonly number[], length: number): Match[] {
  let line = 1;
  let counted = 0;
  return positions.map((at) => {
    for (let i = text.indexOf('\n', counted); i !== -1 && i < at; i = text.indexOf('\n', i + 1)) line += 1;
    counted = at;
    return {
      at,
      line,
      before: text.slice(Math.max(0, at - CONTEXT), at).replace(/\s+/g, ' '),
      found: text.slice(at, at + length),
      after: text.slice(at + length, at + length + CONTEXT).replace(/\s+/g, ' '),
    };
  });
}
