import type { Pool } from 'pg';

import type { EventSummary } from '../../domain/captured-event.js';
import { StorageError } from '../../errors.js';
import { sqlState, storageError } from './attempt.js';
import { ENQUEUE_DELIVERIES_CTE } from './forwarding-repository.js';
import { EVENT_INSERT_COLUMNS, type SqlValue } from './rows.js';

/**
 * How the insert announces its events on the live bus (src/live/pg-notify-bus.ts): the channel,
 * and the payload of an event's summary.
 */
export interface EventAnnouncer {
  readonly channel: string;
  readonly encode: (summary: EventSummary) => string;
}

/** One queued insert: its row values (see eventValues) and how to settle its promise. */
interface PendingInsert {
  readonly id: string;
  readonly values: readonly SqlValue[];
  readonly bytes: number;
  /** Keep only this many newest events when the inbox is anonymous (REHOOK_ANON_MAX_EVENTS). */
  readonly keepAnonymous: number | undefined;
  /** The live bus's notification of this event, sent by the insert's own commit; null = none. */
  readonly notification: string | null;
  readonly resolve: (stored: boolean) => void;
  readonly reject: (err: StorageError) => void;
}

export interface GroupCommitLimits {
  /** Rows per INSERT statement. */
  readonly maxBatchRows: number;
  /** Body bytes per statement; a single larger event still goes alone. */
  readonly maxBatchBytes: number;
  /** Statements in flight at once; keep below the pool size so reads still get a connection. */
  readonly maxInFlight: number;
}

const COLUMN_LIST = EVENT_INSERT_COLUMNS.map(([name]) => name).join(', ');
/** Every column but the body travels as one typed array; the bodies travel apart (see below). */
const ARRAY_COLUMNS = EVENT_INSERT_COLUMNS.filter(([name]) => name !== 'body');
const BODY_INDEX = EVENT_INSERT_COLUMNS.findIndex(([name]) => name === 'body');
const NOW_INDEX = EVENT_INSERT_COLUMNS.length;

/**
 * The batch insert's text: the same for every batch size, so each connection parses and plans
 * it once, as a named prepared statement, instead of parsing a new VALUES list of 14 parameters
 * per row for every batch. Each column but the body is one array parameter, expanded row by row
 * by unnest. The bodies go as one binary bytea parameter (all bodies end to end) with each
 * body's offset and length: a bytea[] would travel as hex text, twice the bytes, encoded here
 * and decoded by the server.
 *
 * The join with inboxes is the liveness check, and FOR KEY SHARE locks each matched inbox until
 * COMMIT: an inbox deleted by a concurrent transaction either makes this insert wait and then
 * skip its events, or waits for this insert and then queues the new events for purging. Without
 * the lock an event could land in an inbox whose purge has already finished and stay behind
 * forever.
 *
 * The same statement adds the stored events to each inbox's count (inbox_counters), so the count
 * commits with them, and queues the delivery of each event of a forwarded inbox
 * (ENQUEUE_DELIVERIES_CTE), so no stored event misses its delivery. The upsert takes its row
 * locks in inbox order (its input is sorted), so concurrent batches that share inboxes queue on
 * the counters instead of deadlocking.
 */
const BATCH_INSERT_SQL = (() => {
  const arrays = ARRAY_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`);
  const n = ARRAY_COLUMNS.length;
  const names = ARRAY_COLUMNS.map(([name]) => name);
  const select = EVENT_INSERT_COLUMNS.map(([name]) =>
    name === 'body' ? `substring($${n + 4}::bytea FROM v.body_at + 1 FOR v.body_length)` : `v.${name}`,
  );
  return `WITH stored AS (
INSERT INTO events (${COLUMN_LIST})
SELECT ${select.join(', ')}
FROM unnest(${arrays.join(', ')}, $${n + 1}::timestamptz[], $${n + 2}::int[], $${n + 3}::int[])
  AS v (${names.join(', ')}, now, body_at, body_length)
JOIN inboxes AS i ON i.id = v.inbox_id AND (i.expires_at IS NULL OR i.expires_at > v.now)
FOR KEY SHARE OF i
RETURNING id, inbox_id, received_at),
counted AS (${countUpsert('stored', 'count(*)')}),
notified AS (SELECT count(*) AS sent FROM (
  SELECT pg_notify($${n + 5}::text, q.payload) FROM (
    SELECT t.payload FROM unnest($1::text[], $${n + 6}::text[]) WITH ORDINALITY AS t (id, payload, n)
    WHERE $${n + 5}::text IS NOT NULL AND t.payload IS NOT NULL AND t.id IN (SELECT id FROM stored) ORDER BY t.n) AS q) AS p),
${ENQUEUE_DELIVERIES_CTE}
SELECT s.id, i.owner_id IS NULL AS anonymous
FROM stored AS s JOIN inboxes AS i ON i.id = s.inbox_id CROSS JOIN notified`;
})();

/** Name of the prepared batch insert; node-postgres prepares it once per connection. */
const BATCH_INSERT_NAME = 'rehook_insert_events_v2';

/**
 * The batch insert for rows of values in EVENT_INSERT_COLUMNS order, then `now`: one array per
 * column, and the bodies end to end in one Buffer (sent in binary). With `notify`, the channel
 * and each row's notification payload (same order as `rows`).
 */
export function buildBatchInsert(
  rows: readonly (readonly SqlValue[])[],
  notify: { channel: string; payloads: readonly (string | null)[] } | null = null,
): {
  name: string;
  text: string;
  values: unknown[];
} {
  const columns = ARRAY_COLUMNS.map(() => [] as SqlValue[]);
  const nows: SqlValue[] = [];
  const bodyAt: number[] = [];
  const bodyLength: number[] = [];
  const bodies: Buffer[] = [];
  let offset = 0;
  for (const row of rows) {
    let column = 0;
    row.forEach((value, index) => {
      if (index === BODY_INDEX || index === NOW_INDEX) return;
      columns[column++]?.push(value);
    });
    nows.push(row[NOW_INDEX] ?? null);
    const body = row[BODY_INDEX];
    const bytes = Buffer.isBuffer(body) ? body : Buffer.from(String(body ?? ''));
    bodies.push(bytes);
    bodyAt.push(offset);
    bodyLength.push(bytes.length);
    offset += bytes.length;
  }
  return {
    name: BATCH_INSERT_NAME,
    text: BATCH_INSERT_SQL,
    values: [
      ...columns,
      nows,
      bodyAt,
      bodyLength,
      Buffer.concat(bodies, offset),
      notify?.channel ?? null,
      notify?.payloads ?? null,
    ],
  };
}

/**
 * Adds a number of events per inbox to inbox_counters: `source` is a CTE with an inbox_id column,
 * `delta` the aggregate to add per inbox. Sorted by inbox, so the row locks are always taken in
 * the same order (see buildBatchInsert).
 */
function countUpsert(source: string, delta: string): string {
  return `INSERT INTO inbox_counters AS c (inbox_id, event_count)
  SELECT inbox_id, ${delta} FROM ${source} GROUP BY inbox_id ORDER BY inbox_id
  ON CONFLICT (inbox_id) DO UPDATE SET event_count = c.event_count + excluded.event_count`;
}

/**
 * Eviction for capped anonymous inboxes, run after the insert has committed: deletes the events
 * of each listed anonymous inbox older than its `keep` newest ones ($2). It runs on a fresh
 * snapshot that sees the committed insert; rows of concurrent, still uncommitted batches are
 * not seen, which can only make the cut-off older, so an event among the inbox's newest `keep`
 * is never evicted (the inbox may stay a few rows above the cap until its next insert). Rows
 * another statement is already deleting are skipped, so concurrent evictions never deadlock.
 */
const EVICT_SQL = `WITH cut AS (
  SELECT b.inbox_id, last.id
  FROM unnest($1::text[]) AS b (inbox_id)
  JOIN inboxes AS i ON i.id = b.inbox_id AND i.owner_id IS NULL
  CROSS JOIN LATERAL (
    SELECT c.id FROM events_all AS c WHERE c.inbox_id = b.inbox_id
    ORDER BY c.inbox_id DESC, c.id DESC OFFSET $2::int LIMIT 1) AS last),
ev_new AS (DELETE FROM events WHERE id = ANY (ARRAY(
  SELECT e.id FROM cut JOIN events AS e ON e.inbox_id = cut.inbox_id AND e.id <= cut.id
  FOR UPDATE OF e SKIP LOCKED))
  RETURNING inbox_id),
ev_old AS (DELETE FROM events_legacy WHERE seq IN (
  SELECT e.seq FROM cut JOIN events_legacy AS e ON e.inbox_id = cut.inbox_id AND e.id <= cut.id
  FOR UPDATE OF e SKIP LOCKED)
  RETURNING inbox_id),
evicted AS (SELECT inbox_id FROM ev_new UNION ALL SELECT inbox_id FROM ev_old)
${countUpsert('evicted', '-count(*)')}`;

/**
 * Errors caused by the data of some row (class 22 data exception, 23 integrity constraint such
 * as a duplicate id, 54 program limit): the other rows of the batch deserve another try, one by
 * one. Anything else (connection lost, server shutting down, disk full) fails the whole batch.
 */
function isRowError(err: unknown): boolean {
  const state = sqlState(err);
  return state !== undefined && /^(22|23|54)/.test(state);
}

/**
 * Group commit for event inserts. Inserts queued in the same turn of the event loop go to the
 * database as one multi-row INSERT ... SELECT (one round trip, one commit, one WAL flush).
 * While up to `maxInFlight` statements run, new inserts wait in the queue, and each finished
 * statement sends everything queued meanwhile: batches grow with load, while an idle server
 * commits each event at once. The statement runs in autocommit and node-postgres reports it
 * only after ReadyForQuery, which the server sends after COMMIT (with synchronous_commit on,
 * after the WAL flush): a promise resolves true only for a durably committed row, and rejects
 * with StorageError for every row of a statement that failed or whose outcome is unknown.
 */
export class PgGroupCommitWriter {
  private queue: PendingInsert[] = [];
  private scheduled: NodeJS.Immediate | null = null;
  private inFlight = 0;
  private closed = false;
  private idleWaiters: (() => void)[] = [];
  private readonly pool: Pool;
  private readonly limits: GroupCommitLimits;
  private announcer: EventAnnouncer | null = null;

  constructor(pool: Pool, limits: GroupCommitLimits) {
    this.pool = pool;
    this.limits = limits;
  }

  /**
   * From now on, every stored event is announced on the live bus by its insert's commit (see
   * BATCH_INSERT_SQL); inserts queued before keep no notification.
   */
  announceWith(announcer: EventAnnouncer): void {
    this.announcer = announcer;
  }

  /** Whether inserts announce their events themselves (announceWith was called). */
  get announces(): boolean {
    return this.announcer !== null;
  }

  /**
   * Queues the insert of one row (values in EVENT_INSERT_COLUMNS order, then `now`). Resolves
   * with whether a row was stored, only after its statement committed; rejects with
   * StorageError when it was not committed or the writer is closed. `summary` is the event's
   * live-bus summary, announced with the commit when an announcer is set.
   */
  enqueue(
    id: string,
    values: readonly SqlValue[],
    bytes: number,
    opts: { keepAnonymous?: number; summary?: EventSummary } = {},
  ): Promise<boolean> {
    if (this.closed) return Promise.reject(new StorageError('postgres: store is closed'));
    const keepAnonymous = opts.keepAnonymous !== undefined && opts.keepAnonymous > 0 ? opts.keepAnonymous : undefined;
    const notification =
      this.announcer !== null && opts.summary !== undefined ? this.announcer.encode(opts.summary) : null;
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ id, values, bytes, keepAnonymous, notification, resolve, reject });
      this.scheduled ??= setImmediate(() => {
        this.scheduled = null;
        this.pump();
      });
    });
  }

  /** Refuses new inserts, then resolves once everything queued so far has settled. */
  close(): Promise<void> {
    this.closed = true;
    if (this.scheduled !== null) clearImmediate(this.scheduled);
    this.scheduled = null;
    this.pump();
    if (this.queue.length === 0 && this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.inFlight < this.limits.maxInFlight && this.queue.length > 0) {
      const batch = this.take();
      this.inFlight += 1;
      void this.commit(batch).finally(() => {
        this.inFlight -= 1;
        this.pump();
        if (this.queue.length === 0 && this.inFlight === 0) {
          for (const wake of this.idleWaiters.splice(0)) wake();
        }
      });
    }
  }

  /** Takes the next batch off the queue: at least one insert, then up to the limits. */
  private take(): PendingInsert[] {
    let count = 0;
    let bytes = 0;
    // A batch shares one eviction cap (see EVICT_SQL).
    const keep = this.queue[0]?.keepAnonymous;
    const perInbox = new Map<string, number>();
    for (const item of this.queue) {
      const inboxId = String(item.values[1]);
      const full =
        count >= this.limits.maxBatchRows ||
        bytes + item.bytes > this.limits.maxBatchBytes ||
        item.keepAnonymous !== keep ||
        (keep !== undefined && (perInbox.get(inboxId) ?? 0) >= keep);
      if (count > 0 && full) break;
      count += 1;
      bytes += item.bytes;
      if (keep !== undefined) perInbox.set(inboxId, (perInbox.get(inboxId) ?? 0) + 1);
    }
    return this.queue.splice(0, count);
  }

  private async commit(batch: readonly PendingInsert[]): Promise<void> {
    // Two inserts of one id in a batch would share one RETURNING row; let them go one by one,
    // so the first wins and the second fails, as it would alone.
    if (batch.length > 1 && new Set(batch.map((item) => item.id)).size < batch.length) {
      return this.commitEach(batch);
    }
    try {
      const stored = await this.insert(batch);
      for (const item of batch) item.resolve(stored.has(item.id));
    } catch (err) {
      if (batch.length > 1 && isRowError(err)) return this.commitEach(batch);
      for (const item of batch) item.reject(storageError('insert event batch', err));
    }
  }

  /** Fallback after a row error: each insert alone, so only the offending one fails. */
  private async commitEach(batch: readonly PendingInsert[]): Promise<void> {
    for (const item of batch) {
      try {
        item.resolve((await this.insert([item])).has(item.id));
      } catch (err) {
        item.reject(storageError('insert event', err));
      }
    }
  }

  private async insert(batch: readonly PendingInsert[]): Promise<Set<string>> {
    const channel = this.announcer?.channel;
    const notify = channel === undefined ? null : { channel, payloads: batch.map((item) => item.notification) };
    const result = await this.pool.query<{ id: string; anonymous: boolean }>(
      buildBatchInsert(
        batch.map((item) => item.values),
        notify,
      ),
    );
    const stored = new Set(result.rows.map((row) => row.id));
    // Only anonymous inboxes are capped: a batch into owned inboxes saves the eviction's round trip.
    const anonymous = new Set(result.rows.filter((row) => row.anonymous).map((row) => row.id));
    const keep = batch[0]?.keepAnonymous;
    if (keep !== undefined && anonymous.size > 0) await this.evict(batch, anonymous, keep);
    return stored;
  }

  /**
   * Trims the capped inboxes the batch added to. The events are committed already, so a failed
   * eviction is not a failed insert: the inbox stays above its cap until the next one.
   */
  private async evict(batch: readonly PendingInsert[], anonymous: ReadonlySet<string>, keep: number): Promise<void> {
    const inboxIds = [...new Set(batch.filter((item) => anonymous.has(item.id)).map((item) => String(item.values[1])))];
    try {
      await this.pool.query({ name: 'rehook_evict_events_v2', text: EVICT_SQL, values: [inboxIds, keep] });
    } catch {
      // Deliberately ignored: see above; the next insert into the inbox evicts again.
    }
  }
}
