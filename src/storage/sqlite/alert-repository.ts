import type BetterSqlite3 from 'better-sqlite3';

import type { ClaimedAlert } from '../../domain/alert-notification.js';
import { ABANDONED_MESSAGE, claimBatchSize, leaseEndMs, nextAttemptAt } from '../../domain/outbound-delivery.js';
import type { AlertRepository } from '../../ports/alert-repository.js';
import type { AlertAttemptRow, NotificationRow } from '../shared/alert-rows.js';
import {
  ALERT_ATTEMPT_COLUMNS,
  insertNotificationSql,
  NOTIFICATION_COLUMNS,
  rulesFromText,
  rulesToText,
} from '../shared/alert-rows.js';
import { abandonedAttemptValues, replaceAbandonedAttempt } from '../shared/sending-rows.js';
import { attempt } from './attempt.js';
import { mapper, type SqliteColumns, type SqliteParam } from './rows.js';

type Row = NotificationRow<SqliteColumns>;

/** AlertRepository on SQLite: every write is one IMMEDIATE transaction. */
export function createAlertRepository(db: BetterSqlite3.Database): AlertRepository {
  const upsertRules = db.prepare<[string, string, number]>(
    `INSERT INTO alert_rules (inbox_id, rules, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (inbox_id) DO UPDATE SET rules = excluded.rules, updated_at = excluded.updated_at`,
  );
  const findRules = db.prepare<[string], string>('SELECT rules FROM alert_rules WHERE inbox_id = ?').pluck(true);
  const deleteRules = db.prepare<[string]>('DELETE FROM alert_rules WHERE inbox_id = ?');
  const cancelInbox = db.prepare<[number, string]>(
    `UPDATE alert_notifications SET state = 'cancelled', next_attempt_at = NULL, lease_owner = NULL, updated_at = ?
     WHERE inbox_id = ? AND next_attempt_at IS NOT NULL`,
  );
  const insert = db.prepare<SqliteParam[], Row>(insertNotificationSql(() => '?'));
  const due = db.prepare<[{ now: number; limit: number; exclude: string }], Row>(
    `SELECT ${NOTIFICATION_COLUMNS} FROM alert_notifications
     WHERE next_attempt_at IS NOT NULL AND next_attempt_at <= @now
       AND inbox_id NOT IN (SELECT value FROM json_each(@exclude))
     ORDER BY next_attempt_at LIMIT @limit`,
  );
  const lease = db.prepare<[{ owner: string; until: number; now: number; id: string }]>(
    `UPDATE alert_notifications SET state = 'delivering', attempts = attempts + 1, attempts_total = attempts_total + 1,
       lease_owner = @owner, next_attempt_at = @until, updated_at = @now
     WHERE id = @id`,
  );
  const insertAbandoned = db.prepare<
    [{ id: string; number: number; started_at: number; url: string; message: string }]
  >(
    `INSERT INTO alert_attempts (${ALERT_ATTEMPT_COLUMNS})
     VALUES (@id, ${abandonedAttemptValues('@number', '@started_at', '@url', '@message')})
     ON CONFLICT (notification_id, number) DO NOTHING`,
  );
  const recordAttempt = db.prepare<SqliteParam[]>(
    `INSERT INTO alert_attempts (${ALERT_ATTEMPT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ${replaceAbandonedAttempt('alert_attempts', 'notification_id')}`,
  );
  const finish = db.prepare<
    [{ state: string; next: number | null; now: number; id: string; owner: string; number: number }]
  >(
    `UPDATE alert_notifications SET state = @state, next_attempt_at = @next, lease_owner = NULL, updated_at = @now
     WHERE id = @id AND state = 'delivering' AND lease_owner = @owner AND attempts_total = @number`,
  );
  const recent = db.prepare<[string, number], Row>(
    `SELECT ${NOTIFICATION_COLUMNS} FROM alert_notifications WHERE inbox_id = ? ORDER BY id DESC LIMIT ?`,
  );
  const attemptsOf = db.prepare<[string], AlertAttemptRow<SqliteColumns>>(
    `SELECT ${ALERT_ATTEMPT_COLUMNS} FROM alert_attempts WHERE notification_id = ? ORDER BY number`,
  );
  const nextDue = db
    .prepare<[], number>(
      'SELECT next_attempt_at FROM alert_notifications WHERE next_attempt_at IS NOT NULL ORDER BY next_attempt_at LIMIT 1',
    )
    .pluck(true);
  const withRules = db.prepare<[], string>('SELECT inbox_id FROM alert_rules ORDER BY inbox_id').pluck(true);

  const removeTx = db.transaction((inboxId: string, now: number): number | null => {
    if (deleteRules.run(inboxId).changes === 0) return null;
    return cancelInbox.run(now, inboxId).changes;
  });
  const claimTx = db.transaction(
    (owner: string, now: number, until: number, limit: number, exclude: readonly string[]): ClaimedAlert[] =>
      due.all({ now, limit, exclude: JSON.stringify(exclude) }).map((row) => {
        if (row.state === 'delivering') {
          insertAbandoned.run({
            id: row.id,
            number: row.attempts_total,
            started_at: row.updated_at,
            url: row.url,
            message: ABANDONED_MESSAGE,
          });
        }
        lease.run({ owner, until, now, id: row.id });
        // `row` was read before the lease, which counted this attempt.
        return mapper.toClaimedAlert({ ...row, attempts: row.attempts + 1, attempts_total: row.attempts_total + 1 });
      }),
  );
  const completeTx = db.transaction((input: Parameters<AlertRepository['complete']>[0]): boolean => {
    if (input.attempt !== null)
      recordAttempt.run(...mapper.outboundAttemptParams(input.id, input.number, input.attempt));
    return (
      finish.run({
        state: input.next.state,
        next: nextAttemptAt(input.next)?.getTime() ?? null,
        now: input.now.getTime(),
        id: input.id,
        owner: input.owner,
        number: input.number,
      }).changes === 1
    );
  });

  return {
    putRules: (inboxId, rules, now) =>
      attempt('set alert rules', () => {
        upsertRules.run(inboxId, rulesToText(rules), now.getTime());
      }),
    findRules: (inboxId) =>
      attempt('find alert rules', () => {
        const text = findRules.get(inboxId);
        return text === undefined ? null : rulesFromText(text);
      }),
    removeRules: (inboxId, now) => attempt('remove alert rules', () => removeTx.immediate(inboxId, now.getTime())),
    enqueue: (n) =>
      attempt('queue alert notification', () =>
        mapper.toNotification(insert.get(...mapper.notificationParams(n)) as Row),
      ),
    claim: (opts) =>
      attempt('claim alert notifications', () => {
        const limit = claimBatchSize(opts.limit);
        if (limit === 0) return [];
        const until = leaseEndMs(opts.now, opts.leaseMs);
        return claimTx.immediate(opts.owner, opts.now.getTime(), until, limit, opts.excludeInboxIds ?? []);
      }),
    complete: (input) => attempt('complete alert notification', () => completeTx.immediate(input)),
    listRecent: (inboxId, limit) =>
      attempt('list alert notifications', () =>
        recent.all(inboxId, Math.max(0, Math.floor(limit))).map((row) => ({
          ...mapper.toNotification(row),
          attemptLog: attemptsOf.all(row.id).map(mapper.toOutboundAttempt),
        })),
      ),
    nextDueAt: () =>
      attempt('next alert notification', () => {
        const at = nextDue.get();
        return at === undefined ? null : new Date(at);
      }),
    inboxIdsWithRules: () => attempt('list alert inboxes', () => withRules.all()),
  };
}
