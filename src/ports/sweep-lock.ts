/**
 * Keeps the expiry sweeper to one instance at a time across a cluster. A single-instance store
 * (SQLite) needs none; on PostgreSQL it is an advisory lock.
 */
export interface SweepLock {
  /**
   * Runs `fn` while holding the lock and resolves `{ ran: true }` with its result; resolves
   * `{ ran: false }` at once, without running it, when another instance holds the lock.
   * Rejects when the lock could not be asked for (database unreachable) or `fn` rejects.
   */
  runExclusive<T>(fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}

/** The lock of a single instance: nothing else can sweep, so `fn` always runs. */
export const NO_SWEEP_LOCK: SweepLock = {
  runExclusive: async (fn) => ({ ran: true, value: await fn() }),
};
