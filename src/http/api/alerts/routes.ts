import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { getAlerts, listAlertDeliveries, removeAlerts, setAlerts } from '../../../services/alerts.js';
import { AlertsInputSchema } from '../../../domain/alert-rule-schema.js';
import { alertDeliveryJson, AlertDeliverySchema, alertRuleJson, AlertRuleSchema } from './schemas.js';
import type { ApiContext } from '../core/context.js';
import { ownerOnlyInboxRoute, ownerOnlyNote, REPLACE_SETTING_ERRORS } from '../core/owner-only-route.js';
import { jsonObjectBody, pathParam, principalOf } from '../core/request.js';
import { dataEnvelope } from '../core/route-schema.js';
import { ref } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';

const OWNER_ONLY = ownerOnlyNote('alerts make the server send requests');

/**
 * Alerts (services/alerts.ts, docs/insight.md): the owner replaces, shows and removes an inbox's
 * alert rules and reads its recent notifications. The alert worker sends them.
 */
export function registerAlertRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;
  const path = '/api/v1/inboxes/:inboxId/alerts';

  addEndpoint(app, {
    method: 'PUT',
    url: path,
    ...ownerOnlyInboxRoute(OWNER_ONLY, {
      operationId: 'setAlerts',
      summary: "Replace an inbox's alert rules",
      description:
        `Replaces every rule. A notification is a POST of JSON (or Slack's \`{"text"}\`) to the rule's ` +
        'URL, delivered in the background like forwarding: retried with backoff, each attempt recorded (GET ' +
        ".../alerts/deliveries). A bad filter answers 400 VALIDATION_FAILED with the search parser's message; a URL " +
        'the SSRF policy refuses, 400 INVALID_DESTINATION.',
      scope: 'manage',
      body: AlertsInputSchema,
      responses: {
        200: { description: 'The rules as stored.', schema: dataEnvelope('rules', Type.Array(ref(AlertRuleSchema))) },
      },
      errors: REPLACE_SETTING_ERRORS,
    }),
    audit: 'none',
    handler: async (request) => {
      const rules = await setAlerts(
        deps,
        await principalOf(deps, request),
        pathParam(request, 'inboxId'),
        jsonObjectBody(request),
      );
      // Only who may change the rules gets here: it sees them whole.
      return { data: { rules: rules.map((rule) => alertRuleJson(rule, 'whole')) } };
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: path,
    ...ownerOnlyInboxRoute(OWNER_ONLY, {
      operationId: 'getAlerts',
      summary: "An inbox's alert rules",
      description: 'Empty when none are set.',
      scope: 'read',
      responses: {
        200: { description: 'The rules.', schema: dataEnvelope('rules', Type.Array(ref(AlertRuleSchema))) },
      },
      errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    }),
    audit: 'none',
    handler: async (request) => {
      const { rules, view } = await getAlerts(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
      return { data: { rules: rules.map((rule) => alertRuleJson(rule, view)) } };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: path,
    ...ownerOnlyInboxRoute(OWNER_ONLY, {
      operationId: 'removeAlerts',
      summary: "Remove an inbox's alert rules",
      description:
        'Removes every rule and cancels the notifications not sent yet (one being sent right now still ' +
        'ends and is recorded). Idempotent: 0 cancelled when none were set.',
      scope: 'manage',
      responses: {
        200: {
          description: 'Removed; how many unsent notifications were cancelled.',
          schema: dataEnvelope('cancelled', Type.Integer({ minimum: 0 })),
        },
      },
      errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    }),
    audit: 'none',
    handler: async (request) => {
      const cancelled = await removeAlerts(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
      return { data: { cancelled } };
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: `${path}/deliveries`,
    ...ownerOnlyInboxRoute(OWNER_ONLY, {
      operationId: 'listAlertDeliveries',
      summary: "An inbox's recent alert notifications, with every attempt",
      description: 'The newest 50, newest first: what was sent, to where, and how each attempt ended.',
      scope: 'read',
      responses: {
        200: {
          description: 'The notifications.',
          schema: dataEnvelope('deliveries', Type.Array(ref(AlertDeliverySchema))),
        },
      },
      errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    }),
    audit: 'none',
    handler: async (request) => {
      const { deliveries, view } = await listAlertDeliveries(
        deps,
        await principalOf(deps, request),
        pathParam(request, 'inboxId'),
      );
      return { data: { deliveries: deliveries.map((n) => alertDeliveryJson(n, view)) } };
    },
  });
}
