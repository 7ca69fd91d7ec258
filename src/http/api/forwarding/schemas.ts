import { type TOptionalWithFlag, Type, type TSchema } from '@sinclair/typebox';
import { destinationFor, REDACTED_DESTINATION_NOTE, type SettingsView } from '../../../domain/destination.js';
import {
  deliveryIdFor,
  type Delivery,
  type DeliveryWithAttempts,
  type Forwarding,
  ForwardingInputSchema,
  type ForwardingSettings,
} from '../../../domain/forwarding.js';
import type { OutboundAttempt } from '../../../domain/outbound-delivery.js';

/**
 * JSON shapes of automatic forwarding (forwarding/routes.ts) and their presenters. Named
 * schemas: the OpenAPI document lists them under components.schemas (schemas.ts registers them).
 */

const closed = { additionalProperties: false } as const;

function Nullable<T extends TSchema>(schema: T, description: string) {
  return Type.Union([schema, Type.Null()], { description });
}

const Time = (description: string) => Type.String({ format: 'date-time', description });

type InputProperties = typeof ForwardingInputSchema.properties;

/** The settings' properties, each required; typed by the domain's ForwardingSettings. */
type AnsweredSettings = { [K in keyof ForwardingSettings]: TOptionalWithFlag<InputProperties[K], false> };

/**
 * The settings of the PUT body as the answer holds them: every property but the deprecated
 * aliases (input only), each required, so a setting added to ForwardingInputSchema is answered
 * as it is documented there.
 */
function answeredSettings(): AnsweredSettings {
  const entries = Object.entries(ForwardingInputSchema.properties)
    .filter(([, schema]) => schema['deprecated'] !== true)
    .map(([key, schema]) => [key, Type.Optional(schema, false)]);
  return Object.fromEntries(entries) as AnsweredSettings;
}

export const ForwardingSchema = Type.Object(
  {
    inboxId: Type.String(),
    ...answeredSettings(),
    // Shown through destinationFor: possibly without its secret parts.
    destination: Type.String({ description: `The destination URL. ${REDACTED_DESTINATION_NOTE}` }),
    createdAt: Time('When forwarding was first set.'),
    updatedAt: Time('When it was last changed.'),
  },
  { $id: 'Forwarding', description: "An inbox's automatic forwarding.", ...closed },
);

export const DeliveryAttemptSchema = Type.Object(
  {
    number: Type.Integer({
      minimum: 1,
      description: "1, 2, ... over the delivery's life (manual retries continue it).",
    }),
    startedAt: Time('When the attempt was sent.'),
    url: Type.String({ description: `The URL it was sent to. ${REDACTED_DESTINATION_NOTE}` }),
    outcome: Type.Union(
      ['delivered', 'rejected', 'forbidden', 'unreachable', 'timeout', 'abandoned'].map((value) => Type.Literal(value)),
      {
        description:
          '`delivered`: a 2xx answer; `rejected`: another status; `forbidden`: refused by the SSRF policy (or an invalid URL; ' +
          'not retried); `unreachable`, `timeout`: no answer; `abandoned`: the instance sending it stopped before recording ' +
          'the result (the destination may have received it).',
      },
    ),
    statusCode: Nullable(
      Type.Integer({ minimum: 100, maximum: 599 }),
      "The destination's status; null without an answer.",
    ),
    latencyMs: Nullable(
      Type.Number({ minimum: 0 }),
      'Dispatch to last response byte (or to the failure), in milliseconds.',
    ),
    errorCode: Nullable(
      Type.String(),
      'DESTINATION_FORBIDDEN, INVALID_DESTINATION, DESTINATION_UNREACHABLE or DESTINATION_TIMEOUT; else null.',
    ),
    errorMessage: Nullable(Type.String(), 'What went wrong, for humans; null when delivered.'),
  },
  { $id: 'DeliveryAttempt', description: 'One attempt to deliver an event.', ...closed },
);

const deliveryFields = {
  id: Type.String({ description: 'dlv_ and the characters of the event id: one delivery per event.' }),
  eventId: Type.String(),
  inboxId: Type.String(),
  state: Type.Union(
    ['pending', 'delivering', 'delivered', 'failed', 'cancelled'].map((value) => Type.Literal(value)),
    {
      description:
        '`pending`: waiting for its next attempt; `delivering`: being sent; `delivered`: a 2xx answer; `failed`: the ' +
        'attempts ran out or the destination is forbidden (POST .../deliveries/retry sends it again); `cancelled`: the ' +
        'forwarding was removed or the event deleted first.',
    },
  ),
  attempts: Type.Integer({
    minimum: 0,
    description: 'Attempts in the current round (a manual retry starts a new one).',
  }),
  nextAttemptAt: Nullable(
    Time(''),
    'When the next attempt is due (pending), or when the lease of the one being sent ends (delivering); null once finished.',
  ),
  createdAt: Time('When it was queued.'),
  updatedAt: Time('When its state last changed.'),
};

export const DeliverySchema = Type.Object(
  {
    ...deliveryFields,
    attemptLog: Type.Array(Type.Unsafe({ $ref: 'DeliveryAttempt#' }), { description: 'Every attempt, oldest first.' }),
  },
  {
    $id: 'Delivery',
    description: "The delivery of an event to its inbox's forwarding destination, with its attempts.",
    ...closed,
  },
);

export const FORWARDING_SCHEMAS: readonly TSchema[] = [ForwardingSchema, DeliveryAttemptSchema, DeliverySchema];

/** The forwarding as `view` shows it (to who may not change it: the destination without its secret parts). */
export function forwardingJson(f: Forwarding, view: SettingsView) {
  const { inboxId, createdAt, updatedAt, ...settings } = f;
  return {
    inboxId,
    ...settings,
    destination: destinationFor(view, settings.destination),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** An outbound attempt record (a delivery's, a notification's) as `view` shows its URL. */
export function attemptJson(a: OutboundAttempt, view: SettingsView) {
  return {
    number: a.number,
    startedAt: a.startedAt.toISOString(),
    url: destinationFor(view, a.url),
    outcome: a.outcome,
    statusCode: a.statusCode,
    latencyMs: a.latencyMs,
    errorCode: a.errorCode,
    errorMessage: a.errorMessage,
  };
}

/** A delivery as `view` shows it (its attempts' URLs without secret parts for `redacted`). */
export function deliveryJson(d: Delivery | DeliveryWithAttempts, view: SettingsView) {
  return {
    id: deliveryIdFor(d.eventId),
    eventId: d.eventId,
    inboxId: d.inboxId,
    state: d.state,
    attempts: d.attempts,
    nextAttemptAt: d.nextAttemptAt === null ? null : d.nextAttemptAt.toISOString(),
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
    attemptLog: 'attemptLog' in d ? d.attemptLog.map((a) => attemptJson(a, view)) : [],
  };
}
