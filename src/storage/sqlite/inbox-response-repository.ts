import type BetterSqlite3 from 'better-sqlite3';

import { decodeStoredResponse, encodeStoredResponse } from '../../domain/response-json.js';
import type { InboxResponseRepository } from '../../ports/inbox-response-repository.js';
import { attempt } from './attempt.js';

/** An inbox_responses row as better-sqlite3 returns it (updated_at in INTEGER milliseconds). */
interface ResponseRow {
  config: string;
  updated_at: number;
}

/** The inbox exists, is live at `now` and has the expected owner (`IS` compares NULL too). */
const INBOX_AS_EXPECTED = `EXISTS (SELECT 1 FROM inboxes WHERE id = @inboxId
  AND (expires_at IS NULL OR expires_at > @now) AND owner_id IS @ownerId)`;

/**
 * InboxResponseRepository on SQLite. The ingest listener reads through its own short-lived
 * cache (services/responses.ts), so there is no ReadCache here: under ingest every commit would
 * empty one anyway. The inbox repository deletes an inbox's row in the transaction that deletes
 * the inbox.
 */
export function createResponseRepository(db: BetterSqlite3.Database): InboxResponseRepository {
  const find = db.prepare<[string], ResponseRow>('SELECT config, updated_at FROM inbox_responses WHERE inbox_id = ?');
  // One statement: the check and the write are one atomic step.
  const put = db.prepare<[{ inboxId: string; config: string; updatedAt: number; now: number; ownerId: string | null }]>(
    `INSERT INTO inbox_responses (inbox_id, config, updated_at)
      SELECT @inboxId, @config, @updatedAt WHERE ${INBOX_AS_EXPECTED}
      ON CONFLICT (inbox_id) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`,
  );
  const inboxAsExpected = db.prepare<[{ inboxId: string; now: number; ownerId: string | null }], { ok: number }>(
    `SELECT ${INBOX_AS_EXPECTED} AS ok`,
  );
  const remove = db.prepare<[string]>('DELETE FROM inbox_responses WHERE inbox_id = ?');
  const deleteIfExpected = db.transaction((inboxId: string, ownerId: string | null, now: number): boolean => {
    if (inboxAsExpected.get({ inboxId, now, ownerId })?.ok !== 1) return false;
    remove.run(inboxId);
    return true;
  });
  return {
    find: (inboxId) =>
      attempt('find inbox response', () => {
        const row = find.get(inboxId);
        return row === undefined ? null : decodeStoredResponse(inboxId, row.config, new Date(row.updated_at));
      }),
    put: (response, expectedOwnerId, now) =>
      attempt('set inbox response', () => {
        const params = {
          inboxId: response.inboxId,
          config: encodeStoredResponse(response),
          updatedAt: response.updatedAt.getTime(),
          now: now.getTime(),
          ownerId: expectedOwnerId,
        };
        return put.run(params).changes === 1;
      }),
    delete: (inboxId, expectedOwnerId, now) =>
      attempt('delete inbox response', () => deleteIfExpected.immediate(inboxId, expectedOwnerId, now.getTime())),
  };
}
