import { randomBytes } from 'node:crypto';
import type { HeaderPair } from '../domain/captured-event.js';
import { parseDestination } from '../domain/destination.js';
import { destinationRefusalMessage } from '../domain/destination-refusal.js';
import {
  backoffDelayMs,
  forwardUrl,
  type AttemptOutcome,
  type ClaimedDelivery,
  type DeliveryAttempt,
  type DeliveryNext,
} from '../domain/forwarding.js';
import type { EgressOutcome } from '../ports/egress-client.js';
import type { ServiceDeps } from './deps.js';
import { onForwardingChanged } from './forwarding.js';

/**
 * The delivery worker of one instance (docs/forwarding.md). It leases due deliveries from the
 * queue in the database (ForwardingRepository.claim), sends each through the egress client (the
 * SSRF guard applies to every request) and records the attempt. Wake-ups: the live bus tells
 * it about new events of forwarded inboxes (a local kick, and with PostgreSQL LISTEN/NOTIFY a
 * kick from any instance), the earliest due retry sets a timer, and a poll every
 * `pollIntervalMs` catches the rest (expired leases, other instances' retries). At most
 * `concurrency` deliveries are in flight, and one inbox takes at most `perInboxLimit` of them
 * while others wait, so a slow destination holds its own slots, not everybody's. The loop itself
 * (runLeasedQueue) is written once for every leased queue: alert notifications use it too
 * (services/alert-worker.ts).
 */

export interface DeliveryWorkerOptions {
  /** Deliveries in flight at once on this instance (>= 1). */
  readonly concurrency: number;
  readonly pollIntervalMs: number;
  /** How long a claimed delivery stays this instance's; must exceed a send's longest time. */
  readonly leaseMs: number;
  /** First retry delay; each retry doubles it, up to the forwarding's maxDelayMs. */
  readonly baseDelayMs: number;
  /** Lease owner name; default a random one per worker. */
  readonly owner?: string;
  /** Told about storage failures (the worker goes on; the lease makes the delivery come back). */
  readonly onError?: (err: unknown, context: string) => void;
  /** An attempt ended (sent or not; `seconds` is null when nothing was sent). */
  readonly onAttempt?: (outcome: AttemptOutcome, seconds: number | null) => void;
  /** A delivery finished: delivered, failed or cancelled. */
  readonly onFinished?: (state: 'delivered' | 'failed' | 'cancelled') => void;
  /** An attempt of an event's delivery was recorded (the alert rules on forwarding failures listen). */
  readonly onAttemptRecorded?: (claimed: ClaimedDelivery, attempt: DeliveryAttempt) => void;
  /** The queue depth, measured at every poll (capped; see queueDepth). */
  readonly onQueueDepth?: (depth: number) => void;
}

export interface DeliveryWorker {
  /** Looks for due deliveries now. */
  kick(): void;
  /** Resolves when every delivery in flight has ended (for tests). */
  idle(): Promise<void>;
  /** Stops claiming and waits (up to `graceMs`) for deliveries in flight. */
  stop(graceMs?: number): Promise<void>;
}

/** Headers forwarding adds (and replaces when the captured request carried them). */
export const EVENT_ID_HEADER = 'X-Rehook-Event-Id';
export const ATTEMPT_HEADER = 'X-Rehook-Delivery-Attempt';
const ADDED = new Set([EVENT_ID_HEADER.toLowerCase(), ATTEMPT_HEADER.toLowerCase()]);

export function forwardHeaders(stored: readonly HeaderPair[], eventId: string, number: number): HeaderPair[] {
  return [
    ...stored.filter(([name]) => !ADDED.has(name.toLowerCase())),
    [EVENT_ID_HEADER, eventId],
    [ATTEMPT_HEADER, String(number)],
  ];
}

const ERROR_CODES: Readonly<Record<Exclude<EgressOutcome['kind'], 'response'>, string>> = {
  forbidden: 'DESTINATION_FORBIDDEN',
  unreachable: 'DESTINATION_UNREACHABLE',
  timeout: 'DESTINATION_TIMEOUT',
};

/** The attempt record of a send's outcome. */
export function attemptRecord(
  base: { eventId: string; number: number; startedAt: Date; url: string },
  outcome: EgressOutcome,
): DeliveryAttempt {
  if (outcome.kind === 'response') {
    const ok = outcome.statusCode >= 200 && outcome.statusCode < 300;
    return {
      ...base,
      outcome: ok ? 'delivered' : 'rejected',
      statusCode: outcome.statusCode,
      latencyMs: outcome.latencyMs,
      errorCode: null,
      errorMessage: ok ? null : `the destination answered ${outcome.statusCode}`,
    };
  }
  return {
    ...base,
    outcome: outcome.kind,
    statusCode: null,
    latencyMs: 'latencyMs' in outcome ? outcome.latencyMs : null,
    errorCode: ERROR_CODES[outcome.kind],
    errorMessage: outcome.kind === 'forbidden' ? destinationRefusalMessage(outcome.reason) : outcome.reason,
  };
}

/**
 * What follows an attempt: delivered on 2xx; failed when the destination is forbidden (the
 * policy will not change by waiting) or the attempts ran out; else pending after the backoff.
 */
export function nextAfter(
  claimed: ClaimedDelivery,
  outcome: AttemptOutcome,
  now: Date,
  baseDelayMs: number,
  random: number = Math.random(),
): DeliveryNext {
  return nextAfterAttempt(claimed.attempt, claimed.forwarding, outcome, now, baseDelayMs, random);
}

/** nextAfter for any leased send (a forwarded event, an alert notification): its policy given. */
export function nextAfterAttempt(
  attempt: number,
  policy: { readonly maxAttempts: number; readonly maxDelayMs: number },
  outcome: AttemptOutcome,
  now: Date,
  baseDelayMs: number,
  random: number = Math.random(),
): DeliveryNext {
  if (outcome === 'delivered') return { state: 'delivered' };
  if (outcome === 'forbidden' || attempt >= policy.maxAttempts) return { state: 'failed' };
  const delay = backoffDelayMs(attempt, { baseDelayMs, maxDelayMs: policy.maxDelayMs }, random);
  return { state: 'pending', nextAttemptAt: new Date(now.getTime() + delay) };
}

/** The queue depth gauge counts at most this many rows, so a scrape stays cheap. */
export const QUEUE_DEPTH_CAP = 100_000;

/**
 * A queue of leased sends in the database: forwarding's deliveries, alert notifications. The
 * loop below claims due rows, hands each to its send function, and wakes on the events of the
 * inboxes `watchedInboxIds` names, on the earliest due retry, and on a poll.
 */
export interface LeasedQueue<C extends { readonly inboxId: string }> {
  claim(opts: {
    readonly owner: string;
    readonly now: Date;
    readonly leaseMs: number;
    readonly limit: number;
    readonly excludeInboxIds?: readonly string[];
  }): Promise<C[]>;
  nextDueAt(): Promise<Date | null>;
  /** Inboxes whose new events may have queued a send (the loop listens to them on the bus). */
  watchedInboxIds(): Promise<string[]>;
  queueDepth?(): Promise<number>;
}

export interface LeasedQueueOptions
  extends Pick<DeliveryWorkerOptions, 'concurrency' | 'pollIntervalMs' | 'leaseMs' | 'onError' | 'onQueueDepth'> {
  readonly owner: string;
  /** In-process changes of the queue's settings (refresh the inboxes listened to, and look). */
  readonly onChanged?: (listener: () => void) => () => void;
}

export function startDeliveryWorker(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'bus' | 'egressClient'>,
  opts: DeliveryWorkerOptions,
): DeliveryWorker {
  const repo = deps.store.forwarding;
  const owner = opts.owner ?? `w_${randomBytes(8).toString('hex')}`;

  async function finish(claimed: ClaimedDelivery, attempt: DeliveryAttempt | null, next: DeliveryNext): Promise<void> {
    const kept = await repo.complete({
      eventId: claimed.eventId,
      owner,
      number: claimed.number,
      attempt,
      next,
      now: deps.clock.now(),
    });
    if (attempt !== null) opts.onAttemptRecorded?.(claimed, attempt);
    // A lost lease: another instance took the delivery over and decides its fate.
    if (kept && next.state !== 'pending') opts.onFinished?.(next.state);
  }

  async function deliver(claimed: ClaimedDelivery): Promise<void> {
    if (claimed.attempt > claimed.forwarding.maxAttempts) {
      // Its last attempt was abandoned (the instance died) or the policy was lowered.
      return finish(claimed, null, { state: 'failed' });
    }
    const event = await deps.store.events.findById(claimed.eventId);
    const inbox = event === null ? null : await deps.store.inboxes.findLive(claimed.inboxId, deps.clock.now());
    if (event === null || inbox === null) {
      // The event or its inbox was deleted: nothing left to deliver.
      return finish(claimed, null, { state: 'cancelled' });
    }
    const url = forwardUrl(claimed.forwarding.destination, event);
    const startedAt = deps.clock.now();
    const target = parseDestination(url);
    const base = { eventId: claimed.eventId, number: claimed.number, startedAt, url };
    if (!target.ok) {
      const attempt: DeliveryAttempt = {
        ...base,
        outcome: 'forbidden',
        statusCode: null,
        latencyMs: null,
        errorCode: 'INVALID_DESTINATION',
        errorMessage: target.reason,
      };
      opts.onAttempt?.('forbidden', null);
      return finish(claimed, attempt, { state: 'failed' });
    }
    const outcome = await deps.egressClient.send({
      url: target.url,
      method: event.method,
      headers: forwardHeaders(event.headers, event.id, claimed.number),
      body: event.body,
    });
    const attempt = attemptRecord(base, outcome);
    opts.onAttempt?.(attempt.outcome, attempt.latencyMs === null ? null : attempt.latencyMs / 1000);
    return finish(claimed, attempt, nextAfter(claimed, attempt.outcome, deps.clock.now(), opts.baseDelayMs));
  }

  return runLeasedQueue(
    deps,
    {
      claim: (claimOpts) => repo.claim(claimOpts),
      nextDueAt: () => repo.nextDueAt(),
      watchedInboxIds: () => repo.enabledInboxIds(),
      queueDepth: () => repo.queueDepth(),
    },
    deliver,
    { ...opts, owner, onChanged: onForwardingChanged },
  );
}

/**
 * Runs the claim loop of one leased queue on this instance (see the module comment): at most
 * `concurrency` sends in flight, one inbox at most a quarter of them.
 */
export function runLeasedQueue<C extends { readonly inboxId: string }>(
  deps: Pick<ServiceDeps, 'clock' | 'bus'>,
  repo: LeasedQueue<C>,
  send: (claimed: C) => Promise<void>,
  opts: LeasedQueueOptions,
): DeliveryWorker {
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
