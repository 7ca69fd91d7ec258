import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import { NO_SWEEP_LOCK, type SweepLock } from '../ports/sweep-lock.js';
import { retireAuditEntries } from './audit.js';

export const SWEEP_BATCH_SIZE = 500;
/** A sweep gives up the event loop between batches and stops after this long per run. */
const SWEEP_BUDGET_MS = 2_000;

/** Day partitions the sweeper keeps created ahead of today (PostgreSQL). */
export const PARTITION_DAYS_AHEAD = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SweepResult {
  readonly inboxesDeleted: number;
  readonly rowsPurged: number;
  /** Day partitions created ahead (PostgreSQL). */
  readonly partitionsCreated: number;
  /** Events gone with whole day partitions whose inboxes were all gone (PostgreSQL). */
  readonly eventsDropped: number;
  /** Events moved from the table of the schema before partitioning (PostgreSQL, upgrade). */
  readonly eventsMoved: number;
  /** Events deleted for being older than REHOOK_RETENTION_DAYS. */
  readonly eventsRetired: number;
  /** Expired browser sessions deleted (they stopped authenticating at expiry already). */
  readonly sessionsDeleted: number;
  /** Audit entries deleted for being older than REHOOK_AUDIT_RETENTION. */
  readonly auditEntriesRetired: number;
}

export interface SweepOptions {
  readonly batchSize?: number;
  readonly budgetMs?: number;
  /** REHOOK_RETENTION_DAYS: events older than this many days are deleted (0 or absent = kept). */
  readonly retentionDays?: number;
  /** REHOOK_AUDIT_RETENTION in ms: older audit entries are deleted (0 or absent = kept). */
  readonly auditRetentionMs?: number;
}

/**
 * One sweep: deletes expired anonymous inboxes; keeps the event storage up (day partitions
 * created ahead, partitions whose inboxes are all gone dropped whole, an upgrade's move; before
 * the purge, so rows a dropped partition takes with it are not deleted one by one first);
 * retires events past the retention; purges the events and replays of deleted inboxes; deletes
 * expired sessions. Row work goes in bounded batches so no transaction holds the write lock for
 * long. Expiry is also enforced on every read, so a late sweep never exposes expired data and
 * an expired session never authenticates.
 */
export async function sweepOnce(deps: { store: Store; clock: Clock }, opts: SweepOptions = {}): Promise<SweepResult> {
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
  const upkeep = await keepEventStorage(deps, { batchSize, deadline });
  let eventsRetired = 0;
  const retentionDays = opts.retentionDays ?? 0;
  if (retentionDays > 0) {
    for (;;) {
      const before = new Date(deps.clock.now().getTime() - retentionDays * DAY_MS);
      const count = await deps.store.events.deleteReceivedBefore(before, batchSize);
      eventsRetired += count;
      if (count < batchSize || Date.now() > deadline) break;
      await yieldToEventLoop();
    }
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
  const auditRetentionMs = opts.auditRetentionMs ?? 0;
  const auditEntriesRetired =
    auditRetentionMs > 0 ? await retireAuditEntries(deps, { retentionMs: auditRetentionMs, batchSize, deadline }) : 0;
  return { inboxesDeleted, rowsPurged, ...upkeep, eventsRetired, sessionsDeleted, auditEntriesRetired };
}

/** The storage upkeep of one sweep: partitions, then the upgrade's move in batches until done or out of time. */
async function keepEventStorage(
  deps: { store: Store; clock: Clock },
  opts: { batchSize: number; deadline: number },
): Promise<Pick<SweepResult, 'partitionsCreated' | 'eventsDropped' | 'eventsMoved'>> {
  const first = await deps.store.events.maintain(deps.clock.now(), {
    daysAhead: PARTITION_DAYS_AHEAD,
    moveLimit: opts.batchSize,
  });
  let { partitionsCreated, eventsDropped, eventsMoved } = first;
  let moved = first.eventsMoved;
  while (moved > 0 && Date.now() <= opts.deadline) {
    await yieldToEventLoop();
    const next = await deps.store.events.maintain(deps.clock.now(), { daysAhead: 0, moveLimit: opts.batchSize });
    moved = next.eventsMoved;
    partitionsCreated += next.partitionsCreated;
    eventsDropped += next.eventsDropped;
    eventsMoved += moved;
  }
  return { partitionsCreated, eventsDropped, eventsMoved };
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
    /** REHOOK_RETENTION_DAYS (0 or absent: events are kept). */
    retentionDays?: number;
    /** REHOOK_AUDIT_RETENTION in ms (0 or absent: audit entries are kept). */
    auditRetentionMs?: number;
  },
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const lock = opts.lock ?? NO_SWEEP_LOCK;
  const timer = setInterval(() => {
    if (running) return;
    running = lock
      .runExclusive(async () => {
        const startedAt = Date.now();
        const result = await sweepOnce(deps, {
          ...(opts.retentionDays === undefined ? {} : { retentionDays: opts.retentionDays }),
          ...(opts.auditRetentionMs === undefined ? {} : { auditRetentionMs: opts.auditRetentionMs }),
        });
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
