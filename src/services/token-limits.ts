import {
  DEFAULT_TOKEN_SCOPE,
  isTokenScope,
  MAX_TOKEN_INBOXES,
  type TokenScope,
  widestScope,
} from '../domain/token-scope.js';
import { isId } from '../domain/ids.js';
import { AppError } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import { isTeamMember } from './team-seams.js';

/** The limits of a new token, checked: what createToken stores beside its name. */
export interface TokenLimits {
  readonly scope: TokenScope;
  readonly inboxIds: readonly string[] | null;
  readonly teamId: string | null;
  readonly expiresAt: Date | null;
}

function invalid(path: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message: `${path.slice(1)} ${message}`, details: [{ path, message }] });
}

/** `scopes`: absent or null = manage; else a non-empty list of read, replay, manage (they nest). */
function scopeOf(value: unknown): TokenScope {
  if (value === undefined || value === null) return DEFAULT_TOKEN_SCOPE;
  if (!Array.isArray(value) || value.length === 0) throw invalid('/scopes', 'must be a non-empty array of scopes');
  value.forEach((scope, i) => {
    if (!isTokenScope(scope)) throw invalid(`/scopes/${i}`, 'must be one of read, replay, manage');
  });
  return widestScope(value as TokenScope[]);
}

/**
 * `inboxIds`: absent or null = every inbox the account can see; else saved inboxes of `ownerId`
 * (the account, or the team the token is limited to). An inbox it cannot see (unknown, expired,
 * anonymous, another account's) is the same 400, so the answer never tells whether someone
 * else's inbox exists.
 */
async function inboxIdsOf(deps: { store: Store; clock: Clock }, ownerId: string, value: unknown) {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_TOKEN_INBOXES) {
    throw invalid('/inboxIds', `must be an array of 1 to ${MAX_TOKEN_INBOXES} inbox ids`);
  }
  const now = deps.clock.now();
  const ids: string[] = [];
  for (const [i, id] of value.entries()) {
    if (typeof id !== 'string') throw invalid(`/inboxIds/${i}`, 'must be an inbox id');
    const inbox = id.length > 200 ? null : await deps.store.inboxes.findLive(id, now);
    if (inbox === null || inbox.ownerId !== ownerId) {
      throw invalid(`/inboxIds/${i}`, `is not a saved inbox of this ${isId('team', ownerId) ? 'team' : 'account'}`);
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** `teamId`: null or absent = the account itself; else a team the account is a member of. */
async function teamIdOf(deps: { store: Store }, accountId: string, value: unknown): Promise<string | null> {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || !(await isTeamMember(deps, accountId, value))) {
    throw invalid('/teamId', 'is not a team this account is a member of');
  }
  return value;
}

/** `expiresAt`: absent or null = never; else an ISO 8601 time in the future. */
function expiresAtOf(clock: Clock, value: unknown): Date | null {
  if (value === undefined || value === null) return null;
  const at = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : null;
  if (at === null || Number.isNaN(at.getTime())) throw invalid('/expiresAt', 'must be an ISO 8601 date and time');
  if (at.getTime() <= clock.now().getTime()) throw invalid('/expiresAt', 'must be in the future');
  return at;
}

/** Checks the limits asked for a new token of the account; throws VALIDATION_FAILED naming the field. */
export async function tokenLimits(
  deps: { store: Store; clock: Clock },
  accountId: string,
  input: { scopes?: unknown; teamId?: unknown; inboxIds?: unknown; expiresAt?: unknown },
): Promise<TokenLimits> {
  const scope = scopeOf(input.scopes);
  const expiresAt = expiresAtOf(deps.clock, input.expiresAt);
  const teamId = await teamIdOf(deps, accountId, input.teamId);
  const inboxIds = await inboxIdsOf(deps, teamId ?? accountId, input.inboxIds);
  return { scope, inboxIds, teamId, expiresAt };
}
