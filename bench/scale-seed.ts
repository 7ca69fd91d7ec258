// Bulk seeding of the scale bench (bench/scale.ts), straight into the database the migrations
// created, nothing through HTTP: SQLite in large transactions of one prepared INSERT, PostgreSQL
// in large multi-row `INSERT ... SELECT FROM unnest(...)` statements whose bodies travel as one
// binary parameter (no hex encoding), several statements in flight.
import { join } from 'node:path';
import type { Pool } from 'pg';
import { DATABASE_FILE } from '../src/storage/sqlite/store.js';
import { createEventIdFactory } from '../src/domain/ids.js';
import type { Store } from '../src/ports/store.js';
import { openPostgresStore } from '../src/storage/postgres/store.js';
import { openSqliteStore } from '../src/storage/sqlite/store.js';
import { type ScaleEvent, scaleEvents } from './scale-events.js';
import { EVENT_COLUMNS, seedOwner } from './seed-owner.js';

export interface ScalePlan {
  readonly events: number;
  readonly bigEvents: number;
  readonly inboxes: number;
}

export interface ScaleSeed {
  readonly token: string;
  readonly inboxIds: readonly string[];
  readonly bigInboxId: string;
  /** Ids of the big inbox, oldest first (cursors for deep pages). */
  readonly bigIds: readonly string[];
  readonly seconds: number;
  readonly rowsPerSec: number;
}

const log = (message: string) => process.stderr.write(`[bench:scale] ${message}\n`);

/** Account, token and inboxes, created before the events' first day. */
function seedOwners(store: Store, inboxes: number) {
  return seedOwner(store, 'scale', inboxes, new Date(Date.UTC(2029, 0, 1)));
}

/**
 * Events of the other inboxes are seeded as already typed, with a type of their own: only the big
 * inbox's events are left for the server's event-type worker to learn (measured), instead of ten
 * million events it would type in the background while the reads are timed.
 */
export const SEEDED_TYPE = 'seeded';

/** A row in EVENT_COLUMNS order, then the event type (null: left for the worker). */
function rowOf(event: ScaleEvent, id: string, inboxId: string, big: boolean) {
  return [
    id,
    inboxId,
    event.ms,
    event.method,
    `/i/${inboxId}${event.subPath}`,
    event.query,
    event.contentType,
    event.body.length,
    '203.0.113.7',
    JSON.stringify(event.headers),
    event.body,
    big ? null : SEEDED_TYPE,
  ] as const;
}

type Row = ReturnType<typeof rowOf>;

/** Walks the plan's events in batches; returns the counts per inbox and the big inbox's ids. */
async function forEachBatch(
  plan: ScalePlan,
  inboxIds: readonly string[],
  batchRows: number,
  write: (rows: Row[]) => Promise<void> | void,
) {
  const nextId = createEventIdFactory();
  const counts = new Map<string, number>();
  const bigIds: string[] = [];
  let rows: Row[] = [];
  let done = 0;
  let lastLog = performance.now();
  const startMs = Date.UTC(2030, 0, 1);
  for (const event of scaleEvents({ ...plan, startMs })) {
    const inboxId = inboxIds[event.inboxIndex] as string;
    const id = nextId(event.ms);
    if (event.inboxIndex === 0) bigIds.push(id);
    counts.set(inboxId, (counts.get(inboxId) ?? 0) + 1);
    rows.push(rowOf(event, id, inboxId, event.inboxIndex === 0));
    if (rows.length >= batchRows) {
      await write(rows);
      done += rows.length;
      rows = [];
      if (performance.now() - lastLog > 30_000) {
        lastLog = performance.now();
        log(`  ${done.toLocaleString('en-US')} events`);
      }
    }
  }
  if (rows.length > 0) await write(rows);
  return { counts, bigIds };
}

export async function seedSqlite(dataDir: string, plan: ScalePlan): Promise<ScaleSeed> {
  const started = performance.now();
  const store = openSqliteStore({ path: join(dataDir, DATABASE_FILE) });
  try {
    const { token, inboxIds } = await seedOwners(store, plan.inboxes);
    const db = store.db;
    const insert = db.prepare<Row[number][]>(
      `INSERT INTO events (${EVENT_COLUMNS.join(', ')}, event_type) VALUES (${EVENT_COLUMNS.map(() => '?').join(', ')}, ?)`,
    );
    const insertMany = db.transaction((rows: Row[]) => {
      for (const row of rows) insert.run(...(row as unknown as Row[number][]));
    });
    // Durability is irrelevant while seeding a throw-away file; Rehook reopens it with its own settings.
    db.pragma('synchronous = OFF');
    const { counts, bigIds } = await forEachBatch(plan, inboxIds, 50_000, (rows) => insertMany(rows));
    const setCount = db.prepare<[string, number]>(
      `INSERT INTO inbox_counters (inbox_id, event_count) VALUES (?, ?)
       ON CONFLICT (inbox_id) DO UPDATE SET event_count = excluded.event_count`,
    );
    db.transaction(() => {
      for (const [inboxId, n] of counts) setCount.run(inboxId, n);
    })();
    db.exec('ANALYZE');
    db.pragma('synchronous = FULL');
    db.pragma('wal_checkpoint(TRUNCATE)');
    const seconds = (performance.now() - started) / 1000;
    return { token, inboxIds, bigInboxId: inboxIds[0] as string, bigIds, seconds, rowsPerSec: plan.events / seconds };
  } finally {
    await store.close();
  }
}

/** Rows per INSERT statement on PostgreSQL, and statements in flight. */
const PG_BATCH_ROWS = 2_000;
const PG_IN_FLIGHT = 3;

const PG_INSERT = `INSERT INTO events (${EVENT_COLUMNS.join(', ')}, event_type)
  SELECT v.id, v.inbox_id, to_timestamp(v.ms / 1000.0), v.method, v.path, v.query, v.content_type, v.size,
    v.source_ip, v.headers, substring($11::bytea FROM (v.body_at + 1)::int FOR v.size::int), v.event_type
  FROM unnest($1::text[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::text[], $7::text[],
    $8::bigint[], $9::text[], $10::text[], $12::bigint[], $13::text[])
    AS v(id, inbox_id, ms, method, path, query, content_type, size, source_ip, headers, body_at, event_type)`;

export async function seedPostgres(url: string, plan: ScalePlan): Promise<ScaleSeed> {
  const started = performance.now();
  const store = await openPostgresStore({ url, poolSize: PG_IN_FLIGHT + 1 });
  try {
    const { token, inboxIds } = await seedOwners(store, plan.inboxes);
    const pool: Pool = store.pool;
    const inFlight = new Set<Promise<void>>();
    const write = async (rows: Row[]): Promise<void> => {
      const columns: unknown[][] = Array.from({ length: 10 }, () => []);
      const offsets: number[] = [];
      let at = 0;
      for (const row of rows) {
        for (let c = 0; c < 10; c += 1) (columns[c] as unknown[]).push(row[c]);
        offsets.push(at);
        at += row[10].length;
      }
      const bodies = Buffer.concat(
        rows.map((row) => row[10]),
        at,
      );
      const types = rows.map((row) => row[11]);
      const statement = pool.query(PG_INSERT, [...columns, bodies, offsets, types]).then(() => undefined);
      inFlight.add(statement);
      void statement.finally(() => inFlight.delete(statement)).catch(() => undefined);
      if (inFlight.size >= PG_IN_FLIGHT) await Promise.race(inFlight);
    };
    const { counts, bigIds } = await forEachBatch(plan, inboxIds, PG_BATCH_ROWS, write);
    await Promise.all(inFlight);
    await pool.query(
      `INSERT INTO inbox_counters (inbox_id, event_count) SELECT * FROM unnest($1::text[], $2::bigint[])
       ON CONFLICT (inbox_id) DO UPDATE SET event_count = excluded.event_count`,
      [[...counts.keys()], [...counts.values()]],
    );
    // What autovacuum would have done by the time an instance holds this many events.
    log('postgres: VACUUM ANALYZE events');
    await pool.query('VACUUM ANALYZE events');
    const seconds = (performance.now() - started) / 1000;
    return { token, inboxIds, bigInboxId: inboxIds[0] as string, bigIds, seconds, rowsPerSec: plan.events / seconds };
  } finally {
    await store.close();
  }
}
