import { randomBytes } from 'node:crypto';
import type { AlertAttempt, ClaimedAlert } from '../domain/alert-notification.js';
import { ALERT_LIMITS } from '../domain/alerts.js';
import { parseDestination } from '../domain/destination.js';
import type { DeliveryNext } from '../domain/forwarding.js';
import {
  attemptRecord,
  type DeliveryWorker,
  type DeliveryWorkerOptions,
  nextAfterAttempt,
  runLeasedQueue,
} from './delivery-worker.js';
import type { ServiceDeps } from './deps.js';

/**
 * Sends alert notifications: the delivery worker's loop (runLeasedQueue) over the notification
 * queue, each one POSTed through the egress client (the SSRF guard), retried with forwarding's
 * backoff up to ALERT_LIMITS.attempts, every attempt recorded.
 */

/** Header naming the notification, so a receiver can drop a duplicate (delivery is at least once). */
export const NOTIFICATION_ID_HEADER = 'X-Rehook-Notification-Id';

const changeListeners = new Set<() => void>();

/** In-process listeners told when alerts change or a notification is queued here. */
export function onAlertsChanged(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

export function alertsChanged(): void {
  for (const listener of changeListeners) {
    try {
      listener();
    } catch {
      // A listener's failure is its own business.
    }
  }
}

export function startAlertWorker(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'bus' | 'egressClient'>,
  opts: Pick<DeliveryWorkerOptions, 'concurrency' | 'pollIntervalMs' | 'leaseMs' | 'baseDelayMs' | 'owner' | 'onError'>,
): DeliveryWorker {
  const repo = deps.store.alerts;
  const owner = opts.owner ?? `a_${randomBytes(8).toString('hex')}`;
  const policy = { maxAttempts: ALERT_LIMITS.attempts, maxDelayMs: ALERT_LIMITS.maxDelayMs };

  async function finish(claimed: ClaimedAlert, attempt: AlertAttempt | null, next: DeliveryNext): Promise<void> {
    await repo.complete({ id: claimed.id, owner, number: claimed.number, attempt, next, now: deps.clock.now() });
  }

  async function send(claimed: ClaimedAlert): Promise<void> {
    if (claimed.attempt > policy.maxAttempts) return finish(claimed, null, { state: 'failed' });
    if ((await deps.store.inboxes.findLive(claimed.inboxId, deps.clock.now())) === null) {
      return finish(claimed, null, { state: 'cancelled' });
    }
    const startedAt = deps.clock.now();
    const base = { number: claimed.number, startedAt, url: claimed.url };
    const target = parseDestination(claimed.url);
    if (!target.ok) {
      const attempt: AlertAttempt = {
        ...base,
        outcome: 'forbidden',
        statusCode: null,
        latencyMs: null,
        errorCode: 'INVALID_DESTINATION',
        errorMessage: target.reason,
      };
      return finish(claimed, attempt, { state: 'failed' });
    }
    const outcome = await deps.egressClient.send({
      url: target.url,
      method: 'POST',
      headers: [
        ['Content-Type', 'application/json'],
        ['User-Agent', 'Rehook-Alerts'],
        [NOTIFICATION_ID_HEADER, claimed.id],
      ],
      body: Buffer.from(claimed.body, 'utf8'),
    });
    const { eventId: _notificationId, ...attempt } = attemptRecord({ ...base, eventId: claimed.id }, outcome);
    return finish(
      claimed,
      attempt,
      nextAfterAttempt(claimed.attempt, policy, attempt.outcome, deps.clock.now(), opts.baseDelayMs),
    );
  }

  return runLeasedQueue(
    deps,
    {
      claim: (claimOpts) => repo.claim(claimOpts),
      nextDueAt: () => repo.nextDueAt(),
      watchedInboxIds: () => repo.inboxIdsWithRules(),
    },
    send,
    { ...opts, owner, onChanged: onAlertsChanged },
  );
}
