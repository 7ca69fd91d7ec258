import { type Static, Type } from '@sinclair/typebox';
import {
  type ClaimedSend,
  enabledValue,
  integerField,
  type OutboundAttempt,
  type OutboundProgress,
  type RetryPolicy,
  type SettingsProblem,
  settingBounds,
  settingRange,
} from './outbound-delivery.js';
import { FORWARDING_LIMITS } from './forwarding-limits.js';

/**
 * Automatic forwarding: an owned inbox sends every event stored while its
 * forwarding is set to one destination, in the background, at least once, by outbound delivery
 * (domain/outbound-delivery.ts). The delivery queue lives in the database (tables `forwarding`,
 * `deliveries`, `delivery_attempts`, migration 8); docs/forwarding.md and docs/decisions.md (28)
 * explain the choices. Pure: no I/O here.
 */

/** The forwarding of one inbox, as stored. */
export interface Forwarding extends RetryPolicy {
  readonly inboxId: string;
  /** Absolute http(s) URL, checked by parseDestination; the event's sub-path and query are appended. */
  readonly destination: string;
  /** false: nothing new is queued and queued deliveries wait (paused) until it is enabled again. */
  readonly enabled: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What a PUT sets: every field of the forwarding but its inbox and times. */
export type ForwardingSettings = Omit<Forwarding, 'inboxId' | 'createdAt' | 'updatedAt'>;

const closed = { additionalProperties: false } as const;
const { maxAttempts: attemptsLimits, maxDelayMs: delayLimits } = FORWARDING_LIMITS;

/** The body of PUT .../forwarding: documents the route, and its keys are the fields accepted. */
export const ForwardingInputSchema = Type.Object(
  {
    destination: Type.String({
      description:
        "Absolute http or https URL without credentials. Each event's sub-path below /i/<inboxId> is appended to its " +
        "path and the event's query to its query. The SSRF policy of replays applies to every send.",
      examples: ['https://example.com/webhooks'],
    }),
    enabled: Type.Optional(
      Type.Boolean({
        description:
          'Default true. false pauses: new events are not queued, and queued deliveries wait until it is enabled again.',
      }),
    ),
    maxAttempts: Type.Optional(
      Type.Integer({
        ...settingBounds(attemptsLimits),
        description: `Attempts per delivery before it is failed (${attemptsLimits.min} to ${attemptsLimits.max}, default ${attemptsLimits.default}).`,
      }),
    ),
    attempts: Type.Optional(
      Type.Integer({
        ...settingBounds(attemptsLimits),
        deprecated: true,
        description: 'The old name of maxAttempts, still accepted on input for one release; not with maxAttempts.',
      }),
    ),
    maxDelayMs: Type.Optional(
      Type.Integer({
        ...settingBounds(delayLimits),
        description:
          `Longest wait between two attempts in milliseconds (${delayLimits.min} to ${delayLimits.max}, default ${delayLimits.default}). ` +
          "Waits double from the server's REHOOK_FORWARD_BASE_DELAY, with jitter (half fixed, half random).",
      }),
    ),
  },
  { ...closed },
);

/** A PUT body of forwarding settings, typed from its schema. */
export type ForwardingInput = Static<typeof ForwardingInputSchema>;

/**
 * The settings of a PUT body whose fields are known and whose destination is checked (the
 * caller's part: it needs the egress policy), with defaults for what is left out; the first
 * problem otherwise. `attempts`, maxAttempts' old name, is read when maxAttempts is not sent.
 */
export function forwardingSettings(
  body: { readonly [K in keyof ForwardingInput]?: unknown },
): ForwardingSettings | SettingsProblem {
  if (body.attempts !== undefined && body.maxAttempts !== undefined) {
    return { path: '/attempts', message: 'attempts is the old name of maxAttempts: send maxAttempts only' };
  }
  const enabled = enabledValue(body.enabled, '/enabled');
  if (typeof enabled !== 'boolean') return enabled;
  const attemptsName = body.maxAttempts === undefined && body.attempts !== undefined ? 'attempts' : 'maxAttempts';
  const maxAttempts = integerField(
    body[attemptsName],
    { path: `/${attemptsName}`, name: attemptsName },
    settingRange(attemptsLimits),
  );
  if (typeof maxAttempts !== 'number') return maxAttempts;
  const maxDelayMs = integerField(
    body.maxDelayMs,
    { path: '/maxDelayMs', name: 'maxDelayMs' },
    settingRange(delayLimits),
  );
  if (typeof maxDelayMs !== 'number') return maxDelayMs;
  return { destination: body.destination as string, enabled, maxAttempts, maxDelayMs };
}

/** The delivery of one event to its inbox's destination (one per event). */
export interface Delivery extends OutboundProgress {
  /** dlv_ + the event id's characters: one delivery per event. */
  readonly id: string;
  readonly eventId: string;
  readonly inboxId: string;
}

/** One attempt of an event's delivery. */
export interface DeliveryAttempt extends OutboundAttempt {
  readonly eventId: string;
}

export interface DeliveryWithAttempts extends Delivery {
  /** Oldest first. */
  readonly attemptLog: readonly DeliveryAttempt[];
}

/** A delivery an instance has just leased, with what it needs to send it. */
export interface ClaimedDelivery extends ClaimedSend {
  readonly eventId: string;
  /** Its forwarding's settings as the claim read them. */
  readonly forwarding: ForwardingSettings;
}

/** The delivery id of an event (one delivery per event). */
export function deliveryIdFor(eventId: string): string {
  return `dlv_${eventId.slice(4)}`;
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
