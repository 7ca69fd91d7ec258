import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { withStats } from '../../../services/inboxes.js';
import { createShare, listShares, resolveShare, revokeShare } from '../../../services/shares.js';
import type { ApiContext } from '../core/context.js';
import { createdShareJson, inboxJson, shareJson } from '../core/present.js';
import { pathParam, principalOf } from '../core/request.js';
import { dataEnvelope, InboxIdParams } from '../core/route-schema.js';
import { CreatedShareSchema, InboxSchema, ref, ShareSchema } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { answered, param } from '../core/audit-trail.js';

const OWNER_ONLY =
  'Only the owner of a saved inbox (its token or session); an anonymous inbox answers 409 INBOX_NOT_SAVED ' +
  "(save it first), another account's 404 INBOX_NOT_FOUND, a sharing link 403 SHARE_READ_ONLY.";

/**
 * Read-only sharing links (services/shares.ts): the owner creates, lists and revokes the links
 * of a saved inbox; `GET /api/v1/shares/:token` tells the web app's `/s/<token>` page which
 * inbox a link reads. Reading with a link is done on the inbox and event routes themselves
 * (those declared `share: true`), with `X-Rehook-Share` or `?share=`.
 */
export function registerShareRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/inboxes/:inboxId/shares',
    operationId: 'createShare',
    summary: 'Create a read-only sharing link of a saved inbox',
    description:
      `${OWNER_ONLY} The answer carries the link's token, shown this once (only a hash is stored), and ` +
      'the path of its page in the web app. Whoever holds the token reads the inbox, its events and ' +
      'their live stream, nothing else, until the link is revoked. The request body is ignored.',
    tag: 'Shares',
    access: 'token',
    scope: 'manage',
    inbox: 'inboxId',
    params: InboxIdParams,
    responses: {
      201: { description: 'The new link, with its token.', schema: dataEnvelope('share', ref(CreatedShareSchema)) },
    },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: {
      action: 'share.created',
      target: answered('share', 'share'),
      detail: (seen) => ({ inboxId: seen.params['inboxId'] ?? null }),
    },
    handler: async (request, reply) => {
      const { share, token } = await createShare(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
      return reply.code(201).send({ data: { share: createdShareJson(share, token) } });
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId/shares',
    operationId: 'listShares',
    summary: 'The sharing links of a saved inbox, newest first',
    description: `${OWNER_ONLY} Links are listed without their tokens; revoked links are gone.`,
    tag: 'Shares',
    access: 'token',
    scope: 'manage',
    inbox: 'inboxId',
    params: InboxIdParams,
    responses: { 200: { description: 'The links.', schema: dataEnvelope('shares', Type.Array(ref(ShareSchema))) } },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED'],
    audit: 'none',
    handler: async (request) => {
      const shares = await listShares(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
      return { data: { shares: shares.map(shareJson) } };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/inboxes/:inboxId/shares/:shareId',
    operationId: 'revokeShare',
    summary: 'Revoke a sharing link',
    description:
      `${OWNER_ONLY} The link stops working at once: the next request made with it gets 404 ` +
      'SHARE_NOT_FOUND, and its open live streams and waiting long-polls end, on every instance. ' +
      'Revoking it again answers 404 SHARE_NOT_FOUND.',
    tag: 'Shares',
    access: 'token',
    scope: 'manage',
    inbox: 'inboxId',
    params: Type.Object({
      inboxId: Type.String({ description: 'Inbox id (inb_...).' }),
      shareId: Type.String({ description: 'Link id (shr_...).' }),
    }),
    responses: { 204: { description: 'Revoked.' } },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED', 'SHARE_NOT_FOUND'],
    audit: {
      action: 'share.revoked',
      target: param('share', 'shareId'),
      detail: (seen) => ({ inboxId: seen.params['inboxId'] ?? null }),
    },
    handler: async (request, reply) => {
      await revokeShare(deps, await principalOf(deps, request), {
        inboxId: pathParam(request, 'inboxId'),
        shareId: pathParam(request, 'shareId'),
      });
      return reply.code(204).send();
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/shares/:token',
    operationId: 'resolveShare',
    summary: 'The inbox a sharing link reads',
    description:
      "For the web app's /s/<token> page: no other credential is needed (the token in the path is one). " +
      'An unknown or revoked link, or one whose inbox was deleted, is 404 SHARE_NOT_FOUND.',
    tag: 'Shares',
    access: 'public',
    scope: 'none',
    share: true,
    params: Type.Object({ token: Type.String({ description: "The link's token (rhl_...)." }) }),
    responses: { 200: { description: 'The inbox.', schema: dataEnvelope('inbox', ref(InboxSchema)) } },
    errors: ['SHARE_NOT_FOUND'],
    audit: 'none',
    handler: async (request) => {
      const { inbox } = await resolveShare(deps, pathParam(request, 'token'));
      const [shown] = await withStats(deps, [inbox]);
      return {
        data: {
          // A link only reads, whoever follows it.
          inbox: inboxJson(shown ?? { ...inbox, eventCount: 0, lastEventAt: null }, ctx.ingestOrigin(), {
            role: null,
            permissions: { read: true, replay: false, manage: false },
          }),
        },
      };
    },
  });
}
