import type { Pool } from 'pg';

import type { ForwardingRepository } from '../../ports/forwarding-repository.js';
import type { AttemptRow, DeliveryRow, ForwardingRow } from '../shared/forwarding-rows.js';
import {
  ATTEMPT_COLUMNS,
  DELIVERY_COLUMNS,
  FORWARDING_COLUMNS,
  FORWARDING_SETTING_COLUMNS,
  upsertForwardingSql,
} from '../shared/forwarding-rows.js';
import { abandonedAttemptValues, CLAIMED_COUNTER_COLUMNS, replaceAbandonedAttempt } from '../shared/sending-rows.js';
import { columnList } from '../shared/sql-lists.js';
import { attempt, inTransaction } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';
import { claimSends, completeSend, leaseDueSql } from './send-queue.js';

/**
 * The CTE the batch insert of events adds (group-commit.ts): one pending delivery per stored
 * event whose inbox's forwarding is enabled, in the same statement (so the same transaction).
 * `stored` must return id, inbox_id and received_at. FOR KEY SHARE keeps the forwarding row
 * until COMMIT, so removing the forwarding (which deletes the row, then cancels the inbox's
 * unfinished deliveries) waits for the batch and then cancels its deliveries too.
 */
export const ENQUEUE_DELIVERIES_CTE = `queued AS (
INSERT INTO deliveries (event_id, inbox_id, state, attempts, attempts_total, next_attempt_at, lease_owner, created_at, updated_at)
SELECT s.id, s.inbox_id, 'pending', 0, 0, s.received_at, NULL, s.received_at, s.received_at
FROM stored AS s JOIN forwarding AS f ON f.inbox_id = s.inbox_id AND f.enabled
FOR KEY SHARE OF f
ON CONFLICT (event_id) DO NOTHING)`;

const SQL = {
  upsert: upsertForwardingSql((n) => `$${n}`),
  find: `SELECT ${FORWARDING_COLUMNS} FROM forwarding WHERE inbox_id = $1`,
  remove: 'DELETE FROM forwarding WHERE inbox_id = $1',
  // A new statement, so a new snapshot: it sees the deliveries of insert batches that held the
  // forwarding row (FOR KEY SHARE) and committed while the DELETE waited for them.
  cancel: `UPDATE deliveries SET state = 'cancelled', next_attempt_at = NULL, lease_owner = NULL, updated_at = $2
    WHERE inbox_id = $1 AND next_attempt_at IS NOT NULL`,
  enabledIds: 'SELECT inbox_id FROM forwarding WHERE enabled ORDER BY inbox_id',
  /**
   * One statement: lock the due deliveries of enabled forwardings no other claimer holds, lease
   * them (leaseDueSql), read their forwarding's settings, record the abandoned attempt of those
   * whose lease had expired, and return what the worker needs (ClaimedRow).
   */
  claim: `WITH ${leaseDueSql(
    { table: 'deliveries', key: 'event_id' },
    { dueIf: 'EXISTS (SELECT 1 FROM forwarding AS f WHERE f.inbox_id = q.inbox_id AND f.enabled)' },
  )},
  with_config AS (
    SELECT c.*, ${columnList(FORWARDING_SETTING_COLUMNS, 'f')}
    FROM claimed AS c JOIN forwarding AS f ON f.inbox_id = c.inbox_id),
  abandoned AS (
    INSERT INTO delivery_attempts (${ATTEMPT_COLUMNS}, inbox_id)
    SELECT event_id, ${abandonedAttemptValues('attempts_total - 1', 'old_updated_at', 'destination', '$6')}, inbox_id
    FROM with_config WHERE old_state = 'delivering'
    ON CONFLICT (event_id, number) DO NOTHING)
  SELECT ${columnList(['event_id', ...CLAIMED_COUNTER_COLUMNS, ...FORWARDING_SETTING_COLUMNS])} FROM with_config`,
  // FOR KEY SHARE: recorded only while the delivery exists, so an attempt never outlives it (a
  // deletion of the event or a purge of its inbox waits for this, or this finds no row).
  recordAttempt: `INSERT INTO delivery_attempts (${ATTEMPT_COLUMNS}, inbox_id)
    SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, d.inbox_id FROM deliveries AS d WHERE d.event_id = $1 FOR KEY SHARE OF d
    ${replaceAbandonedAttempt('delivery_attempts', 'event_id')}`,
  finish: `UPDATE deliveries SET state = $1, next_attempt_at = $2, lease_owner = NULL, updated_at = $3
    WHERE event_id = $4 AND state = 'delivering' AND lease_owner = $5 AND attempts_total = $6`,
  findDelivery: `SELECT ${DELIVERY_COLUMNS} FROM deliveries WHERE event_id = $1`,
  listAttempts: `SELECT ${ATTEMPT_COLUMNS} FROM delivery_attempts WHERE event_id = $1 ORDER BY number`,
  reopen: `INSERT INTO deliveries (${DELIVERY_COLUMNS}, lease_owner)
    VALUES ($1, $2, 'pending', 0, 0, $3, $3, $3, NULL)
    ON CONFLICT (event_id) DO UPDATE SET state = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at,
      lease_owner = NULL, updated_at = excluded.updated_at
    WHERE deliveries.next_attempt_at IS NULL
    RETURNING ${DELIVERY_COLUMNS}`,
  nextDue: `SELECT d.next_attempt_at FROM deliveries AS d
    WHERE d.next_attempt_at IS NOT NULL
      AND EXISTS (SELECT 1 FROM forwarding AS f WHERE f.inbox_id = d.inbox_id AND f.enabled)
    ORDER BY d.next_attempt_at LIMIT 1`,
  depth: 'SELECT count(*)::int AS n FROM deliveries WHERE next_attempt_at IS NOT NULL',
};

/** ForwardingRepository on PostgreSQL. */
export function createForwardingRepository(pool: Pool): ForwardingRepository {
  return {
    put: (f) =>
      attempt('set forwarding', async () => {
        const { rows } = await pool.query<ForwardingRow<PostgresColumns>>(SQL.upsert, mapper.forwardingParams(f));
        return mapper.toForwarding(rows[0] as ForwardingRow<PostgresColumns>);
      }),
    find: (inboxId) =>
      attempt('find forwarding', async () => {
        const { rows } = await pool.query<ForwardingRow<PostgresColumns>>(SQL.find, [inboxId]);
        return rows[0] === undefined ? null : mapper.toForwarding(rows[0]);
      }),
    remove: (inboxId, now) =>
      attempt('remove forwarding', () =>
        inTransaction(pool, async (client) => {
          if ((await client.query(SQL.remove, [inboxId])).rowCount === 0) return null;
          return (await client.query(SQL.cancel, [inboxId, now.toISOString()])).rowCount ?? 0;
        }),
      ),
    enabledInboxIds: () =>
      attempt('list forwarding', async () => {
        const { rows } = await pool.query<{ inbox_id: string }>(SQL.enabledIds);
        return rows.map((row) => row.inbox_id);
      }),
    claim: (opts) => attempt('claim deliveries', () => claimSends(pool, SQL.claim, opts, mapper.toClaimedDelivery)),
    complete: (input) => attempt('complete delivery', () => completeSend(pool, SQL, input.eventId, input)),
    listByEvent: (eventId) =>
      attempt('list deliveries', async () => {
        const { rows } = await pool.query<DeliveryRow<PostgresColumns>>(SQL.findDelivery, [eventId]);
        const row = rows[0];
        if (row === undefined) return [];
        const attempts = await pool.query<AttemptRow<PostgresColumns>>(SQL.listAttempts, [eventId]);
        return [{ ...mapper.toDelivery(row), attemptLog: attempts.rows.map(mapper.toAttempt) }];
      }),
    retry: (input) =>
      attempt('retry delivery', async () => {
        const { rows } = await pool.query<DeliveryRow<PostgresColumns>>(SQL.reopen, [
          input.eventId,
          input.inboxId,
          input.now.toISOString(),
        ]);
        return rows[0] === undefined ? 'busy' : mapper.toDelivery(rows[0]);
      }),
    nextDueAt: () =>
      attempt('next delivery', async () => {
        const { rows } = await pool.query<{ next_attempt_at: Date }>(SQL.nextDue);
        return rows[0]?.next_attempt_at ?? null;
      }),
    queueDepth: () =>
      attempt('count deliveries', async () => {
        const { rows } = await pool.query<{ n: number }>(SQL.depth);
        return rows[0]?.n ?? 0;
      }),
  };
}
