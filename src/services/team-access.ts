/**
 * Reaching a team: the one access-checked lookup of a team id, in a path or in a body.
 */
import type { TeamRole } from '../domain/team.js';
import type { Store } from '../ports/store.js';
import { requireAccount, tokenInboxesOf, tokenTeamOf } from './auth.js';
import type { Principal } from './deps.js';

/**
 * The caller's role in the team, or null when the caller may not reach it: the one access-checked
 * lookup of a team, whether its id is in the path or in a body (moving or creating an inbox).
 * Null for a team the account is not a member of, for a team-limited token and any other team,
 * and for a token limited to some inboxes, which reaches no team. UNAUTHORIZED without an account.
 */
export async function reachableTeamRole(
  deps: { store: Store },
  principal: Principal,
  teamId: string,
): Promise<TeamRole | null> {
  const { accountId } = requireAccount(principal);
  const limit = tokenTeamOf(principal);
  if ((limit !== null && limit !== teamId) || tokenInboxesOf(principal) !== null) return null;
  return deps.store.teams.findRole(teamId, accountId);
}
