import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { createInbox, deleteInbox, getReadableInbox, listInboxes, saveInbox } from '../../../services/inboxes.js';
import { clientAddress, rateLimited } from '../../../abuse/api-limits.js';
import type { ApiContext } from '../app.js';
import { inboxJson } from '../present.js';
import { pathParam, principalOf } from '../request.js';
import { dataEnvelope, InboxIdParams, routeSchema } from '../route-schema.js';
import { InboxSchema, ref } from '../schemas.js';

const InboxEnvelope = dataEnvelope('inbox', ref(InboxSchema));

export function registerInboxRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  app.post('/api/v1/inboxes', {
    schema: routeSchema('POST', {
      operationId: 'createInbox',
      summary: 'Create an inbox',
      description:
        'Without a token: an anonymous inbox that expires after REHOOK_ANON_TTL (48 h). With a token: a ' +
        'persistent inbox owned by the account. The request body is ignored.',
      tag: 'Inboxes',
      access: 'anonymous-or-token',
      responses: { 201: { description: 'The new inbox.', schema: InboxEnvelope } },
      errors: ['RATE_LIMITED'],
    }),
  }, async (request, reply) => {
    const principal = await principalOf(deps, request);
    if (principal.kind === 'anonymous' && ctx.abuse) {
      const allowed = ctx.abuse.anonInboxes.take(clientAddress(request, ctx.trustProxy));
      if (!allowed.ok) throw rateLimited(reply, allowed.retryAfterMs, 'Too many anonymous inboxes created from this address');
    }
    const inbox = await createInbox(deps, principal);
    return reply.code(201).send({ data: { inbox: inboxJson(inbox, ctx.ingestOrigin()) } });
  });

  app.get('/api/v1/inboxes', {
    config: { requiresAccount: true },
    schema: routeSchema('GET', {
      operationId: 'listInboxes',
      summary: "The account's inboxes",
      description: 'Every live inbox owned by the token\'s account, newest first.',
      tag: 'Inboxes',
      access: 'token',
      responses: {
        200: {
          description: 'The inboxes.',
          schema: dataEnvelope('inboxes', Type.Array(ref(InboxSchema))),
        },
      },
      errors: [],
    }),
  }, async (request) => {
    const inboxes = await listInboxes(deps, await principalOf(deps, request));
    return { data: { inboxes: inboxes.map((inbox) => inboxJson(inbox, ctx.ingestOrigin())) } };
  });

  app.get('/api/v1/inboxes/:inboxId', {
    config: { shareReadable: true },
    schema: routeSchema('GET', {
      operationId: 'getInbox',
      share: true,
      summary: 'One inbox',
      tag: 'Inboxes',
      access: 'anonymous-or-token',
      params: InboxIdParams,
      responses: { 200: { description: 'The inbox.', schema: InboxEnvelope } },
      errors: ['INBOX_NOT_FOUND'],
    }),
  }, async (request) => {
    const inbox = await getReadableInbox(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
    return { data: { inbox: inboxJson(inbox, ctx.ingestOrigin()) } };
  });

  app.delete('/api/v1/inboxes/:inboxId', {
    schema: routeSchema('DELETE', {
      operationId: 'deleteInbox',
      summary: 'Delete an inbox with its events and replays',
      description: 'An owned inbox only by its owner; an anonymous inbox by anyone who holds its id.',
      tag: 'Inboxes',
      access: 'anonymous-or-token',
      params: InboxIdParams,
      responses: { 204: { description: 'Deleted.' } },
      errors: ['INBOX_NOT_FOUND'],
    }),
  }, async (request, reply) => {
    await deleteInbox(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
    return reply.code(204).send();
  });

  app.post('/api/v1/inboxes/:inboxId/save', {
    config: { requiresAccount: true },
    schema: routeSchema('POST', {
      operationId: 'saveInbox',
      summary: 'Make an anonymous inbox persistent and owned by the account',
      description: 'Saving an inbox the account already owns answers it unchanged.',
      tag: 'Inboxes',
      access: 'token',
      params: InboxIdParams,
      responses: { 200: { description: 'The saved inbox.', schema: InboxEnvelope } },
      errors: ['INBOX_NOT_FOUND'],
    }),
  }, async (request) => {
    const inbox = await saveInbox(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
    return { data: { inbox: inboxJson(inbox, ctx.ingestOrigin()) } };
  });
}
