import { eventIdTime, firstEventIdAt } from '../../domain/ids.js';

/**
 * The listener's overlap window (decision 21). Event ids carry their capture millisecond, but
 * an event can become visible after one with a higher id (concurrent commits on PostgreSQL,
 * instances with slightly different clocks). So the listener does not trust "everything up to
 * the cursor is done": it also looks back `windowMs` (in id time) behind its cursor, the newest
 * event it is done with, and delivers what it finds there that it has not done yet. To tell
 * them apart it keeps the ids it is done with inside the window (and only those: the set is
 * bounded by what one window holds), saved with the position.
 *
 * The assumption: an event becomes visible less than `windowMs` after the events captured
 * around it (commit delay plus clock skew between instances); one later than that is missed.
 */

/** Default look-back: covers commit latency and modest clock skew between instances. */
export const DEFAULT_WINDOW_MS = 30_000;

export class OverlapWindow {
  readonly #windowMs: number;
  /** Nothing at or below this id is delivered by a look-back (where the listener started). */
  readonly #floor: string;
  #cursor: string;
  /** Ids done with that are inside the window (the cursor included). */
  readonly #done = new Set<string>();
  /** The set's size after the last prune. */
  #prunedSize = 0;

  constructor(windowMs: number, cursor: string, floor: string, recent: Iterable<string> = []) {
    this.#windowMs = windowMs;
    this.#cursor = cursor;
    this.#floor = floor;
    this.#done.add(cursor);
    for (const id of recent) this.#done.add(id);
    this.#prune();
  }

  /** The newest event done with (or the start point): the long-poll asks for events after it. */
  get cursor(): string {
    return this.#cursor;
  }

  get floor(): string {
    return this.#floor;
  }

  get windowMs(): number {
    return this.#windowMs;
  }

  /** Marks an event done; true when it moved the cursor (a newer event than any before). */
  markDone(id: string): boolean {
    this.#done.add(id);
    if (id <= this.#cursor) return false;
    this.#cursor = id;
    // A prune walks the whole set, and a window of a fast backlog holds tens of thousands of ids:
    // pruned once the set has doubled since the last time (amortised O(1) per event), and before
    // the ids are saved.
    if (this.#done.size > 2 * this.#prunedSize + 64) this.#prune();
    return true;
  }

  isDone(id: string): boolean {
    return this.#done.has(id);
  }

  /**
   * What a look-back lists: events with `since <= id < until` (the API's since/until bounds), or
   * null when the window is empty (no window, or the listener started at its cursor).
   */
  range(): { since: string; until: string } | null {
    if (this.#windowMs <= 0) return null;
    const start = this.#start();
    // biome-ignore lint/complexity/useMathMinMax: ids are strings compared by their order, not numbers
    const since = start > this.#floor ? start : this.#floor;
    if (since >= this.#cursor) return null;
    return { since, until: this.#cursor };
  }

  /** Of the listed ids, those a look-back delivers: in the window, not done; oldest first. */
  pending(ids: Iterable<string>): string[] {
    const range = this.range();
    if (range === null) return [];
    const out = new Set<string>();
    for (const id of ids) {
      if (id >= range.since && id > this.#floor && id < this.#cursor && !this.#done.has(id)) out.add(id);
    }
    return [...out].sort();
  }

  /** The ids to save with the position: done with, inside the window, besides the cursor; oldest first. */
  recent(): string[] {
    this.#prune();
    const ids = [...this.#done].filter((id) => id !== this.#cursor);
    // Events delivered in order are added oldest first: sorted only when a late one came between.
    if (ids.some((id, index) => index > 0 && (ids[index - 1] ?? '') > id)) ids.sort();
    return ids;
  }

  /** The lowest id inside the window: the first id of the millisecond `windowMs` before the cursor's. */
  #start(): string {
    const ms = eventIdTime(this.#cursor) ?? 0;
    return firstEventIdAt(Math.max(0, ms - this.#windowMs));
  }

  #prune(): void {
    const start = this.#windowMs <= 0 ? this.#cursor : this.#start();
    for (const id of this.#done) if (id < start && id !== this.#cursor) this.#done.delete(id);
    this.#prunedSize = this.#done.size;
  }
}
