import type { AlertRule } from '../domain/alerts.js';
import type {
  AlertAttempt,
  AlertNotification,
  AlertNotificationWithAttempts,
  ClaimedAlert,
  NewAlertNotification,
} from '../domain/alert-notification.js';
import type { DeliveryNext } from '../domain/outbound-delivery.js';
import type { SendClaim } from './forwarding-repository.js';

/**
 * Alert rules and the queue of their notifications (migration 15). A notification is a row
 * like a forwarding delivery (pending, delivering with a lease, delivered, failed, cancelled),
 * with attempt records of the same shape, so the delivery worker's loop sends both
 * (services/delivery-worker.ts). Rows are written once enqueued: a notification that was
 * enqueued survives a restart and is sent by whichever instance claims it.
 */
export interface AlertRepository {
  /** Replaces the inbox's rules (an empty list keeps an empty set). */
  putRules(inboxId: string, rules: readonly AlertRule[], now: Date): Promise<void>;
  /** The inbox's rules; null when none were ever set (or they were removed). */
  findRules(inboxId: string): Promise<AlertRule[] | null>;
  /**
   * Removes the inbox's rules and, in the same transaction, cancels its unfinished
   * notifications. Returns how many were cancelled, or null when the inbox had no rules.
   */
  removeRules(inboxId: string, now: Date): Promise<number | null>;
  /** Queues a notification, due at its `createdAt`. */
  enqueue(notification: NewAlertNotification): Promise<AlertNotification>;
  /**
   * Leases up to `limit` due notifications (unfinished, nextAttemptAt <= now, not of an inbox in
   * `excludeInboxIds`), earliest first, as ForwardingRepository.claim does deliveries (same
   * lease, counters and `abandoned` record of an expired lease).
   */
  claim(opts: SendClaim): Promise<ClaimedAlert[]>;
  /** As ForwardingRepository.complete, for notification `id`. */
  complete(input: {
    readonly id: string;
    readonly owner: string;
    readonly number: number;
    readonly attempt: AlertAttempt | null;
    readonly next: DeliveryNext;
    readonly now: Date;
  }): Promise<boolean>;
  /** The inbox's newest `limit` notifications, newest first, each with its attempts (oldest first). */
  listRecent(inboxId: string, limit: number): Promise<AlertNotificationWithAttempts[]>;
  /** The earliest nextAttemptAt of the unfinished notifications, or null. */
  nextDueAt(): Promise<Date | null>;
  /** Ids of the inboxes that have rules (their new events wake the worker). */
  inboxIdsWithRules(): Promise<string[]>;
}
