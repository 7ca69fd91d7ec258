import type { EventSummary } from '../../client/types.js';

/**
 * How far behind the newest captured event the listener is, from the newest listing page it has
 * (a probe: the events after its cursor, newest first, one request at most every few seconds,
 * never one per event). Pure: the listener feeds it pages and asks about the event it delivers.
 */

/** Behind by less than this (in capture time), the listener counts as keeping up: nothing shown. */
export const LAG_SHOWN_FROM_MS = 3_000;

export interface Behind {
  /** Events captured after the one being delivered (a lower bound when `atLeast`). */
  readonly events: number;
  /** Capture time of the newest known event minus that of the one being delivered, in seconds. */
  readonly seconds: number;
  /** The probe's page was full: more events lie between the two than it listed. */
  readonly atLeast: boolean;
}

export class LagTracker {
  /** Ids of the newest page, oldest first (ids sort by capture time). */
  #ids: string[] = [];
  #newestAt = 0;
  #full = false;

  /** Takes a probe's page (newest first) and whether it was full (`nextBefore` set). */
  observe(page: readonly Pick<EventSummary, 'id' | 'receivedAt'>[], full: boolean): void {
    const newest = page[0];
    if (newest === undefined) return;
    // An older probe answering last must not roll the newest known event back.
    if (this.#ids.length > 0 && newest.id <= (this.#ids.at(-1) ?? '')) return;
    this.#ids = page.map((event) => event.id).reverse();
    this.#newestAt = Date.parse(newest.receivedAt);
    this.#full = full;
  }

  /** How far `event` is behind the newest known one; null when it is not (or too little to show). */
  behind(event: { readonly id: string; readonly receivedAt: string }): Behind | null {
    const ms = this.#newestAt - Date.parse(event.receivedAt);
    if (this.#ids.length === 0 || !(ms >= LAG_SHOWN_FROM_MS)) return null;
    const newer = this.#ids.length - firstAbove(this.#ids, event.id);
    // The page reaches back past the event only when it holds an id at or below it.
    const coversEvent = (this.#ids[0] ?? '') <= event.id;
    return { events: newer, seconds: Math.round(ms / 1000), atLeast: this.#full && !coversEvent };
  }
}

/** The index of the first id above `id` in the sorted `ids` (ids.length when none). */
function firstAbove(ids: readonly string[], id: string): number {
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((ids[mid] ?? '') <= id) low = mid + 1;
    else high = mid;
  }
  return low;
}
