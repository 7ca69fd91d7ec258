import type { JsonMatch } from '../../domain/event-filter.js';
import { SEARCH_SCAN_LIMIT, type SearchPage } from '../../ports/event-repository.js';

/**
 * The portable part of a search page (EventRepository.searchByInbox): walking an inbox newest
 * first in bounded steps until the page is full, the inbox (or the `since` bound) ends, or the
 * page's scan budget is spent. Each adapter supplies the two statements of a step; the database
 * does all the matching, one step's range at a time, so no step reads more than `chunk` events
 * and nothing but the matching summaries comes back.
 *
 * A step is "the next `chunk` events below the cursor": its lower end is found on the
 * (inbox_id, id) index alone (`boundary`), then the filter runs on that id range (`matches`).
 * Steps grow or shrink so that each takes about `targetStepMs`: on SQLite every step runs on the
 * event loop, and the search gives it back between steps, so ingest into the same process keeps
 * flowing during a long search. The results never depend on the step sizes, only the scan budget
 * (counted in events, not time) decides where a page stops.
 */

/** Sorts after every event id (bytewise, as both databases compare ids): "no upper bound". */
export const NO_UPPER_ID = '~';
/** Sorts before every event id: "no lower bound". */
export const NO_LOWER_ID = '';

export interface SearchSteps<Row> {
  /**
   * The id of the `count`-th event of the inbox (newest first) with `lower <= id < upper` and
   * whether an older one follows it in that range (`last`: it is the range's oldest), or null
   * when the range holds fewer than `count` events.
   */
  boundary(upper: string, lower: string, count: number): Promise<Boundary | null> | Boundary | null;
  /** Matching rows with `lower <= id < upper`, newest first, at most `limit`. */
  matches(upper: string, lower: string, limit: number): Promise<Row[]> | Row[];
}

export interface Boundary {
  readonly id: string;
  /** No event of the range is older than this one. */
  readonly last: boolean;
}

export interface StepTuning {
  /** Events examined by the first step. */
  readonly initialChunk: number;
  readonly minChunk: number;
  readonly maxChunk: number;
  /** Steps are resized towards this duration. */
  readonly targetStepMs: number;
  /** Give the event loop back between steps (SQLite: the statements are synchronous). */
  readonly yieldBetweenSteps: boolean;
}

export interface ScanOutcome<Row> {
  /** At most `limit` rows, newest first. */
  readonly rows: Row[];
  readonly nextBefore: string | null;
  /** Events examined (for measurements). */
  readonly scanned: number;
  /** The page's time budget ran out (SearchPage.timeBudgetMs). */
  readonly outOfTime: boolean;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Runs one search page. `idOf` reads a row's event id. */
export async function scanSearchPage<Row>(
  page: SearchPage,
  limit: number,
  steps: SearchSteps<Row>,
  idOf: (row: Row) => string,
  tuning: StepTuning,
): Promise<ScanOutcome<Row>> {
  const { filter } = page;
  // Both bounds are exclusive above: the page's cursor and `until`.
  let upper = NO_UPPER_ID;
  if (page.before !== undefined) upper = page.before;
  if (filter.untilId !== undefined && filter.untilId < upper) upper = filter.untilId;
  const lower = filter.sinceId ?? NO_LOWER_ID;
  let budget = Math.max(1, Math.floor(page.scanLimit ?? SEARCH_SCAN_LIMIT));
  let chunk = Math.min(tuning.initialChunk, budget);
  const found: Row[] = [];
  let scanned = 0;
  const began = performance.now();
  if (limit < 1 || upper <= lower) return { rows: [], nextBefore: null, scanned, outOfTime: false };

  for (;;) {
    const started = performance.now();
    const step = Math.min(chunk, budget);
    const edge = await steps.boundary(upper, lower, step);
    // The step covers [stepLower, upper): down to its boundary, or to the end of the range.
    const boundary = edge === null || edge.last ? null : edge.id;
    const stepLower = edge?.id ?? lower;
    // One more match than the page needs tells whether a next page exists.
    const rows = await steps.matches(upper, stepLower, limit + 1 - found.length);
    found.push(...rows);
    if (found.length > limit) {
      found.length = limit;
      const last = found[limit - 1] as Row;
      return { rows: found, nextBefore: idOf(last), scanned: scanned + step, outOfTime: false };
    }
    if (boundary === null) return { rows: found, nextBefore: null, scanned: scanned + step, outOfTime: false };
    scanned += step;
    budget -= step;
    upper = boundary;
    // Full (the step had no further match), or the budget is spent: the next page goes on from
    // the last event examined. Not scanning on only to learn whether another match exists keeps
    // a rare filter's page cheap; that next page may then be empty.
    if (found.length === limit || budget <= 0) return { rows: found, nextBefore: boundary, scanned, outOfTime: false };
    // Time is checked only between steps: the answer still ends at a step boundary, and where it
    // ends moves with the machine's speed, as a scan budget cannot see (docs/search.md).
    if (page.timeBudgetMs !== undefined && performance.now() - began >= page.timeBudgetMs) {
      return { rows: found, nextBefore: boundary, scanned, outOfTime: true };
    }
    const elapsed = performance.now() - started;
    const scaled = elapsed > 0 ? Math.round((chunk * tuning.targetStepMs) / elapsed) : tuning.maxChunk;
    chunk = Math.min(tuning.maxChunk, Math.max(tuning.minChunk, Math.min(scaled, chunk * 4)));
    if (tuning.yieldBetweenSteps) await yieldToEventLoop();
  }
}

/**
 * Byte strings a body must contain for `match` to match, when it has no backslash (escapes could
 * spell keys and strings otherwise): the path's last key as a JSON string, and a string value
 * as a JSON string unless the value could also match a number, a boolean or null.
 */
export function jsonLiterals(match: JsonMatch): Buffer[] {
  const literals: Buffer[] = [];
  for (let i = match.path.length - 1; i >= 0; i -= 1) {
    const step = match.path[i];
    if (typeof step === 'string') {
      literals.push(Buffer.from(JSON.stringify(step), 'utf8'));
      break;
    }
  }
  const value = match.value;
  if (value !== undefined && match.number === undefined && value !== 'true' && value !== 'false' && value !== 'null') {
    literals.push(Buffer.from(JSON.stringify(value), 'utf8'));
  }
  return literals;
}
