/**
 * Automatic forwarding: an owned inbox sends every event stored while its
 * forwarding is set to one destination, in the background, at least once. The delivery queue
 * lives in the database (tables `forwarding`, `deliveries`, `delivery_attempts`, migration 8);
 * docs/forwarding.md and docs/decisions.md (28) explain the choices. Pure: no I/O here.
 */

/** Bounds of the retry policy (documented in docs/forwarding.md and the API schema). */
export const FORWARDING_LIMITS = {
  minAttempts: 1,
  maxAttempts: 30,
  defaultAttempts: 8,
  /** 1 s to 24 h; default 1 h. */
  minMaxDelayMs: 1_000,
  maxMaxDelayMs: 86_400_000,
  defaultMaxDelayMs: 3_600_000,
} as const;

/** The forwarding of one inbox, as stored. */
export interface Forwarding {
  readonly inboxId: string;
  /** Absolute http(s) URL, checked by parseDestination; the event's sub-path and query are appended. */
  readonly destination: string;
  /** false: nothing new is queued and queued deliveries wait (paused) until it is enabled again. */
  readonly enabled: boolean;
  /** Attempts per delivery before it is `failed` (1..30). */
  readonly maxAttempts: number;
  /** Longest wait between two attempts (1 s .. 24 h). */
  readonly maxDelayMs: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * - pending: waiting for its next attempt (`nextAttemptAt`).
 * - delivering: an instance holds its lease and is sending it; when the lease runs out (the
 *   instance died) it is due again.
 * - delivered: a 2xx answer. failed: attempts ran out, or the destination is forbidden.
 * - cancelled: the forwarding was removed, or the event or its inbox was deleted, before delivery.
 */
export type DeliveryState = 'pending' | 'delivering' | 'delivered' | 'failed' | 'cancelled';

/** The delivery of one event to its inbox's destination (one per event). */
export interface Delivery {
  /** dlv_ + the event id's characters: one delivery per event. */
  readonly id: string;
  readonly eventId: string;
  readonly inboxId: string;
  readonly state: DeliveryState;
  /** Attempts in the current round (a manual retry starts a new round at 0). */
  readonly attempts: number;
  /** Attempts ever made (numbers of the attempt records run 1..attemptsTotal). */
  readonly attemptsTotal: number;
  /** When it is due (pending) or its lease ends (delivering); null once finished. */
  readonly nextAttemptAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/**
 * How an attempt ended. `delivered`: a 2xx answer; `rejected`: any other status; `forbidden`,
 * `unreachable`, `timeout`: as for replays (no answer); `abandoned`: the instance sending it
 * stopped before recording the result (its lease expired), so the destination may or may not
 * have received it.
 */
export type AttemptOutcome = 'delivered' | 'rejected' | 'forbidden' | 'unreachable' | 'timeout' | 'abandoned';

export interface DeliveryAttempt {
  readonly eventId: string;
  /** 1, 2, ... over the delivery's whole life (manual retries continue the numbering). */
  readonly number: number;
  readonly startedAt: Date;
  /** The URL this attempt was sent to (destination + sub-path + query). */
  readonly url: string;
  readonly outcome: AttemptOutcome;
  readonly statusCode: number | null;
  readonly latencyMs: number | null;
  /** DESTINATION_FORBIDDEN, DESTINATION_UNREACHABLE, DESTINATION_TIMEOUT; null otherwise. */
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
}

export interface DeliveryWithAttempts extends Delivery {
  /** Oldest first. */
  readonly attemptLog: readonly DeliveryAttempt[];
}

/** A delivery an instance has just leased, with what it needs to send it. */
export interface ClaimedDelivery {
  readonly eventId: string;
  readonly inboxId: string;
  /** This attempt's number within the round (1 = first); above maxAttempts: none left. */
  readonly attempt: number;
  /** This attempt's record number (attemptsTotal after the claim). */
  readonly number: number;
  readonly forwarding: Pick<Forwarding, 'destination' | 'maxAttempts' | 'maxDelayMs'>;
}

/** What happens to a claimed delivery after its attempt (ForwardingStore.complete). */
export type DeliveryNext =
  | { readonly state: 'delivered' }
  | { readonly state: 'failed' }
  | { readonly state: 'cancelled' }
  | { readonly state: 'pending'; readonly nextAttemptAt: Date };

/** Message of the `abandoned` record of an attempt whose instance died while sending it. */
export const ABANDONED_MESSAGE =
  'the instance sending this attempt stopped before recording its result (its lease expired); ' +
  'the destination may have received it';

/** Most due deliveries one claim leases. */
export const MAX_CLAIM_BATCH = 1000;

/** How many due deliveries a claim asked for `limit` leases: 0 below 1, else whole and at most MAX_CLAIM_BATCH. */
export function claimBatchSize(limit: number): number {
  return limit < 1 ? 0 : Math.min(Math.floor(limit), MAX_CLAIM_BATCH);
}

/** When (epoch ms) a lease taken at `now` for `leaseMs` runs out: the delivery is due again then. */
export function leaseEndMs(now: Date, leaseMs: number): number {
  return now.getTime() + leaseMs;
}

/** When a delivery is next due after an attempt: its next attempt's time while pending, else never. */
export function nextAttemptAt(next: DeliveryNext): Date | null {
  return next.state === 'pending' ? next.nextAttemptAt : null;
}

/** The delivery id of an event (one delivery per event). */
export function deliveryIdFor(eventId: string): string {
  return `dlv_${eventId.slice(4)}`;
}

/**
 * Delay before retry number `attempt + 1`, after `attempt` failed attempts (attempt >= 1):
 * exponential backoff `base * 2^(attempt-1)` capped at `maxDelayMs`, with equal jitter (half
 * fixed, half random), so retries of many deliveries spread out but never come sooner than half
 * the nominal delay. `random` is in [0, 1).
 */
export function backoffDelayMs(
  attempt: number,
  opts: { baseDelayMs: number; maxDelayMs: number },
  random: number = Math.random(),
): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 40);
  const nominal = Math.min(opts.maxDelayMs, opts.baseDelayMs * 2 ** exponent);
  const half = nominal / 2;
  return Math.round(half + half * Math.min(Math.max(random, 0), 1));
}

/**
 * The URL an event is forwarded to: the destination with the event's sub-path below
 * `/i/<inboxId>` appended to its path and the event's raw query appended to its query
 * (as `rehook listen` does). `https://ex.com/hooks` + event `/i/inb_x/stripe?a=1` gives
 * `https://ex.com/hooks/stripe?a=1`. The path is taken as captured (not decoded).
 */
export function forwardUrl(destination: string, event: { inboxId: string; path: string; query: string }): string {
  const base = new URL(destination);
  const prefix = `/i/${event.inboxId}`;
  const subPath = event.path.startsWith(prefix) ? event.path.slice(prefix.length) : '';
  let path = base.pathname;
  if (subPath !== '' && subPath !== '/')
    path = path.replace(/\/+$/, '') + (subPath.startsWith('/') ? subPath : `/${subPath}`);
  else if (subPath === '/' && !path.endsWith('/')) path += '/';
  const queries = [base.search.replace(/^\?/, ''), event.query].filter((part) => part !== '');
  return `${base.protocol}//${base.host}${path}${queries.length > 0 ? `?${queries.join('&')}` : ''}`;
}
