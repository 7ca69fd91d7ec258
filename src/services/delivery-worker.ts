import { randomBytes } from 'node:crypto';
import type { HeaderPair } from '../domain/captured-event.js';
import { type ClaimedDelivery, forwardUrl } from '../domain/forwarding.js';
import { type AttemptOutcome, type DeliveryNext, nextAfterAttempt } from '../domain/outbound-delivery.js';
import type { ServiceDeps } from './deps.js';
import { onForwardingChanged } from './forwarding.js';
import type { OutboundAttempt } from '../domain/outbound-delivery.js';
import { type OutboundWorker, type OutboundWorkerOptions, startOutboundWorker } from './outbound-worker.js';

/**
 * The delivery worker of one instance (docs/forwarding.md): the outbound worker
 * (services/outbound-worker.ts) over forwarding's delivery queue (ForwardingRepository), each
 * delivery sending its event (method, headers, exact body) to the forwarding's destination with
 * the event's sub-path and query, retried by the forwarding's policy. It wakes on the new events
 * of the inboxes whose forwarding is enabled.
 */

export interface DeliveryWorkerOptions extends OutboundWorkerOptions {
  /** An attempt of an event's delivery was recorded (the alert rules on forwarding failures listen). */
  readonly onAttemptRecorded?: (claimed: ClaimedDelivery, attempt: OutboundAttempt) => void;
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

/** What follows a delivery's attempt, by its forwarding's policy (nextAfterAttempt). */
export function nextAfter(
  claimed: ClaimedDelivery,
  outcome: AttemptOutcome,
  now: Date,
  baseDelayMs: number,
  random: number = Math.random(),
): DeliveryNext {
  return nextAfterAttempt(claimed.attempt, claimed.forwarding, outcome, now, baseDelayMs, random);
}

export function startDeliveryWorker(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'bus' | 'egressClient'>,
  opts: DeliveryWorkerOptions,
): OutboundWorker {
  const repo = deps.store.forwarding;
  return startOutboundWorker<ClaimedDelivery>(
    deps,
    {
      claim: (claimOpts) => repo.claim(claimOpts),
      nextDueAt: () => repo.nextDueAt(),
      watchedInboxIds: () => repo.enabledInboxIds(),
      queueDepth: () => repo.queueDepth(),
      policy: (claimed) => claimed.forwarding,
      async request(claimed) {
        const event = await deps.store.events.findById(claimed.eventId);
        const inbox = event === null ? null : await deps.store.inboxes.findLive(claimed.inboxId, deps.clock.now());
        // The event or its inbox was deleted: nothing left to deliver.
        if (event === null || inbox === null) return null;
        return {
          url: forwardUrl(claimed.forwarding.destination, event),
          method: event.method,
          headers: forwardHeaders(event.headers, event.id, claimed.number),
          body: event.body,
        };
      },
      complete: (claimed, end) =>
        repo.complete({
          eventId: claimed.eventId,
          owner: end.owner,
          number: claimed.number,
          attempt: end.attempt === null ? null : { ...end.attempt, eventId: claimed.eventId },
          next: end.next,
          now: deps.clock.now(),
        }),
    },
    { ...opts, owner: opts.owner ?? `w_${randomBytes(8).toString('hex')}`, onChanged: onForwardingChanged },
  );
}
