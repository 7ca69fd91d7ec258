import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { CONTRACT_RESPONSE_ANSWER, RESPONSE_LIMITS } from '../../../domain/response.js';
import { inboxResponseJson, responseAnswerJson } from '../../../domain/response-json.js';
import { AppError } from '../../../errors.js';
import {
  clearInboxResponse,
  getInboxResponse,
  previewInboxResponse,
  setInboxResponse,
} from '../../../services/responses.js';
import type { ApiContext } from '../core/context.js';
import { jsonObjectBody, pathParam, principalOf } from '../core/request.js';
import {
  InboxResponseInputSchema,
  InboxResponseSchema,
  ResponsePreviewInputSchema,
  ResponsePreviewSchema,
} from './schemas.js';
import { dataEnvelope, InboxIdParams } from '../core/route-schema.js';
import { ref } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { removed } from '../core/path-id-answers.js';

const ACCESS =
  'Same access as renaming or deleting the inbox: an owned inbox only by its owner; an anonymous inbox by anyone ' +
  'who holds its id (who can already send it requests). Sharing links are refused.';

/**
 * Response rules (services/responses.ts, docs/responses.md): what the ingest listener
 * answers the senders of one inbox.
 */
export function registerResponseRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/response',
    operationId: 'getInboxResponse',
    summary: "The inbox's response",
    description: `${ACCESS} \`response\` is null while the inbox answers the contract's \`200 {"ok":true}\`.`,
    tag: 'Inboxes',
    access: 'anonymous-or-token',
    scope: 'read',
    inbox: 'inboxId',
    params: InboxIdParams,
    responses: {
      200: {
        description: 'The response, or null.',
        schema: dataEnvelope('response', Type.Union([ref(InboxResponseSchema), Type.Null()])),
      },
    },
    errors: ['INBOX_NOT_FOUND'],
    audit: 'none',
    handler: async (request) => {
      const response = await getInboxResponse(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
      return { data: { response: response === null ? null : inboxResponseJson(response) } };
    },
  });

  addEndpoint(app, {
    method: 'PUT',
    url: '/api/v1/inboxes/:inboxId/response',
    // Up to 50 answers of up to 64 KiB each, written in base64 or JSON-escaped.
    bodyLimit: RESPONSE_LIMITS.maxRequestBytes,
    operationId: 'setInboxResponse',
    summary: 'Program what the inbox answers its senders',
    description:
      `${ACCESS} Replaces the whole response: the default answer (top-level status, headers, body or bodyBase64, ` +
      'delayMs) and ordered rules, each a match (method, pathPrefix below the inbox, header name with an optional ' +
      'value) and its own answer; the first rule that matches a request gives its answer. The event is stored ' +
      'before the delay starts, and records which answer was sent (`answer.rule`, `answer.status`). Takes effect at ' +
      `once on the instance that stored it, within 1 s on others. Request body at most ${RESPONSE_LIMITS.maxRequestBytes} bytes.`,
    tag: 'Inboxes',
    access: 'anonymous-or-token',
    scope: 'manage',
    inbox: 'inboxId',
    params: InboxIdParams,
    body: InboxResponseInputSchema,
    responses: {
      200: {
        description: 'The response now in force.',
        schema: dataEnvelope('response', ref(InboxResponseSchema)),
      },
    },
    errors: ['INBOX_NOT_FOUND', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: 'none',
    handler: async (request) => {
      const principal = await principalOf(deps, request);
      const body = jsonObjectBody(request);
      const response = await setInboxResponse(deps, principal, pathParam(request, 'inboxId'), body);
      return { data: { response: inboxResponseJson(response) } };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/inboxes/:inboxId/response',
    operationId: 'clearInboxResponse',
    summary: "Restore the contract's answer",
    description: `${ACCESS} The inbox answers \`200 {"ok":true}\` again (also when it had no response).`,
    tag: 'Inboxes',
    access: 'anonymous-or-token',
    scope: 'manage',
    inbox: 'inboxId',
    params: InboxIdParams,
    ...removed(deps, 'inboxId', 'Cleared.', clearInboxResponse),
    errors: ['INBOX_NOT_FOUND'],
    audit: 'none',
  });

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/inboxes/:inboxId/responses/preview',
    bodyLimit: RESPONSE_LIMITS.maxRequestBytes,
    operationId: 'previewInboxResponse',
    summary: 'What a response would answer a captured event',
    description:
      `${ACCESS} Renders \`response\` (as PUT takes it; nothing is saved) against event \`eventId\` of this inbox ` +
      'as the ingest listener would have: the first rule that matches, its templates, and the default answer ' +
      'when they fail to render. Rules that match a redacted header value (Authorization, Cookie) see the ' +
      'redacted value here. A template that does not parse is 400 VALIDATION_FAILED with its line and column.',
    tag: 'Inboxes',
    access: 'anonymous-or-token',
    scope: 'manage',
    inbox: 'inboxId',
    params: InboxIdParams,
    body: ResponsePreviewInputSchema,
    responses: {
      200: { description: 'The rendered answer.', schema: dataEnvelope('preview', ref(ResponsePreviewSchema)) },
    },
    errors: ['INBOX_NOT_FOUND', 'EVENT_NOT_FOUND', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: 'none',
    handler: async (request) => {
      const principal = await principalOf(deps, request);
      const body = jsonObjectBody(request);
      if (typeof body['eventId'] !== 'string') {
        throw new AppError('VALIDATION_FAILED', {
          message: 'eventId must be the id of a captured event of this inbox',
          details: [{ path: '/eventId', message: 'required: an event id (evt_...)' }],
        });
      }
      const resolved = await previewInboxResponse(deps, principal, pathParam(request, 'inboxId'), {
        response: body['response'],
        eventId: body['eventId'],
      });
      return {
        data: {
          preview: {
            answer: responseAnswerJson(resolved.answer ?? CONTRACT_RESPONSE_ANSWER),
            rule: resolved.record.rule,
            error: resolved.record.error ?? null,
          },
        },
      };
    },
  });
}
