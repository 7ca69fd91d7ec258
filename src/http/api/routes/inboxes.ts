import type { FastifyInstance } from 'fastify';
import { createInbox, deleteInbox, getReadableInbox, listInboxes, saveInbox } from '../../../services/inboxes.js';
import { clientAddress, rateLimited } from '../../../abuse/api-limits.js';
import type { ApiContext } from '../app.js';
import { inboxJson } from '../present.js';
import { pathParam, principalOf } from '../request.js';

export function registerInboxRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  app.post('/api/v1/inboxes', async (request, reply) => {
    const principal = await principalOf(deps, request);
    if (principal.kind === 'anonymous' && ctx.abuse) {
      const allowed = ctx.abuse.anonInboxes.take(clientAddress(request, ctx.trustProxy));
      if (!allowed.ok) throw rateLimited(reply, allowed.retryAfterMs, 'Too many anonymous inboxes created from this address');
    }
    const inbox = await createInbox(deps, principal);
    return reply.code(201).send({ data: { inbox: inboxJson(inbox, ctx.ingestOrigin()) } });
  });

  app.get('/api/v1/inboxes', { config: { requiresAccount: true } }, async (request) => {
    const inboxes = await listInboxes(deps, await principalOf(deps, request));
    return { data: { inboxes: inboxes.map((inbox) => inboxJson(inbox, ctx.ingestOrigin())) } };
  });

  app.get('/api/v1/inboxes/:inboxId', async (request) => {
    const inbox = await getReadableInbox(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
    return { data: { inbox: inboxJson(inbox, ctx.ingestOrigin()) } };
  });

  app.delete('/api/v1/inboxes/:inboxId', async (request, reply) => {
    await deleteInbox(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
    return reply.code(204).send();
  });

  app.post('/api/v1/inboxes/:inboxId/save', { config: { requiresAccount: true } }, async (request) => {
    const inbox = await saveInbox(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
    return { data: { inbox: inboxJson(inbox, ctx.ingestOrigin()) } };
  });
}
