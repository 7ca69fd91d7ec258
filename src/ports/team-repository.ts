import type {
  InvitationPreview,
  ListedInvitation,
  MembershipChange,
  Team,
  TeamInvitation,
  TeamMember,
  TeamMembership,
  TeamRole,
  TeamWithRole,
} from '../domain/team.js';

/**
 * Teams, their members and their invitation links (migration 16). Every write that could leave a
 * team without an owner checks and writes in one atomic step (the team row is locked on
 * PostgreSQL), so two owners demoting each other at once cannot both succeed.
 */
export interface TeamRepository {
  /** Inserts the team with its first member (the owner) in one step. */
  insert(team: Team, owner: TeamMembership): Promise<void>;
  findById(id: string): Promise<Team | null>;
  /** Renames the team; null when there is no such team. */
  rename(id: string, name: string): Promise<Team | null>;
  /** Deletes the team, its memberships and its invitations; false when there was none. */
  delete(id: string): Promise<boolean>;
  /** Every team with exactly this name, by id (names are not unique). */
  listByName(name: string): Promise<Team[]>;
  /**
   * Adds the account to the team with the membership's role; resolves false (nothing changed)
   * when it is a member already, whatever its role, or when there is no such team.
   */
  addMember(membership: TeamMembership): Promise<boolean>;
  /** The teams the account belongs to with its role in each, by name then id. */
  listByAccount(accountId: string): Promise<TeamWithRole[]>;
  /** The members of the team with their e-mails, in the order they joined. */
  listMembers(teamId: string): Promise<TeamMember[]>;
  /** The account's role in the team, or null when it is not a member. Never cached. */
  findRole(teamId: string, accountId: string): Promise<TeamRole | null>;
  /**
   * Sets a member's role unless that leaves the team without an owner. In the same step, the
   * member's unused invitations at a role the new one may not invite at are deleted (canInvite).
   */
  changeRole(teamId: string, accountId: string, role: TeamRole): Promise<MembershipChange>;
  /**
   * Removes a member unless that leaves the team without an owner, deleting in the same step
   * every unused invitation the member made.
   */
  removeMember(teamId: string, accountId: string): Promise<MembershipChange>;
  /** Teams in which the account is the only owner (they block deleting the account). */
  listSoleOwned(accountId: string): Promise<Team[]>;
  insertInvitation(invitation: TeamInvitation): Promise<void>;
  /** The team's invitations not used yet (expired ones included), newest first, with their makers' e-mails. */
  listInvitations(teamId: string): Promise<ListedInvitation[]>;
  /** Deletes an unused invitation of the team; false when there is no such one. */
  revokeInvitation(id: string, teamId: string): Promise<boolean>;
  /**
   * The invitation whose token hashes to `hash` when it exists, is unused and has not expired at
   * `now`, with its team's name and its maker's e-mail; null otherwise. Reads only: whether its
   * maker may still invite at its role is the caller's to check.
   */
  findUsableInvitation(hash: string, now: Date): Promise<InvitationPreview | null>;
  /**
   * Uses the invitation whose token hashes to `hash`: when it exists, is unused, has not
   * expired at `now` and its maker is still a member allowed to invite at its role (canInvite),
   * it is marked used by `accountId` and the account joins its team with its role (an existing
   * membership is left as it is), in one step. Returns the used invitation, or null when there
   * was no usable one (nothing changed).
   */
  acceptInvitation(hash: string, accountId: string, now: Date): Promise<TeamInvitation | null>;
}
