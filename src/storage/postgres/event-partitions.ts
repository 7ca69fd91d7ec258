import type { Pool, PoolClient } from 'pg';

import { firstEventIdAt } from '../../domain/ids.js';
import { EVENT_COLUMNS } from '../shared/event-rows.js';
import type { EventRepository } from '../../ports/event-repository.js';
import { attempt, inTransaction, sqlState } from './attempt.js';

/**
 * The events table partitioned by day (migrations/0013-event_partitions.sql). `events` is
 * range-partitioned by received_at: one partition per UTC day, `events_pYYYYMMDD`, created ahead by the sweeper, and
 * `events_default` for any row no day partition takes (a sweeper stopped for days, a clock far
 * off), so an insert never fails for want of a partition. Retention and expiry drop whole day
 * partitions (a catalogue change, no dead rows, nothing for vacuum) and delete rows only at the
 * edges.
 *
 * PostgreSQL accepts a unique index on a partitioned table only if it holds the partition key,
 * so the primary key is (id, received_at). Ids are made by the server (createEventIdFactory: a
 * millisecond then 80 random bits, strictly increasing per process), so two events never share
 * an id in practice; an insert retried with the same event still hits the key.
 *
 * The upgrade keeps serving: the migration renames the old table to `events_legacy` (renames are
 * catalogue changes, instant whatever the table's size) and creates the new one; new events go
 * to `events`, reads go through the view `events_all` (both tables, UNION ALL: the planner
 * flattens it into one append of index scans, so ordering, LIMIT and partition pruning work as
 * on one table), and deletes act on both. The sweeper moves old rows across in bounded batches
 * (moveLegacyEvents); an event is in exactly one of the tables at every commit. Once moved, the
 * legacy table stays, empty, so every statement naming it keeps working on every instance.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const PARTITION_NAME = /^events_p(\d{4})(\d{2})(\d{2})$/;

/**
 * Waits this long at most for a table lock while changing partitions: a long read must not make
 * the sweeper queue every insert behind its own waiting lock. A timed-out change is retried at
 * the next sweep.
 */
const LOCK_TIMEOUT = "SET LOCAL lock_timeout = '1s'";

/** The name of the partition of the UTC day that starts at `dayMs`. */
export function partitionName(dayMs: number): string {
  return `events_p${new Date(dayMs).toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The start of the UTC day a partition name stands for, or null for another name. */
export function partitionDay(name: string): number | null {
  const match = PARTITION_NAME.exec(name);
  if (match === null) return null;
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The day partitions of the current schema's events table, oldest first. */
export async function listPartitions(db: Pool | PoolClient): Promise<{ name: string; dayMs: number }[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_inherits AS i JOIN pg_class AS c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'events'::regclass`,
  );
  return rows
    .map((row) => ({ name: row.name, dayMs: partitionDay(row.name) }))
    .filter((p): p is { name: string; dayMs: number } => p.dayMs !== null)
    .sort((a, b) => a.dayMs - b.dayMs);
}

/**
 * Creates the day partitions from the day of `now` to `daysAhead` days later that do not exist
 * yet; returns how many it created. Each is built beside the table, given the rows of its day
 * that the default partition took meanwhile, then attached: ATTACH takes a weaker lock on
 * `events` than CREATE TABLE ... PARTITION OF (inserts go on), and the check it makes of the
 * default partition finds nothing left to move.
 */
export async function ensurePartitions(pool: Pool, now: Date, daysAhead: number): Promise<number> {
  const existing = new Set((await listPartitions(pool)).map((p) => p.name));
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  let created = 0;
  for (let day = today; day <= today + daysAhead * DAY_MS; day += DAY_MS) {
    const name = partitionName(day);
    if (existing.has(name)) continue;
    const from = new Date(day).toISOString();
    const to = new Date(day + DAY_MS).toISOString();
    await inTransaction(pool, async (client) => {
      await client.query(LOCK_TIMEOUT);
      await client.query(`CREATE TABLE "${name}" (LIKE events INCLUDING DEFAULTS INCLUDING CONSTRAINTS)`);
      await client.query(
        `WITH moved AS (DELETE FROM events_default WHERE received_at >= $1 AND received_at < $2
           RETURNING ${EVENT_COLUMNS})
         INSERT INTO "${name}" (${EVENT_COLUMNS}) SELECT ${EVENT_COLUMNS} FROM moved`,
        [from, to],
      );
      await client.query(`ALTER TABLE events ATTACH PARTITION "${name}" FOR VALUES FROM ('${from}') TO ('${to}')`);
    });
    created += 1;
  }
  return created;
}

/**
 * Takes deleted events off their inboxes' counts. The counter rows are locked in inbox order
 * first, the order the insert's upsert takes them in, so this never deadlocks with ingest.
 */
async function uncount(client: PoolClient, gone: readonly { inbox_id: string; n: string }[]): Promise<number> {
  if (gone.length === 0) return 0;
  const ids = gone.map((row) => row.inbox_id);
  await client.query('SELECT 1 FROM inbox_counters WHERE inbox_id = ANY ($1::text[]) ORDER BY inbox_id FOR UPDATE', [
    ids,
  ]);
  await client.query(
    `UPDATE inbox_counters AS c SET event_count = c.event_count - u.n
     FROM unnest($1::text[], $2::bigint[]) AS u (inbox_id, n) WHERE c.inbox_id = u.inbox_id`,
    [ids, gone.map((row) => row.n)],
  );
  return gone.reduce((sum, row) => sum + Number(row.n), 0);
}

/**
 * Drops one day partition in a transaction: locks it against deletes (SHARE), takes its events
 * off their inboxes' counts, drops it. Returns the events it held.
 */
async function dropPartition(pool: Pool, name: string): Promise<number> {
  return inTransaction(pool, async (client) => {
    await client.query(LOCK_TIMEOUT);
    await client.query(`LOCK TABLE "${name}" IN SHARE MODE`);
    const { rows } = await client.query<{ inbox_id: string; n: string }>(
      `SELECT inbox_id, count(*) AS n FROM "${name}" GROUP BY inbox_id`,
    );
    const dropped = await uncount(client, rows);
    await client.query(`DROP TABLE "${name}"`);
    return dropped;
  });
}

/**
 * Drops the day partitions that end at or before `before` (retention): whole days, no row
 * deletes. Returns the events dropped.
 */
async function dropPartitionsBefore(pool: Pool, before: Date): Promise<number> {
  let dropped = 0;
  for (const partition of await listPartitions(pool)) {
    if (partition.dayMs + DAY_MS > before.getTime()) break;
    dropped += await dropPartition(pool, partition.name);
  }
  return dropped;
}

/**
 * Drops the day partitions that ended before `now` and hold no event of an inbox that still
 * exists: every inbox whose events they hold has expired or been deleted, so the purge would
 * only delete their rows one by one. Returns the events dropped.
 */
async function dropDeadPartitions(pool: Pool, now: Date, aliveAt: Map<string, number>): Promise<number> {
  let dropped = 0;
  for (const partition of await listPartitions(pool)) {
    if (partition.dayMs + DAY_MS > now.getTime()) break;
    const seen = aliveAt.get(partition.name);
    if (seen !== undefined && now.getTime() - seen < ALIVE_RECHECK_MS) continue;
    const { rows } = await pool.query<{ alive: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM "${partition.name}" AS e JOIN inboxes AS i ON i.id = e.inbox_id) AS alive`,
    );
    if (rows[0]?.alive === false) {
      aliveAt.delete(partition.name);
      dropped += await dropPartition(pool, partition.name);
    } else aliveAt.set(partition.name, now.getTime());
  }
  return dropped;
}

/**
 * Moves up to `limit` of the oldest rows of events_legacy into the partitioned table, creating
 * the day partitions they need; returns how many moved (0: the move is done). The batch runs in
 * one transaction holding an EXCLUSIVE lock on events_legacy: reads of it go on, while deletes
 * wait for the batch and then see where the rows went (a READ COMMITTED statement takes its
 * snapshot after its locks), so a delete racing the move never misses a row.
 */
export async function moveLegacyEvents(pool: Pool, limit: number): Promise<number> {
  const { rows: span } = await pool.query<{ first: Date | null; last: Date | null }>(
    `SELECT min(received_at) AS first, max(received_at) AS last FROM (
       SELECT received_at FROM events_legacy ORDER BY seq LIMIT $1) AS batch`,
    [limit],
  );
  const first = span[0]?.first;
  const last = span[0]?.last;
  if (first == null || last == null) return 0;
  await ensureDays(pool, first, last);
  return inTransaction(pool, async (client) => {
    await client.query(LOCK_TIMEOUT);
    await client.query('LOCK TABLE events_legacy IN EXCLUSIVE MODE');
    const { rowCount } = await client.query(
      `WITH moved AS (DELETE FROM events_legacy WHERE seq IN (
         SELECT seq FROM events_legacy ORDER BY seq LIMIT $1) RETURNING ${EVENT_COLUMNS})
       INSERT INTO events (${EVENT_COLUMNS}) SELECT ${EVENT_COLUMNS} FROM moved`,
      [limit],
    );
    return rowCount ?? 0;
  });
}

/** Creates the day partitions from `first`'s day to `last`'s (at most 62 per call). */
async function ensureDays(pool: Pool, first: Date, last: Date): Promise<void> {
  const days = Math.min(62, Math.floor(last.getTime() / DAY_MS) - Math.floor(first.getTime() / DAY_MS));
  await ensurePartitions(pool, first, Math.max(0, days));
}

/**
 * Retention's edge (EventRepository.deleteReceivedBefore): after the whole day partitions, up to
 * `limit` events received before `before` from each of the partitioned and the legacy table, in
 * one transaction with their counts. Found on the id indexes (an id is never older than its
 * event, see firstEventIdAt), so a step costs the same however large the tables.
 */
async function deleteEdgeBefore(pool: Pool, before: Date, limit: number): Promise<number> {
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<{ inbox_id: string; n: string }>(
      `WITH gone_new AS (DELETE FROM events WHERE received_at < $1 AND id = ANY (ARRAY(
         SELECT id FROM events WHERE received_at < $1 AND id < $2 ORDER BY id LIMIT $3))
         RETURNING inbox_id),
       gone_old AS (DELETE FROM events_legacy WHERE seq IN (
         SELECT seq FROM events_legacy WHERE received_at < $1 AND id < $2 ORDER BY id LIMIT $3)
         RETURNING inbox_id)
       SELECT inbox_id, count(*) AS n FROM (
         SELECT inbox_id FROM gone_new UNION ALL SELECT inbox_id FROM gone_old) AS gone
       GROUP BY inbox_id`,
      [before.toISOString(), firstEventIdAt(before.getTime()), limit],
    );
    return uncount(client, rows);
  });
}

/** SQLSTATE 55P03: a lock was not granted within lock_timeout; the next sweep tries again. */
async function unlessLockTimeout(work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (err) {
    if (sqlState(err) === '55P03') return 0;
    throw err;
  }
}

/** A day partition found holding a live inbox's events is looked at again after this long. */
const ALIVE_RECHECK_MS = 60 * 60 * 1000;

/** EventRepository.deleteReceivedBefore and maintain on PostgreSQL. */
export function createEventUpkeep(pool: Pool): Pick<EventRepository, 'deleteReceivedBefore' | 'maintain'> {
  // Partitions last seen holding events of live inboxes, and when: a sweep every minute must not
  // scan a whole day of events each time to learn again that one saved inbox is still there.
  const aliveAt = new Map<string, number>();
  return {
    deleteReceivedBefore: (before, limit) =>
      attempt('delete old events', async () => {
        const dropped = await unlessLockTimeout(() => dropPartitionsBefore(pool, before));
        return dropped + (limit < 1 ? 0 : await deleteEdgeBefore(pool, before, Math.floor(limit)));
      }),
    maintain: (now, opts) =>
      attempt('maintain event partitions', async () => {
        const partitionsCreated = await unlessLockTimeout(() => ensurePartitions(pool, now, opts.daysAhead));
        const eventsDropped = await unlessLockTimeout(() => dropDeadPartitions(pool, now, aliveAt));
        const eventsMoved =
          opts.moveLimit < 1 ? 0 : await unlessLockTimeout(() => moveLegacyEvents(pool, Math.floor(opts.moveLimit)));
        return { partitionsCreated, eventsDropped, eventsMoved };
      }),
  };
}
