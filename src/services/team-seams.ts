/**
 * Where accounts and tokens meet teams: deleting an account, and limiting a token to a team.
 */
import type { Store } from '../ports/store.js';

/** A team the account solely owns, which must be handed over or deleted before the account goes. */
export interface BlockingTeam {
  readonly id: string;
  readonly name: string;
}

/** The teams whose only owner is the account (deleting the account is refused while any is left). */
export async function teamsBlockingAccountDeletion(
  deps: { store: Store },
  accountId: string,
): Promise<readonly BlockingTeam[]> {
  const teams = await deps.store.teams.listSoleOwned(accountId);
  return teams.map((team) => ({ id: team.id, name: team.name }));
}

/**
 * Whether a token of the account may be limited to the team: the account is a member of it,
 * whatever its role (the token acts with that role, read again on every request).
 */
export async function isTeamMember(deps: { store: Store }, accountId: string, teamId: string): Promise<boolean> {
  return (await deps.store.teams.findRole(teamId, accountId)) !== null;
}

/**
 * Ends the account's team memberships (its inboxes, tokens and sessions are deleted elsewhere).
 * Called after teamsBlockingAccountDeletion found none it solely owns, so no team loses its
 * last owner; the team's inboxes stay the team's.
 */
export async function leaveAllTeams(deps: { store: Store }, accountId: string): Promise<void> {
  for (const { team } of await deps.store.teams.listByAccount(accountId)) {
    await deps.store.teams.removeMember(team.id, accountId);
  }
}
