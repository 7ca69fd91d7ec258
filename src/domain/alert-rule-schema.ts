import { Type } from '@sinclair/typebox';
import { REDACTED_DESTINATION_NOTE } from './destination.js';

/**
 * The alert rules' request schema and limits (docs/insight.md, "Alerts"): the API documents and
 * types its body with it, and domain/alerts.ts takes the accepted field names from it.
 */

export type AlertKind = 'event' | 'signature' | 'drift' | 'forwarding';
export const ALERT_KINDS: readonly AlertKind[] = ['event', 'signature', 'drift', 'forwarding'];

export const ALERT_LIMITS = {
  maxRules: 20,
  nameLength: 100,
  filterLength: 4096,
  maxFailures: 100,
  maxRateMax: 10_000,
  maxWindowSeconds: 86_400,
  /** Attempts per notification before it is `failed`, and the longest wait between two. */
  maxAttempts: 5,
  maxDelayMs: 60_000,
  /** Most notifications (with attempts) GET .../alerts/deliveries answers. */
  recentDeliveries: 50,
} as const;

const closed = { additionalProperties: false } as const;
const L = ALERT_LIMITS;

const QuietHoursSchema = Type.Object(
  {
    start: Type.String({ description: 'HH:MM (24-hour), included.', examples: ['22:00'] }),
    end: Type.String({
      description: 'HH:MM, excluded; before start: the window wraps past midnight.',
      examples: ['07:00'],
    }),
    timeZone: Type.String({ description: 'IANA time zone, e.g. Europe/Paris or UTC.', examples: ['Europe/Paris'] }),
  },
  { description: 'A daily window in which the rule sends nothing (occurrences are dropped, not delayed).', ...closed },
);

const RateLimitSchema = Type.Object(
  {
    max: Type.Integer({ minimum: 1, maximum: L.maxRateMax, description: 'Notifications per window at most.' }),
    windowSeconds: Type.Integer({ minimum: 1, maximum: L.maxWindowSeconds, description: 'Window length in seconds.' }),
  },
  {
    description:
      'At most `max` notifications per window (opened by the first one); the occurrences held back are sent as ONE ' +
      'summary when the window ends ("11 more events matched rule X in the last minute").',
    ...closed,
  },
);

/** A rule's fields as the API takes and answers them (the answer's `id` is required). */
export const ALERT_RULE_FIELDS = {
  name: Type.String({ minLength: 1, maxLength: L.nameLength, description: 'Shown in every notification.' }),
  kind: Type.Union(
    ALERT_KINDS.map((kind) => Type.Literal(kind)),
    {
      description:
        "`event`: a new event matches `filter`; `signature`: a new event's signature check failed; `drift`: an event " +
        'was marked as not fitting the schema of its type; `forwarding`: forwarding failed `failures` times in a row.',
    },
  ),
  filter: Type.Optional(
    Type.String({
      maxLength: L.filterLength,
      description:
        "kind `event` only: the events listing's search filter as a query string (method, path, header, q, json; " +
        'docs/search.md), e.g. `method=POST&json=type=invoice.paid`. Empty matches every event.',
    }),
  ),
  failures: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: L.maxFailures,
      description: 'kind `forwarding` only: failed attempts in a row that trigger (default 3); once per streak.',
    }),
  ),
  url: Type.String({
    description:
      'Where the notification is POSTed: absolute http(s) URL without credentials. The SSRF policy of replays applies ' +
      'at save (an address it refuses answers 400 INVALID_DESTINATION) and at every send. As answered: ' +
      REDACTED_DESTINATION_NOTE,
  }),
  format: Type.Union([Type.Literal('json'), Type.Literal('slack')], {
    description:
      '`json` (default): the AlertNotificationBody; `slack`: Slack\'s incoming-webhook shape `{"text": ...}`.',
  }),
  enabled: Type.Boolean({ description: 'false: the rule sends nothing.' }),
  quietHours: Type.Optional(QuietHoursSchema),
  rateLimit: Type.Optional(RateLimitSchema),
};

export const AlertRuleInputSchema = Type.Object(
  {
    id: Type.Optional(Type.String({ description: "Keep a rule's id when sending it back; new rules get one." })),
    ...ALERT_RULE_FIELDS,
    format: Type.Optional(ALERT_RULE_FIELDS.format),
    enabled: Type.Optional(ALERT_RULE_FIELDS.enabled),
  },
  closed,
);

export const AlertsInputSchema = Type.Object(
  { rules: Type.Array(AlertRuleInputSchema, { maxItems: L.maxRules, description: 'Replaces every rule.' }) },
  closed,
);
