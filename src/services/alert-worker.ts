import { randomBytes } from 'node:crypto';
import type { ClaimedAlert } from '../domain/alert-notification.js';
import { ALERT_LIMITS } from '../domain/alerts.js';
import type { ServiceDeps } from './deps.js';
import { type OutboundWorker, type OutboundWorkerOptions, startOutboundWorker } from './outbound-worker.js';

/**
 * Sends alert notifications: the outbound worker (services/outbound-worker.ts) over the
 * notification queue, each one POSTed to its rule's URL, retried with backoff up to
 * ALERT_LIMITS.maxAttempts.
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
  opts: Pick<OutboundWorkerOptions, 'concurrency' | 'pollIntervalMs' | 'leaseMs' | 'baseDelayMs' | 'owner' | 'onError'>,
): OutboundWorker {
  const repo = deps.store.alerts;
  const policy = { maxAttempts: ALERT_LIMITS.maxAttempts, maxDelayMs: ALERT_LIMITS.maxDelayMs };
  return startOutboundWorker<ClaimedAlert>(
    deps,
    {
      claim: (claimOpts) => repo.claim(claimOpts),
      nextDueAt: () => repo.nextDueAt(),
      watchedInboxIds: () => repo.inboxIdsWithRules(),
      policy: () => policy,
      async request(claimed) {
        if ((await deps.store.inboxes.findLive(claimed.inboxId, deps.clock.now())) === null) return null;
        return {
          url: claimed.url,
          method: 'POST',
          headers: [
            ['Content-Type', 'application/json'],
            ['User-Agent', 'Rehook-Alerts'],
            [NOTIFICATION_ID_HEADER, claimed.id],
          ],
          body: Buffer.from(claimed.body, 'utf8'),
        };
      },
      complete: (claimed, end) =>
        repo.complete({ id: claimed.id, ...end, number: claimed.number, now: deps.clock.now() }),
    },
    { ...opts, owner: opts.owner ?? `a_${randomBytes(8).toString('hex')}`, onChanged: onAlertsChanged },
  );
}
