/**
 * Teams: a group of accounts that owns inboxes together. An inbox owned by a team has the team's
 * id as its owner (inboxes.owner_id holds an account id or a team id; the prefix tells which), so
 * every conditional write that names the owner it checked keeps working when an inbox moves.
 */

/** The roles, strongest first. */
export const TEAM_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** What a caller wants to do with an inbox, and the weakest role that may do it. */
export type InboxAction = 'read' | 'replay' | 'manage';

const RANK: Readonly<Record<TeamRole, number>> = { owner: 4, admin: 3, member: 2, viewer: 1 };

const ROLE_FOR: Readonly<Record<InboxAction, TeamRole>> = {
  // Everything a member sees: inbox, events, replay history, live stream, export.
  read: 'viewer',
  // Single, bulk and edited replays, and response rules.
  replay: 'member',
  // Inbox settings (name, deletion, clearing), secrets, forwarding, sharing links, moving.
  manage: 'admin',
};

export function isTeamRole(value: unknown): value is TeamRole {
  return typeof value === 'string' && (TEAM_ROLES as readonly string[]).includes(value);
}

/** True when `role` is `other` or stronger. */
export function roleAtLeast(role: TeamRole, other: TeamRole): boolean {
  return RANK[role] >= RANK[other];
}

/**
 * True when a member with `maker` may hand out an invitation with `invited`: admins and owners,
 * never above their own role. Checked when an invitation is made and again when it is used, so
 * a link outlives neither its maker's membership nor the rights it was made with.
 */
export function canInvite(maker: TeamRole | null, invited: TeamRole): boolean {
  return maker !== null && roleAtLeast(maker, 'admin') && roleAtLeast(maker, invited);
}

/** The roles a member with `maker` may invite at (none below admin, none when not a member). */
export function rolesInvitableBy(maker: TeamRole | null): TeamRole[] {
  return TEAM_ROLES.filter((role) => canInvite(maker, role));
}

/** The weakest role allowed to do `action` on a team's inbox. */
export function roleNeededFor(action: InboxAction): TeamRole {
  return ROLE_FOR[action];
}

export const INBOX_ACTIONS: readonly InboxAction[] = ['read', 'replay', 'manage'];

/** What a caller may do with one inbox: the API shows it so the web app offers only these. */
export type InboxPermissions = Readonly<Record<InboxAction, boolean>>;

/** What a team role may do with the team itself, and the weakest role allowed to. */
export type TeamAction =
  | 'createInboxes'
  | 'moveInboxesIn'
  | 'rename'
  | 'delete'
  | 'invite'
  | 'manageMembers'
  | 'manageOwners'
  | 'readAudit';

const TEAM_ROLE_FOR: Readonly<Record<TeamAction, TeamRole>> = {
  // Making an inbox in the team is like replaying: members and above (a viewer only reads).
  createInboxes: ROLE_FOR.replay,
  // Giving the team an inbox is managing one of its inboxes.
  moveInboxesIn: ROLE_FOR.manage,
  rename: 'admin',
  delete: 'owner',
  // Making, listing and revoking invitation links.
  invite: 'admin',
  // Changing the role of, and removing, members below owner.
  manageMembers: 'admin',
  // Making an owner, and changing or removing one.
  manageOwners: 'owner',
  readAudit: 'admin',
};

/** The weakest role allowed to do `action` on a team. */
export function roleNeededForTeam(action: TeamAction): TeamRole {
  return TEAM_ROLE_FOR[action];
}

/** What `role` may do with its team, and the roles it may give (invite as, or change a member to). */
export interface TeamPermissions extends Readonly<Record<TeamAction, boolean>> {
  readonly assignableRoles: readonly TeamRole[];
}

export function teamPermissionsOf(role: TeamRole): TeamPermissions {
  const can = (action: TeamAction) => roleAtLeast(role, TEAM_ROLE_FOR[action]);
  return {
    createInboxes: can('createInboxes'),
    moveInboxesIn: can('moveInboxesIn'),
    rename: can('rename'),
    delete: can('delete'),
    invite: can('invite'),
    manageMembers: can('manageMembers'),
    manageOwners: can('manageOwners'),
    readAudit: can('readAudit'),
    // Never a role above one's own (invitations.ts), and owners only by owners (teams.ts).
    assignableRoles: can('manageMembers') ? TEAM_ROLES.filter((r) => roleAtLeast(role, r)) : [],
  };
}

export interface Team {
  /** tem_ + 26 random characters. */
  readonly id: string;
  readonly name: string;
  readonly createdAt: Date;
}

export interface TeamMembership {
  readonly teamId: string;
  readonly accountId: string;
  readonly role: TeamRole;
  readonly joinedAt: Date;
}

/** A membership with the member's e-mail, as the members list shows it. */
export interface TeamMember extends TeamMembership {
  readonly email: string;
}

/** A team with the caller's role in it. */
export interface TeamWithRole {
  readonly team: Team;
  readonly role: TeamRole;
}

/**
 * An invitation link to join a team with a role. Like API tokens and sharing links, only the
 * SHA-256 of its token is stored; the token is shown once. Single use: `acceptedAt` is set when
 * it is used; revoking deletes it.
 */
export interface TeamInvitation {
  /** inv_ + 26 random characters; names it in the list and when revoking it. */
  readonly id: string;
  readonly teamId: string;
  readonly role: TeamRole;
  readonly hash: string;
  /** First characters of the token, safe to show. */
  readonly prefix: string;
  readonly createdBy: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly acceptedAt: Date | null;
  readonly acceptedBy: string | null;
}

/** An invitation as the team's list shows it: with the e-mail of who made it (null once that account is gone). */
export interface ListedInvitation extends TeamInvitation {
  readonly createdByEmail: string | null;
}

/** An unused, unexpired invitation with its team's name: what the invited person sees before joining. */
export interface InvitationPreview extends ListedInvitation {
  readonly teamName: string;
}

/** The result of a store write that must keep at least one owner. */
export type MembershipChange = 'done' | 'not-member' | 'last-owner';

/**
 * True when giving the member `current` the role `next` (null: removing them) would leave the
 * team with no owner, `owners` being how many it has now.
 */
export function leavesNoOwner(current: TeamRole, next: TeamRole | null, owners: number): boolean {
  return current === 'owner' && next !== 'owner' && owners <= 1;
}
