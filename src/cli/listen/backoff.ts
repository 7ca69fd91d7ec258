/** Backoff with a cap and jitter, and a sleep that a stop request cuts short. */

export interface BackoffPolicy {
  /** The first delay (before jitter). */
  readonly baseMs: number;
  /** No delay is longer than this. */
  readonly capMs: number;
}

/**
 * Reconnecting to the server: 100 ms, 200 ms, then 400 ms apart (250-400 ms after jitter). Capped
 * low so a listener is back within a second of the server being ready; a refused connection to a
 * server that is down costs next to nothing, and the jitter still spreads a crowd of listeners.
 */
export const RECONNECT_BACKOFF: BackoffPolicy = { baseMs: 100, capMs: 400 };
/** Retrying the local target: 500 ms, 1 s, 2 s, ... up to 10 s. */
export const RETRY_BACKOFF: BackoffPolicy = { baseMs: 500, capMs: 10_000 };

/**
 * The delay before retry number `attempt` (0 for the first retry): the exponential step, capped,
 * then "equal jitter" (between half and all of it), so many listeners cut off by the same server
 * restart do not all come back in the same millisecond, and none retries in a tight loop.
 */
export function backoffDelay(policy: BackoffPolicy, attempt: number, random: () => number = Math.random): number {
  const step = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + (random() * step) / 2);
}

/** Waits `ms`; resolves false at once when `signal` is (or becomes) aborted, true otherwise. */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** `0.5s`, `10s`, `250ms`: a delay for a status line. */
export function formatDelay(ms: number): string {
  return ms < 1000 ? `${ms}ms` : `${(ms / 1000).toFixed(1).replace(/\.0$/, '')}s`;
}
