import type { Pool } from 'pg';

import type { SessionRepository } from '../../ports/session-repository.js';
import { SESSION_COLUMNS, type SessionRow } from '../shared/account-rows.js';
import { attempt } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';

const SQL = {
  insert: `INSERT INTO sessions (${SESSION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
  // Expiry is part of the lookup: an expired session is never returned, swept or not.
  findLive: `SELECT ${SESSION_COLUMNS} FROM sessions WHERE hash = $1 AND expires_at > $2`,
  touch: 'UPDATE sessions SET last_seen_at = $1 WHERE id = $2',
  delete: 'DELETE FROM sessions WHERE id = $1',
  deleteByAccount: 'DELETE FROM sessions WHERE account_id = $1',
  listLiveByAccount: `SELECT ${SESSION_COLUMNS} FROM sessions WHERE account_id = $1 AND expires_at > $2
    ORDER BY last_seen_at DESC, id DESC`,
  deleteOfAccount: 'DELETE FROM sessions WHERE id = $1 AND account_id = $2',
  deleteOthers: 'DELETE FROM sessions WHERE account_id = $1 AND id <> $2',
  // A bounded batch through the expiry index, so one sweep step never deletes millions at once.
  deleteExpired: `DELETE FROM sessions WHERE id IN (
    SELECT id FROM sessions WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2)`,
};

/** Sessions in PostgreSQL (same behaviour as the SQLite adapter; see the conformance suite). */
export function createSessionRepository(pool: Pool): SessionRepository {
  return {
    insert: (session) =>
      attempt('insert session', async () => {
        await pool.query(SQL.insert, mapper.sessionParams(session));
      }),
    findLiveByHash: (hash, now) =>
      attempt('find session', async () => {
        const { rows } = await pool.query<SessionRow<PostgresColumns>>(SQL.findLive, [hash, now.toISOString()]);
        return rows[0] === undefined ? null : mapper.toSession(rows[0]);
      }),
    touch: (id, now) =>
      attempt('touch session', async () => {
        await pool.query(SQL.touch, [now.toISOString(), id]);
      }),
    delete: (id) => attempt('delete session', async () => (await pool.query(SQL.delete, [id])).rowCount === 1),
    deleteByAccount: (accountId) =>
      attempt('delete sessions', async () => (await pool.query(SQL.deleteByAccount, [accountId])).rowCount ?? 0),
    listLiveByAccount: (accountId, now) =>
      attempt('list sessions', async () => {
        const { rows } = await pool.query<SessionRow<PostgresColumns>>(SQL.listLiveByAccount, [
          accountId,
          now.toISOString(),
        ]);
        return rows.map(mapper.toSession);
      }),
    deleteOfAccount: (id, accountId) =>
      attempt('delete session', async () => (await pool.query(SQL.deleteOfAccount, [id, accountId])).rowCount === 1),
    deleteOthers: (accountId, keepId) =>
      attempt('delete sessions', async () => (await pool.query(SQL.deleteOthers, [accountId, keepId])).rowCount ?? 0),
    deleteExpired: (now, limit) =>
      attempt('delete expired sessions', async () => {
        if (limit < 1) return 0;
        const result = await pool.query(SQL.deleteExpired, [now.toISOString(), Math.floor(limit)]);
        return result.rowCount ?? 0;
      }),
  };
}
