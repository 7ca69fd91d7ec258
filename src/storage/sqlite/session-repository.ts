import type BetterSqlite3 from 'better-sqlite3';

import type { SessionRepository } from '../../ports/session-repository.js';
import { SESSION_COLUMNS, type SessionRow } from '../shared/account-rows.js';
import { attempt } from './attempt.js';
import { cachedRowLookup } from './read-cache.js';
import { mapper, type SqliteColumns, type SqliteParam } from './rows.js';

/** Browsers signed in at once are few; the bound only keeps guessing noise out of memory. */
const MAX_CACHED_SESSIONS = 1000;

/**
 * Sessions in SQLite. Every request a signed-in browser makes looks its session up, so the row
 * is kept in a ReadCache (emptied by any write, this process's or another's: a signed-out
 * session is refused by the very next request); expiry is decided from `now` after the lookup,
 * so a cached row never outlives its expiry.
 */
export function createSessionRepository(db: BetterSqlite3.Database): SessionRepository {
  const s = {
    insert: db.prepare<SqliteParam[]>(`INSERT INTO sessions (${SESSION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`),
    findByHash: db.prepare<[string], SessionRow<SqliteColumns>>(
      `SELECT ${SESSION_COLUMNS} FROM sessions WHERE hash = ?`,
    ),
    touch: db.prepare<[number, string]>('UPDATE sessions SET last_seen_at = ? WHERE id = ?'),
    delete: db.prepare<[string]>('DELETE FROM sessions WHERE id = ?'),
    deleteByAccount: db.prepare<[string]>('DELETE FROM sessions WHERE account_id = ?'),
    listLiveByAccount: db.prepare<[string, number], SessionRow<SqliteColumns>>(
      `SELECT ${SESSION_COLUMNS} FROM sessions WHERE account_id = ? AND expires_at > ?
       ORDER BY last_seen_at DESC, id DESC`,
    ),
    deleteOfAccount: db.prepare<[string, string]>('DELETE FROM sessions WHERE id = ? AND account_id = ?'),
    deleteOthers: db.prepare<[string, string]>('DELETE FROM sessions WHERE account_id = ? AND id <> ?'),
    // DELETE ... LIMIT needs a compile-time option; a bounded sub-select on the expiry index works.
    deleteExpired: db.prepare<[number, number]>(
      `DELETE FROM sessions WHERE id IN (
         SELECT id FROM sessions WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
    ),
  };
  const findByHash = cachedRowLookup(db, MAX_CACHED_SESSIONS, (hash) => s.findByHash.get(hash), mapper.toSession);
  return {
    insert: (session) => attempt('insert session', () => void s.insert.run(...mapper.sessionParams(session))),
    findLiveByHash: (hash, now) =>
      attempt('find session', () => {
        const session = findByHash(hash);
        return session !== null && session.expiresAt.getTime() > now.getTime() ? session : null;
      }),
    touch: (id, now) => attempt('touch session', () => void s.touch.run(now.getTime(), id)),
    delete: (id) => attempt('delete session', () => s.delete.run(id).changes === 1),
    deleteByAccount: (accountId) => attempt('delete sessions', () => s.deleteByAccount.run(accountId).changes),
    listLiveByAccount: (accountId, now) =>
      attempt('list sessions', () => s.listLiveByAccount.all(accountId, now.getTime()).map(mapper.toSession)),
    deleteOfAccount: (id, accountId) =>
      attempt('delete session', () => s.deleteOfAccount.run(id, accountId).changes === 1),
    deleteOthers: (accountId, keepId) =>
      attempt('delete sessions', () => s.deleteOthers.run(accountId, keepId).changes),
    deleteExpired: (now, limit) =>
      attempt('delete expired sessions', () =>
        limit < 1 ? 0 : s.deleteExpired.run(now.getTime(), Math.floor(limit)).changes,
      ),
  };
}
