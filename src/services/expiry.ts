import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';

export const SWEEP_BATCH_SIZE = 500;
/** A sweep gives up the event loop between batches and stops after this long per run. */
const SWEEP_BUDGET_MS = 2_000;

export interface SweepResult {
  readonly inboxesDeleted: number;
  readonly rowsPurged: number;
}

/**
 * One sweep: deletes expired anonymous inboxes, then purges the events and replays of deleted
 * inboxes, in bounded batches so no transaction holds the write lock for long. Expiry is also
 * enforced on every read, so a late sweep never exposes expired data.
 */
export async function sweepOnce(
  deps: { store: Store; clock: Clock },
  opts: { batchSize?: number; budgetMs?: number } = {},
): Promise<SweepResult> {
  const batchSize = opts.batchSize ?? SWEEP_BATCH_SIZE;
  const deadline = Date.now() + (opts.budgetMs ?? SWEEP_BUDGET_MS);
  let inboxesDeleted = 0;
  let rowsPurged = 0;
  for (;;) {
    const count = await deps.store.inboxes.deleteExpired(deps.clock.now(), batchSize);
    inboxesDeleted += count;
    if (count < batchSize || Date.now() > deadline) break;
    await yieldToEventLoop();
  }
  for (;;) {
    const count = await deps.store.inboxes.purgeDeleted(batchSize);
    rowsPurged += count;
    if (count === 0 || Date.now() > deadline) break;
    await yieldToEventLoop();
  }
  return { inboxesDeleted, rowsPurged };
}

/**
 * Runs sweepOnce every `intervalMs` until the returned stop function is called. Failures are
 * reported to `onError` and retried at the next interval.
 */
export function startSweeper(
  deps: { store: Store; clock: Clock },
  opts: { intervalMs: number; onError: (err: unknown) => void; onSweep?: (result: SweepResult) => void },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepOnce(deps)
      .then((result) => opts.onSweep?.(result))
      .catch(opts.onError)
      .finally(() => {
        running = null;
      });
  }, opts.intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
