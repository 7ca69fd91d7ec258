import type { Pool } from 'pg';

import type { ShareRepository } from '../../ports/share-repository.js';
import { SHARE_COLUMNS, type ShareRow } from '../shared/account-rows.js';
import { attempt } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';

const SQL = {
  insert: `INSERT INTO shares (${SHARE_COLUMNS}) VALUES ($1, $2, $3, $4, $5)`,
  findByHash: `SELECT ${SHARE_COLUMNS} FROM shares WHERE hash = $1`,
  listByInbox: `SELECT ${SHARE_COLUMNS} FROM shares WHERE inbox_id = $1 ORDER BY created_at DESC, id DESC`,
  delete: 'DELETE FROM shares WHERE id = $1 AND inbox_id = $2',
};

/**
 * ShareRepository on PostgreSQL. The inbox repository deletes an inbox's shares in the
 * statement that deletes the inbox.
 */
export function createShareRepository(pool: Pool): ShareRepository {
  return {
    insert: (share) =>
      attempt('insert share', async () => {
        await pool.query(SQL.insert, mapper.shareParams(share));
      }),
    findByHash: (hash) =>
      attempt('find share', async () => {
        const { rows } = await pool.query<ShareRow<PostgresColumns>>(SQL.findByHash, [hash]);
        return rows[0] === undefined ? null : mapper.toShare(rows[0]);
      }),
    listByInbox: (inboxId) =>
      attempt('list shares', async () => {
        const { rows } = await pool.query<ShareRow<PostgresColumns>>(SQL.listByInbox, [inboxId]);
        return rows.map(mapper.toShare);
      }),
    delete: (id, inboxId) =>
      attempt('delete share', async () => (await pool.query(SQL.delete, [id, inboxId])).rowCount === 1),
  };
}
