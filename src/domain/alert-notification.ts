import type { AlertFormat, AlertKind } from './alerts.js';
import type { ClaimedSend, OutboundAttempt, OutboundProgress } from './outbound-delivery.js';

/**
 * A notification of an alert rule: one POST of `body` to `url`, delivered by outbound delivery
 * as a forwarded event is (states, leases, backoff and attempt records: domain/outbound-delivery.ts).
 */
export interface AlertNotification extends OutboundProgress {
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
}

/** A notification as queued: before any attempt. */
export type NewAlertNotification = Omit<AlertNotification, keyof OutboundProgress> &
  Pick<AlertNotification, 'createdAt'>;

/** A delivery attempt of a notification (the outbound attempt record; its notification's id is the row's). */
export type AlertAttempt = OutboundAttempt;

export interface AlertNotificationWithAttempts extends AlertNotification {
  /** Oldest first. */
  readonly attemptLog: readonly AlertAttempt[];
}

/** A notification an instance has just leased. */
export interface ClaimedAlert extends ClaimedSend {
  readonly id: string;
  readonly url: string;
  readonly body: string;
}
