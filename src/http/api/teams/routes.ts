import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';

import { TEAM_ROLES } from '../../../domain/team.js';
import {
  acceptInvitation,
  createInvitation,
  findInvitation,
  listInvitations,
  MAX_INVITATION_HOURS,
  revokeInvitation,
} from '../../../services/invitations.js';
import {
  changeMemberRole,
  createTeam,
  deleteTeam,
  getMembership,
  listMembers,
  listTeams,
  removeMember,
  renameTeam,
} from '../../../services/teams.js';
import type { ApiContext } from '../core/context.js';
import { jsonObjectBody, pathParam, principalOf } from '../core/request.js';
import { dataEnvelope } from '../core/route-schema.js';
import { ref } from '../core/schemas.js';
import {
  CreatedInvitationSchema,
  createdInvitationJson,
  InvitationPreviewSchema,
  InvitationSchema,
  invitationJson,
  invitationPreviewJson,
  TeamMemberSchema,
  teamJson,
  teamMemberJson,
  TeamSchema,
} from './schemas.js';
import { addEndpoint } from '../core/endpoint.js';
import { signinAttempts } from '../core/signin-budget.js';
import { listed, removed } from '../core/path-id-answers.js';
import { answered, field, ownAccount, param, text } from '../core/audit-trail.js';

const TeamId = Type.String({ description: 'Team id (tem_...).' });
const TeamIdParams = Type.Object({ teamId: TeamId });
const MemberParams = Type.Object({
  teamId: TeamId,
  accountId: Type.String({ description: "The member's account id (acc_...)." }),
});
const InvitationParams = Type.Object({
  teamId: TeamId,
  invitationId: Type.String({ description: 'Invitation id (inv_...).' }),
});
const InvitationTokenParams = Type.Object({ token: Type.String({ description: "The link's token (rhi_...)." }) });
const NameBody = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, description: 'The team name: 1 to 100 printable characters.' }),
});
const RoleField = Type.Union(
  TEAM_ROLES.map((role) => Type.Literal(role)),
  { description: 'owner, admin, member or viewer.' },
);
const TeamEnvelope = dataEnvelope('team', ref(TeamSchema));
const MEMBERS_ONLY = 'Members of the team only; anyone else gets 404 TEAM_NOT_FOUND.';
/** What every route on one team has in common: a token's caller, the team named by the path. */
const OF_A_TEAM = { tag: 'Teams', access: 'token', team: 'teamId' } as const;

/**
 * `/api/v1/teams/...` (services/teams.ts and services/invitations.ts): teams, their members and
 * roles, and invitation links; `POST /api/v1/invitations/<token>/accept` joins a team. The role
 * rules on the team's inboxes are applied by the inbox routes themselves (services/inboxes.ts).
 */
export function registerTeamRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { deps } = ctx;
  /** Looking a link up or using it is as good a guess at its token as a password: the sign-in budget. */
  const takeInvitationAttempt = signinAttempts(ctx, 'invitation');

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/teams',
    operationId: 'createTeam',
    summary: 'Create a team (the caller is its owner)',
    tag: 'Teams',
    access: 'token',
    scope: 'manage',
    body: NameBody,
    responses: { 201: { description: 'The new team.', schema: TeamEnvelope } },
    errors: ['VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: {
      action: 'team.created',
      target: answered('team', 'team'),
      teamFromAnswer: (seen) => text(field(seen.data['team'], 'id')),
    },
    handler: async (request, reply) => {
      const team = await createTeam(deps, await principalOf(deps, request), { name: jsonObjectBody(request)['name'] });
      return reply.code(201).send({ data: { team: teamJson(team) } });
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/teams',
    operationId: 'listTeams',
    summary: "The caller's teams, with its role in each, by name",
    tag: 'Teams',
    access: 'token',
    scope: 'read',
    team: 'list',
    responses: { 200: { description: 'The teams.', schema: dataEnvelope('teams', Type.Array(ref(TeamSchema))) } },
    errors: [],
    audit: 'none',
    handler: async (request) => {
      const teams = await listTeams(deps, await principalOf(deps, request));
      return { data: { teams: teams.map(teamJson) } };
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/teams/:teamId',
    operationId: 'getTeam',
    summary: "A team, with the caller's role in it",
    description: MEMBERS_ONLY,
    ...OF_A_TEAM,
    scope: 'read',
    params: TeamIdParams,
    responses: { 200: { description: 'The team.', schema: TeamEnvelope } },
    errors: ['TEAM_NOT_FOUND'],
    audit: 'none',
    handler: async (request) => {
      const team = await getMembership(deps, await principalOf(deps, request), pathParam(request, 'teamId'));
      return { data: { team: teamJson(team) } };
    },
  });

  addEndpoint(app, {
    method: 'PATCH',
    url: '/api/v1/teams/:teamId',
    operationId: 'renameTeam',
    summary: 'Rename a team (admins and owners)',
    description: `${MEMBERS_ONLY} Members and viewers get 403 FORBIDDEN.`,
    ...OF_A_TEAM,
    scope: 'manage',
    params: TeamIdParams,
    body: NameBody,
    responses: { 200: { description: 'The renamed team.', schema: TeamEnvelope } },
    errors: ['TEAM_NOT_FOUND', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: { action: 'team.renamed', target: param('team', 'teamId') },
    handler: async (request) => {
      const team = await renameTeam(deps, await principalOf(deps, request), pathParam(request, 'teamId'), {
        name: jsonObjectBody(request)['name'],
      });
      return { data: { team: teamJson(team) } };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/teams/:teamId',
    operationId: 'deleteTeam',
    summary: 'Delete a team with its inboxes (owners only)',
    description:
      `${MEMBERS_ONLY} The team's inboxes are deleted with their events, replays and settings; its members ` +
      'and invitations go. Admins, members and viewers get 403 FORBIDDEN.',
    ...OF_A_TEAM,
    scope: 'manage',
    params: TeamIdParams,
    ...removed(deps, 'teamId', 'Deleted.', deleteTeam),
    errors: ['TEAM_NOT_FOUND'],
    audit: { action: 'team.deleted', target: param('team', 'teamId') },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/teams/:teamId/members',
    operationId: 'listTeamMembers',
    summary: 'The members of a team with their roles, in the order they joined',
    description: MEMBERS_ONLY,
    ...OF_A_TEAM,
    scope: 'read',
    params: TeamIdParams,
    ...listed(
      deps,
      'teamId',
      { key: 'members', description: 'The members.', item: ref(TeamMemberSchema) },
      listMembers,
      teamMemberJson,
    ),
    errors: ['TEAM_NOT_FOUND'],
    audit: 'none',
  });

  addEndpoint(app, {
    method: 'PATCH',
    url: '/api/v1/teams/:teamId/members/:accountId',
    operationId: 'changeTeamMemberRole',
    summary: "Change a member's role",
    description:
      `${MEMBERS_ONLY} Owners set any role; admins manage members below owner (403 FORBIDDEN for making or ` +
      'changing an owner); members and viewers get 403 FORBIDDEN. Demoting the last owner is 409 LAST_OWNER. ' +
      'The member gets the new role at once, on every instance.',
    ...OF_A_TEAM,
    scope: 'manage',
    params: MemberParams,
    body: Type.Object({ role: RoleField }),
    responses: { 200: { description: 'The member.', schema: dataEnvelope('member', ref(TeamMemberSchema)) } },
    errors: ['TEAM_NOT_FOUND', 'MEMBER_NOT_FOUND', 'LAST_OWNER', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: {
      action: 'member.role_changed',
      target: param('account', 'accountId'),
      detail: (seen) => ({ role: text(seen.body['role']) }),
    },
    handler: async (request) => {
      const member = await changeMemberRole(deps, await principalOf(deps, request), {
        teamId: pathParam(request, 'teamId'),
        accountId: pathParam(request, 'accountId'),
        role: jsonObjectBody(request)['role'],
      });
      return { data: { member: teamMemberJson(member) } };
    },
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/teams/:teamId/members/:accountId',
    operationId: 'removeTeamMember',
    summary: 'Remove a member, or leave the team (your own account id)',
    description:
      `${MEMBERS_ONLY} Anyone may leave; removing someone else takes an admin (members below owner) or an ` +
      'owner. The last owner cannot leave: 409 LAST_OWNER. The team keeps its inboxes. A removed member ' +
      "loses access at once, on every instance; its open live streams of the team's inboxes end.",
    ...OF_A_TEAM,
    scope: 'manage',
    params: MemberParams,
    ...removed(deps, { teamId: 'teamId', accountId: 'accountId' }, 'Removed.', removeMember),
    errors: ['TEAM_NOT_FOUND', 'MEMBER_NOT_FOUND', 'LAST_OWNER'],
    audit: {
      action: 'member.removed',
      target: param('account', 'accountId'),
      detail: (seen) => ({ left: seen.params['accountId'] === seen.accountId }),
    },
  });

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/teams/:teamId/invitations',
    operationId: 'createTeamInvitation',
    summary: 'Create an invitation link to join the team with a role',
    description:
      `${MEMBERS_ONLY} Admins and owners; never for a role above one's own (403 FORBIDDEN). The answer ` +
      "carries the link's token and the path of its page, /join/<token>, shown this once (only a hash is " +
      'stored). The link works once, until it expires (`expiresInHours`, default 168: 7 days) or is revoked.',
    ...OF_A_TEAM,
    scope: 'manage',
    params: TeamIdParams,
    body: Type.Object({
      role: RoleField,
      expiresInHours: Type.Optional(
        Type.Integer({
          minimum: 1,
          maximum: MAX_INVITATION_HOURS,
          description: 'Hours the link works (default 168).',
        }),
      ),
    }),
    responses: {
      201: {
        description: 'The new invitation, with its token.',
        schema: dataEnvelope('invitation', ref(CreatedInvitationSchema)),
      },
    },
    errors: ['TEAM_NOT_FOUND', 'VALIDATION_FAILED', 'UNSUPPORTED_MEDIA_TYPE'],
    audit: {
      action: 'member.invited',
      target: answered('invitation', 'invitation'),
      detail: (seen) => ({ role: text(field(seen.data['invitation'], 'role')) }),
    },
    handler: async (request, reply) => {
      const body = jsonObjectBody(request);
      const { invitation, token } = await createInvitation(
        deps,
        await principalOf(deps, request),
        pathParam(request, 'teamId'),
        {
          role: body['role'],
          expiresInHours: body['expiresInHours'],
        },
      );
      return reply.code(201).send({ data: { invitation: createdInvitationJson(invitation, token) } });
    },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/teams/:teamId/invitations',
    operationId: 'listTeamInvitations',
    summary: "The team's unused invitation links, newest first (without tokens)",
    description: `${MEMBERS_ONLY} Admins and owners; expired links are listed until revoked.`,
    ...OF_A_TEAM,
    scope: 'read',
    params: TeamIdParams,
    ...listed(
      deps,
      'teamId',
      { key: 'invitations', description: 'The invitations.', item: ref(InvitationSchema) },
      listInvitations,
      invitationJson,
    ),
    errors: ['TEAM_NOT_FOUND'],
    audit: 'none',
  });

  addEndpoint(app, {
    method: 'DELETE',
    url: '/api/v1/teams/:teamId/invitations/:invitationId',
    operationId: 'revokeTeamInvitation',
    summary: 'Revoke an invitation link',
    description: `${MEMBERS_ONLY} Admins and owners. The link stops working at once.`,
    ...OF_A_TEAM,
    scope: 'manage',
    params: InvitationParams,
    ...removed(deps, { teamId: 'teamId', invitationId: 'invitationId' }, 'Revoked.', revokeInvitation),
    errors: ['TEAM_NOT_FOUND', 'INVITATION_NOT_FOUND'],
    audit: { action: 'invitation.revoked', target: param('invitation', 'invitationId') },
  });

  addEndpoint(app, {
    method: 'GET',
    url: '/api/v1/invitations/:token',
    operationId: 'getTeamInvitation',
    summary: 'What an invitation link offers, before joining',
    description:
      "The team's id and name, the role and the maker's e-mail of a link, for the invited account to " +
      'decide before joining; nothing is used up. Signed-in accounts only. 404 INVITATION_NOT_FOUND exactly ' +
      'when accepting would be (unknown, expired, used or revoked, or its maker may no longer invite at its ' +
      'role). Limited per client address with accepting (REHOOK_RATE_SIGNIN).',
    tag: 'Teams',
    access: 'token',
    scope: 'read',
    params: InvitationTokenParams,
    responses: {
      200: { description: 'The invitation.', schema: dataEnvelope('invitation', ref(InvitationPreviewSchema)) },
    },
    errors: ['INVITATION_NOT_FOUND', 'RATE_LIMITED'],
    audit: 'none',
    handler: async (request, reply) => {
      takeInvitationAttempt(request, reply);
      const invitation = await findInvitation(deps, await principalOf(deps, request), pathParam(request, 'token'));
      return { data: { invitation: invitationPreviewJson(invitation) } };
    },
  });

  addEndpoint(app, {
    method: 'POST',
    url: '/api/v1/invitations/:token/accept',
    operationId: 'acceptTeamInvitation',
    summary: 'Join a team with an invitation link',
    description:
      'The calling account joins the team with the role of the invitation, and the link is used up (an ' +
      'account that is a member already keeps its role). An expired, used, revoked or unknown link is 404 ' +
      'INVITATION_NOT_FOUND. Limited per client address like sign-in (REHOOK_RATE_SIGNIN). The body is ignored.',
    tag: 'Teams',
    access: 'token',
    scope: 'manage',
    params: InvitationTokenParams,
    responses: { 200: { description: 'The team joined.', schema: TeamEnvelope } },
    errors: ['INVITATION_NOT_FOUND', 'RATE_LIMITED'],
    audit: {
      action: 'member.joined',
      target: ownAccount,
      detail: (seen) => ({ role: text(field(seen.data['team'], 'role')) }),
      teamFromAnswer: (seen) => text(field(seen.data['team'], 'id')),
    },
    handler: async (request, reply) => {
      takeInvitationAttempt(request, reply);
      const team = await acceptInvitation(deps, await principalOf(deps, request), pathParam(request, 'token'));
      return { data: { team: teamJson(team) } };
    },
  });
}
