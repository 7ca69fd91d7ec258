import type BetterSqlite3 from 'better-sqlite3';

import type { ClaimedDelivery } from '../../domain/forwarding.js';
import { ABANDONED_MESSAGE, claimBatchSize, leaseEndMs, nextAttemptAt } from '../../domain/outbound-delivery.js';
import type { ForwardingRepository } from '../../ports/forwarding-repository.js';
import type { AttemptRow, DeliveryRow, ForwardingRow, ForwardingSettingsRow } from '../shared/forwarding-rows.js';
import {
  ATTEMPT_COLUMNS,
  DELIVERY_COLUMN_NAMES,
  DELIVERY_COLUMNS,
  FORWARDING_COLUMNS,
  FORWARDING_SETTING_COLUMNS,
  upsertForwardingSql,
} from '../shared/forwarding-rows.js';
import { abandonedAttemptValues, replaceAbandonedAttempt } from '../shared/sending-rows.js';
import { columnList } from '../shared/sql-lists.js';
import { attempt } from './attempt.js';
import { mapper, type SqliteColumns, type SqliteParam } from './rows.js';

/**
 * The statement the group commit runs after storing an event: queues its delivery when the
 * inbox's forwarding is enabled (no row otherwise; a lookup of the forwarding primary key).
 * Named parameters: event_id, inbox_id, now (ms).
 */
export const ENQUEUE_DELIVERY_SQL = `INSERT INTO deliveries
  (event_id, inbox_id, state, attempts, attempts_total, next_attempt_at, lease_owner, created_at, updated_at)
  SELECT @event_id, f.inbox_id, 'pending', 0, 0, @now, NULL, @now, @now FROM forwarding AS f
  WHERE f.inbox_id = @inbox_id AND f.enabled = 1
  ON CONFLICT (event_id) DO NOTHING`;

/** A due delivery with its forwarding's settings. */
type DueRow = DeliveryRow<SqliteColumns> & ForwardingSettingsRow<SqliteColumns>;

/** ForwardingRepository on SQLite: every write is one IMMEDIATE transaction. */
export function createForwardingRepository(db: BetterSqlite3.Database): ForwardingRepository {
  const upsert = db.prepare<SqliteParam[], ForwardingRow<SqliteColumns>>(upsertForwardingSql(() => '?'));
  const find = db.prepare<[string], ForwardingRow<SqliteColumns>>(
    `SELECT ${FORWARDING_COLUMNS} FROM forwarding WHERE inbox_id = ?`,
  );
  const removeForwarding = db.prepare<[string]>('DELETE FROM forwarding WHERE inbox_id = ?');
  const cancelInbox = db.prepare<[number, string]>(
    `UPDATE deliveries SET state = 'cancelled', next_attempt_at = NULL, lease_owner = NULL, updated_at = ?
     WHERE inbox_id = ? AND next_attempt_at IS NOT NULL`,
  );
  const enabledIds = db
    .prepare<[], string>('SELECT inbox_id FROM forwarding WHERE enabled = 1 ORDER BY inbox_id')
    .pluck(true);
  const due = db.prepare<[{ now: number; limit: number; exclude: string }], DueRow>(
    `SELECT ${columnList(DELIVERY_COLUMN_NAMES, 'd')}, ${columnList(FORWARDING_SETTING_COLUMNS, 'f')}
     FROM deliveries AS d JOIN forwarding AS f ON f.inbox_id = d.inbox_id AND f.enabled = 1
     WHERE d.next_attempt_at IS NOT NULL AND d.next_attempt_at <= @now
       AND d.inbox_id NOT IN (SELECT value FROM json_each(@exclude))
     ORDER BY d.next_attempt_at LIMIT @limit`,
  );
  const lease = db.prepare<[{ owner: string; until: number; now: number; event_id: string }]>(
    `UPDATE deliveries SET state = 'delivering', attempts = attempts + 1, attempts_total = attempts_total + 1,
       lease_owner = @owner, next_attempt_at = @until, updated_at = @now
     WHERE event_id = @event_id`,
  );
  const insertAbandoned = db.prepare<
    [{ event_id: string; number: number; inbox_id: string; started_at: number; url: string; message: string }]
  >(
    `INSERT INTO delivery_attempts (${ATTEMPT_COLUMNS}, inbox_id)
     VALUES (@event_id, ${abandonedAttemptValues('@number', '@started_at', '@url', '@message')}, @inbox_id)
     ON CONFLICT (event_id, number) DO NOTHING`,
  );
  const recordAttempt = db.prepare<SqliteParam[]>(
    `INSERT INTO delivery_attempts (${ATTEMPT_COLUMNS}, inbox_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ${replaceAbandonedAttempt('delivery_attempts', 'event_id')}`,
  );
  const finish = db.prepare<
    [{ state: string; next: number | null; now: number; event_id: string; owner: string; number: number }]
  >(
    `UPDATE deliveries SET state = @state, next_attempt_at = @next, lease_owner = NULL, updated_at = @now
     WHERE event_id = @event_id AND state = 'delivering' AND lease_owner = @owner AND attempts_total = @number`,
  );
  const inboxOf = db.prepare<[string], string>('SELECT inbox_id FROM deliveries WHERE event_id = ?').pluck(true);
  const findDelivery = db.prepare<[string], DeliveryRow<SqliteColumns>>(
    `SELECT ${DELIVERY_COLUMNS} FROM deliveries WHERE event_id = ?`,
  );
  const listAttempts = db.prepare<[string], AttemptRow<SqliteColumns>>(
    `SELECT ${ATTEMPT_COLUMNS} FROM delivery_attempts WHERE event_id = ? ORDER BY number`,
  );
  const reopen = db.prepare<[{ event_id: string; inbox_id: string; now: number }], DeliveryRow<SqliteColumns>>(
    `INSERT INTO deliveries (${DELIVERY_COLUMNS}, lease_owner)
     VALUES (@event_id, @inbox_id, 'pending', 0, 0, @now, @now, @now, NULL)
     ON CONFLICT (event_id) DO UPDATE SET state = 'pending', attempts = 0, next_attempt_at = excluded.next_attempt_at,
       lease_owner = NULL, updated_at = excluded.updated_at
     WHERE deliveries.next_attempt_at IS NULL
     RETURNING ${DELIVERY_COLUMNS}`,
  );
  const nextDue = db
    .prepare<[], number>(
      `SELECT d.next_attempt_at FROM deliveries AS d
       WHERE d.next_attempt_at IS NOT NULL
         AND EXISTS (SELECT 1 FROM forwarding AS f WHERE f.inbox_id = d.inbox_id AND f.enabled = 1)
       ORDER BY d.next_attempt_at LIMIT 1`,
    )
    .pluck(true);
  const depth = db.prepare<[], number>('SELECT count(*) FROM deliveries WHERE next_attempt_at IS NOT NULL').pluck(true);

  const removeTx = db.transaction((inboxId: string, now: number): number | null => {
    if (removeForwarding.run(inboxId).changes === 0) return null;
    return cancelInbox.run(now, inboxId).changes;
  });
  const claimTx = db.transaction(
    (owner: string, now: number, until: number, limit: number, exclude: readonly string[]): ClaimedDelivery[] => {
      const rows = due.all({ now, limit, exclude: JSON.stringify(exclude) });
      return rows.map((row) => {
        if (row.state === 'delivering') {
          insertAbandoned.run({
            event_id: row.event_id,
            number: row.attempts_total,
            inbox_id: row.inbox_id,
            started_at: row.updated_at,
            url: row.destination,
            message: ABANDONED_MESSAGE,
          });
        }
        lease.run({ owner, until, now, event_id: row.event_id });
        // `row` was read before the lease, which counted this attempt.
        return mapper.toClaimedDelivery({ ...row, attempts: row.attempts + 1, attempts_total: row.attempts_total + 1 });
      });
    },
  );
  const completeTx = db.transaction((input: Parameters<ForwardingRepository['complete']>[0]): boolean => {
    if (input.attempt !== null) {
      const inboxId = inboxOf.get(input.eventId);
      if (inboxId !== undefined) {
        recordAttempt.run(...mapper.outboundAttemptParams(input.eventId, input.number, input.attempt), inboxId);
      }
    }
    return (
      finish.run({
        state: input.next.state,
        next: nextAttemptAt(input.next)?.getTime() ?? null,
        now: input.now.getTime(),
        event_id: input.eventId,
        owner: input.owner,
        number: input.number,
      }).changes === 1
    );
  });

  return {
    put: (f) =>
      attempt('set forwarding', () =>
        mapper.toForwarding(upsert.get(...mapper.forwardingParams(f)) as ForwardingRow<SqliteColumns>),
      ),
    find: (inboxId) =>
      attempt('find forwarding', () => {
        const row = find.get(inboxId);
        return row === undefined ? null : mapper.toForwarding(row);
      }),
    remove: (inboxId, now) => attempt('remove forwarding', () => removeTx.immediate(inboxId, now.getTime())),
    enabledInboxIds: () => attempt('list forwarding', () => enabledIds.all()),
    claim: (opts) =>
      attempt('claim deliveries', () => {
        const limit = claimBatchSize(opts.limit);
        if (limit === 0) return [];
        const until = leaseEndMs(opts.now, opts.leaseMs);
        return claimTx.immediate(opts.owner, opts.now.getTime(), until, limit, opts.excludeInboxIds ?? []);
      }),
    complete: (input) => attempt('complete delivery', () => completeTx.immediate(input)),
    listByEvent: (eventId) =>
      attempt('list deliveries', () => {
        const row = findDelivery.get(eventId);
        if (row === undefined) return [];
        return [{ ...mapper.toDelivery(row), attemptLog: listAttempts.all(eventId).map(mapper.toAttempt) }];
      }),
    retry: (input) =>
      attempt('retry delivery', () => {
        const row = reopen.get({ event_id: input.eventId, inbox_id: input.inboxId, now: input.now.getTime() });
        return row === undefined ? 'busy' : mapper.toDelivery(row);
      }),
    nextDueAt: () =>
      attempt('next delivery', () => {
        const at = nextDue.get();
        return at === undefined ? null : new Date(at);
      }),
    queueDepth: () => attempt('count deliveries', () => depth.get() ?? 0),
  };
}
