import { newId } from '../domain/ids.js';
import {
  isTeamRole,
  type MembershipChange,
  TEAM_ROLES,
  roleAtLeast,
  roleNeededForTeam,
  type Team,
  type TeamMember,
  type TeamRole,
  type TeamWithRole,
} from '../domain/team.js';
import { AppError } from '../errors.js';
import type { EventBus } from '../ports/event-bus.js';
import { requireAccount, tokenTeamOf } from './auth.js';
import { isAccount, type Principal, type ServiceDeps } from './deps.js';
import { parseInboxName } from './inboxes.js';
import { reachableTeamRole } from './team-access.js';

/**
 * Teams and their members (docs/teams.md). Roles: owner (everything, at least one always),
 * admin (members below owner, inbox settings), member (read and replay), viewer (read only).
 * A non-member asking about a team gets TEAM_NOT_FOUND, so a team's existence is never revealed.
 * Every change of a membership is announced on the live bus, so the member's open streams on the
 * team's inboxes are checked again at once, on every instance.
 */

type TeamDeps = Pick<ServiceDeps, 'store' | 'clock'>;
type TeamWriteDeps = Pick<ServiceDeps, 'store' | 'clock' | 'bus'>;

/** A team name: the same rule as an inbox name (1 to 100 printable characters). */
function parseTeamName(value: unknown): string {
  let name: string | null = null;
  try {
    name = value === null ? null : parseInboxName(value);
  } catch {
    // parseInboxName's own message names an inbox: this one names the team.
  }
  if (name === null) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Team name must be 1 to 100 printable characters',
      details: [{ path: '/name', message: 'must be a string of 1 to 100 printable characters' }],
    });
  }
  return name;
}

/** VALIDATION_FAILED for a role that is not one of the four. */
export function unknownRole(): AppError {
  return new AppError('VALIDATION_FAILED', {
    message: `Unknown role: use one of ${TEAM_ROLES.join(', ')}`,
    details: [{ path: '/role', message: `must be one of ${TEAM_ROLES.join(', ')}` }],
  });
}

/** Throws FORBIDDEN, naming the caller's role, unless it is `needed` or stronger. */
export function requireRole(role: TeamRole, needed: TeamRole, what: string): void {
  if (roleAtLeast(role, needed)) return;
  throw new AppError('FORBIDDEN', {
    message: `Your role in this team is ${role}: only ${needed}s or above can ${what}`,
  });
}

/**
 * The team and the caller's role in it: the one access-checked lookup of a team, whether its id
 * is in the path or the body. UNAUTHORIZED without an account (SHARE_READ_ONLY for a link),
 * TEAM_NOT_FOUND for an unknown team, one the caller is not a member of, one its team-limited
 * token is not limited to, or any team for a token limited to some inboxes (it reaches no team).
 */
export async function getMembership(deps: TeamDeps, principal: Principal, teamId: string): Promise<TeamWithRole> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  // A token limited to another team, or to some inboxes, learns nothing of this one.
  const role = await reachableTeamRole(deps, principal, teamId);
  const team = role === null ? null : await deps.store.teams.findById(teamId);
  if (role === null || team === null) throw new AppError('TEAM_NOT_FOUND');
  return { team, role };
}

/** Tells every instance that the account's place in the team changed (streams re-check). */
export function announceMembershipChange(bus: EventBus, teamId: string, accountId: string): void {
  bus.publishControl({ type: 'team.membership-changed', teamId, accountId });
}

/** Creates a team; the caller is its owner. */
export async function createTeam(
  deps: TeamDeps,
  principal: Principal,
  input: { readonly name: unknown },
): Promise<TeamWithRole> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const { accountId } = requireAccount(principal);
  const now = deps.clock.now();
  const team: Team = { id: newId('team'), name: parseTeamName(input.name), createdAt: now };
  await deps.store.teams.insert(team, { teamId: team.id, accountId, role: 'owner', joinedAt: now });
  return { team, role: 'owner' };
}

/** The caller's teams with its role in each. */
export async function listTeams(deps: TeamDeps, principal: Principal): Promise<TeamWithRole[]> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const { accountId } = requireAccount(principal);
  const limit = tokenTeamOf(principal);
  const teams = await deps.store.teams.listByAccount(accountId);
  return limit === null ? teams : teams.filter(({ team }) => team.id === limit);
}

/** Renames the team: admins and owners. */
export async function renameTeam(
  deps: TeamDeps,
  principal: Principal,
  teamId: string,
  input: { readonly name: unknown },
): Promise<TeamWithRole> {
  const { role } = await getMembership(deps, principal, teamId);
  requireRole(role, roleNeededForTeam('rename'), 'rename the team');
  const team = await deps.store.teams.rename(teamId, parseTeamName(input.name));
  if (team === null) throw new AppError('TEAM_NOT_FOUND');
  return { team, role };
}

/**
 * Deletes the team with its inboxes (their events, replays and settings go with them, as when
 * an inbox is deleted), its memberships and invitations: owners only.
 */
export async function deleteTeam(deps: TeamWriteDeps, principal: Principal, teamId: string): Promise<void> {
  const { role } = await getMembership(deps, principal, teamId);
  requireRole(role, roleNeededForTeam('delete'), 'delete the team');
  const members = await deps.store.teams.listMembers(teamId);
  for (const inbox of await deps.store.inboxes.listByOwner(teamId, deps.clock.now())) {
    await deps.store.inboxes.delete(inbox.id, teamId);
  }
  if (!(await deps.store.teams.delete(teamId))) throw new AppError('TEAM_NOT_FOUND');
  for (const member of members) announceMembershipChange(deps.bus, teamId, member.accountId);
}

/** The team's members with their roles: every member may see them. */
export async function listMembers(deps: TeamDeps, principal: Principal, teamId: string): Promise<TeamMember[]> {
  await getMembership(deps, principal, teamId);
  return deps.store.teams.listMembers(teamId);
}

function changed(result: MembershipChange): void {
  if (result === 'not-member') throw new AppError('MEMBER_NOT_FOUND');
  if (result === 'last-owner') throw new AppError('LAST_OWNER');
}

/**
 * Sets a member's role. Owners may set any role on anyone; admins may manage members below
 * owner (they can neither make an owner nor change one). FORBIDDEN otherwise (the message names
 * the caller's role), MEMBER_NOT_FOUND for a non-member, LAST_OWNER when the last owner would
 * be demoted.
 */
export async function changeMemberRole(
  deps: TeamWriteDeps,
  principal: Principal,
  input: { readonly teamId: string; readonly accountId: string; readonly role: unknown },
): Promise<TeamMember> {
  const { role } = await getMembership(deps, principal, input.teamId);
  requireRole(role, roleNeededForTeam('manageMembers'), "change members' roles");
  if (!isTeamRole(input.role)) throw unknownRole();
  const target = await deps.store.teams.findRole(input.teamId, input.accountId);
  if (target === null) throw new AppError('MEMBER_NOT_FOUND');
  if (!roleAtLeast(role, roleNeededForTeam('manageOwners')) && (target === 'owner' || input.role === 'owner')) {
    throw new AppError('FORBIDDEN', {
      message: `Your role in this team is ${role}: only owners can make or change owners`,
    });
  }
  changed(await deps.store.teams.changeRole(input.teamId, input.accountId, input.role));
  announceMembershipChange(deps.bus, input.teamId, input.accountId);
  const member = (await deps.store.teams.listMembers(input.teamId)).find((m) => m.accountId === input.accountId);
  if (member === undefined) throw new AppError('MEMBER_NOT_FOUND');
  return member;
}

/**
 * Removes a member, or, for one's own account, leaves the team (any role may leave). Removing
 * someone else: owners anyone, admins members below owner. The team's inboxes stay the team's.
 * LAST_OWNER when the last owner would go.
 */
export async function removeMember(
  deps: TeamWriteDeps,
  principal: Principal,
  input: { readonly teamId: string; readonly accountId: string },
): Promise<void> {
  const { role } = await getMembership(deps, principal, input.teamId);
  const self = isAccount(principal) && principal.accountId === input.accountId;
  if (!self) {
    requireRole(role, roleNeededForTeam('manageMembers'), 'remove members');
    const target = await deps.store.teams.findRole(input.teamId, input.accountId);
    if (target === null) throw new AppError('MEMBER_NOT_FOUND');
    if (target === 'owner' && !roleAtLeast(role, roleNeededForTeam('manageOwners'))) {
      throw new AppError('FORBIDDEN', {
        message: `Your role in this team is ${role}: only owners can remove an owner`,
      });
    }
  }
  changed(await deps.store.teams.removeMember(input.teamId, input.accountId));
  announceMembershipChange(deps.bus, input.teamId, input.accountId);
}

/**
 * The teams the account is the only owner of: deleting the account must wait until each is
 * handed over (another owner) or deleted. For the account deletion of Settings.
 */
export async function teamsBlockingAccountDeletion(
  deps: Pick<ServiceDeps, 'store'>,
  accountId: string,
): Promise<Team[]> {
  return deps.store.teams.listSoleOwned(accountId);
}
