import { AppError } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import { type AccountPrincipal, ANONYMOUS, isAccount, type Principal } from './deps.js';
import { verifyToken } from './tokens.js';

/** Longest Authorization value looked at; anything longer cannot be a Rehook token. */
const MAX_AUTHORIZATION_LENGTH = 512;

/**
 * Resolves the caller from the Authorization header values (all of them, as sent). No header
 * means anonymous. Anything else that is not exactly one valid `Bearer <token>` is 401
 * UNAUTHORIZED: a bad token never silently downgrades to anonymous, and two Authorization
 * headers are refused rather than letting the first or last one win.
 */
export async function authenticate(
  deps: { store: Store; clock: Clock },
  authorization: readonly string[],
): Promise<Principal> {
  if (authorization.length === 0) return ANONYMOUS;
  const value = authorization.length === 1 ? authorization[0] : undefined;
  if (value === undefined || value.length > MAX_AUTHORIZATION_LENGTH) throw new AppError('UNAUTHORIZED');
  // RFC 9110: the scheme is case-insensitive; exactly one space before the token.
  const match = /^bearer ([\x21-\x7e]+)$/i.exec(value);
  const token = match?.[1] ? await verifyToken(deps, match[1]) : null;
  if (!token) throw new AppError('UNAUTHORIZED');
  return {
    kind: 'token',
    accountId: token.accountId,
    tokenId: token.id,
    scope: token.scope,
    inboxIds: token.inboxIds,
    teamId: token.teamId,
  };
}

/** The account of the caller (token or session); throws UNAUTHORIZED for anyone else. */
export function requireAccount(principal: Principal): AccountPrincipal {
  if (!isAccount(principal)) throw new AppError('UNAUTHORIZED');
  return principal;
}

/**
 * The team an API token is limited to, or null (any other principal, or a token for the whole
 * account). Such a token reaches only that team's inboxes and the team itself, with the
 * member's role in it read on every request.
 */
export function tokenTeamOf(principal: Principal): string | null {
  return principal.kind === 'token' ? principal.teamId : null;
}

/**
 * The only inboxes an API token reaches, or null (any other principal, or a token not limited
 * to some inboxes). Checked where an inbox is resolved (authorizeInbox), so every id a request
 * names, in its path, query or body, is held to it.
 */
export function tokenInboxesOf(principal: Principal): readonly string[] | null {
  return principal.kind === 'token' ? principal.inboxIds : null;
}
