import type { SavedState } from './position.js';

/**
 * Saves the listener's position without holding up the delivery: a write starts when a new
 * position is recorded and none ran for `intervalMs` (one at a time, always the newest state),
 * and flush() writes the newest one and waits for it. The listener flushes before it waits for
 * new events and when it stops, so a listener that keeps up (or a graceful stop) saves exactly
 * the last event done with; one killed while catching up with a backlog sends again at most the
 * events done after the last write, which is at most `intervalMs` (plus one write) old. It never
 * skips one: what is written is always an event already done with.
 */

/** How often at most a listener catching up rewrites its position file. */
export const SAVE_INTERVAL_MS = 250;

export class PositionSaver {
  readonly #write: (state: SavedState) => Promise<void>;
  readonly #intervalMs: number;
  /** The newest position not written yet (evaluated when its write starts). */
  #pending: (() => SavedState) | null = null;
  #writing: Promise<void> | null = null;
  #startedAt = -Infinity;
  #error: { readonly err: unknown } | null = null;

  constructor(write: (state: SavedState) => Promise<void>, intervalMs = SAVE_INTERVAL_MS) {
    this.#write = write;
    this.#intervalMs = intervalMs;
  }

  /** Records the newest position; throws when an earlier write failed. */
  update(state: () => SavedState): void {
    this.#throwFailure();
    this.#pending = state;
    if (this.#writing === null && performance.now() - this.#startedAt >= this.#intervalMs) this.#start();
  }

  /** Writes the newest recorded position, if any, and waits until it is on disk. */
  async flush(): Promise<void> {
    while ((this.#writing !== null || this.#pending !== null) && this.#error === null) {
      if (this.#writing === null) this.#start();
      await this.#writing;
    }
    this.#throwFailure();
  }

  #throwFailure(): void {
    if (this.#error !== null) throw this.#error.err;
  }

  #start(): void {
    const pending = this.#pending;
    if (pending === null) return;
    this.#pending = null;
    this.#startedAt = performance.now();
    this.#writing = this.#write(pending())
      .catch((err: unknown) => {
        this.#error ??= { err };
      })
      .finally(() => {
        this.#writing = null;
      });
  }
}
