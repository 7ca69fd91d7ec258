// `npm run bench:pg-bodies`: large bodies on PostgreSQL. For each body (1 KiB JSON, 64 KiB
// random bytes) and each layout of the body column, a fresh schema of BENCH_POSTGRES_URL takes
// EVENTS events from 50 writers through the store's group-commit writer (events/s, MB/s, p99),
// then reports the bytes per event of the events partitions' heap, TOAST and indexes, the
// p50/p99 of the first page and of deep pages of the inbox (RUNS each, through the store), the
// buffers EXPLAIN (ANALYZE, BUFFERS) reads for one page, and the TOAST blocks all the listing
// touched (pg_statio_user_tables; the listing never names the body, so it must be 0). Layouts:
//   toast        what Rehook creates: PostgreSQL's TOAST moves a row's large values out of the
//                heap once the row passes about 2 KB (compressed first when it compresses)
//   external-256 every partition with toast_tuple_target = 256 and the body column's storage
//                EXTERNAL (moved out uncompressed): the candidate narrower heap
// The schemas are dropped afterwards; the figures go to bench/results/pg-bodies.json (OUT).
// Numbers are only comparable within one run.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Pool } from 'pg';
import { newId } from '../src/domain/ids.js';
import { PgGroupCommitWriter } from '../src/storage/postgres/group-commit.js';
import { openPostgresStore, type PostgresStore } from '../src/storage/postgres/store.js';
import { SUMMARY_COLUMNS } from '../src/storage/shared/event-rows.js';
import { benchEventRows, driveWriter } from './pg-event-rows.js';

const env = process.env;
const BASE_URL =
  env['BENCH_POSTGRES_URL'] ?? env['REHOOK_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const EVENTS = Number(env['EVENTS'] ?? 3000);
const RUNS = Number(env['RUNS'] ?? 300);

interface Layout {
  readonly name: string;
  readonly apply: (pool: Pool) => Promise<void>;
}

const LAYOUTS: readonly Layout[] = [
  { name: 'toast', apply: async () => undefined },
  {
    name: 'external-256',
    apply: async (pool) => {
      await pool.query('ALTER TABLE events ALTER COLUMN body SET STORAGE EXTERNAL');
      for (const partition of await partitionsOf(pool)) {
        await pool.query(`ALTER TABLE ${partition} SET (toast_tuple_target = 256)`);
      }
    },
  },
];

const BODIES = [
  { label: '1 KiB JSON', bytes: 1024, kind: 'json' },
  { label: '64 KiB random', bytes: 64 * 1024, kind: 'random' },
] as const;

async function partitionsOf(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ name: string }>(
    `SELECT relid::regclass::text AS name FROM pg_partition_tree('events') WHERE isleaf`,
  );
  return rows.map((row) => row.name);
}

/** Bytes of the events partitions' heaps, TOAST relations (with their index) and indexes. */
async function sizes(pool: Pool): Promise<{ heap: number; toast: number; indexes: number; events: number }> {
  const { rows } = await pool.query<{ heap: string; toast: string; indexes: string; events: string }>(
    `SELECT sum(pg_relation_size(c.oid)) AS heap,
       sum(coalesce(pg_total_relation_size(nullif(c.reltoastrelid, 0)), 0)) AS toast,
       sum(pg_indexes_size(c.oid)) AS indexes,
       (SELECT count(*) FROM events) AS events
     FROM pg_partition_tree('events') AS t JOIN pg_class AS c ON c.oid = t.relid WHERE t.isleaf`,
  );
  const row = rows[0];
  return {
    heap: Number(row?.heap ?? 0),
    toast: Number(row?.toast ?? 0),
    indexes: Number(row?.indexes ?? 0),
    events: Number(row?.events ?? 0),
  };
}

/** TOAST and heap blocks read or found in cache so far in this schema (all backends that reported). */
async function blocksTouched(pool: Pool, schema: string): Promise<{ heap: number; toast: number }> {
  const { rows } = await pool.query<{ heap: string; toast: string }>(
    `SELECT coalesce(sum(heap_blks_read + heap_blks_hit), 0) AS heap,
       coalesce(sum(coalesce(toast_blks_read, 0) + coalesce(toast_blks_hit, 0)), 0) AS toast
     FROM pg_statio_user_tables WHERE schemaname = $1`,
    [schema],
  );
  return { heap: Number(rows[0]?.heap ?? 0), toast: Number(rows[0]?.toast ?? 0) };
}

const quantile = (sorted: readonly number[], q: number): number =>
  sorted[Math.floor(q * (sorted.length - 1))] ?? Number.NaN;

async function timedRuns(runs: number, once: (i: number) => Promise<unknown>): Promise<{ p50: number; p99: number }> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await once(i);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return { p50: quantile(ms, 0.5), p99: quantile(ms, 0.99) };
}

interface Cell {
  readonly body: string;
  readonly layout: string;
  readonly ingest: { eventsPerSec: number; mbPerSec: number; p50: number; p99: number };
  readonly bytesPerEvent: { heap: number; toast: number; indexes: number };
  readonly firstPage: { p50: number; p99: number };
  readonly deepPage: { p50: number; p99: number };
  readonly pageBuffers: number;
  readonly listingToastBlocks: number;
  readonly listingHeapBlocks: number;
}

async function measureCell(body: (typeof BODIES)[number], layout: Layout): Promise<Cell> {
  const admin = new Pool({ connectionString: BASE_URL, max: 1 });
  const schema = `rehook_bodies_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE SCHEMA ${schema}`);
  let store: PostgresStore | null = null;
  try {
    const url = new URL(BASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    store = await openPostgresStore({ url: url.href });
    const inboxId = newId('inbox');
    await store.inboxes.insert({ id: inboxId, ownerId: null, name: null, createdAt: new Date(), expiresAt: null });
    await layout.apply(store.pool);
    const writer = new PgGroupCommitWriter(store.pool, { maxBatchRows: 500, maxBatchBytes: 16 << 20, maxInFlight: 4 });
    const run = await driveWriter(writer, {
      next: benchEventRows(inboxId, body.bytes, body.kind),
      writers: 50,
      events: EVENTS,
    });
    await writer.close();
    await store.pool.query('VACUUM ANALYZE events');
    const size = await sizes(store.pool);
    const perEvent = (bytes: number): number => Math.round(bytes / Math.max(1, size.events));
    const { rows: ids } = await store.pool.query<{ id: string }>('SELECT id FROM events ORDER BY id');
    const cursors = ids.map((row) => row.id).filter((_, i) => i > 50);
    const explained = await store.pool.query<{ 'QUERY PLAN': { Plan: Record<string, number> }[] }>(
      `EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) SELECT ${SUMMARY_COLUMNS} FROM events_all WHERE inbox_id = $1
        ORDER BY inbox_id DESC, id DESC LIMIT 50`,
      [inboxId],
    );
    const plan = explained.rows[0]?.['QUERY PLAN'][0]?.Plan ?? {};
    await store.close();
    store = null;
    // The listing runs on connections of its own, closed before the statistics are read: a
    // backend reports its block counts when it ends.
    const before = await blocksTouched(admin, schema);
    store = await openPostgresStore({ url: url.href });
    const listing = store;
    const firstPage = await timedRuns(RUNS, () => listing.events.listByInbox(inboxId, { limit: 50 }));
    const deepPage = await timedRuns(RUNS, (i) =>
      listing.events.listByInbox(inboxId, { limit: 50, before: cursors[(i * 7919) % cursors.length] ?? '' }),
    );
    await store.close();
    store = null;
    let after = await blocksTouched(admin, schema);
    for (let tries = 0; after.heap === before.heap && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await blocksTouched(admin, schema);
    }
    return {
      body: body.label,
      layout: layout.name,
      ingest: {
        eventsPerSec: run.perSecond,
        mbPerSec: (run.perSecond * body.bytes) / (1 << 20),
        p50: run.p50,
        p99: run.p99,
      },
      bytesPerEvent: { heap: perEvent(size.heap), toast: perEvent(size.toast), indexes: perEvent(size.indexes) },
      firstPage,
      deepPage,
      pageBuffers: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
      listingToastBlocks: after.toast - before.toast,
      listingHeapBlocks: after.heap - before.heap,
    };
  } finally {
    await store?.close();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  }
}

const loadBefore = loadavg();
const cells: Cell[] = [];
for (const body of BODIES) {
  for (const layout of LAYOUTS) {
    const cell = await measureCell(body, layout);
    cells.push(cell);
    process.stdout.write(`${JSON.stringify(cell)}\n`);
  }
}
const f = (x: number): string => x.toFixed(2);
process.stdout.write(
  `\n${EVENTS} events per cell, 50 writers; listing ${RUNS} runs each (store.events.listByInbox, 50 rows)\n` +
    'body          layout        events/s  MB/s  ingest p99 | heap B/ev  TOAST B/ev  index B/ev | first p50/p99 ms  deep p50/p99 ms  buffers/page  TOAST blocks listing\n',
);
for (const c of cells) {
  process.stdout.write(
    `${c.body.padEnd(13)} ${c.layout.padEnd(13)} ${c.ingest.eventsPerSec.toFixed(0).padStart(8)} ${c.ingest.mbPerSec.toFixed(1).padStart(5)} ${f(c.ingest.p99).padStart(8)} ms | ` +
      `${String(c.bytesPerEvent.heap).padStart(9)} ${String(c.bytesPerEvent.toast).padStart(11)} ${String(c.bytesPerEvent.indexes).padStart(11)} | ` +
      `${f(c.firstPage.p50)}/${f(c.firstPage.p99)}  ${f(c.deepPage.p50)}/${f(c.deepPage.p99)}  ${String(c.pageBuffers).padStart(6)}  ${c.listingToastBlocks}\n`,
  );
}
const out = env['OUT'] ?? 'bench/results/pg-bodies.json';
const run = {
  date: new Date().toISOString(),
  events: EVENTS,
  runs: RUNS,
  loadAverage: { before: loadBefore, after: loadavg() },
};
writeFileSync(out, `${JSON.stringify({ ...run, cells }, null, 2)}\n`);
process.stdout.write(
  `load average ${loadBefore.map((x) => x.toFixed(1)).join(' ')} before, ${run.loadAverage.after.map((x) => x.toFixed(1)).join(' ')} after; wrote ${out}\n`,
);
