import type BetterSqlite3 from 'better-sqlite3';

import type { SignatureSettingsRepository, StoredSignatureSettings } from '../../ports/store.js';
import { parseStoredOptions } from '../../signatures/settings.js';
import { attempt } from './attempt.js';

/**
 * Signature settings of inboxes (migration 6): scheme, the secret sealed with the server key,
 * what may be shown of it, the scheme's options (JSON text) and when they were set.
 */
export const SIGNATURES_SQL = `
CREATE TABLE inbox_signatures (
  inbox_id      TEXT PRIMARY KEY,
  scheme        TEXT NOT NULL,
  sealed_secret TEXT NOT NULL,
  secret_hint   TEXT,
  options       TEXT NOT NULL,
  updated_at    INTEGER NOT NULL
);
`;

/** An inbox_signatures row as better-sqlite3 returns it (updated_at in INTEGER milliseconds). */
interface SignatureRow {
  inbox_id: string;
  scheme: string;
  sealed_secret: string;
  secret_hint: string | null;
  options: string;
  updated_at: number;
}

function toSettings(row: SignatureRow): StoredSignatureSettings {
  return {
    inboxId: row.inbox_id,
    scheme: row.scheme,
    sealedSecret: row.sealed_secret,
    secretHint: row.secret_hint,
    options: parseStoredOptions(row.options),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * SignatureSettingsRepository on SQLite. Ingest reads through the service's own short-lived
 * cache (services/signatures.ts), so there is no ReadCache here. The inbox repository deletes an
 * inbox's row in the transaction that deletes the inbox.
 */
export function createSignatureRepository(db: BetterSqlite3.Database): SignatureSettingsRepository {
  const find = db.prepare<[string], SignatureRow>(
    'SELECT inbox_id, scheme, sealed_secret, secret_hint, options, updated_at FROM inbox_signatures WHERE inbox_id = ?',
  );
  // One statement: the owner check and the write are one atomic step.
  const put = db.prepare<
    [
      {
        inboxId: string;
        scheme: string;
        sealed: string;
        hint: string | null;
        options: string;
        updatedAt: number;
        ownerId: string;
      },
    ]
  >(
    `INSERT INTO inbox_signatures (inbox_id, scheme, sealed_secret, secret_hint, options, updated_at)
      SELECT @inboxId, @scheme, @sealed, @hint, @options, @updatedAt
      WHERE EXISTS (SELECT 1 FROM inboxes WHERE id = @inboxId AND owner_id = @ownerId)
      ON CONFLICT (inbox_id) DO UPDATE SET scheme = excluded.scheme, sealed_secret = excluded.sealed_secret,
        secret_hint = excluded.secret_hint, options = excluded.options, updated_at = excluded.updated_at`,
  );
  const remove = db.prepare<[string]>('DELETE FROM inbox_signatures WHERE inbox_id = ?');
  return {
    find: (inboxId) =>
      attempt('find signature settings', () => {
        const row = find.get(inboxId);
        return row === undefined ? null : toSettings(row);
      }),
    put: (settings, expectedOwnerId) =>
      attempt(
        'set signature settings',
        () =>
          put.run({
            inboxId: settings.inboxId,
            scheme: settings.scheme,
            sealed: settings.sealedSecret,
            hint: settings.secretHint,
            options: JSON.stringify(settings.options),
            updatedAt: settings.updatedAt.getTime(),
            ownerId: expectedOwnerId,
          }).changes === 1,
      ),
    delete: (inboxId) => attempt('delete signature settings', () => remove.run(inboxId).changes === 1),
  };
}
