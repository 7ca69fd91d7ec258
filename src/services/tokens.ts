import { newId } from '../domain/ids.js';
import type { ApiToken } from '../domain/account.js';
import { AppError } from '../errors.js';
import type { Clock } from '../ports/clock.js';
import type { EventBus } from '../ports/event-bus.js';
import type { Store } from '../ports/store.js';
import { tokenLimits } from './token-limits.js';
import { generateToken, hashToken, hashesEqual, isWellFormedToken } from './secrets.js';

export const MAX_TOKEN_NAME_LENGTH = 100;

/** Writing last-used on every request would turn every read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

/** What a new token may do; every part is optional (the default is a `manage` token for everything). */
export interface TokenLimitsInput {
  readonly scopes?: unknown;
  readonly teamId?: unknown;
  readonly inboxIds?: unknown;
  readonly expiresAt?: unknown;
}

/**
 * Creates an API token for the account. Returns the stored record and the plaintext, which is
 * never stored and cannot be shown again. Throws VALIDATION_FAILED for a bad name or limit
 * (an unknown scope, an inbox the account cannot see, a team it is not in, a past expiry).
 */
export async function createToken(
  deps: { store: Store; clock: Clock },
  input: { accountId: string; name: unknown } & TokenLimitsInput,
): Promise<{ token: ApiToken; plaintext: string }> {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (name === '' || name.length > MAX_TOKEN_NAME_LENGTH || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new AppError('VALIDATION_FAILED', {
      message: `Token name must be 1 to ${MAX_TOKEN_NAME_LENGTH} printable characters`,
      details: [{ path: '/name', message: 'must be a non-empty string' }],
    });
  }
  const limits = await tokenLimits(deps, input.accountId, input);
  const plaintext = generateToken();
  const token: ApiToken = {
    id: newId('token'),
    accountId: input.accountId,
    name,
    hash: hashToken(plaintext),
    prefix: plaintext.slice(0, 8),
    createdAt: deps.clock.now(),
    lastUsedAt: null,
    revokedAt: null,
    ...limits,
  };
  await deps.store.tokens.insert(token);
  return { token, plaintext };
}

/**
 * The live token matching the plaintext, or null when it is malformed, unknown or revoked.
 * Malformed tokens (bad shape or checksum) are rejected without touching the database.
 */
export async function verifyToken(deps: { store: Store; clock: Clock }, plaintext: string): Promise<ApiToken | null> {
  if (!isWellFormedToken(plaintext)) return null;
  const hash = hashToken(plaintext);
  const token = await deps.store.tokens.findByHash(hash);
  if (!token || !hashesEqual(token.hash, hash) || token.revokedAt !== null) return null;
  const now = deps.clock.now();
  // An expired token is refused exactly like a revoked one.
  if (token.expiresAt !== null && token.expiresAt.getTime() <= now.getTime()) return null;
  if (!token.lastUsedAt || now.getTime() - token.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
    // Best effort: a failed last-used update must not fail the request it belongs to.
    deps.store.tokens.touch(token.id, now).catch(() => undefined);
  }
  return token;
}

export async function listTokens(deps: { store: Store }, accountId: string): Promise<ApiToken[]> {
  return deps.store.tokens.listByAccount(accountId);
}

/**
 * Revokes a token of the account; throws TOKEN_NOT_FOUND for unknown or foreign tokens. With a
 * bus, the revocation is announced so the streams and long-polls the token holds open end at
 * once on every instance (without one, as from the admin CLI, they end at their next event).
 */
export async function revokeToken(
  deps: { store: Store; clock: Clock; bus?: Pick<EventBus, 'publishControl'> },
  input: { accountId: string; tokenId: string },
): Promise<void> {
  const revoked = await deps.store.tokens.revoke(input.tokenId, input.accountId, deps.clock.now());
  if (!revoked) throw new AppError('TOKEN_NOT_FOUND');
  deps.bus?.publishControl({ type: 'token.revoked', tokenId: input.tokenId });
}
