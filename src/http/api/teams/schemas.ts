import { Type, type Static, type TSchema } from '@sinclair/typebox';

import {
  type InvitationPreview,
  type ListedInvitation,
  TEAM_ROLES,
  type TeamInvitation,
  type TeamMember,
  teamPermissionsOf,
  type TeamWithRole,
} from '../../../domain/team.js';
import { invitationPath } from '../../../services/invitations.js';

/**
 * JSON shapes of teams, members and invitations (teams/routes.ts) and their presenters. Named
 * schemas: the OpenAPI document lists them under components.schemas (schemas.ts registers them).
 */

const closed = { additionalProperties: false } as const;
const Time = (description: string) => Type.String({ format: 'date-time', description });

export const RoleSchema = Type.Union(
  TEAM_ROLES.map((role) => Type.Literal(role)),
  {
    $id: 'TeamRole',
    description:
      'owner: everything, members and deleting the team included (a team keeps at least one); admin: members ' +
      'below owner, inbox settings, secrets, forwarding, shares; member: read, replay, bulk and edited replay, ' +
      'response rules; viewer: read only.',
  },
);

export const RoleRef = Type.Unsafe<Static<typeof RoleSchema>>({ $ref: 'TeamRole#' });

export const TeamSchema = Type.Object(
  {
    id: Type.String({ description: 'Team id (tem_...).' }),
    name: Type.String({ description: 'The team name (1 to 100 printable characters).' }),
    role: RoleRef,
    createdAt: Time('When the team was created.'),
    permissions: Type.Object(
      {
        createInboxes: Type.Boolean({ description: "Make the team's inboxes (members and above)." }),
        moveInboxesIn: Type.Boolean({ description: 'Give the team an inbox one manages (admins and owners).' }),
        rename: Type.Boolean({ description: 'Rename the team (admins and owners).' }),
        delete: Type.Boolean({ description: 'Delete the team with its inboxes (owners).' }),
        invite: Type.Boolean({ description: 'Make, list and revoke invitation links (admins and owners).' }),
        manageMembers: Type.Boolean({ description: 'Change the role of, or remove, members below owner.' }),
        manageOwners: Type.Boolean({ description: 'Make owners, and change or remove them (owners).' }),
        readAudit: Type.Boolean({ description: "Read the team's audit log (admins and owners)." }),
        assignableRoles: Type.Array(RoleRef, {
          description: 'The roles the caller may invite as or give a member: none above its own, owner only by owners.',
        }),
      },
      {
        description: "What the caller's role allows in the team, by the rules the API enforces (docs/teams.md).",
        ...closed,
      },
    ),
  },
  { $id: 'Team', description: "A team, with the caller's role in it.", ...closed },
);

export const TeamMemberSchema = Type.Object(
  {
    accountId: Type.String({ description: 'Account id (acc_...).' }),
    email: Type.String({ description: "The member's e-mail address." }),
    role: RoleRef,
    joinedAt: Time('When the account joined the team.'),
  },
  { $id: 'TeamMember', description: 'A member of a team.', ...closed },
);

const invitationFields = {
  id: Type.String({ description: 'Invitation id (inv_...).' }),
  role: RoleRef,
  prefix: Type.String({ description: "First characters of the link's token, to tell links apart." }),
  createdAt: Time('When the invitation was made.'),
  expiresAt: Time('When the link stops working.'),
};

export const InvitationSchema = Type.Object(
  {
    ...invitationFields,
    createdBy: Type.Object(
      {
        accountId: Type.String({ description: 'Account id (acc_...) of who made the link.' }),
        email: Type.Union([Type.String(), Type.Null()], {
          description: "The maker's e-mail address; null once that account is deleted.",
        }),
      },
      {
        description:
          'Who made the link. It works only while its maker is a member allowed to invite at its role: a maker ' +
          'removed, or demoted below admin or below the role, takes its links with it.',
        ...closed,
      },
    ),
  },
  { $id: 'TeamInvitation', description: 'An unused invitation link, without its token.', ...closed },
);

export const CreatedInvitationSchema = Type.Object(
  {
    ...invitationFields,
    token: Type.String({ description: "The link's token (rhi_...): shown in this answer only." }),
    path: Type.String({ description: "Path of the web app's page for the link, /join/<token>, on the API origin." }),
  },
  { $id: 'CreatedTeamInvitation', description: 'A new invitation link, with its token (shown once).', ...closed },
);

export const InvitationPreviewSchema = Type.Object(
  {
    team: Type.Object(
      {
        id: Type.String({ description: 'Team id (tem_...).' }),
        name: Type.String({ description: "The team's name." }),
      },
      { description: 'The team the link joins.', ...closed },
    ),
    role: RoleRef,
    createdBy: Type.Object(
      {
        email: Type.Union([Type.String(), Type.Null()], {
          description: "The maker's e-mail address; null once that account is deleted.",
        }),
      },
      { description: 'Who made the link.', ...closed },
    ),
    expiresAt: Time('When the link stops working.'),
  },
  {
    $id: 'TeamInvitationPreview',
    description: 'What an invitation link offers, shown to the invited account before it joins.',
    ...closed,
  },
);

export const TEAM_SCHEMAS: readonly TSchema[] = [
  RoleSchema,
  TeamSchema,
  TeamMemberSchema,
  InvitationSchema,
  CreatedInvitationSchema,
  InvitationPreviewSchema,
];

export type TeamJson = Static<typeof TeamSchema>;
export type TeamMemberJson = Static<typeof TeamMemberSchema>;
export type InvitationJson = Static<typeof InvitationSchema>;
export type CreatedInvitationJson = Static<typeof CreatedInvitationSchema>;
export type InvitationPreviewJson = Static<typeof InvitationPreviewSchema>;

export function teamJson({ team, role }: TeamWithRole): TeamJson {
  const { assignableRoles, ...can } = teamPermissionsOf(role);
  return {
    id: team.id,
    name: team.name,
    role,
    createdAt: team.createdAt.toISOString(),
    permissions: { ...can, assignableRoles: [...assignableRoles] },
  };
}

export function teamMemberJson(member: TeamMember): TeamMemberJson {
  return {
    accountId: member.accountId,
    email: member.email,
    role: member.role,
    joinedAt: member.joinedAt.toISOString(),
  };
}

function invitationFieldsJson(invitation: TeamInvitation) {
  return {
    id: invitation.id,
    role: invitation.role,
    prefix: invitation.prefix,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

export function invitationJson(invitation: ListedInvitation): InvitationJson {
  return {
    ...invitationFieldsJson(invitation),
    createdBy: { accountId: invitation.createdBy, email: invitation.createdByEmail },
  };
}

export function createdInvitationJson(invitation: TeamInvitation, token: string): CreatedInvitationJson {
  return { ...invitationFieldsJson(invitation), token, path: invitationPath(token) };
}

export function invitationPreviewJson(invitation: InvitationPreview): InvitationPreviewJson {
  return {
    team: { id: invitation.teamId, name: invitation.teamName },
    role: invitation.role,
    createdBy: { email: invitation.createdByEmail },
    expiresAt: invitation.expiresAt.toISOString(),
  };
}
