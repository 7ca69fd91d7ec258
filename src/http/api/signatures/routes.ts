import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  getSignatureSettings,
  removeSignatureSettings,
  resignEvent,
  setSignatureSettings,
  type SignatureSettingsView,
} from '../../../services/signatures.js';
import type { ApiContext } from '../core/context.js';
import { jsonObjectBody, pathParam, principalOf } from '../core/request.js';
import { dataEnvelope, EventIdParams } from '../core/route-schema.js';
import { ref } from '../core/schemas.js';
import { ResignedHeadersSchema, SignatureSettingsInputSchema, SignatureSettingsSchema } from './schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { field, inboxTarget, text } from '../core/audit-trail.js';
import { removed } from '../core/path-id-answers.js';
import { OWNER_ONLY_INBOX } from '../core/owner-only-route.js';

const OWNER_ONLY =
  'Only the owner of a saved inbox (its token or session); an anonymous inbox answers 409 INBOX_NOT_SAVED ' +
  "(save it first), another account's 404 INBOX_NOT_FOUND, a sharing link 403 SHARE_READ_ONLY.";

function settingsJson(view: SignatureSettingsView) {
  return {
    scheme: view.scheme,
    secretHint: view.secretHint,
    toleranceSeconds: view.toleranceSeconds,
    header: view.header,
    encoding: view.encoding,
    prefix: view.prefix,
    updatedAt: view.updatedAt.toISOString(),
  };
}

/**
 * Signature settings of inboxes and re-signing of events (services/signatures.ts,
 * docs/signatures.md).
 */
export function registerSignatureRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/signature',
    operationId: 'getSignatureSettings',
    summary: "The inbox's signature settings (never the secret)",
    description: `${OWNER_ONLY} \`signature\` is null while no secret is set.`,
    ...OWNER_ONLY_INBOX,
    scope: 'read',
    responses: {
      200: {
        description: 'The settings, or null.',
        schema: dataEnvelope('signature', Type.Union([ref(SignatureSettingsSchema), Type.Null()])),
      },
    },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: 'none',
    handler: async (request) => {
      const view = await getSignatureSettings(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
      return { data: { signature: view === null ? null : settingsJson(view) } };
    },
  });

  addEndpoint(app, {
    method: 'PUT',
    url: '/api/v1/inboxes/:inboxId/signature',
    operationId: 'setSignatureSettings',
    summary: "Set the secret the inbox checks its senders' signatures with",
    description:
      `${OWNER_ONLY} Replaces any earlier settings. From then on every captured event carries ` +
      '`signature: {scheme, status, reason}`, checked before it is stored against the capture time; replays with ' +
      '`resign: true` and `POST /api/v1/events/<id>/resign` sign with it. The secret is encrypted with the server ' +
      'key and never returned. Takes effect at once on the instance that stored it, within 1 s on others.',
    ...OWNER_ONLY_INBOX,
    scope: 'manage',
    body: SignatureSettingsInputSchema,
    responses: {
      200: {
        description: 'The settings now in force, without the secret.',
        schema: dataEnvelope('signature', ref(SignatureSettingsSchema)),
      },
    },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: {
      action: 'secret.set',
      target: inboxTarget,
      detail: (seen) => ({ scheme: text(field(seen.data['signature'], 'scheme')) }),
    },
    handler: async (request) => {
      const principal = await principalOf(deps, request);
      const body = jsonObjectBody(request);
      const view = await setSignatureSettings(deps, principal, pathParam(request, 'inboxId'), body);
      return { data: { signature: settingsJson(view) } };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/inboxes/:inboxId/signature',
    operationId: 'removeSignatureSettings',
    summary: "Remove the inbox's signature secret",
    description: `${OWNER_ONLY} Events captured from then on are \`unchecked\`; earlier events keep their result. 204 also when none was set.`,
    ...OWNER_ONLY_INBOX,
    scope: 'manage',
    ...removed(deps, 'inboxId', 'Removed.', removeSignatureSettings),
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: { action: 'secret.removed', target: inboxTarget },
  });

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/events/:eventId/resign',
    operationId: 'resignEvent',
    summary: 'A fresh signature of an event, for delivering it now',
    description:
      "The signature headers a sender using the inbox's scheme and secret would send with the event's exact body now " +
      "(`rehook listen --resign` sets them on local deliveries). Only the owner of the event's inbox; an event of " +
      'an anonymous inbox, or of an inbox without a secret, answers 409 SIGNATURE_NOT_SET. The request body is ignored.',
    tag: 'Events',
    access: 'token',
    scope: 'replay',
    inbox: 'eventId',
    params: EventIdParams,
    responses: {
      200: {
        description: 'The scheme and the headers to set.',
        schema: Type.Object({ data: ref(ResignedHeadersSchema) }, { additionalProperties: false }),
      },
    },
    errors: ['EVENT_NOT_FOUND', 'INBOX_NOT_FOUND', 'SIGNATURE_NOT_SET'],
    audit: 'none',
    handler: async (request) => {
      const resigned = await resignEvent(deps, await principalOf(deps, request), pathParam(request, 'eventId'));
      return { data: { scheme: resigned.scheme, headers: resigned.headers } };
    },
  });
}
