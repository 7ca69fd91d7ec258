import type BetterSqlite3 from 'better-sqlite3';

import type { Session } from '../../domain/session.js';
import type { SessionRepository } from '../../ports/store.js';
import { attempt } from './attempt.js';
import { ReadCache } from './read-cache.js';

/** A session row as better-sqlite3 returns it (timestamps are INTEGER milliseconds). */
interface SessionRow {
  id: string;
  account_id: string;
  hash: string;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
}

const COLUMNS = 'id, account_id, hash, csrf_token, created_at, last_seen_at, expires_at';

/** Browsers signed in at once are few; the bound only keeps guessing noise out of memory. */
const MAX_CACHED_SESSIONS = 1000;

function toSession(row: SessionRow): Session {
  return {
    id: row.id,
    accountId: row.account_id,
    hash: row.hash,
    csrfToken: row.csrf_token,
    createdAt: new Date(row.created_at),
    lastSeenAt: new Date(row.last_seen_at),
    expiresAt: new Date(row.expires_at),
  };
}

function sessionParams(session: Session): SessionRow {
  return {
    id: session.id,
    account_id: session.accountId,
    hash: session.hash,
    csrf_token: session.csrfToken,
    created_at: session.createdAt.getTime(),
    last_seen_at: session.lastSeenAt.getTime(),
    expires_at: session.expiresAt.getTime(),
  };
}

/**
 * Sessions in SQLite. Every request a signed-in browser makes looks its session up, so the row
 * is kept in a ReadCache (emptied by any write, this process's or another's: a signed-out
 * session is refused by the very next request); expiry is decided from `now` after the lookup,
 * so a cached row never outlives its expiry.
 */
export function createSessionRepository(db: BetterSqlite3.Database): SessionRepository {
  const s = {
    insert: db.prepare<SessionRow>(
      `INSERT INTO sessions (${COLUMNS}) VALUES (
         @id, @account_id, @hash, @csrf_token, @created_at, @last_seen_at, @expires_at)`,
    ),
    findByHash: db.prepare<[string], SessionRow>(`SELECT ${COLUMNS} FROM sessions WHERE hash = ?`),
    touch: db.prepare<[number, string]>('UPDATE sessions SET last_seen_at = ? WHERE id = ?'),
    delete: db.prepare<[string]>('DELETE FROM sessions WHERE id = ?'),
    deleteByAccount: db.prepare<[string]>('DELETE FROM sessions WHERE account_id = ?'),
    // DELETE ... LIMIT needs a compile-time option; a bounded sub-select on the expiry index works.
    deleteExpired: db.prepare<[number, number]>(
      `DELETE FROM sessions WHERE id IN (
         SELECT id FROM sessions WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
    ),
  };
  const cache = new ReadCache<Session | null>(db, {
    maxEntries: MAX_CACHED_SESSIONS,
    maxWeight: MAX_CACHED_SESSIONS,
    weigh: () => 1,
  });
  const findByHash = (hash: string): Session | null =>
    cache.get(hash, () => {
      const row = s.findByHash.get(hash);
      return row === undefined ? null : toSession(row);
    });
  return {
    insert: (session) => attempt('insert session', () => void s.insert.run(sessionParams(session))),
    findLiveByHash: (hash, now) =>
      attempt('find session', () => {
        const session = findByHash(hash);
        return session !== null && session.expiresAt.getTime() > now.getTime() ? session : null;
      }),
    touch: (id, now) => attempt('touch session', () => void s.touch.run(now.getTime(), id)),
    delete: (id) => attempt('delete session', () => s.delete.run(id).changes === 1),
    deleteByAccount: (accountId) => attempt('delete sessions', () => s.deleteByAccount.run(accountId).changes),
    deleteExpired: (now, limit) =>
      attempt('delete expired sessions', () =>
        limit < 1 ? 0 : s.deleteExpired.run(now.getTime(), Math.floor(limit)).changes,
      ),
  };
}
