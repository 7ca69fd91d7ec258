import { Type, type TSchema } from '@sinclair/typebox';
import type { AlertNotificationWithAttempts } from '../../../domain/alert-notification.js';
import { ALERT_RULE_FIELDS } from '../../../domain/alert-rule-schema.js';
import type { AlertRule } from '../../../domain/alerts.js';
import { destinationFor, REDACTED_DESTINATION_NOTE, type SettingsView } from '../../../domain/destination.js';
import { attemptJson } from '../forwarding/schemas.js';

/**
 * JSON shapes of alerts (alerts/routes.ts) and their presenters. Named schemas: the OpenAPI
 * document lists them under components.schemas (schemas.ts registers them). The route schema
 * checks types; domain/alerts.ts checks the rest (filter, time zone, URL policy) with clear messages.
 */

const closed = { additionalProperties: false } as const;
const Time = (description: string) => Type.String({ format: 'date-time', description });
const Nullable = <T extends TSchema>(schema: T, description: string) =>
  Type.Union([schema, Type.Null()], { description });

export const AlertRuleSchema = Type.Object(
  { id: Type.String({ description: 'alr_ and random characters.' }), ...ALERT_RULE_FIELDS },
  { $id: 'AlertRule', description: 'A rule that notifies a URL when something happens to the inbox.', ...closed },
);

export const AlertAttemptSchema = Type.Object(
  {
    number: Type.Integer({ minimum: 1 }),
    startedAt: Time('When the attempt was sent.'),
    url: Type.String({ description: `The URL it was sent to. ${REDACTED_DESTINATION_NOTE}` }),
    outcome: Type.Union(
      ['delivered', 'rejected', 'forbidden', 'unreachable', 'timeout', 'abandoned'].map((value) => Type.Literal(value)),
      { description: 'As for forwarding deliveries (DeliveryAttempt).' },
    ),
    statusCode: Nullable(
      Type.Integer({ minimum: 100, maximum: 599 }),
      "The receiver's status; null without an answer.",
    ),
    latencyMs: Nullable(Type.Number({ minimum: 0 }), 'Dispatch to last response byte, in milliseconds.'),
    errorCode: Nullable(
      Type.String(),
      'DESTINATION_FORBIDDEN, INVALID_DESTINATION, DESTINATION_UNREACHABLE or DESTINATION_TIMEOUT.',
    ),
    errorMessage: Nullable(Type.String(), 'What went wrong, for humans.'),
  },
  { $id: 'AlertAttempt', description: 'One attempt to send an alert notification.', ...closed },
);

export const AlertDeliverySchema = Type.Object(
  {
    id: Type.String({ description: 'ntf_ and characters sortable by creation; sent as X-Rehook-Notification-Id.' }),
    ruleId: Type.String(),
    ruleName: Type.String(),
    kind: ALERT_RULE_FIELDS.kind,
    type: Type.Union([Type.Literal('alert'), Type.Literal('summary')], {
      description: '`summary`: the occurrences a rate limit held back, in one notification.',
    }),
    url: Type.String({ description: `The rule's URL when it was queued. ${REDACTED_DESTINATION_NOTE}` }),
    format: ALERT_RULE_FIELDS.format,
    body: Type.String({ description: 'The JSON text sent.' }),
    eventId: Nullable(Type.String(), 'The event that triggered it, if any.'),
    state: Type.Union(
      ['pending', 'delivering', 'delivered', 'failed', 'cancelled'].map((value) => Type.Literal(value)),
      { description: 'As for forwarding deliveries.' },
    ),
    attempts: Type.Integer({ minimum: 0 }),
    nextAttemptAt: Nullable(Time(''), 'When the next attempt is due; null once finished.'),
    createdAt: Time('When it was queued.'),
    updatedAt: Time('When its state last changed.'),
    attemptLog: Type.Array(Type.Unsafe({ $ref: 'AlertAttempt#' }), { description: 'Every attempt, oldest first.' }),
  },
  { $id: 'AlertDelivery', description: 'A notification of an alert rule, with its attempts.', ...closed },
);

export const ALERT_SCHEMAS: readonly TSchema[] = [AlertRuleSchema, AlertAttemptSchema, AlertDeliverySchema];

/** A rule as `view` shows it (to who may not change it: the URL without its secret parts). */
export function alertRuleJson(rule: AlertRule, view: SettingsView) {
  return {
    id: rule.id,
    name: rule.name,
    kind: rule.kind,
    ...(rule.filter !== undefined ? { filter: rule.filter } : {}),
    ...(rule.failures !== undefined ? { failures: rule.failures } : {}),
    url: destinationFor(view, rule.url),
    format: rule.format,
    enabled: rule.enabled,
    ...(rule.quietHours !== undefined ? { quietHours: rule.quietHours } : {}),
    ...(rule.rateLimit !== undefined ? { rateLimit: rule.rateLimit } : {}),
  };
}

/** A notification as `view` shows it (its URL and its attempts' without secret parts for `redacted`). */
export function alertDeliveryJson(n: AlertNotificationWithAttempts, view: SettingsView) {
  return {
    id: n.id,
    ruleId: n.ruleId,
    ruleName: n.ruleName,
    kind: n.kind,
    type: n.type,
    url: destinationFor(view, n.url),
    format: n.format,
    body: n.body,
    eventId: n.eventId,
    state: n.state,
    attempts: n.attempts,
    nextAttemptAt: n.nextAttemptAt === null ? null : n.nextAttemptAt.toISOString(),
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
    attemptLog: n.attemptLog.map((a) => attemptJson(a, view)),
  };
}
