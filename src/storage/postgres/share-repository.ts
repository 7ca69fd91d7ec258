import type { Pool } from 'pg';

import type { Share } from '../../domain/share.js';
import type { ShareRepository } from '../../ports/store.js';
import { attempt } from './attempt.js';

/** A shares row as node-postgres returns it (timestamptz as Date). */
interface ShareRow {
  id: string;
  inbox_id: string;
  hash: string;
  prefix: string;
  created_at: Date;
}

const COLUMNS = 'id, inbox_id, hash, prefix, created_at';

const SQL = {
  insert: `INSERT INTO shares (${COLUMNS}) VALUES ($1, $2, $3, $4, $5)`,
  findByHash: `SELECT ${COLUMNS} FROM shares WHERE hash = $1`,
  listByInbox: `SELECT ${COLUMNS} FROM shares WHERE inbox_id = $1 ORDER BY created_at DESC, id DESC`,
  delete: 'DELETE FROM shares WHERE id = $1 AND inbox_id = $2',
};

function toShare(row: ShareRow): Share {
  return { id: row.id, inboxId: row.inbox_id, hash: row.hash, prefix: row.prefix, createdAt: row.created_at };
}

/**
 * ShareRepository on PostgreSQL. The inbox repository deletes an inbox's shares in the
 * statement that deletes the inbox.
 */
export function createShareRepository(pool: Pool): ShareRepository {
  return {
    insert: (share) =>
      attempt('insert share', async () => {
        await pool.query(SQL.insert, [
          share.id,
          share.inboxId,
          share.hash,
          share.prefix,
          share.createdAt.toISOString(),
        ]);
      }),
    findByHash: (hash) =>
      attempt('find share', async () => {
        const { rows } = await pool.query<ShareRow>(SQL.findByHash, [hash]);
        return rows[0] === undefined ? null : toShare(rows[0]);
      }),
    listByInbox: (inboxId) =>
      attempt('list shares', async () => {
        const { rows } = await pool.query<ShareRow>(SQL.listByInbox, [inboxId]);
        return rows.map(toShare);
      }),
    delete: (id, inboxId) =>
      attempt('delete share', async () => (await pool.query(SQL.delete, [id, inboxId])).rowCount === 1),
  };
}
