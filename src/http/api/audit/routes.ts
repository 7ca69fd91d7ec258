import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AuditPage, type AuditPageInput, listAccountAudit, listTeamAudit } from '../../../services/audit.js';
import { AUDIT_ACTIONS } from '../../../domain/audit.js';
import { auditEntryJson, AuditEntrySchema } from './schemas.js';
import type { ApiContext } from '../core/context.js';
import { pageLimit, pathParam, principalOf, queryParam } from '../core/request.js';
import { ref } from '../core/schemas.js';
import { addEndpoint } from '../core/endpoint.js';

const DEFAULT_AUDIT_PAGE = 50;
const MAX_AUDIT_PAGE = 200;

const PAGING =
  'Newest first. When older entries remain, the `Link` header carries the next page ' +
  '(`<...?limit=50&before=aud_...>; rel="next"`) and `data.nextBefore` its cursor; the filters stay in it.';

const AuditQuery = Type.Object({
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_AUDIT_PAGE, default: DEFAULT_AUDIT_PAGE, description: 'Page size.' }),
  ),
  before: Type.Optional(Type.String({ description: 'Only entries older than this entry id (the Link cursor).' })),
  action: Type.Optional(Type.String({ description: `Only this action: ${AUDIT_ACTIONS.join(', ')}.` })),
  actor: Type.Optional(Type.String({ description: 'Only entries by this account, token or sharing link (id).' })),
});

const AuditPageEnvelope = Type.Object(
  {
    data: Type.Object(
      {
        entries: Type.Array(ref(AuditEntrySchema)),
        nextBefore: Type.Union([Type.String(), Type.Null()], { description: 'Cursor of the next page, or null.' }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

function pageInput(request: FastifyRequest): AuditPageInput {
  return {
    limit: pageLimit(queryParam(request, 'limit'), DEFAULT_AUDIT_PAGE, MAX_AUDIT_PAGE),
    before: queryParam(request, 'before'),
    action: queryParam(request, 'action'),
    actor: queryParam(request, 'actor'),
  };
}

/** The page as the answer: entries, the next cursor, and the same cursor as a Link with the filters kept. */
function sendPage(reply: FastifyReply, path: string, input: AuditPageInput, page: AuditPage) {
  if (page.nextBefore !== null) {
    const query = new URLSearchParams({ limit: String(input.limit), before: page.nextBefore });
    if (input.action !== undefined) query.set('action', input.action);
    if (input.actor !== undefined) query.set('actor', input.actor);
    void reply.header('link', `<${path}?${query.toString()}>; rel="next"`);
  }
  return { data: { entries: page.entries.map(auditEntryJson), nextBefore: page.nextBefore } };
}

/** The audit logs (services/audit.ts): one's own, and a team's for its owners and admins. */
export function registerAuditRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/account/audit',
    operationId: 'listAccountAudit',
    summary: "The caller's own audit log",
    description:
      'What this account did (sign-ins, tokens, secrets, forwarding, links, teams, inboxes, replays), and ' +
      `sign-in attempts made with its e-mail. ${PAGING} Never holds a secret, token or body.`,
    tag: 'Accounts',
    access: 'token',
    scope: 'manage',
    querystring: AuditQuery,
    responses: { 200: { description: 'One page of entries.', schema: AuditPageEnvelope } },
    errors: ['VALIDATION_FAILED'],
    audit: 'none',
    handler: async (request, reply) => {
      const input = pageInput(request);
      const page = await listAccountAudit(deps, await principalOf(deps, request), input);
      return sendPage(reply, '/api/v1/account/audit', input, page);
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/teams/:teamId/audit',
    operationId: 'listTeamAudit',
    summary: "A team's audit log (owners and admins)",
    description:
      'What was done to the team (members, invitations) and to its inboxes, by anyone. Members and viewers get 403 FORBIDDEN naming their role; non-members 404 TEAM_NOT_FOUND. ' +
      'A token limited to the team reads it too (with the manage scope, as an owner or admin). ' +
      PAGING,
    tag: 'Teams',
    access: 'token',
    scope: 'manage',
    team: 'teamId',
    params: Type.Object({ teamId: Type.String({ description: 'Team id (tem_...).' }) }),
    querystring: AuditQuery,
    responses: { 200: { description: 'One page of entries.', schema: AuditPageEnvelope } },
    errors: ['VALIDATION_FAILED', 'TEAM_NOT_FOUND', 'FORBIDDEN'],
    audit: 'none',
    handler: async (request, reply) => {
      const teamId = pathParam(request, 'teamId');
      const input = pageInput(request);
      const page = await listTeamAudit(deps, await principalOf(deps, request), teamId, input);
      return sendPage(reply, `/api/v1/teams/${encodeURIComponent(teamId)}/audit`, input, page);
    },
  });
}
