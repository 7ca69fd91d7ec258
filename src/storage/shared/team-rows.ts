import {
  type InvitationPreview,
  isTeamRole,
  type ListedInvitation,
  type Team,
  type TeamInvitation,
  type TeamMember,
  type TeamMembership,
  type TeamRole,
} from '../../domain/team.js';
import { StorageError } from '../../errors.js';
import { bindValues, type ColumnTypes, type ColumnValues, type SqlParam, toDateOrNull } from './column-values.js';

// Rows of teams, memberships and invitations as either driver reads them, their column lists and
// the mappers. Parameter lists follow the column lists' order.

export const TEAM_COLUMNS = 'id, name, created_at';
export const MEMBER_COLUMNS = 'team_id, account_id, role, joined_at';
export const INVITATION_COLUMNS =
  'id, team_id, role, hash, prefix, created_by, created_at, expires_at, accepted_at, accepted_by';
/** The invitation columns qualified with the alias `i`, for queries that join accounts. */
export const INVITATION_COLUMNS_OF_I = INVITATION_COLUMNS.split(', ')
  .map((column) => `i.${column}`)
  .join(', ');

export interface TeamRow<C extends ColumnTypes> {
  id: string;
  name: string;
  created_at: C['time'];
}

export interface MemberRow<C extends ColumnTypes> {
  team_id: string;
  account_id: string;
  role: string;
  joined_at: C['time'];
}

export interface InvitationRow<C extends ColumnTypes> {
  id: string;
  team_id: string;
  role: string;
  hash: string;
  prefix: string;
  created_by: string;
  created_at: C['time'];
  expires_at: C['time'];
  accepted_at: C['time'] | null;
  accepted_by: string | null;
}

/** An invitation row joined with its maker's e-mail (null once that account is deleted). */
export type ListedInvitationRow<C extends ColumnTypes> = InvitationRow<C> & { maker_email: string | null };

/** An invitation row joined with its maker's e-mail and its team's name. */
export type InvitationPreviewRow<C extends ColumnTypes> = ListedInvitationRow<C> & { team_name: string };

/** A role as stored; anything else means the row was written by something other than Rehook. */
function toRole(value: string): TeamRole {
  if (!isTeamRole(value)) throw new StorageError(`unknown team role in the database: ${JSON.stringify(value)}`);
  return value;
}

export function teamRowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  const bind = (values: Parameters<typeof bindValues>[1]): SqlParam<C>[] => bindValues(v, values);
  const toInvitation = (row: InvitationRow<C>): TeamInvitation => ({
    id: row.id,
    teamId: row.team_id,
    role: toRole(row.role),
    hash: row.hash,
    prefix: row.prefix,
    createdBy: row.created_by,
    createdAt: v.toDate(row.created_at),
    expiresAt: v.toDate(row.expires_at),
    acceptedAt: toDateOrNull(v, row.accepted_at),
    acceptedBy: row.accepted_by,
  });
  return {
    toTeam: (row: TeamRow<C>): Team => ({ id: row.id, name: row.name, createdAt: v.toDate(row.created_at) }),
    teamParams: (t: Team) => bind([t.id, t.name, t.createdAt]),
    toMembership: (row: MemberRow<C>): TeamMembership => ({
      teamId: row.team_id,
      accountId: row.account_id,
      role: toRole(row.role),
      joinedAt: v.toDate(row.joined_at),
    }),
    toMember: (row: MemberRow<C> & { email: string }): TeamMember => ({
      teamId: row.team_id,
      accountId: row.account_id,
      role: toRole(row.role),
      joinedAt: v.toDate(row.joined_at),
      email: row.email,
    }),
    toRole,
    memberParams: (m: TeamMembership) => bind([m.teamId, m.accountId, m.role, m.joinedAt]),
    toInvitation,
    toListedInvitation: (row: ListedInvitationRow<C>): ListedInvitation => ({
      ...toInvitation(row),
      createdByEmail: row.maker_email,
    }),
    toInvitationPreview: (row: InvitationPreviewRow<C>): InvitationPreview => ({
      ...toInvitation(row),
      createdByEmail: row.maker_email,
      teamName: row.team_name,
    }),
    invitationParams: (i: TeamInvitation) =>
      bind([
        i.id,
        i.teamId,
        i.role,
        i.hash,
        i.prefix,
        i.createdBy,
        i.createdAt,
        i.expiresAt,
        i.acceptedAt,
        i.acceptedBy,
      ]),
  };
}
