import type { Pool } from 'pg';

import type { AlertRepository } from '../../ports/alert-repository.js';
import type { AlertAttemptRow, NotificationRow } from '../shared/alert-rows.js';
import {
  ALERT_ATTEMPT_COLUMNS,
  ALERT_SENT_COLUMNS,
  insertNotificationSql,
  NOTIFICATION_COLUMNS,
  rulesFromText,
  rulesToText,
} from '../shared/alert-rows.js';
import { abandonedAttemptValues, CLAIMED_COUNTER_COLUMNS, replaceAbandonedAttempt } from '../shared/sending-rows.js';
import { columnList } from '../shared/sql-lists.js';
import { attempt, inTransaction } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';
import { claimSends, completeSend, leaseDueSql } from './send-queue.js';

type Row = NotificationRow<PostgresColumns>;

const SQL = {
  upsertRules: `INSERT INTO alert_rules (inbox_id, rules, updated_at) VALUES ($1, $2, $3)
    ON CONFLICT (inbox_id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`,
  findRules: 'SELECT rules FROM alert_rules WHERE inbox_id = $1',
  deleteRules: 'DELETE FROM alert_rules WHERE inbox_id = $1',
  cancel: `UPDATE alert_notifications SET state = 'cancelled', next_attempt_at = NULL, lease_owner = NULL, updated_at = $2
    WHERE inbox_id = $1 AND next_attempt_at IS NOT NULL`,
  insert: insertNotificationSql((n) => `$${n}`),
  /**
   * As the forwarding claim: lock due notifications no other claimer holds, lease them
   * (leaseDueSql), record the abandoned attempt of those whose lease had expired, and return
   * what the worker needs (ClaimedAlertRow).
   */
  claim: `WITH ${leaseDueSql({ table: 'alert_notifications', key: 'id' }, { returning: ALERT_SENT_COLUMNS })},
  abandoned AS (
    INSERT INTO alert_attempts (${ALERT_ATTEMPT_COLUMNS})
    SELECT id, ${abandonedAttemptValues('attempts_total - 1', 'old_updated_at', 'url', '$6')}
    FROM claimed WHERE old_state = 'delivering'
    ON CONFLICT (notification_id, number) DO NOTHING)
  SELECT ${columnList(['id', ...CLAIMED_COUNTER_COLUMNS, ...ALERT_SENT_COLUMNS])} FROM claimed`,
  recordAttempt: `INSERT INTO alert_attempts (${ALERT_ATTEMPT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
    ${replaceAbandonedAttempt('alert_attempts', 'notification_id')}`,
  finish: `UPDATE alert_notifications SET state = $1, next_attempt_at = $2, lease_owner = NULL, updated_at = $3
    WHERE id = $4 AND state = 'delivering' AND lease_owner = $5 AND attempts_total = $6`,
  recent: `SELECT ${NOTIFICATION_COLUMNS} FROM alert_notifications WHERE inbox_id = $1 ORDER BY id DESC LIMIT $2`,
  attemptsOf: `SELECT ${ALERT_ATTEMPT_COLUMNS} FROM alert_attempts WHERE notification_id = ANY ($1::text[])
    ORDER BY notification_id, number`,
  nextDue:
    'SELECT next_attempt_at FROM alert_notifications WHERE next_attempt_at IS NOT NULL ORDER BY next_attempt_at LIMIT 1',
  withRules: 'SELECT inbox_id FROM alert_rules ORDER BY inbox_id',
};

/** AlertRepository on PostgreSQL. */
export function createAlertRepository(pool: Pool): AlertRepository {
  return {
    putRules: (inboxId, rules, now) =>
      attempt('set alert rules', async () => {
        await pool.query(SQL.upsertRules, [inboxId, rulesToText(rules), now.toISOString()]);
      }),
    findRules: (inboxId) =>
      attempt('find alert rules', async () => {
        const { rows } = await pool.query<{ rules: string }>(SQL.findRules, [inboxId]);
        return rows[0] === undefined ? null : rulesFromText(rows[0].rules);
      }),
    removeRules: (inboxId, now) =>
      attempt('remove alert rules', () =>
        inTransaction(pool, async (client) => {
          if ((await client.query(SQL.deleteRules, [inboxId])).rowCount === 0) return null;
          return (await client.query(SQL.cancel, [inboxId, now.toISOString()])).rowCount ?? 0;
        }),
      ),
    enqueue: (n) =>
      attempt('queue alert notification', async () => {
        const { rows } = await pool.query<Row>(SQL.insert, mapper.notificationParams(n));
        return mapper.toNotification(rows[0] as Row);
      }),
    claim: (opts) =>
      attempt('claim alert notifications', () => claimSends(pool, SQL.claim, opts, mapper.toClaimedAlert)),
    complete: (input) => attempt('complete alert notification', () => completeSend(pool, SQL, input.id, input)),
    listRecent: (inboxId, limit) =>
      attempt('list alert notifications', async () => {
        const { rows } = await pool.query<Row>(SQL.recent, [inboxId, Math.max(0, Math.floor(limit))]);
        if (rows.length === 0) return [];
        const attempts = await pool.query<AlertAttemptRow<PostgresColumns>>(SQL.attemptsOf, [rows.map((r) => r.id)]);
        return rows.map((row) => ({
          ...mapper.toNotification(row),
          attemptLog: attempts.rows.filter((a) => a.notification_id === row.id).map(mapper.toOutboundAttempt),
        }));
      }),
    nextDueAt: () =>
      attempt('next alert notification', async () => {
        const { rows } = await pool.query<{ next_attempt_at: Date }>(SQL.nextDue);
        return rows[0] === undefined ? null : rows[0].next_attempt_at;
      }),
    inboxIdsWithRules: () =>
      attempt('list alert inboxes', async () => {
        const { rows } = await pool.query<{ inbox_id: string }>(SQL.withRules);
        return rows.map((row) => row.inbox_id);
      }),
  };
}
