import type { CapturedEvent } from '../domain/captured-event.js';
import { formatDurationMs } from '../domain/duration.js';
import { isId } from '../domain/ids.js';
import { AppError } from '../errors.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getReadableInbox } from './inboxes.js';

type NextEventDeps = Pick<ServiceDeps, 'store' | 'clock' | 'bus'>;

/** How long a poll waits when the caller does not say. */
export const DEFAULT_WAIT_MS = 30_000;
/** The longest a single poll may wait; clients wanting longer poll again. */
export const MAX_WAIT_MS = 120_000;

export interface WaitForNextEventInput {
  readonly inboxId: string;
  /** Answer with the first event newer than this event id. Absent: the first event stored after the call. */
  readonly after?: string | undefined;
  /**
   * Longest wait in milliseconds, 0 to MAX_WAIT_MS (0: look once and answer at once); absent:
   * DEFAULT_WAIT_MS. NaN (how the HTTP layer passes a malformed value) or anything out of range
   * is VALIDATION_FAILED.
   */
  readonly timeoutMs?: number | undefined;
  /**
   * Ends the wait early, resolving null: the client went away or the server is shutting down.
   * Already aborted: null right after the checks, without reading events.
   */
  readonly signal?: AbortSignal | undefined;
  /**
   * The caller as of now; called before an event found after waiting is returned, so a token
   * revoked meanwhile gets UNAUTHORIZED rather than the event. Absent: the principal given.
   */
  readonly reauthenticate?: (() => Promise<Principal>) | undefined;
  /** Called once, when nothing newer than the floor is stored yet and the poll starts waiting. */
  readonly onWaiting?: (() => void) | undefined;
}

function checkTimeout(timeoutMs: number | undefined): number {
  if (timeoutMs === undefined) return DEFAULT_WAIT_MS;
  if (Number.isInteger(timeoutMs) && timeoutMs >= 0 && timeoutMs <= MAX_WAIT_MS) return timeoutMs;
  const range = `from 0 to ${formatDurationMs(MAX_WAIT_MS)}`;
  throw new AppError('VALIDATION_FAILED', {
    message: `timeout must be a duration ${range}, such as 500ms, 30s or 2m (a bare number means seconds)`,
    details: [{ path: '/timeout', message: `must be a duration ${range}` }],
  });
}

/**
 * Long-poll: the first event of the inbox (lowest id) newer than `after`, with headers and body,
 * as soon as one is stored on any instance (the live bus wakes the wait), or null when none came
 * within the timeout or the signal was aborted. Same access rules as listing events:
 * INBOX_NOT_FOUND / UNAUTHORIZED like listEvents (checked first, then VALIDATION_FAILED for a
 * malformed `after` or timeout), and again before an event found after waiting is returned.
 * StorageError when the store fails.
 *
 * The floor is `after`, or without it the inbox's newest event id once subscribed (like
 * openInboxStream), so an event stored before the call is never the answer. Ids are
 * time-sortable but come from each instance's clock: without `after`, an event another instance
 * stamps with an older time than the floor is not returned (pass `after` to rule that out).
 *
 * No wake-up is lost: the subscription comes before the floor is read, and a message arriving
 * while the store is read makes the loop read again instead of sleeping. The store is read once
 * more at the deadline, so an event whose bus message was lost (a LISTEN connection that
 * dropped) is still returned, only late. Unsubscribes and clears its timer on every path.
 */
export async function waitForNextEvent(
  deps: NextEventDeps,
  principal: Principal,
  input: WaitForNextEventInput,
): Promise<CapturedEvent | null> {
  const inbox = await getReadableInbox(deps, principal, input.inboxId);
  const after = input.after;
  if (after !== undefined && !isId('event', after)) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'after must be an event id',
      details: [{ path: '/after', message: 'must be an event id (evt_...)' }],
    });
  }
  const timeoutMs = checkTimeout(input.timeoutMs);
  const signal = input.signal;
  if (signal?.aborted) return null;

  let floor = after;
  const waker = openWaker(deps, inbox.id, { timeoutMs, signal, floor: () => floor });
  try {
    // Read once subscribed: an event committed from here on is either at or below this floor
    // (not "next") or newer, and then its bus message wakes the wait.
    if (floor === undefined) floor = (await deps.store.events.listByInbox(inbox.id, { limit: 1 }))[0]?.id;
    let waited = false;
    while (!signal?.aborted) {
      waker.arm();
      const page = floor === undefined ? { limit: 1 } : { limit: 1, after: floor };
      const [next] = await deps.store.events.listAfter(inbox.id, page);
      if (next !== undefined) {
        if (waited) {
          const caller = input.reauthenticate ? await input.reauthenticate() : principal;
          await getReadableInbox(deps, caller, inbox.id);
        }
        const event = await deps.store.events.findById(next.id);
        if (event !== null) return event;
        // Deleted between the two reads (evicted by an anonymous inbox's cap): the next one.
        floor = next.id;
        continue;
      }
      if (waker.timedOut()) return null;
      if (!waited) input.onWaiting?.();
      waited = true;
      await waker.sleep();
    }
    return null;
  } finally {
    waker.close();
  }
}

/** What ends a poll's sleep: a bus message newer than the floor, the deadline, the signal. */
interface Waker {
  /** True once the deadline has passed (at once for a timeout of 0). */
  timedOut(): boolean;
  /** Forgets earlier wake-ups; called right before the store is read. */
  arm(): void;
  /** Resolves at the next wake-up, or at once when one came since arm(). */
  sleep(): Promise<void>;
  /** Unsubscribes and clears the timer; idempotent. */
  close(): void;
}

function openWaker(
  deps: Pick<NextEventDeps, 'bus'>,
  inboxId: string,
  opts: { timeoutMs: number; signal: AbortSignal | undefined; floor: () => string | undefined },
): Waker {
  let woken = false;
  let wake: (() => void) | null = null;
  let timedOut = opts.timeoutMs === 0;
  const rouse = (): void => {
    woken = true;
    wake?.();
  };
  const unsubscribe = deps.bus.subscribe(inboxId, (event) => {
    const floor = opts.floor();
    if (floor === undefined || event.id > floor) rouse();
  });
  const timer = timedOut
    ? undefined
    : setTimeout(() => {
        timedOut = true;
        rouse();
      }, opts.timeoutMs);
  opts.signal?.addEventListener('abort', rouse, { once: true });
  return {
    timedOut: () => timedOut,
    arm: () => {
      woken = false;
    },
    sleep: () =>
      new Promise<void>((resolve) => {
        if (woken) return resolve();
        wake = () => {
          wake = null;
          resolve();
        };
      }),
    close: () => {
      unsubscribe();
      if (timer !== undefined) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', rouse);
    },
  };
}
