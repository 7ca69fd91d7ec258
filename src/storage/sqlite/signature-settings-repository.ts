import type BetterSqlite3 from 'better-sqlite3';

import type { SignatureSettingsRepository } from '../../ports/signature-settings-repository.js';
import { SIGNATURE_COLUMNS, type SignatureRow } from '../shared/account-rows.js';
import { attempt } from './attempt.js';
import { mapper, type SqliteColumns, type SqliteParam } from './rows.js';

/**
 * SignatureSettingsRepository on SQLite. Ingest reads through the service's own short-lived
 * cache (services/signatures.ts), so there is no ReadCache here. The inbox repository deletes an
 * inbox's row in the transaction that deletes the inbox.
 */
export function createSignatureRepository(db: BetterSqlite3.Database): SignatureSettingsRepository {
  const find = db.prepare<[string], SignatureRow<SqliteColumns>>(
    `SELECT ${SIGNATURE_COLUMNS} FROM inbox_signatures WHERE inbox_id = ?`,
  );
  // One statement: the owner check and the write are one atomic step.
  const put = db.prepare<SqliteParam[]>(
    `INSERT INTO inbox_signatures (${SIGNATURE_COLUMNS})
      SELECT ?, ?, ?, ?, ?, ?
      WHERE EXISTS (SELECT 1 FROM inboxes WHERE id = ? AND owner_id = ?)
      ON CONFLICT (inbox_id) DO UPDATE SET scheme = excluded.scheme, sealed_secret = excluded.sealed_secret,
        secret_hint = excluded.secret_hint, options = excluded.options, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM inbox_signatures WHERE inbox_id = ?');
  return {
    find: (inboxId) =>
      attempt('find signature settings', () => {
        const row = find.get(inboxId);
        return row === undefined ? null : mapper.toSignatureSettings(row);
      }),
    put: (settings, expectedOwnerId) =>
      attempt(
        'set signature settings',
        () => put.run(...mapper.signatureParams(settings), settings.inboxId, expectedOwnerId).changes === 1,
      ),
    delete: (inboxId) => attempt('delete signature settings', () => remove.run(inboxId).changes === 1),
  };
}
