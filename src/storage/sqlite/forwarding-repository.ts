import type BetterSqlite3 from 'better-sqlite3';

import {
  ABANDONED_MESSAGE,
  deliveryIdFor,
  type AttemptOutcome,
  type ClaimedDelivery,
  type Delivery,
  type DeliveryAttempt,
  type DeliveryState,
  type Forwarding,
} from '../../domain/forwarding.js';
import type { ForwardingRepository } from '../../ports/forwarding-store.js';
import { attempt } from './attempt.js';

/**
 * Migration 8: forwarding settings and the delivery queue. A delivery is keyed by its event
 * (one per event). `next_attempt_at` is set exactly while it is unfinished: when it is due
 * (pending) or when its lease ends (delivering), so one partial index finds both the due
 * deliveries and the ones whose instance died; finished rows leave the index. The event insert
 * (group-commit.ts) adds the row in the batch's transaction.
 */
export const FORWARDING_SQL = `
CREATE TABLE forwarding (
  inbox_id     TEXT PRIMARY KEY,
  destination  TEXT NOT NULL,
  enabled      INTEGER NOT NULL,
  max_attempts INTEGER NOT NULL,
  max_delay_ms INTEGER NOT NULL,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL
) WITHOUT ROWID;

CREATE TABLE deliveries (
  event_id        TEXT PRIMARY KEY,
  inbox_id        TEXT NOT NULL,
  state           TEXT NOT NULL,
  attempts        INTEGER NOT NULL,
  attempts_total  INTEGER NOT NULL,
  next_attempt_at INTEGER NULL,
  lease_owner     TEXT NULL,
  created_at      INTEGER NOT NULL,
  updated_at      INTEGER NOT NULL
) WITHOUT ROWID;
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE next_attempt_at IS NOT NULL;
CREATE INDEX deliveries_inbox ON deliveries (inbox_id);

CREATE TABLE delivery_attempts (
  event_id      TEXT NOT NULL,
  number        INTEGER NOT NULL,
  inbox_id      TEXT NOT NULL,
  started_at    INTEGER NOT NULL,
  url           TEXT NOT NULL,
  outcome       TEXT NOT NULL,
  status_code   INTEGER NULL,
  latency_ms    REAL NULL,
  error_code    TEXT NULL,
  error_message TEXT NULL,
  PRIMARY KEY (event_id, number)
) WITHOUT ROWID;
CREATE INDEX delivery_attempts_inbox ON delivery_attempts (inbox_id);
`;

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

interface ForwardingRow {
  inbox_id: string;
  destination: string;
  enabled: number;
  max_attempts: number;
  max_delay_ms: number;
  created_at: number;
  updated_at: number;
}

interface DeliveryRow {
  event_id: string;
  inbox_id: string;
  state: string;
  attempts: number;
  attempts_total: number;
  next_attempt_at: number | null;
  created_at: number;
  updated_at: number;
}

interface AttemptRow {
  event_id: string;
  number: number;
  started_at: number;
  url: string;
  outcome: string;
  status_code: number | null;
  latency_ms: number | null;
  error_code: string | null;
  error_message: string | null;
}

interface DueRow extends DeliveryRow {
  destination: string;
  max_attempts: number;
  max_delay_ms: number;
}

const FORWARDING_COLUMNS = 'inbox_id, destination, enabled, max_attempts, max_delay_ms, created_at, updated_at';
const DELIVERY_COLUMNS = 'event_id, inbox_id, state, attempts, attempts_total, next_attempt_at, created_at, updated_at';
const ATTEMPT_COLUMNS =
  'event_id, number, started_at, url, outcome, status_code, latency_ms, error_code, error_message';

function toForwarding(row: ForwardingRow): Forwarding {
  return {
    inboxId: row.inbox_id,
    destination: row.destination,
    enabled: row.enabled === 1,
    maxAttempts: row.max_attempts,
    maxDelayMs: row.max_delay_ms,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toDelivery(row: DeliveryRow): Delivery {
  return {
    id: deliveryIdFor(row.event_id),
    eventId: row.event_id,
    inboxId: row.inbox_id,
    state: row.state as DeliveryState,
    attempts: row.attempts,
    attemptsTotal: row.attempts_total,
    nextAttemptAt: row.next_attempt_at === null ? null : new Date(row.next_attempt_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toAttempt(row: AttemptRow): DeliveryAttempt {
  return {
    eventId: row.event_id,
    number: row.number,
    startedAt: new Date(row.started_at),
    url: row.url,
    outcome: row.outcome as AttemptOutcome,
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    errorCode: row.error_code,
    errorMessage: row.error_message,
  };
}

/** ForwardingRepository on SQLite: every write is one IMMEDIATE transaction. */
export function createForwardingRepository(db: BetterSqlite3.Database): ForwardingRepository {
  const upsert = db.prepare<[ForwardingRow], ForwardingRow>(
    `INSERT INTO forwarding (${FORWARDING_COLUMNS})
     VALUES (@inbox_id, @destination, @enabled, @max_attempts, @max_delay_ms, @created_at, @updated_at)
     ON CONFLICT (inbox_id) DO UPDATE SET destination = excluded.destination, enabled = excluded.enabled,
       max_attempts = excluded.max_attempts, max_delay_ms = excluded.max_delay_ms, updated_at = excluded.updated_at
     RETURNING ${FORWARDING_COLUMNS}`,
  );
  const find = db.prepare<[string], ForwardingRow>(`SELECT ${FORWARDING_COLUMNS} FROM forwarding WHERE inbox_id = ?`);
  const removeForwarding = db.prepare<[string]>('DELETE FROM forwarding WHERE inbox_id = ?');
  const cancelInbox = db.prepare<[number, string]>(
    `UPDATE deliveries SET state = 'cancelled', next_attempt_at = NULL, lease_owner = NULL, updated_at = ?
     WHERE inbox_id = ? AND next_attempt_at IS NOT NULL`,
  );
  const enabledIds = db
    .prepare<[], string>('SELECT inbox_id FROM forwarding WHERE enabled = 1 ORDER BY inbox_id')
    .pluck(true);
  const due = db.prepare<[{ now: number; limit: number; exclude: string }], DueRow>(
    `SELECT d.event_id, d.inbox_id, d.state, d.attempts, d.attempts_total, d.next_attempt_at, d.created_at,
            d.updated_at, f.destination, f.max_attempts, f.max_delay_ms
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
    `INSERT INTO delivery_attempts (event_id, number, inbox_id, started_at, url, outcome, status_code, latency_ms, error_code, error_message)
     VALUES (@event_id, @number, @inbox_id, @started_at, @url, 'abandoned', NULL, NULL, NULL, @message)
     ON CONFLICT (event_id, number) DO NOTHING`,
  );
  const recordAttempt = db.prepare<[AttemptRow & { inbox_id: string }]>(
    `INSERT INTO delivery_attempts (event_id, number, inbox_id, started_at, url, outcome, status_code, latency_ms, error_code, error_message)
     VALUES (@event_id, @number, @inbox_id, @started_at, @url, @outcome, @status_code, @latency_ms, @error_code, @error_message)
     ON CONFLICT (event_id, number) DO UPDATE SET started_at = excluded.started_at, url = excluded.url,
       outcome = excluded.outcome, status_code = excluded.status_code, latency_ms = excluded.latency_ms,
       error_code = excluded.error_code, error_message = excluded.error_message
     WHERE delivery_attempts.outcome = 'abandoned'`,
  );
  const finish = db.prepare<
    [{ state: string; next: number | null; now: number; event_id: string; owner: string; number: number }]
  >(
    `UPDATE deliveries SET state = @state, next_attempt_at = @next, lease_owner = NULL, updated_at = @now
     WHERE event_id = @event_id AND state = 'delivering' AND lease_owner = @owner AND attempts_total = @number`,
  );
  const inboxOf = db.prepare<[string], string>('SELECT inbox_id FROM deliveries WHERE event_id = ?').pluck(true);
  const findDelivery = db.prepare<[string], DeliveryRow>(
    `SELECT ${DELIVERY_COLUMNS} FROM deliveries WHERE event_id = ?`,
  );
  const listAttempts = db.prepare<[string], AttemptRow>(
    `SELECT ${ATTEMPT_COLUMNS} FROM delivery_attempts WHERE event_id = ? ORDER BY number`,
  );
  const reopen = db.prepare<[{ event_id: string; inbox_id: string; now: number }], DeliveryRow>(
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
    (owner: string, now: number, leaseMs: number, limit: number, exclude: readonly string[]): ClaimedDelivery[] => {
      const rows = due.all({ now, limit, exclude: JSON.stringify(exclude) });
      const until = now + leaseMs;
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
        return {
          eventId: row.event_id,
          inboxId: row.inbox_id,
          attempt: row.attempts + 1,
          number: row.attempts_total + 1,
          forwarding: { destination: row.destination, maxAttempts: row.max_attempts, maxDelayMs: row.max_delay_ms },
        };
      });
    },
  );
  const completeTx = db.transaction((input: Parameters<ForwardingRepository['complete']>[0]): boolean => {
    if (input.attempt !== null) {
      const inboxId = inboxOf.get(input.eventId);
      if (inboxId !== undefined) {
        const a = input.attempt;
        recordAttempt.run({
          event_id: input.eventId,
          number: input.number,
          inbox_id: inboxId,
          started_at: a.startedAt.getTime(),
          url: a.url,
          outcome: a.outcome,
          status_code: a.statusCode,
          latency_ms: a.latencyMs,
          error_code: a.errorCode,
          error_message: a.errorMessage,
        });
      }
    }
    const next = input.next;
    return (
      finish.run({
        state: next.state,
        next: next.state === 'pending' ? next.nextAttemptAt.getTime() : null,
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
        toForwarding(
          upsert.get({
            inbox_id: f.inboxId,
            destination: f.destination,
            enabled: f.enabled ? 1 : 0,
            max_attempts: f.maxAttempts,
            max_delay_ms: f.maxDelayMs,
            created_at: f.createdAt.getTime(),
            updated_at: f.updatedAt.getTime(),
          }) as ForwardingRow,
        ),
      ),
    find: (inboxId) =>
      attempt('find forwarding', () => {
        const row = find.get(inboxId);
        return row === undefined ? null : toForwarding(row);
      }),
    remove: (inboxId, now) => attempt('remove forwarding', () => removeTx.immediate(inboxId, now.getTime())),
    enabledInboxIds: () => attempt('list forwarding', () => enabledIds.all()),
    claim: (opts) =>
      attempt('claim deliveries', () =>
        opts.limit < 1
          ? []
          : claimTx.immediate(
              opts.owner,
              opts.now.getTime(),
              opts.leaseMs,
              Math.min(Math.floor(opts.limit), 1000),
              opts.excludeInboxIds ?? [],
            ),
      ),
    complete: (input) => attempt('complete delivery', () => completeTx.immediate(input)),
    listByEvent: (eventId) =>
      attempt('list deliveries', () => {
        const row = findDelivery.get(eventId);
        if (row === undefined) return [];
        return [{ ...toDelivery(row), attemptLog: listAttempts.all(eventId).map(toAttempt) }];
      }),
    retry: (input) =>
      attempt('retry delivery', () => {
        const row = reopen.get({ event_id: input.eventId, inbox_id: input.inboxId, now: input.now.getTime() });
        return row === undefined ? 'busy' : toDelivery(row);
      }),
    nextDueAt: () =>
      attempt('next delivery', () => {
        const at = nextDue.get();
        return at === undefined ? null : new Date(at);
      }),
    queueDepth: () => attempt('count deliveries', () => depth.get() ?? 0),
  };
}
