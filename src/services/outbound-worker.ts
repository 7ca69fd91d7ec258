import type { HeaderPair } from '../domain/captured-event.js';
import { parseDestination } from '../domain/destination.js';
import { destinationRefusalMessage } from '../domain/destination-refusal.js';
import {
  type AttemptOutcome,
  type ClaimedSend,
  type DeliveryNext,
  nextAfterAttempt,
  type OutboundAttempt,
  type RetryPolicy,
} from '../domain/outbound-delivery.js';
import type { EgressOutcome } from '../ports/egress-client.js';
import type { ServiceDeps } from './deps.js';

/**
 * The outbound worker of one instance: the loop every outbound-delivery queue runs
 * (domain/outbound-delivery.ts), forwarding's deliveries (services/delivery-worker.ts) and alert
 * notifications (services/alert-worker.ts) alike. It leases due items from the queue in the
 * database, sends each through the egress client (the SSRF guard applies to every request),
 * records the attempt and moves the item on: delivered, failed, or pending after the backoff.
 * Wake-ups: the live bus tells it about new events of the inboxes the queue watches (a local
 * kick, and with PostgreSQL LISTEN/NOTIFY a kick from any instance), the earliest due retry
 * sets a timer, and a poll every `pollIntervalMs` catches the rest (expired leases, other
 * instances' retries). At most `concurrency` items are in flight, and one inbox takes at most a
 * quarter of them while others wait, so a slow destination holds its own slots, not everybody's.
 * Only what is delivered differs from queue to queue: OutboundQueue.request says it.
 */

export interface OutboundWorkerOptions {
  /** Items in flight at once on this instance (>= 1). */
  readonly concurrency: number;
  readonly pollIntervalMs: number;
  /** How long a claimed item stays this instance's; must exceed a send's longest time. */
  readonly leaseMs: number;
  /** First retry delay; each retry doubles it, up to the policy's maxDelayMs. */
  readonly baseDelayMs: number;
  /** Lease owner name; default a random one per worker. */
  readonly owner?: string;
  /** Told about storage failures (the worker goes on; the lease makes the item come back). */
  readonly onError?: (err: unknown, context: string) => void;
  /** An attempt ended (sent or not; `seconds` is null when nothing was sent). */
  readonly onAttempt?: (outcome: AttemptOutcome, seconds: number | null) => void;
  /** An item finished: delivered, failed or cancelled. */
  readonly onFinished?: (state: 'delivered' | 'failed' | 'cancelled') => void;
  /** The queue depth, measured at every poll (capped; see queueDepth). */
  readonly onQueueDepth?: (depth: number) => void;
}

export interface OutboundWorker {
  /** Looks for due items now. */
  kick(): void;
  /** Resolves when every item in flight has ended (for tests). */
  idle(): Promise<void>;
  /** Stops claiming and waits (up to `graceMs`) for items in flight. */
  stop(graceMs?: number): Promise<void>;
}

/** The worker's options once its owner is named; `onChanged` tells it about in-process setting changes. */
export interface OutboundLoopOptions extends OutboundWorkerOptions {
  readonly owner: string;
  readonly onChanged?: (listener: () => void) => () => void;
}

/** One request to send: what a queue delivers. */
export interface OutboundRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: readonly HeaderPair[];
  readonly body: Buffer;
}

/**
 * A queue of outbound items in the database, and what each of its items sends. The loop claims
 * due items, sends each, and wakes on the events of the inboxes `watchedInboxIds` names, on the
 * earliest due retry, and on a poll.
 */
export interface OutboundQueue<C extends ClaimedSend> {
  claim(opts: {
    readonly owner: string;
    readonly now: Date;
    readonly leaseMs: number;
    readonly limit: number;
    readonly excludeInboxIds?: readonly string[];
  }): Promise<C[]>;
  nextDueAt(): Promise<Date | null>;
  /** Inboxes whose new events may have queued an item (the loop listens to them on the bus). */
  watchedInboxIds(): Promise<string[]>;
  queueDepth?(): Promise<number>;
  /** The claimed item's retry policy. */
  policy(claimed: C): RetryPolicy;
  /** What the claimed item sends; null when there is nothing left to deliver (it is cancelled). */
  request(claimed: C): Promise<OutboundRequest | null>;
  /**
   * Ends the claimed item's attempt: stores `attempt` (when one was sent) and, while the lease
   * is still `owner`'s, moves it to `next`. False when the lease was lost.
   */
  complete(claimed: C, end: { owner: string; attempt: OutboundAttempt | null; next: DeliveryNext }): Promise<boolean>;
}

/** The queue depth gauge counts at most this many rows, so a scrape stays cheap. */
export const QUEUE_DEPTH_CAP = 100_000;

const ERROR_CODES: Readonly<Record<Exclude<EgressOutcome['kind'], 'response'>, string>> = {
  forbidden: 'DESTINATION_FORBIDDEN',
  unreachable: 'DESTINATION_UNREACHABLE',
  timeout: 'DESTINATION_TIMEOUT',
};

/** The attempt record of a send's outcome. */
export function attemptRecord(
  base: { number: number; startedAt: Date; url: string },
  outcome: EgressOutcome,
): OutboundAttempt {
  const { number, startedAt, url } = base;
  if (outcome.kind === 'response') {
    const ok = outcome.statusCode >= 200 && outcome.statusCode < 300;
    return {
      number,
      startedAt,
      url,
      outcome: ok ? 'delivered' : 'rejected',
      statusCode: outcome.statusCode,
      latencyMs: outcome.latencyMs,
      errorCode: null,
      errorMessage: ok ? null : `the destination answered ${outcome.statusCode}`,
    };
  }
  return {
    number,
    startedAt,
    url,
    outcome: outcome.kind,
    statusCode: null,
    latencyMs: 'latencyMs' in outcome ? outcome.latencyMs : null,
    errorCode: ERROR_CODES[outcome.kind],
    errorMessage: outcome.kind === 'forbidden' ? destinationRefusalMessage(outcome.reason) : outcome.reason,
  };
}

/**
 * One attempt of a claimed item: none when its attempts ran out (its last one was abandoned, or
 * the policy was lowered) or there is nothing left to deliver; a `forbidden` record for a URL
 * that is not one; else the send's record and what follows it.
 */
async function attemptOnce<C extends ClaimedSend>(
  deps: Pick<ServiceDeps, 'clock' | 'egressClient'>,
  queue: OutboundQueue<C>,
  claimed: C,
  opts: Pick<OutboundWorkerOptions, 'baseDelayMs' | 'onAttempt'>,
): Promise<{ attempt: OutboundAttempt | null; next: DeliveryNext }> {
  const policy = queue.policy(claimed);
  if (claimed.attempt > policy.maxAttempts) return { attempt: null, next: { state: 'failed' } };
  const request = await queue.request(claimed);
  if (request === null) return { attempt: null, next: { state: 'cancelled' } };
  const base = { number: claimed.number, startedAt: deps.clock.now(), url: request.url };
  const target = parseDestination(request.url);
  if (!target.ok) {
    const attempt: OutboundAttempt = {
      ...base,
      outcome: 'forbidden',
      statusCode: null,
      latencyMs: null,
      errorCode: 'INVALID_DESTINATION',
      errorMessage: target.reason,
    };
    opts.onAttempt?.('forbidden', null);
    return { attempt, next: { state: 'failed' } };
  }
  const outcome = await deps.egressClient.send({ ...request, url: target.url, headers: [...request.headers] });
  const attempt = attemptRecord(base, outcome);
  opts.onAttempt?.(attempt.outcome, attempt.latencyMs === null ? null : attempt.latencyMs / 1000);
  const next = nextAfterAttempt(claimed.attempt, policy, attempt.outcome, deps.clock.now(), opts.baseDelayMs);
  return { attempt, next };
}

/**
 * Starts the worker of one outbound queue on this instance (see the module comment).
 * `onChanged` tells it about in-process changes of the queue's settings (it refreshes the
 * inboxes it listens to, and looks); `onAttemptRecorded` about each attempt stored.
 */
export function startOutboundWorker<C extends ClaimedSend>(
  deps: Pick<ServiceDeps, 'clock' | 'bus' | 'egressClient'>,
  queue: OutboundQueue<C>,
  opts: OutboundLoopOptions & { readonly onAttemptRecorded?: (claimed: C, attempt: OutboundAttempt) => void },
): OutboundWorker {
  async function send(claimed: C): Promise<void> {
    const { attempt, next } = await attemptOnce(deps, queue, claimed, opts);
    const kept = await queue.complete(claimed, { owner: opts.owner, attempt, next });
    if (attempt !== null) opts.onAttemptRecorded?.(claimed, attempt);
    // A lost lease: another instance took the item over and decides its fate.
    if (kept && next.state !== 'pending') opts.onFinished?.(next.state);
  }
  return runLeasedQueue(deps, queue, send, opts);
}

/**
 * Runs the claim loop of one leased queue on this instance (see the module comment): at most
 * `concurrency` sends in flight, one inbox at most a quarter of them.
 */
function runLeasedQueue<C extends ClaimedSend>(
  deps: Pick<ServiceDeps, 'clock' | 'bus'>,
  repo: OutboundQueue<C>,
  send: (claimed: C) => Promise<void>,
  opts: OutboundLoopOptions,
): OutboundWorker {
  const owner = opts.owner;
  const concurrency = Math.max(1, Math.floor(opts.concurrency));
  const perInboxLimit = Math.max(1, Math.ceil(concurrency / 4));
  const onError = opts.onError ?? (() => undefined);
  const inFlightByInbox = new Map<string, number>();
  let inFlight = 0;
  let stopped = false;
  let claiming = false;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let timerAt = Infinity;
  const idleWaiters: (() => void)[] = [];
  const subscriptions = new Map<string, () => void>();

  const schedule = (delayMs: number): void => {
    if (stopped) return;
    const at = Date.now() + Math.max(0, delayMs);
    if (timer !== null && timerAt <= at) return;
    if (timer !== null) clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timer = null;
        timerAt = Infinity;
        void tick();
      },
      Math.max(0, delayMs),
    );
    timer.unref();
  };

  const kick = (): void => {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    schedule(0);
  };

  const saturated = (): string[] =>
    [...inFlightByInbox].filter(([, n]) => n >= perInboxLimit).map(([inboxId]) => inboxId);

  async function tick(): Promise<void> {
    if (stopped || claiming) return;
    claiming = true;
    again = false;
    let claimedCount = 0;
    let free = concurrency - inFlight;
    try {
      if (free > 0) {
        const claimed = await repo.claim({
          owner,
          now: deps.clock.now(),
          leaseMs: opts.leaseMs,
          limit: free,
          excludeInboxIds: saturated(),
        });
        claimedCount = claimed.length;
        for (const delivery of claimed) start(delivery);
        free -= claimed.length;
      }
    } catch (err) {
      onError(err, 'claim deliveries');
    } finally {
      claiming = false;
    }
    if (stopped) return;
    // A full claim may have left more due ones; a completion kicks when no slot is free.
    if ((again || claimedCount > 0) && free > 0) return schedule(0);
    let delay = opts.pollIntervalMs;
    try {
      const next = await repo.nextDueAt();
      if (next !== null) {
        const until = next.getTime() - deps.clock.now().getTime();
        // Due now but not claimable (its inbox is saturated, no slot): a completion kicks.
        if (until > 0) delay = Math.min(delay, until);
      }
    } catch (err) {
      onError(err, 'next delivery');
    }
    schedule(delay);
  }

  function start(claimed: C): void {
    inFlight += 1;
    inFlightByInbox.set(claimed.inboxId, (inFlightByInbox.get(claimed.inboxId) ?? 0) + 1);
    void send(claimed)
      .catch((err: unknown) => onError(err, 'deliver'))
      .finally(() => {
        inFlight -= 1;
        const left = (inFlightByInbox.get(claimed.inboxId) ?? 1) - 1;
        if (left <= 0) inFlightByInbox.delete(claimed.inboxId);
        else inFlightByInbox.set(claimed.inboxId, left);
        if (inFlight === 0) for (const wake of idleWaiters.splice(0)) wake();
        kick();
      });
  }

  /** Listens on the live bus to the watched inboxes (their new events kick). */
  async function refreshSubscriptions(): Promise<void> {
    let ids: string[];
    try {
      ids = await repo.watchedInboxIds();
    } catch (err) {
      onError(err, 'list forwarding');
      return;
    }
    if (stopped) return;
    const wanted = new Set(ids);
    for (const [inboxId, unsubscribe] of subscriptions) {
      if (!wanted.has(inboxId)) {
        unsubscribe();
        subscriptions.delete(inboxId);
      }
    }
    for (const inboxId of wanted) {
      if (!subscriptions.has(inboxId)) subscriptions.set(inboxId, deps.bus.subscribe(inboxId, kick));
    }
  }

  async function measureDepth(): Promise<void> {
    if (!opts.onQueueDepth || !repo.queueDepth) return;
    try {
      opts.onQueueDepth(Math.min(await repo.queueDepth(), QUEUE_DEPTH_CAP));
    } catch (err) {
      onError(err, 'count deliveries');
    }
  }

  const poll = setInterval(() => {
    void refreshSubscriptions();
    void measureDepth();
    kick();
  }, opts.pollIntervalMs);
  poll.unref();
  const stopListening =
    opts.onChanged?.(() => {
      void refreshSubscriptions();
      kick();
    }) ?? (() => undefined);
  void refreshSubscriptions();
  void measureDepth();
  kick();

  return {
    kick,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise((resolve) => idleWaiters.push(resolve))),
    async stop(graceMs = 5_000) {
      stopped = true;
      clearInterval(poll);
      if (timer !== null) clearTimeout(timer);
      stopListening();
      for (const unsubscribe of subscriptions.values()) unsubscribe();
      subscriptions.clear();
      if (inFlight === 0) return;
      // Deliveries still in flight after the grace keep their lease; it expires and another
      // instance (or this one after a restart) sends them again.
      await Promise.race([
        new Promise<void>((resolve) => idleWaiters.push(resolve)),
        new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref()),
      ]);
    },
  };
}
