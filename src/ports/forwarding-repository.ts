import type {
  ClaimedDelivery,
  Delivery,
  DeliveryAttempt,
  DeliveryWithAttempts,
  Forwarding,
} from '../domain/forwarding.js';
import type { DeliveryNext } from '../domain/outbound-delivery.js';

/** What a worker asks of a queue of background sends (forwarding deliveries, alert notifications). */
export interface SendClaim {
  /** The lease's owner (the instance). */
  readonly owner: string;
  readonly now: Date;
  readonly leaseMs: number;
  readonly limit: number;
  readonly excludeInboxIds?: readonly string[];
}

/**
 * Forwarding settings and the durable delivery queue (migration 8). The queue's rows are
 * created by the event insert itself (EventRepository.insertIfInboxLive): an event of an inbox
 * whose forwarding is enabled gets a `pending` delivery, due at once, in the transaction that
 * stores the event, so no stored event can miss its delivery and no delivery exists without
 * its event. Everything else about the queue goes through here.
 */
export interface ForwardingRepository {
  /**
   * Sets the inbox's forwarding (creates it, or replaces every field but `createdAt`). Queued
   * deliveries are kept: their next attempts use the new settings. Returns what is stored.
   */
  put(forwarding: Forwarding): Promise<Forwarding>;
  find(inboxId: string): Promise<Forwarding | null>;
  /**
   * Removes the inbox's forwarding and, in the same transaction, cancels its unfinished
   * (pending or delivering) deliveries. Returns how many were cancelled, or null when the inbox
   * had no forwarding. An insert committed concurrently either queued its delivery before (and
   * it is cancelled here) or runs after and queues none.
   */
  remove(inboxId: string, now: Date): Promise<number | null>;
  /** Ids of the inboxes whose forwarding is enabled (the worker listens for their events). */
  enabledInboxIds(): Promise<string[]>;
  /**
   * Leases up to `limit` due deliveries: unfinished, `nextAttemptAt <= now`, of an inbox whose
   * forwarding is enabled and that is not in `excludeInboxIds`, the earliest due first. Each one
   * becomes `delivering` with lease `owner` until `now + leaseMs` (its nextAttemptAt), and its
   * round and total attempts grow by one. One that was `delivering` already (its lease expired:
   * the instance sending it died) first gets an `abandoned` record for the attempt it was on.
   * Concurrent claimers never get the same delivery (PostgreSQL: FOR UPDATE SKIP LOCKED;
   * SQLite: one writer at a time).
   */
  claim(opts: SendClaim): Promise<ClaimedDelivery[]>;
  /**
   * Ends attempt `number` of a claimed delivery: stores `attempt` (when one was sent; it
   * replaces an `abandoned` record of the same number) and, only while the lease is still
   * `owner`'s for that attempt, moves the delivery to `next` (releasing the lease). Returns
   * false when the lease was lost (another instance took the delivery over); the attempt is
   * recorded all the same. In one transaction.
   */
  complete(input: {
    readonly eventId: string;
    readonly owner: string;
    readonly number: number;
    readonly attempt: DeliveryAttempt | null;
    readonly next: DeliveryNext;
    readonly now: Date;
  }): Promise<boolean>;
  /** The event's deliveries (zero or one) with their attempts, oldest attempt first. */
  listByEvent(eventId: string): Promise<DeliveryWithAttempts[]>;
  /**
   * A manual retry: creates the event's delivery, or reopens a finished one (delivered, failed
   * or cancelled) as `pending`, due at `now`, with a new round of attempts (the attempt
   * numbering goes on). Returns 'busy' (and changes nothing) when it is pending or delivering.
   */
  retry(input: { readonly eventId: string; readonly inboxId: string; readonly now: Date }): Promise<Delivery | 'busy'>;
  /** The earliest nextAttemptAt of the unfinished deliveries of enabled forwardings, or null. */
  nextDueAt(): Promise<Date | null>;
  /** Unfinished (pending or delivering) deliveries of every inbox, paused ones included. */
  queueDepth(): Promise<number>;
}
