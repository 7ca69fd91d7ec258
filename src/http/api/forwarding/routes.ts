import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  getForwarding,
  listDeliveries,
  removeForwarding,
  retryDelivery,
  setForwarding,
} from '../../../services/forwarding.js';
import type { ApiContext } from '../core/context.js';
import { ownerOnlyInboxRoute, ownerOnlyNote, REPLACE_SETTING_ERRORS } from '../core/owner-only-route.js';
import { ForwardingInputSchema } from '../../../domain/forwarding.js';
import { deliveryJson, DeliverySchema, forwardingJson, ForwardingSchema } from './schemas.js';
import { jsonObjectBody, pathParam, principalOf } from '../core/request.js';
import { dataEnvelope, EventIdParams } from '../core/route-schema.js';
import { ref } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { inboxTarget } from '../core/audit-trail.js';
import { destinationForAudit } from '../../../domain/audit.js';

const OWNER_ONLY = ownerOnlyNote('forwarding makes the server send requests');

/**
 * Automatic forwarding (services/forwarding.ts, docs/forwarding.md): the owner sets, shows and
 * removes an inbox's forwarding, reads an event's delivery with its attempts, and retries one
 * by hand. The deliveries themselves are sent by the delivery worker.
 */
export function registerForwardingRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'PUT',
    url: '/api/v1/inboxes/:inboxId/forwarding',
    ...ownerOnlyInboxRoute(OWNER_ONLY, {
      operationId: 'setForwarding',
      summary: "Set an inbox's automatic forwarding",
      description:
        'Every event stored from now on is delivered to `destination` at least once, in the background: ' +
        "method, headers (without hop-by-hop and redacted ones; Host is the destination's; X-Rehook-Event-Id and " +
        'X-Rehook-Delivery-Attempt are added) and the exact body bytes. A 2xx answer delivers it; any other status, a network ' +
        'error or a timeout is retried with exponential backoff until `maxAttempts` run out (then `failed`). Replaces the ' +
        'whole setting (fields left out get their defaults); deliveries already queued use the new one.',
      scope: 'manage',
      body: ForwardingInputSchema,
      responses: {
        200: { description: 'The forwarding as stored.', schema: dataEnvelope('forwarding', ref(ForwardingSchema)) },
      },
      errors: REPLACE_SETTING_ERRORS,
    }),
    audit: {
      action: 'forwarding.changed',
      target: inboxTarget,
      detail: (seen) => ({ destination: destinationForAudit(seen.body['destination']) }),
    },
    handler: async (request) => {
      const principal = await principalOf(deps, request);
      const forwarding = await setForwarding(deps, principal, pathParam(request, 'inboxId'), jsonObjectBody(request));
      // Only who may change the forwarding gets here: it sees it whole.
      return { data: { forwarding: forwardingJson(forwarding, 'whole') } };
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/forwarding',
    ...ownerOnlyInboxRoute(OWNER_ONLY, {
      operationId: 'getForwarding',
      summary: "An inbox's automatic forwarding",
      description: '`forwarding` is null while none is set.',
      scope: 'read',
      responses: {
        200: {
          description: 'The forwarding, or null.',
          schema: dataEnvelope('forwarding', Type.Union([ref(ForwardingSchema), Type.Null()])),
        },
      },
      errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    }),
    audit: 'none',
    handler: async (request) => {
      const { forwarding, view } = await getForwarding(
        deps,
        await principalOf(deps, request),
        pathParam(request, 'inboxId'),
      );
      return { data: { forwarding: forwarding === null ? null : forwardingJson(forwarding, view) } };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/inboxes/:inboxId/forwarding',
    ...ownerOnlyInboxRoute(OWNER_ONLY, {
      operationId: 'removeForwarding',
      summary: "Remove an inbox's automatic forwarding",
      description:
        'New events are no longer delivered, and the deliveries not finished yet are cancelled ' +
        '(an attempt being sent right now still ends and is recorded). To stop for a while without losing them, ' +
        'set `enabled: false` instead. 404 FORWARDING_NOT_FOUND when none is set.',
      scope: 'manage',
      responses: {
        200: {
          description: 'Removed; how many unfinished deliveries were cancelled.',
          schema: dataEnvelope('cancelled', Type.Integer({ minimum: 0 })),
        },
      },
      errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED', 'FORWARDING_NOT_FOUND'],
    }),
    audit: { action: 'forwarding.removed', target: inboxTarget },
    handler: async (request) => {
      const cancelled = await removeForwarding(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
      return { data: { cancelled } };
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/events/:eventId/deliveries',
    operationId: 'listDeliveries',
    summary: "An event's deliveries to its inbox's forwarding destination, with every attempt",
    description:
      'Only the owner of the saved inbox. Empty when the event was stored while no forwarding was set (or it was ' +
      'paused). Each attempt has its time, URL, outcome, status, latency and error.',
    tag: 'Events',
    access: 'token',
    scope: 'read',
    inbox: 'eventId',
    params: EventIdParams,
    responses: {
      200: {
        description: 'The deliveries (zero or one).',
        schema: dataEnvelope('deliveries', Type.Array(ref(DeliverySchema))),
      },
    },
    errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: 'none',
    handler: async (request) => {
      const { deliveries, view } = await listDeliveries(
        deps,
        await principalOf(deps, request),
        pathParam(request, 'eventId'),
      );
      return { data: { deliveries: deliveries.map((d) => deliveryJson(d, view)) } };
    },
  });

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/events/:eventId/deliveries/retry',
    operationId: 'retryDelivery',
    summary: 'Deliver an event again',
    description:
      "Only the owner of the saved inbox. Queues the event's delivery for a new round of attempts, due at once: a failed, " +
      'cancelled or delivered one is reopened, and an event stored before forwarding was set gets one. 409 ' +
      'DELIVERY_IN_PROGRESS while it is pending or being sent; 404 FORWARDING_NOT_FOUND when the inbox has no forwarding. ' +
      'The request body is ignored.',
    tag: 'Events',
    access: 'token',
    scope: 'replay',
    inbox: 'eventId',
    params: EventIdParams,
    responses: { 202: { description: 'Queued.', schema: dataEnvelope('delivery', ref(DeliverySchema)) } },
    errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND', 'INBOX_NOT_SAVED', 'FORWARDING_NOT_FOUND', 'DELIVERY_IN_PROGRESS'],
    audit: 'none',
    handler: async (request, reply) => {
      const delivery = await retryDelivery(deps, await principalOf(deps, request), pathParam(request, 'eventId'));
      // Retrying needs the manage role: the caller sees the delivery whole.
      return reply.code(202).send({ data: { delivery: deliveryJson(delivery, 'whole') } });
    },
  });
}
