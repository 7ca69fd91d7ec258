import { newId } from '../domain/ids.js';
import type { Session } from '../domain/session.js';
import type { Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import { generateCsrfToken, generateSessionSecret, hashToken, isWellFormedSessionSecret } from './secrets.js';

/**
 * Default lifetime of a session: 30 days from sign-in, fixed (using the session does not extend
 * it), so a stolen cookie stops working after at most that long and the cookie's Max-Age and
 * the stored expiry always agree. REHOOK_SESSION_TTL changes it.
 */
export const DEFAULT_SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** Longest User-Agent kept: enough to tell browsers apart, never a large header in every listing. */
export const MAX_USER_AGENT_LENGTH = 256;

/** The User-Agent as kept: printable, capped, null when absent. */
function cleanUserAgent(value: string | undefined): string | null {
  const clean = (value ?? '')
    .replace(/[^\x20-\x7e]/g, '')
    .trim()
    .slice(0, MAX_USER_AGENT_LENGTH);
  return clean === '' ? null : clean;
}

/** Writing last-seen on every request would turn every read into a write; once a minute is enough. */
const TOUCH_INTERVAL_MS = 60_000;

type SessionDeps = { store: Store; clock: Clock };

/**
 * Signs the account in: a new session (a fresh secret every time, so a cookie planted before
 * sign-in never becomes a signed-in one) that lasts `ttlMs`. Returns the stored record and the
 * secret for the cookie, which is never stored.
 */
export async function startSession(
  deps: SessionDeps,
  input: { accountId: string; ttlMs: number; userAgent?: string | undefined },
): Promise<{ session: Session; secret: string }> {
  const secret = generateSessionSecret();
  const now = deps.clock.now();
  const session: Session = {
    id: newId('session'),
    accountId: input.accountId,
    hash: hashToken(secret),
    csrfToken: generateCsrfToken(),
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + input.ttlMs),
    userAgent: cleanUserAgent(input.userAgent),
  };
  await deps.store.sessions.insert(session);
  return { session, secret };
}

/**
 * The live session the cookie value names, or null when it is malformed (refused without a
 * database lookup), unknown, signed out or expired. Records its use at most once a minute.
 */
export async function verifySession(deps: SessionDeps, secret: string): Promise<Session | null> {
  if (!isWellFormedSessionSecret(secret)) return null;
  const now = deps.clock.now();
  const session = await deps.store.sessions.findLiveByHash(hashToken(secret), now);
  if (session === null) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    // Best effort: a failed last-seen update must not fail the request it belongs to.
    deps.store.sessions.touch(session.id, now).catch(() => undefined);
  }
  return session;
}

/** Signs one session out: it stops authenticating at once (open live streams included). */
export async function endSession(deps: Pick<SessionDeps, 'store'>, sessionId: string): Promise<void> {
  await deps.store.sessions.delete(sessionId);
}

/** Signs the account out everywhere: every session ends. API tokens are not touched. */
export async function endAllSessions(deps: Pick<SessionDeps, 'store'>, accountId: string): Promise<number> {
  return deps.store.sessions.deleteByAccount(accountId);
}
