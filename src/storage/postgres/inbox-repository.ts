import type { Pool, PoolClient } from 'pg';

import type { InboxRepository } from '../../ports/inbox-repository.js';
import { attempt, inTransaction } from './attempt.js';
import { INBOX_COLUMNS, type InboxRow } from '../shared/event-rows.js';
import { mapper, type PostgresColumns } from './rows.js';

const LIVE = '(expires_at IS NULL OR expires_at > $2)';

/**
 * What else goes in the inbox's own deletion statement (docs/decisions.md #29), besides its
 * shares and response (and its signature settings, by their foreign key): its forwarding, so
 * nothing new is queued and its queued deliveries are never claimed again (the claim needs the
 * forwarding row), and its unfinished replay jobs, failed with INBOX_NOT_FOUND as the runner would
 * have ended them (a few rows on the inbox index), so no runner claims them and one running
 * them stops before its next send.
 */
const UNLINK_SETTINGS = `unforwarded AS (DELETE FROM forwarding WHERE inbox_id IN (SELECT id FROM gone)),
    stopped AS (UPDATE replay_jobs SET state = 'failed', finished_at = now(), error_code = 'INBOX_NOT_FOUND',
        error_message = 'The inbox was deleted or expired', lease_owner = NULL, lease_until = NULL
      WHERE inbox_id IN (SELECT id FROM gone) AND state IN ('queued', 'running'))`;

/**
 * The rest of an inbox deletion statement, after its `gone` CTE: queue the purge of the deleted
 * inboxes, delete their sharing links, response and settings, and count them.
 */
const AFTER_GONE = `queued AS (INSERT INTO purge_queue (inbox_id, queued_at) SELECT id, now() FROM gone
               ON CONFLICT (inbox_id) DO NOTHING),
    unshared AS (DELETE FROM shares WHERE inbox_id IN (SELECT id FROM gone)),
    unanswered AS (DELETE FROM inbox_responses WHERE inbox_id IN (SELECT id FROM gone)),
    ${UNLINK_SETTINGS}
    SELECT count(*)::int AS n FROM gone`;

const SQL = {
  insert: `INSERT INTO inboxes (${INBOX_COLUMNS}) VALUES ($1, $2, $3, $4, $5)`,
  findLive: `SELECT ${INBOX_COLUMNS} FROM inboxes WHERE id = $1 AND ${LIVE}`,
  listByOwner: `SELECT ${INBOX_COLUMNS} FROM inboxes WHERE owner_id = $1 AND ${LIVE}
    ORDER BY created_at DESC, id DESC`,
  // Only an unowned (or already own) inbox can be saved: of two concurrent saves one wins.
  save: `UPDATE inboxes SET owner_id = $3, expires_at = NULL WHERE id = $1 AND ${LIVE}
    AND (owner_id IS NULL OR owner_id = $3) RETURNING ${INBOX_COLUMNS}`,
  // Only while the owner is still $4: a concurrent move or delete wins, not both.
  move: `UPDATE inboxes SET owner_id = $3 WHERE id = $1 AND ${LIVE} AND owner_id = $4 RETURNING ${INBOX_COLUMNS}`,
  // Like delete: only while the owner is still $4 (NULL = anonymous).
  rename: `UPDATE inboxes SET name = $3 WHERE id = $1 AND ${LIVE}
    AND owner_id IS NOT DISTINCT FROM $4::text RETURNING ${INBOX_COLUMNS}`,
  // In the order of $1; a deleted inbox (its events not purged yet) has 0 and null like an
  // unknown one. The newest event is one step down the (inbox_id, id) index.
  stats: `SELECT coalesce(c.event_count, 0)::int AS event_count,
      (SELECT e.received_at FROM events_all AS e WHERE e.inbox_id = i.id
       ORDER BY e.inbox_id DESC, e.id DESC LIMIT 1) AS last_event_at
    FROM unnest($1::text[]) WITH ORDINALITY AS u (id, n)
    LEFT JOIN inboxes AS i ON i.id = u.id
    LEFT JOIN inbox_counters AS c ON c.inbox_id = i.id
    ORDER BY u.n`,
  // Deleting the row, queuing its purge and deleting its sharing links is one statement, so
  // one atomic step.
  // $2 false: delete whatever the owner; true: only while the owner is still $3 (NULL = anonymous).
  delete: `WITH gone AS (DELETE FROM inboxes WHERE id = $1
      AND (NOT $2::boolean OR owner_id IS NOT DISTINCT FROM $3::text) RETURNING id),
    ${AFTER_GONE}`,
  // `expires_at <= $1` implies `expires_at IS NOT NULL`, so the partial index serves this.
  // SKIP LOCKED: two sweepers never wait for each other, and an inbox an ingest is writing to
  // right now (FOR KEY SHARE in the event insert) is simply left for the next sweep.
  deleteExpired: `WITH doomed AS (
      SELECT id FROM inboxes WHERE owner_id IS NULL AND expires_at <= $1
      ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED),
    gone AS (DELETE FROM inboxes AS i USING doomed AS d WHERE i.id = d.id RETURNING i.id),
    ${AFTER_GONE}`,
  purgeNext: 'SELECT inbox_id FROM purge_queue LIMIT $1 FOR UPDATE SKIP LOCKED',
  /**
   * The bounded steps of purging one queued inbox, in order, each `(inbox, limit)` deleting up
   * to `limit` rows found on an inbox index. Separate statements (so separate snapshots) in one
   * transaction: deliveries go before their attempts, since an attempt is recorded only while
   * its delivery exists (recordAttempt locks it), and job items before their jobs (items are
   * found through their job, so a job goes only once it has none left).
   */
  purgeSteps: [
    // By id (the primary key's first column, so one index probe per partition); events_legacy
    // holds the rows the upgrade has not moved yet (event-partitions.ts).
    'DELETE FROM events WHERE id = ANY (ARRAY(SELECT id FROM events WHERE inbox_id = $1 LIMIT $2))',
    'DELETE FROM events_legacy WHERE seq IN (SELECT seq FROM events_legacy WHERE inbox_id = $1 LIMIT $2)',
    'DELETE FROM replays WHERE seq IN (SELECT seq FROM replays WHERE inbox_id = $1 LIMIT $2)',
    'DELETE FROM deliveries WHERE event_id IN (SELECT event_id FROM deliveries WHERE inbox_id = $1 LIMIT $2)',
    `DELETE FROM delivery_attempts WHERE (event_id, number) IN (
      SELECT event_id, number FROM delivery_attempts WHERE inbox_id = $1 LIMIT $2)`,
    `DELETE FROM replay_job_items WHERE (job_id, position) IN (
      SELECT i.job_id, i.position FROM replay_jobs AS j JOIN replay_job_items AS i ON i.job_id = j.id
      WHERE j.inbox_id = $1 LIMIT $2)`,
    `DELETE FROM replay_jobs WHERE id IN (
      SELECT j.id FROM replay_jobs AS j WHERE j.inbox_id = $1
        AND NOT EXISTS (SELECT 1 FROM replay_job_items AS i WHERE i.job_id = j.id) LIMIT $2)`,
  ],
  /**
   * Nothing of the inbox is left: its queue entry (one unit) and its counter go, and again any
   * response or forwarding written while the inbox's deletion waited for its lock.
   */
  purgeDone: `WITH done AS (DELETE FROM purge_queue WHERE inbox_id = $1 RETURNING 1),
    uncounted AS (DELETE FROM inbox_counters WHERE inbox_id = $1),
    unanswered AS (DELETE FROM inbox_responses WHERE inbox_id = $1),
    unforwarded AS (DELETE FROM forwarding WHERE inbox_id = $1)
    SELECT count(*)::int AS n FROM done`,
};

/**
 * Deleting an inbox removes its row and queues its id in purge_queue in one statement: the
 * inbox vanishes from every read at once (services always check the inbox before its events),
 * while its events and replays, possibly gigabytes, are purged later in short, bounded
 * transactions.
 */
export function createInboxRepository(pool: Pool): InboxRepository {
  return {
    insert: (inbox) =>
      attempt('insert inbox', async () => void (await pool.query(SQL.insert, mapper.inboxParams(inbox)))),
    findLive: (id, now) =>
      attempt('find inbox', async () => {
        const { rows } = await pool.query<InboxRow<PostgresColumns>>(SQL.findLive, [id, now.toISOString()]);
        return rows[0] === undefined ? null : mapper.toInbox(rows[0]);
      }),
    listByOwner: (ownerId, now) =>
      attempt('list inboxes', async () => {
        const { rows } = await pool.query<InboxRow<PostgresColumns>>(SQL.listByOwner, [ownerId, now.toISOString()]);
        return rows.map(mapper.toInbox);
      }),
    save: (id, ownerId, now) =>
      attempt('save inbox', async () => {
        const { rows } = await pool.query<InboxRow<PostgresColumns>>(SQL.save, [id, now.toISOString(), ownerId]);
        return rows[0] === undefined ? null : mapper.toInbox(rows[0]);
      }),
    move: (id, ownerId, expectedOwnerId, now) =>
      attempt('move inbox', async () => {
        const { rows } = await pool.query<InboxRow<PostgresColumns>>(SQL.move, [
          id,
          now.toISOString(),
          ownerId,
          expectedOwnerId,
        ]);
        return rows[0] === undefined ? null : mapper.toInbox(rows[0]);
      }),
    rename: (id, name, expectedOwnerId, now) =>
      attempt('rename inbox', async () => {
        const { rows } = await pool.query<InboxRow<PostgresColumns>>(SQL.rename, [
          id,
          now.toISOString(),
          name,
          expectedOwnerId,
        ]);
        return rows[0] === undefined ? null : mapper.toInbox(rows[0]);
      }),
    stats: (ids) =>
      attempt('inbox stats', async () => {
        if (ids.length === 0) return [];
        const { rows } = await pool.query<{ event_count: number; last_event_at: Date | null }>(SQL.stats, [ids]);
        return rows.map((row) => ({ eventCount: row.event_count, lastEventAt: row.last_event_at }));
      }),
    delete: (id, expectedOwnerId) =>
      attempt('delete inbox', async () => {
        const params = [id, expectedOwnerId !== undefined, expectedOwnerId ?? null];
        return (await count(pool, SQL.delete, params)) === 1;
      }),
    deleteExpired: (now, limit) =>
      attempt('delete expired inboxes', async () =>
        limit < 1 ? 0 : count(pool, SQL.deleteExpired, [now.toISOString(), Math.floor(limit)]),
      ),
    purgeDeleted: (limit) =>
      attempt('purge deleted inboxes', async () =>
        limit < 1 ? 0 : inTransaction(pool, (client) => purgeBatch(client, Math.floor(limit))),
      ),
  };
}

async function count(db: Pool | PoolClient, text: string, values: unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(text, values);
  return rows[0]?.n ?? 0;
}

/**
 * Deletes at most `limit` rows: events, replays, deliveries, delivery attempts, replay job items
 * and replay jobs of queued inboxes, plus the queue entries of inboxes found empty. Counting queue entries keeps "0 means nothing is left" true even when
 * thousands of deleted inboxes never received an event, and keeps each call bounded. The queue
 * entries are locked (SKIP LOCKED), so concurrent purges work on different inboxes.
 */
async function purgeBatch(client: PoolClient, limit: number): Promise<number> {
  let remaining = limit;
  // Each queue entry costs at least one unit (a purged row or its own removal), so `remaining`
  // entries are always enough to spend the budget.
  const { rows } = await client.query<{ inbox_id: string }>(SQL.purgeNext, [remaining]);
  for (const { inbox_id: inboxId } of rows) {
    for (const step of SQL.purgeSteps) {
      remaining -= (await client.query(step, [inboxId, remaining])).rowCount ?? 0;
      if (remaining <= 0) return limit;
    }
    // Every step came back short: nothing of this inbox is left.
    remaining -= await count(client, SQL.purgeDone, [inboxId]);
    if (remaining <= 0) break;
  }
  return limit - remaining;
}
