import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import {
  createInbox,
  deleteInbox,
  getInbox,
  type InboxAccess,
  inboxAccess,
  inboxAccessList,
  listInboxes,
  moveInbox,
  MAX_INBOX_NAME_LENGTH,
  parseInboxName,
  renameInbox,
  saveInbox,
} from '../../../services/inboxes.js';
import { clientAddress, rateLimited } from '../../../abuse/api-limits.js';
import { AppError } from '../../../errors.js';
import type { ApiContext } from '../core/context.js';
import { inboxJson } from '../core/present.js';
import { jsonObjectBody, pathParam, principalOf } from '../core/request.js';
import { dataEnvelope, InboxIdParams } from '../core/route-schema.js';
import { InboxSchema, ref } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { answered, field, inboxTarget, text } from '../core/audit-trail.js';

const InboxEnvelope = dataEnvelope('inbox', ref(InboxSchema));

const NameField = Type.Union([Type.String({ minLength: 1, maxLength: MAX_INBOX_NAME_LENGTH }), Type.Null()], {
  description: `A name for the inbox: 1 to ${MAX_INBOX_NAME_LENGTH} printable characters (trimmed), or null for none.`,
});

export function registerInboxRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/inboxes',
    operationId: 'createInbox',
    summary: 'Create an inbox',
    description:
      'Without a token: an anonymous inbox that expires after REHOOK_ANON_TTL (48 h). With a token: a ' +
      'persistent inbox owned by the account. The body is optional: `{"name": "..."}` names the inbox; ' +
      'no body, an empty one, or `{}` makes an inbox without a name. `{"teamId": "tem_..."}` (with a token) ' +
      "makes a team's inbox: members, admins and owners of the team may (a viewer gets 403 FORBIDDEN). " +
      "A token limited to a team makes that team's inboxes.",
    tag: 'Inboxes',
    access: 'anonymous-or-token',
    scope: 'manage',
    team: 'create',
    body: Type.Object({
      name: Type.Optional(NameField),
      teamId: Type.Optional(Type.String({ description: 'Make the inbox a team inbox of this team (tem_...).' })),
    }),
    bodyOptional: true,
    responses: { 201: { description: 'The new inbox.', schema: InboxEnvelope } },
    errors: ['RATE_LIMITED', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE', 'TEAM_NOT_FOUND', 'FORBIDDEN'],
    audit: {
      action: 'inbox.created',
      target: answered('inbox', 'inbox'),
      teamFromAnswer: (seen) => text(field(seen.data['inbox'], 'teamId')),
    },
    handler: async (request, reply) => {
      const principal = await principalOf(deps, request);
      // Checked before the rate limit: a refused request does not use up the address's budget.
      const body = jsonObjectBody(request);
      const name = body['name'] === undefined ? null : parseInboxName(body['name']);
      if (principal.kind === 'anonymous' && ctx.abuse) {
        const allowed = ctx.abuse.anonInboxes.take(clientAddress(request, ctx.trustProxy));
        if (!allowed.ok)
          throw rateLimited(reply, allowed.retryAfterMs, 'Too many anonymous inboxes created from this address');
      }
      const teamId = typeof body['teamId'] === 'string' ? body['teamId'] : undefined;
      const inbox = await createInbox(deps, principal, { name, teamId });
      const access = await inboxAccess(deps, principal, inbox);
      return reply.code(201).send({ data: { inbox: inboxJson(inbox, ctx.ingestOrigin(), access) } });
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes',
    operationId: 'listInboxes',
    summary: "The account's inboxes",
    description: "Every live inbox owned by the token's account, newest first.",
    tag: 'Inboxes',
    access: 'token',
    scope: 'read',
    inbox: 'list',
    responses: {
      200: {
        description: 'The inboxes.',
        schema: dataEnvelope('inboxes', Type.Array(ref(InboxSchema))),
      },
    },
    errors: [],
    audit: 'none',
    handler: async (request) => {
      const principal = await principalOf(deps, request);
      const inboxes = await listInboxes(deps, principal);
      const access = await inboxAccessList(deps, principal, inboxes);
      return {
        data: {
          inboxes: inboxes.map((inbox, index) => inboxJson(inbox, ctx.ingestOrigin(), access[index] as InboxAccess)),
        },
      };
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/inboxes/:inboxId',
    operationId: 'getInbox',
    share: true,
    summary: 'One inbox',
    tag: 'Inboxes',
    access: 'anonymous-or-token',
    scope: 'read',
    inbox: 'inboxId',
    params: InboxIdParams,
    responses: { 200: { description: 'The inbox.', schema: InboxEnvelope } },
    errors: ['INBOX_NOT_FOUND'],
    audit: 'none',
    handler: async (request) => {
      const principal = await principalOf(deps, request);
      const inbox = await getInbox(deps, principal, pathParam(request, 'inboxId'));
      return { data: { inbox: inboxJson(inbox, ctx.ingestOrigin(), await inboxAccess(deps, principal, inbox)) } };
    },
  });

  addEndpoint(app, {
    method: 'PATCH',
    url: '/api/v1/inboxes/:inboxId',
    operationId: 'renameInbox',
    summary: 'Rename an inbox',
    description:
      'Sets the name of the inbox (`null` removes it). Same access as deleting it: an owned inbox only ' +
      'by its owner; an anonymous inbox by anyone who holds its id.',
    tag: 'Inboxes',
    access: 'anonymous-or-token',
    scope: 'manage',
    inbox: 'inboxId',
    params: InboxIdParams,
    body: Type.Object({ name: NameField }),
    responses: { 200: { description: 'The renamed inbox.', schema: InboxEnvelope } },
    errors: ['INBOX_NOT_FOUND', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: { action: 'inbox.renamed', target: inboxTarget },
    handler: async (request) => {
      const principal = await principalOf(deps, request);
      const body = jsonObjectBody(request);
      const inbox = await renameInbox(deps, principal, { inboxId: pathParam(request, 'inboxId'), name: body['name'] });
      return { data: { inbox: inboxJson(inbox, ctx.ingestOrigin(), await inboxAccess(deps, principal, inbox)) } };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/inboxes/:inboxId',
    operationId: 'deleteInbox',
    summary: 'Delete an inbox with its events and replays',
    description: 'An owned inbox only by its owner; an anonymous inbox by anyone who holds its id.',
    tag: 'Inboxes',
    access: 'anonymous-or-token',
    scope: 'manage',
    inbox: 'inboxId',
    params: InboxIdParams,
    responses: { 204: { description: 'Deleted.' } },
    errors: ['INBOX_NOT_FOUND'],
    audit: { action: 'inbox.deleted', target: inboxTarget },
    handler: async (request, reply) => {
      await deleteInbox(deps, await principalOf(deps, request), pathParam(request, 'inboxId'));
      return reply.code(204).send();
    },
  });

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/inboxes/:inboxId/save',
    operationId: 'saveInbox',
    summary: 'Make an anonymous inbox persistent and owned by the account',
    description: 'Saving an inbox the account already owns answers it unchanged.',
    tag: 'Inboxes',
    access: 'token',
    scope: 'manage',
    inbox: 'inboxId',
    params: InboxIdParams,
    responses: { 200: { description: 'The saved inbox.', schema: InboxEnvelope } },
    errors: ['INBOX_NOT_FOUND'],
    audit: { action: 'inbox.saved', target: inboxTarget },
    handler: async (request) => {
      const principal = await principalOf(deps, request);
      const inbox = await saveInbox(deps, principal, pathParam(request, 'inboxId'));
      return { data: { inbox: inboxJson(inbox, ctx.ingestOrigin(), await inboxAccess(deps, principal, inbox)) } };
    },
  });

  addEndpoint(app, {
    method: 'PUT',
    url: '/api/v1/inboxes/:inboxId/owner',
    operationId: 'moveInbox',
    summary: "Move a saved inbox between the account and the account's teams",
    description:
      '`{"teamId": "tem_..."}` gives the inbox to that team, `{"account": "me"}` to the calling account. ' +
      'Its events, replays and settings go with it. The caller must manage the inbox (its account, or an ' +
      'admin or owner of its team) and be admin or owner of the team it goes to (403 FORBIDDEN naming the ' +
      'role otherwise). An anonymous inbox answers 409 INBOX_NOT_SAVED.',
    tag: 'Inboxes',
    access: 'token',
    scope: 'manage',
    inbox: 'inboxId',
    params: InboxIdParams,
    body: Type.Object(
      {
        teamId: Type.Optional(Type.String({ description: 'The team to give the inbox to (tem_...).' })),
        account: Type.Optional(Type.Literal('me', { description: 'Give the inbox to the calling account.' })),
      },
      { additionalProperties: false },
    ),
    responses: { 200: { description: 'The moved inbox.', schema: InboxEnvelope } },
    errors: ['INBOX_NOT_FOUND', 'INBOX_NOT_SAVED', 'TEAM_NOT_FOUND', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: {
      action: 'inbox.moved',
      target: inboxTarget,
      detail: (seen) => ({ toTeamId: text(field(seen.data['inbox'], 'teamId')) }),
      teamFromAnswer: (seen) => text(field(seen.data['inbox'], 'teamId')),
    },
    handler: async (request) => {
      const body = jsonObjectBody(request);
      // Exactly one of the two: where the inbox goes must be said, and said once.
      if ((body['teamId'] === undefined) === (body['account'] === undefined)) {
        throw new AppError('VALIDATION_FAILED', {
          message: 'Say where the inbox goes: {"teamId": "tem_..."} or {"account": "me"}',
          details: [{ path: '', message: 'must have exactly one of teamId, account' }],
        });
      }
      const to = typeof body['teamId'] === 'string' ? body['teamId'] : null;
      const principal = await principalOf(deps, request);
      const inbox = await moveInbox(deps, principal, { inboxId: pathParam(request, 'inboxId'), to });
      return { data: { inbox: inboxJson(inbox, ctx.ingestOrigin(), await inboxAccess(deps, principal, inbox)) } };
    },
  });
}
