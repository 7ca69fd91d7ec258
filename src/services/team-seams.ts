/**
 * Where accounts and tokens meet teams. Teams are not stored yet: these answer as if the account
 * belonged to no team, and the teams feature replaces their bodies (same signatures).
 */
import type { Store } from '../ports/store.js';

/** A team the account solely owns, which must be handed over or deleted before the account goes. */
export interface BlockingTeam {
  readonly id: string;
  readonly name: string;
}

/** The teams whose only owner is the account (deleting the account is refused while any is left). */
export async function teamsBlockingAccountDeletion(
  _deps: { store: Store },
  _accountId: string,
): Promise<readonly BlockingTeam[]> {
  return [];
}

/** Whether the account is a member of the team (a token may only be limited to such a team). */
export async function isTeamMember(_deps: { store: Store }, _accountId: string, _teamId: string): Promise<boolean> {
  return false;
}

/** Ends the account's team memberships (its inboxes, tokens and sessions are deleted elsewhere). */
export async function leaveAllTeams(_deps: { store: Store }, _accountId: string): Promise<void> {}
