import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import { NO_SWEEP_LOCK, type SweepLock } from '../ports/sweep-lock.js';

export const SWEEP_BATCH_SIZE = 500;
/** A sweep gives up the event loop between batches and stops after this long per run. */
const SWEEP_BUDGET_MS = 2_000;

export interface SweepResult {
  readonly inboxesDeleted: number;
  readonly rowsPurged: number;
  /** Expired browser sessions deleted (they stopped authenticating at expiry already). */
  readonly sessionsDeleted: number;
}

/**
 * One sweep: deletes expired anonymous inboxes, then purges the events and replays of deleted
 * inboxes, then deletes expired sessions, in bounded batches so no transaction holds the write
 * lock for long. Expiry is also enforced on every read, so a late sweep never exposes expired
 * data and an expired session never authenticates.
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
  let sessionsDeleted = 0;
  for (;;) {
    const count = await deps.store.sessions.deleteExpired(deps.clock.now(), batchSize);
    sessionsDeleted += count;
    if (count < batchSize || Date.now() > deadline) break;
    await yieldToEventLoop();
  }
  return { inboxesDeleted, rowsPurged, sessionsDeleted };
}

/**
 * Runs sweepOnce every `intervalMs` until the returned stop function is called, each run inside
 * `lock` (several instances on one database: only the lock holder sweeps that round). Failures
 * are reported to `onError` and retried at the next interval.
 */
export function startSweeper(
  deps: { store: Store; clock: Clock },
  opts: {
    intervalMs: number;
    onError: (err: unknown) => void;
    onSweep?: (result: SweepResult, timing: { startedAt: number; endedAt: number }) => void;
    /** Keeps sweeps to one instance at a time cluster-wide (default: no lock, always sweep). */
    lock?: SweepLock;
    /** A round was skipped: another instance held the lock. */
    onSkipped?: () => void;
  },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const lock = opts.lock ?? NO_SWEEP_LOCK;
  const timer = setInterval(() => {
    if (running) return;
    running = lock
      .runExclusive(async () => {
        const startedAt = Date.now();
        const result = await sweepOnce(deps);
        return { result, timing: { startedAt, endedAt: Date.now() } };
      })
      .then((outcome) => {
        if (outcome.ran) opts.onSweep?.(outcome.value.result, outcome.value.timing);
        else opts.onSkipped?.();
      })
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
