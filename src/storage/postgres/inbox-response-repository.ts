import type { Pool } from 'pg';

import { decodeStoredResponse, encodeStoredResponse } from '../../domain/response-json.js';
import type { InboxResponseRepository } from '../../ports/inbox-response-repository.js';
import { attempt, inTransaction } from './attempt.js';

/** An inbox_responses row as node-postgres returns it (timestamptz as Date). */
interface ResponseRow {
  config: string;
  updated_at: Date;
}

/** The live inbox with the expected owner, locked against deletion until the write commits. */
const LIVE_INBOX = `SELECT id FROM inboxes WHERE id = $1 AND (expires_at IS NULL OR expires_at > $2)
  AND owner_id IS NOT DISTINCT FROM $3::text FOR KEY SHARE`;

const SQL = {
  find: 'SELECT config, updated_at FROM inbox_responses WHERE inbox_id = $1',
  // One statement: the inbox is checked and locked (a concurrent delete waits for this commit)
  // and the row written in one atomic step.
  put: `INSERT INTO inbox_responses (inbox_id, config, updated_at)
    SELECT live.id, $4, $5 FROM (${LIVE_INBOX}) AS live
    ON CONFLICT (inbox_id) DO UPDATE SET config = excluded.config, updated_at = excluded.updated_at`,
  liveInbox: LIVE_INBOX,
  delete: 'DELETE FROM inbox_responses WHERE inbox_id = $1',
};

/**
 * InboxResponseRepository on PostgreSQL. The inbox repository deletes an inbox's row in the
 * statement that deletes the inbox, and again when its purge completes (a write that committed
 * while the deletion was waiting for its lock is invisible to that statement's snapshot).
 */
export function createResponseRepository(pool: Pool): InboxResponseRepository {
  return {
    find: (inboxId) =>
      attempt('find inbox response', async () => {
        const { rows } = await pool.query<ResponseRow>(SQL.find, [inboxId]);
        const row = rows[0];
        return row === undefined ? null : decodeStoredResponse(inboxId, row.config, row.updated_at);
      }),
    put: (response, expectedOwnerId, now) =>
      attempt('set inbox response', async () => {
        const params = [
          response.inboxId,
          now.toISOString(),
          expectedOwnerId,
          encodeStoredResponse(response),
          response.updatedAt.toISOString(),
        ];
        return (await pool.query(SQL.put, params)).rowCount === 1;
      }),
    delete: (inboxId, expectedOwnerId, now) =>
      attempt('delete inbox response', () =>
        inTransaction(pool, async (client) => {
          const { rowCount } = await client.query(SQL.liveInbox, [inboxId, now.toISOString(), expectedOwnerId]);
          if (rowCount !== 1) return false;
          await client.query(SQL.delete, [inboxId]);
          return true;
        }),
      ),
  };
}
