import type { AlertFormat, AlertKind } from './alerts.js';
import type { DeliveryAttempt, DeliveryState } from './forwarding.js';

/**
 * A notification of an alert rule: one POST of `body` to `url`, delivered like a forwarded
 * event (states, leases, backoff and attempt records are forwarding's: domain/forwarding.ts).
 */
export interface AlertNotification {
  /** ntf_ + time-sortable random characters. */
  readonly id: string;
  readonly inboxId: string;
  readonly ruleId: string;
  readonly ruleName: string;
  readonly kind: AlertKind;
  /** `alert` for one occurrence, `summary` for the ones a rate limit held back. */
  readonly type: 'alert' | 'summary';
  readonly url: string;
  readonly format: AlertFormat;
  /** The JSON text sent (application/json). */
  readonly body: string;
  /** The event that triggered it, when one did. */
  readonly eventId: string | null;
  readonly state: DeliveryState;
  readonly attempts: number;
  readonly attemptsTotal: number;
  readonly nextAttemptAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export type NewAlertNotification = Omit<
  AlertNotification,
  'state' | 'attempts' | 'attemptsTotal' | 'nextAttemptAt' | 'updatedAt'
>;

/** A delivery attempt of a notification (forwarding's record without the event id). */
export type AlertAttempt = Omit<DeliveryAttempt, 'eventId'>;

export interface AlertNotificationWithAttempts extends AlertNotification {
  /** Oldest first. */
  readonly attemptLog: readonly AlertAttempt[];
}

/** A notification an instance has just leased. */
export interface ClaimedAlert {
  readonly id: string;
  readonly inboxId: string;
  /** This attempt's number within the round (1 = first). */
  readonly attempt: number;
  /** This attempt's record number. */
  readonly number: number;
  readonly url: string;
  readonly body: string;
}
