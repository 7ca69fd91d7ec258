import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { EventTypeRule } from '../../../domain/event-type.js';
import type { EventTypeInfo } from '../../../ports/event-type-repository.js';
import { DEFAULT_MIN_SAMPLES, MAX_MIN_SAMPLES } from '../../../domain/learned-schema.js';
import {
  type EventTypeSettings,
  getEventTypeRule,
  getEventTypeSettings,
  getEventTypeSchema,
  listEventTypes,
  parseEventTypeRule,
  rebuildEventTypes,
  parseEventTypeSettings,
  removeEventTypeRule,
  resetEventTypeSettings,
  SCHEMA_FORMATS,
  type SchemaFormat,
  setEventTypeRule,
  setEventTypeSettings,
} from '../../../services/event-types.js';
import type { ApiContext } from '../core/context.js';
import { jsonObjectBody, pathParam, principalOf, queryParam } from '../core/request.js';
import { dataEnvelope, InboxIdParams } from '../core/route-schema.js';
import { addEndpoint } from '../core/endpoint.js';
import { READS_INBOX } from '../core/reads.js';
import { listed } from '../core/path-id-answers.js';
import { OWNER_ONLY_INBOX } from '../core/owner-only-route.js';

const EventTypeSchema = Type.Object(
  {
    eventType: Type.String({ description: 'The type (docs/insight.md "Event types and schemas").' }),
    count: Type.Integer({ minimum: 0, description: 'Events of this type the schema was learned from.' }),
    drifted: Type.Integer({ minimum: 0, description: 'How many of them drifted.' }),
    firstSeen: Type.String({ format: 'date-time', description: 'When the first of them was captured.' }),
    lastSeen: Type.String({ format: 'date-time', description: 'When the last of them was captured.' }),
  },
  { additionalProperties: false },
);

const TypeParams = Type.Object({
  inboxId: Type.String(),
  eventType: Type.String({ description: 'The event type, percent-encoded (`orders%2Fcreate`).' }),
});

const RuleSchema = Type.Object(
  {
    header: Type.Optional(Type.String({ description: 'The type is the value of this request header.' })),
    pointer: Type.Optional(Type.String({ description: 'The type is the value at this JSON pointer of the body.' })),
  },
  { additionalProperties: false, description: 'Exactly one of header or pointer.' },
);

const MinSamplesSchema = Type.Integer({
  minimum: 1,
  maximum: MAX_MIN_SAMPLES,
  description:
    'Samples an event type (and each place in its bodies) needs before properties are required, closed sets ' +
    `of values offered and drift judged (docs/insight.md "Drift"). Default ${DEFAULT_MIN_SAMPLES}.`,
});

const SettingsBodySchema = Type.Object({ minSamples: MinSamplesSchema }, { additionalProperties: false });

const SettingsSchema = dataEnvelope(
  'settings',
  Type.Object(
    {
      minSamples: MinSamplesSchema,
      isDefault: Type.Boolean({ description: 'True while the inbox uses the default.' }),
    },
    { additionalProperties: false },
  ),
);

const settingsJson = (settings: EventTypeSettings) => ({
  data: { settings: { minSamples: settings.minSamples, isDefault: settings.isDefault } },
});

const RebuildSchema = dataEnvelope(
  'rebuild',
  Type.Object(
    {
      inboxId: Type.String(),
      eventType: Type.Union([Type.String(), Type.Null()], { description: 'null: every type of the inbox.' }),
      state: Type.Literal('queued'),
    },
    { additionalProperties: false },
  ),
);

const OWNER_ONLY =
  'Only the owner of a saved inbox; an anonymous inbox answers 409 INBOX_NOT_SAVED, a sharing link 403 SHARE_READ_ONLY.';

function typeJson(info: EventTypeInfo) {
  return {
    eventType: info.eventType,
    count: info.count,
    drifted: info.drifted,
    firstSeen: info.firstSeen.toISOString(),
    lastSeen: info.lastSeen.toISOString(),
  };
}

function ruleJson(rule: EventTypeRule | null) {
  if (rule === null) return null;
  return rule.kind === 'header' ? { header: rule.header } : { pointer: rule.pointer };
}

function parseFormat(raw: string | undefined): SchemaFormat {
  return SCHEMA_FORMATS.find((format) => format === raw) ?? 'json';
}

/** Event types of inboxes, their inferred schemas and the inbox's own type rule (services/event-types.ts). */
export function registerEventTypeRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/event-types',
    operationId: 'listEventTypes',
    share: true,
    summary: "The inbox's event types, with counts and first/last seen",
    description:
      'Most recently seen first. Types are learned in the background shortly after capture (docs/insight.md), ' +
      'so a new event appears here a moment after it was stored.',
    ...READS_INBOX,
    ...listed(
      deps,
      'inboxId',
      { key: 'eventTypes', description: 'The types.', item: EventTypeSchema },
      listEventTypes,
      typeJson,
    ),
    errors: ['INBOX_NOT_FOUND'],
    audit: 'none',
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/event-types/:eventType/schema',
    operationId: 'getEventTypeSchema',
    share: true,
    summary: 'The schema inferred from every captured body of an event type',
    description:
      '`format=json` (default): JSON Schema 2020-12 in `document`; `typescript`: TypeScript declarations, ' +
      '`zod`: a Zod schema, as source text in `document`. Kept up to date incrementally by the background worker.',
    tag: 'Events',
    access: 'anonymous-or-token',
    scope: 'read',
    inbox: 'inboxId',
    params: TypeParams,
    querystring: Type.Object({
      format: Type.Optional(
        Type.Union([Type.Literal('json'), Type.Literal('typescript'), Type.Literal('zod')], { default: 'json' }),
      ),
    }),
    responses: {
      200: {
        description: 'The schema.',
        schema: dataEnvelope(
          'schema',
          Type.Object(
            {
              eventType: Type.String(),
              format: Type.Union([Type.Literal('json'), Type.Literal('typescript'), Type.Literal('zod')]),
              samples: Type.Integer({ minimum: 0, description: 'Bodies the schema was learned from.' }),
              lastSeen: Type.String({ format: 'date-time' }),
              typeName: Type.String({ description: 'Name of the TypeScript type (the Zod schema adds `Schema`).' }),
              document: Type.Union([Type.Object({}, { additionalProperties: true }), Type.String()], {
                description: 'The JSON Schema (format json) or the source text (typescript, zod).',
              }),
            },
            { additionalProperties: false },
          ),
        ),
      },
    },
    errors: ['INBOX_NOT_FOUND', 'EVENT_TYPE_NOT_FOUND'],
    audit: 'none',
    handler: async (request) => {
      const rendered = await getEventTypeSchema(
        deps,
        await principalOf(deps, request),
        pathParam(request, 'inboxId'),
        pathParam(request, 'eventType'),
        parseFormat(queryParam(request, 'format')),
      );
      return { data: { schema: { ...rendered, lastSeen: rendered.lastSeen.toISOString() } } };
    },
  });

  const rebuildDoc = <P extends typeof InboxIdParams | typeof TypeParams>(
    operationId: string,
    summary: string,
    params: P,
  ) =>
    ({
      method: 'POST',
      operationId,
      summary,
      description:
        'Queues the rebuild and answers 202 at once: the background worker forgets what it learned and reads the ' +
        'events the inbox holds again, in capture order (drift is checked again, and drift alerts are sent ' +
        'again). Not with a sharing link; a token needs the manage scope, and a team member the member role or ' +
        'above (viewers get 403 FORBIDDEN).',
      tag: 'Events',
      access: 'anonymous-or-token',
      scope: 'manage',
      inbox: 'inboxId',
      params,
      responses: { 202: { description: 'Queued.', schema: RebuildSchema } },
      errors: ['INBOX_NOT_FOUND', 'EVENT_TYPE_NOT_FOUND'],
      audit: 'none',
    }) as const;

  addEndpoint(app, {
    ...rebuildDoc('rebuildEventTypeSchema', "Learn an event type's schema again", TypeParams),
    url: '/api/v1/inboxes/:inboxId/event-types/:eventType/schema/rebuild',
    handler: async (request, reply) => {
      const inboxId = pathParam(request, 'inboxId');
      const eventType = pathParam(request, 'eventType');
      await rebuildEventTypes(deps, await principalOf(deps, request), inboxId, eventType);
      return reply.code(202).send({ data: { rebuild: { inboxId, eventType, state: 'queued' } } });
    },
  });

  addEndpoint(app, {
    ...rebuildDoc('rebuildEventTypes', 'Learn every event type of the inbox again', InboxIdParams),
    url: '/api/v1/inboxes/:inboxId/event-types/rebuild',
    handler: async (request, reply) => {
      const inboxId = pathParam(request, 'inboxId');
      await rebuildEventTypes(deps, await principalOf(deps, request), inboxId, null);
      return reply.code(202).send({ data: { rebuild: { inboxId, eventType: null, state: 'queued' } } });
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/event-type-rule',
    operationId: 'getEventTypeRule',
    summary: "The inbox's own event type rule",
    description: `${OWNER_ONLY} \`rule\` is null while the built-in detection applies.`,
    ...OWNER_ONLY_INBOX,
    scope: 'read',
    responses: {
      200: {
        description: 'The rule, or null.',
        schema: dataEnvelope('rule', Type.Union([RuleSchema, Type.Null()])),
      },
    },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: 'none',
    handler: async (request) => {
      const rule = await getEventTypeRule(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
      return { data: { rule: ruleJson(rule) } };
    },
  });

  addEndpoint(app, {
    method: 'PUT',
    url: '/api/v1/inboxes/:inboxId/event-type-rule',
    operationId: 'setEventTypeRule',
    summary: "Set how the inbox's events get their type",
    description:
      `${OWNER_ONLY} \`{"header":"X-Event-Name"}\` or \`{"pointer":"/meta/kind"}\`; where the rule finds no ` +
      'value the built-in detection applies. Every type of the inbox is learned again in the background.',
    ...OWNER_ONLY_INBOX,
    scope: 'manage',
    body: RuleSchema,
    responses: { 200: { description: 'The rule as stored.', schema: dataEnvelope('rule', RuleSchema) } },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: 'none',
    handler: async (request) => {
      const rule = parseEventTypeRule(jsonObjectBody(request));
      const stored = await setEventTypeRule(
        deps,
        await principalOf(deps, request),
        pathParam(request, 'inboxId'),
        rule,
      );
      return { data: { rule: ruleJson(stored) } };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/inboxes/:inboxId/event-type-rule',
    operationId: 'removeEventTypeRule',
    summary: "Remove the inbox's own event type rule",
    description: `${OWNER_ONLY} The built-in detection applies again; every type is learned again.`,
    ...OWNER_ONLY_INBOX,
    scope: 'manage',
    responses: {
      200: { description: 'Whether there was a rule.', schema: dataEnvelope('removed', Type.Boolean()) },
    },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: 'none',
    handler: async (request) => {
      const removed = await removeEventTypeRule(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
      return { data: { removed } };
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/event-type-settings',
    operationId: 'getEventTypeSettings',
    summary: 'How the inbox learns its event types: the minimum of samples for drift',
    description: `${OWNER_ONLY} \`isDefault\` is true while the inbox has not set its own.`,
    ...OWNER_ONLY_INBOX,
    scope: 'read',
    responses: { 200: { description: 'The settings.', schema: SettingsSchema } },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: 'none',
    handler: async (request) =>
      settingsJson(await getEventTypeSettings(deps, await principalOf(deps, request), pathParam(request, 'inboxId'))),
  });

  addEndpoint(app, {
    method: 'PUT',
    url: '/api/v1/inboxes/:inboxId/event-type-settings',
    operationId: 'setEventTypeSettings',
    summary: 'Set the minimum of samples before drift is judged',
    description:
      `${OWNER_ONLY} \`{"minSamples": 100}\` (1 to ${MAX_MIN_SAMPLES}). Every type of the inbox is learned ` +
      'again in the background, so the drift marks already recorded follow the new minimum.',
    ...OWNER_ONLY_INBOX,
    scope: 'manage',
    body: SettingsBodySchema,
    responses: { 200: { description: 'The settings as stored.', schema: SettingsSchema } },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: 'none',
    handler: async (request) => {
      const minSamples = parseEventTypeSettings(jsonObjectBody(request));
      const principal = await principalOf(deps, request);
      return settingsJson(await setEventTypeSettings(deps, principal, pathParam(request, 'inboxId'), minSamples));
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/inboxes/:inboxId/event-type-settings',
    operationId: 'resetEventTypeSettings',
    summary: 'Go back to the default minimum of samples',
    description: `${OWNER_ONLY} When the inbox had its own, every type is learned again.`,
    ...OWNER_ONLY_INBOX,
    scope: 'manage',
    responses: { 200: { description: 'The settings now.', schema: SettingsSchema } },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: 'none',
    handler: async (request) =>
      settingsJson(await resetEventTypeSettings(deps, await principalOf(deps, request), pathParam(request, 'inboxId'))),
  });
}
