import type { Pool } from 'pg';

import type { SignatureSettingsRepository } from '../../ports/signature-settings-repository.js';
import { SIGNATURE_COLUMNS, type SignatureRow } from '../shared/account-rows.js';
import { attempt } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';

const SQL = {
  find: `SELECT ${SIGNATURE_COLUMNS} FROM inbox_signatures WHERE inbox_id = $1`,
  // One statement: the owner check and the write are one atomic step. FOR KEY SHARE (which the
  // foreign key's check takes too) holds the inbox row, so a deletion of the inbox waits for this
  // write, and its cascade then removes the row.
  put: `INSERT INTO inbox_signatures (${SIGNATURE_COLUMNS})
    SELECT $1, $2, $3, $4, $5, $6 FROM inboxes WHERE id = $1 AND owner_id = $7 FOR KEY SHARE
    ON CONFLICT (inbox_id) DO UPDATE SET scheme = excluded.scheme, sealed_secret = excluded.sealed_secret,
      secret_hint = excluded.secret_hint, options = excluded.options, updated_at = excluded.updated_at`,
  delete: 'DELETE FROM inbox_signatures WHERE inbox_id = $1',
};

/**
 * SignatureSettingsRepository on PostgreSQL. Deleting an inbox deletes its row (the foreign key
 * cascades).
 */
export function createSignatureRepository(pool: Pool): SignatureSettingsRepository {
  return {
    find: (inboxId) =>
      attempt('find signature settings', async () => {
        const { rows } = await pool.query<SignatureRow<PostgresColumns>>(SQL.find, [inboxId]);
        return rows[0] === undefined ? null : mapper.toSignatureSettings(rows[0]);
      }),
    put: (settings, expectedOwnerId) =>
      attempt('set signature settings', async () => {
        const result = await pool.query(SQL.put, [...mapper.signatureParams(settings), expectedOwnerId]);
        return result.rowCount === 1;
      }),
    delete: (inboxId) =>
      attempt('delete signature settings', async () => (await pool.query(SQL.delete, [inboxId])).rowCount === 1),
  };
}
