import type { TObject } from '@sinclair/typebox';

/**
 * Outbound delivery: how the server sends a request of its own in the background, at least
 * once, through the egress guard. Forwarding (domain/forwarding.ts: a captured event to the
 * inbox's destination) and alerts (domain/alert-notification.ts: a notification to a rule's URL)
 * both deliver this way; only what is delivered differs. A queued item moves through the states
 * below under a lease, each attempt is recorded, and a failed attempt is retried with backoff
 * until its retry policy's attempts run out. Pure: no I/O here.
 */

/**
 * - pending: waiting for its next attempt (`nextAttemptAt`).
 * - delivering: an instance holds its lease and is sending it; when the lease runs out (the
 *   instance died) it is due again.
 * - delivered: a 2xx answer. failed: attempts ran out, or the destination is forbidden.
 * - cancelled: its setting was removed, or its event or inbox deleted, before delivery.
 */
export type DeliveryState = 'pending' | 'delivering' | 'delivered' | 'failed' | 'cancelled';

/**
 * How an attempt ended. `delivered`: a 2xx answer; `rejected`: any other status; `forbidden`,
 * `unreachable`, `timeout`: as for replays (no answer); `abandoned`: the instance sending it
 * stopped before recording the result (its lease expired), so the destination may or may not
 * have received it.
 */
export type AttemptOutcome = 'delivered' | 'rejected' | 'forbidden' | 'unreachable' | 'timeout' | 'abandoned';

/** How many attempts an item gets, and the longest wait between two. */
export interface RetryPolicy {
  /** Attempts per item before it is `failed`. */
  readonly maxAttempts: number;
  /** Longest wait between two attempts. */
  readonly maxDelayMs: number;
}

/** Where a queued item stands: what a forwarding delivery and an alert notification both carry. */
export interface OutboundProgress {
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

/** The record of one attempt (its item's id is the caller's: an event's, a notification's). */
export interface OutboundAttempt {
  /** 1, 2, ... over the item's whole life (manual retries continue the numbering). */
  readonly number: number;
  readonly startedAt: Date;
  /** The URL this attempt was sent to. */
  readonly url: string;
  readonly outcome: AttemptOutcome;
  readonly statusCode: number | null;
  readonly latencyMs: number | null;
  /** DESTINATION_FORBIDDEN, INVALID_DESTINATION, DESTINATION_UNREACHABLE, DESTINATION_TIMEOUT; null otherwise. */
  readonly errorCode: string | null;
  readonly errorMessage: string | null;
}

/** An item an instance has just leased: where its attempt stands. */
export interface ClaimedSend {
  readonly inboxId: string;
  /** This attempt's number within the round (1 = first); above maxAttempts: none left. */
  readonly attempt: number;
  /** This attempt's record number (attemptsTotal after the claim). */
  readonly number: number;
}

/** What happens to a claimed item after its attempt (the repository's complete). */
export type DeliveryNext =
  | { readonly state: 'delivered' }
  | { readonly state: 'failed' }
  | { readonly state: 'cancelled' }
  | { readonly state: 'pending'; readonly nextAttemptAt: Date };

/** Message of the `abandoned` record of an attempt whose instance died while sending it. */
export const ABANDONED_MESSAGE =
  'the instance sending this attempt stopped before recording its result (its lease expired); ' +
  'the destination may have received it';

/** Most due items one claim leases. */
export const MAX_CLAIM_BATCH = 1000;

/** How many due items a claim asked for `limit` leases: 0 below 1, else whole and at most MAX_CLAIM_BATCH. */
export function claimBatchSize(limit: number): number {
  return limit < 1 ? 0 : Math.min(Math.floor(limit), MAX_CLAIM_BATCH);
}

/** When (epoch ms) a lease taken at `now` for `leaseMs` runs out: the item is due again then. */
export function leaseEndMs(now: Date, leaseMs: number): number {
  return now.getTime() + leaseMs;
}

/** When an item is next due after an attempt: its next attempt's time while pending, else never. */
export function nextAttemptAt(next: DeliveryNext): Date | null {
  return next.state === 'pending' ? next.nextAttemptAt : null;
}

/**
 * Delay before retry number `attempt + 1`, after `attempt` failed attempts (attempt >= 1):
 * exponential backoff `base * 2^(attempt-1)` capped at `maxDelayMs`, with equal jitter (half
 * fixed, half random), so retries of many items spread out but never come sooner than half
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
 * What follows attempt number `attempt` (within its round): delivered on 2xx; failed when the
 * destination is forbidden (the policy will not change by waiting) or the attempts ran out;
 * else pending after the backoff.
 */
export function nextAfterAttempt(
  attempt: number,
  policy: RetryPolicy,
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

// --- The settings' shared fields and their checks ---------------------------------------------

/** A problem with a settings body: its JSON pointer, a message, and `destination` for a refused URL. */
export interface SettingsProblem {
  readonly path: string;
  readonly message: string;
  readonly code?: 'destination';
}

/** The first field of `body` that `schema` does not name: a request schema's keys are the allow-list. */
export function unknownField(schema: TObject, body: Readonly<Record<string, unknown>>): string | undefined {
  return Object.keys(body).find((key) => !Object.hasOwn(schema.properties, key));
}

/**
 * An integer setting's bounds and default, and what it is in a few words: the CLI makes its flag
 * and its `show` line from these (src/cli/integer-settings.ts). A name ending in `Ms` is a duration.
 */
export interface IntegerSetting {
  readonly min: number;
  readonly max: number;
  readonly default: number;
  readonly summary: string;
}

/** `setting`'s bounds as JSON Schema states them. */
export function settingBounds(setting: IntegerSetting): { minimum: number; maximum: number } {
  return { minimum: setting.min, maximum: setting.max };
}

/** What integerField checks `setting` against. */
export function settingRange(setting: IntegerSetting): { min: number; max: number; fallback: number } {
  return { min: setting.min, max: setting.max, fallback: setting.default };
}

/** `value` when it is an integer from `min` to `max`; `fallback` when left out; else the problem. */
export function integerField(
  value: unknown,
  at: { readonly path: string; readonly name: string },
  range: { readonly min: number; readonly max: number; readonly fallback: number },
): number | SettingsProblem {
  if (value === undefined) return range.fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < range.min || value > range.max) {
    return { path: at.path, message: `${at.name} must be an integer from ${range.min} to ${range.max}` };
  }
  return value;
}

/** `enabled` checked: true when left out. */
export function enabledValue(value: unknown, path: string): boolean | SettingsProblem {
  if (value === undefined) return true;
  if (typeof value !== 'boolean') return { path, message: 'enabled must be true or false' };
  return value;
}
