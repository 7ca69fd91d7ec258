// `npm run bench:pg-levers`: the PostgreSQL batch insert's levers one by one, in one process and
// one run. Each variant drives the store's group-commit writer with CONCURRENCY writers of 1 KiB
// events for SECONDS, round after round (ROUNDS), in a fresh schema of BENCH_POSTGRES_URL that is
// dropped afterwards. The variants differ only in the statement a batch is sent as:
//   values       INSERT ... SELECT FROM (VALUES ...), 14 parameters per row, a new text per size
//   unnest-hex   one array per column (bodies as bytea[], hex text), unnamed
//   unnest-prep  the same, as a named prepared statement
//   unnest-bin   bodies end to end in one binary parameter, unnamed
//   store        the store's statement (unnest, binary bodies, prepared), no live notification
//   old-table    the store's statement into the table of the schema before day partitions
//                (events_legacy: identity seq key, unique id, (inbox_id, id): three b-trees
//                per row instead of two; not partitioned)
//   notify-after the store's statement, then the live bus's NOTIFY as a statement of its own
//                (the path before the insert announced its events itself)
//   notify-commit the store as served: the NOTIFY inside the insert's statement and commit
//   inflight-1/2/8 notify-commit with 1, 2 or 8 statements in flight (pool 10; the store uses 4)
//   rows-50      notify-commit with batches of at most 50 rows (the store allows 500)
//   partition-direct notify-commit into today's day partition, named by the app, instead of
//                the partitioned parent (which routes every row)
//   no-counter   notify-commit without the inbox counter's upsert (measurement only: the row
//                lock every batch of one inbox takes until its COMMIT, WAL flush included)
//   counter-slots notify-commit with the counter split in 8 rows per inbox, each batch adding
//                to the row of its own in-flight slot (prototype in a bench table)
//   b12-*        batches of at most 12 rows (four in flight, as (h) makes them): no notification,
//                the NOTIFY in the insert's commit, the NOTIFY by the bus after it, no counter,
//                neither counter nor NOTIFY, the counter in 8 rows with the NOTIFY after
//   commit-delay notify-commit on sessions with commit_delay = 1000 µs, commit_siblings = 1
//   sync-off     notify-commit on sessions with synchronous_commit = off (measurement only:
//                what the COMMIT's WAL flush costs; Rehook never acknowledges unflushed events)
// VARIANTS=a,b,... runs only those (ratios against the first); OUT=<file> also writes every run
// as JSON. Numbers are only comparable
// within one run (see docs/benchmarks.md).
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Pool } from 'pg';
import { newId } from '../src/domain/ids.js';
import { createPgNotifyBus, encodePayload } from '../src/live/pg-notify-bus.js';
import { buildBatchInsert, type GroupCommitLimits, PgGroupCommitWriter } from '../src/storage/postgres/group-commit.js';
import { partitionName } from '../src/storage/postgres/event-partitions.js';
import { EVENT_INSERT_COLUMNS, type SqlValue } from '../src/storage/postgres/rows.js';
import { openPostgresStore } from '../src/storage/postgres/store.js';
import { benchEventRows, type DriveResult, driveWriter } from './pg-event-rows.js';

const env = process.env;
const BASE_URL =
  env['BENCH_POSTGRES_URL'] ?? env['REHOOK_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONCURRENCY = Number(env['CONCURRENCY'] ?? 50);
const SECONDS = Number(env['SECONDS'] ?? 4);
const ROUNDS = Number(env['ROUNDS'] ?? 3);
/**
 * Each writer waits a random 0-JITTER_MS before each insert (default 0): writers then arrive
 * spread out, as HTTP requests do, instead of all re-queueing in the tick their batch committed
 * (which makes every batch one of CONCURRENCY rows, one in flight).
 */
const JITTER_MS = Number(env['JITTER_MS'] ?? 0);
/** Comma-separated variants to run (default all); ratios are against the first one run. */
const ONLY = env['VARIANTS']?.split(',').map((name) => name.trim());

interface Statement {
  name?: string;
  text: string;
  values: unknown[];
}
type Rows = readonly (readonly SqlValue[])[];

/** The store's statement text without its live notification (the variants before that lever). */
function withoutNotify(text: string): string {
  return text.replace(/notified AS \([\s\S]*?\) AS p\),\n/, '').replace(' CROSS JOIN notified', '');
}

/** The statement before the levers: one VALUES tuple per row, every placeholder typed. */
function valuesStatement(rows: Rows): Statement {
  const store = buildBatchInsert(rows);
  const perRow = EVENT_INSERT_COLUMNS.length + 1;
  const tuples = rows.map((_, row) => {
    const cells = EVENT_INSERT_COLUMNS.map(([, type], col) => `$${row * perRow + col + 1}::${type}`);
    return `(${cells.join(', ')}, $${row * perRow + perRow}::timestamptz)`;
  });
  const names = EVENT_INSERT_COLUMNS.map(([name]) => name).join(', ');
  const text = withoutNotify(store.text)
    .replace(/FROM unnest\([\s\S]*?body_length\)/, `FROM (VALUES ${tuples.join(', ')}) AS v (${names}, now)`)
    .replace(/substring\([^)]*\)/, 'v.body');
  return { text, values: rows.flat() };
}

/** The store's statement with the bodies as a bytea[] (hex text) instead of one binary value. */
function hexBodies(statement: Statement): Statement {
  // The last two values are the live notification's channel and payloads (none here).
  const n = statement.values.length - 2;
  const [at, length, blob] = statement.values.slice(n - 3, n) as [number[], number[], Buffer];
  const bodies = at.map((start, i) => blob.subarray(start, start + (length[i] ?? 0)));
  const text = withoutNotify(statement.text)
    .replace(/substring\([^)]*\)/, 'v.body')
    .replace(/, \$(\d+)::int\[\], \$\d+::int\[\]\)/, ', $$$1::bytea[])')
    .replace('now, body_at, body_length)', 'now, body)');
  return { ...statement, text, values: [...statement.values.slice(0, n - 3), bodies] };
}

const unnamed = (statement: Statement): Statement => ({ text: statement.text, values: statement.values });

type Notify = Parameters<typeof buildBatchInsert>[1];

/** The store's statement (with its notification) under another name, its text changed by `edit`. */
function edited(name: string, edit: (text: string) => string): (rows: Rows, notify: Notify) => Statement {
  return (rows, notify) => {
    const statement = buildBatchInsert(rows, notify);
    return { ...statement, name, text: edit(statement.text) };
  };
}

const COUNTER_UPSERT = /counted AS \(INSERT INTO inbox_counters[\s\S]*?excluded\.event_count\),\n/;
let slot = 0;

/** The counter upsert into one of 8 rows per inbox (a bench table), the next row each batch. */
function counterSlots(rows: Rows, notify: Notify): Statement {
  slot = (slot + 1) % 8;
  return edited(`bench_counter_slot_${slot}`, (text) =>
    text.replace(
      COUNTER_UPSERT,
      `counted AS (INSERT INTO bench_counters AS c (inbox_id, slot, event_count)
  SELECT inbox_id, ${slot}, count(*) FROM stored GROUP BY inbox_id ORDER BY inbox_id
  ON CONFLICT (inbox_id, slot) DO UPDATE SET event_count = c.event_count + excluded.event_count),\n`,
    ),
  )(rows, notify);
}

interface Variant {
  readonly statement?: (rows: Rows, notify: Notify) => Statement;
  /** Session settings (connection `options`) of a pool of the variant's own. */
  readonly session?: string;
  /** How the writer announces events: not at all, by a bus statement after the commit, or in it. */
  readonly notify?: 'after' | 'commit';
  readonly limits?: Partial<GroupCommitLimits>;
}

const VARIANTS: Record<string, Variant> = {
  values: { statement: valuesStatement },
  'unnest-hex': { statement: (rows) => unnamed(hexBodies(buildBatchInsert(rows))) },
  'unnest-prep': { statement: (rows) => ({ ...hexBodies(buildBatchInsert(rows)), name: 'bench_unnest_prep' }) },
  'unnest-bin': { statement: (rows) => unnamed(buildBatchInsert(rows)) },
  store: {},
  'old-table': {
    statement: (rows) => {
      const statement = buildBatchInsert(rows);
      return {
        ...statement,
        name: 'bench_old_table',
        text: statement.text.replace('INSERT INTO events (', 'INSERT INTO events_legacy ('),
      };
    },
  },
  'notify-after': { notify: 'after' },
  'notify-commit': { notify: 'commit' },
  'inflight-1': { notify: 'commit', limits: { maxInFlight: 1 } },
  'inflight-2': { notify: 'commit', limits: { maxInFlight: 2 } },
  'inflight-8': { notify: 'commit', limits: { maxInFlight: 8 } },
  'rows-50': { notify: 'commit', limits: { maxBatchRows: 50 } },
  'partition-direct': {
    notify: 'commit',
    statement: (rows, notify) =>
      edited(`bench_direct_${today()}`, (text) => text.replace('INSERT INTO events (', `INSERT INTO ${today()} (`))(
        rows,
        notify,
      ),
  },
  'no-counter': { notify: 'commit', statement: edited('bench_no_counter', (text) => text.replace(COUNTER_UPSERT, '')) },
  'counter-slots': { notify: 'commit', statement: (rows, notify) => counterSlots(rows, notify) },
  // Batches of at most 12 rows: with 50 writers, four batches in flight, as under HTTP load
  // (where requests arrive spread out, not in lock step), so commits can overlap.
  'b12-no-notify': { limits: { maxBatchRows: 12 } },
  'b12-notify-commit': { notify: 'commit', limits: { maxBatchRows: 12 } },
  'b12-notify-after': { notify: 'after', limits: { maxBatchRows: 12 } },
  'b12-no-counter-no-notify': {
    limits: { maxBatchRows: 12 },
    statement: edited('bench_no_counter', (text) => text.replace(COUNTER_UPSERT, '')),
  },
  'b12-slots-notify-after': {
    notify: 'after',
    limits: { maxBatchRows: 12 },
    statement: (rows, notify) => counterSlots(rows, notify),
  },
  'b12-no-counter': {
    notify: 'commit',
    limits: { maxBatchRows: 12 },
    statement: edited('bench_no_counter', (text) => text.replace(COUNTER_UPSERT, '')),
  },
  'commit-delay': { notify: 'commit', session: '-c commit_delay=1000 -c commit_siblings=1' },
  'sync-off': { notify: 'commit', session: '-c synchronous_commit=off' },
};

/** Today's day partition (the store creates it when it opens). */
function today(): string {
  return partitionName(Math.floor(Date.now() / 86_400_000) * 86_400_000);
}

/** A writer with the store's limits (or the variant's) whose batches go out as the variant says. */
function writerFor(variant: Variant, channel: string, pool: Pool): PgGroupCommitWriter {
  const writer = new PgGroupCommitWriter(pool, {
    ...{ maxBatchRows: 500, maxBatchBytes: 16 << 20, maxInFlight: 4 },
    ...variant.limits,
  });
  if (variant.notify === 'commit') writer.announceWith({ channel, encode: encodePayload });
  const statement = variant.statement;
  if (statement !== undefined) {
    // Measurement only: the batch's statement is swapped; queueing and settling stay the store's.
    (writer as unknown as { insert: unknown }).insert = async (
      batch: { values: readonly SqlValue[]; notification: string | null }[],
    ) => {
      const notify = variant.notify === 'commit' ? { channel, payloads: batch.map((item) => item.notification) } : null;
      const result = await pool.query<{ id: string }>(
        statement(
          batch.map((item) => item.values),
          notify,
        ) as never,
      );
      return new Set(result.rows.map((row) => row.id));
    };
  }
  // Counts the batches (one statement and one commit each), to see how many rows each carried.
  const patched = writer as unknown as { insert: (batch: unknown[]) => Promise<Set<string>>; batches: number };
  const insert = patched.insert.bind(writer);
  patched.batches = 0;
  patched.insert = (batch) => {
    patched.batches += 1;
    return insert(batch);
  };
  return writer;
}

const admin = new Pool({ connectionString: BASE_URL, max: 1 });
const schema = `rehook_levers_${randomBytes(6).toString('hex')}`;
await admin.query(`CREATE SCHEMA ${schema}`);
try {
  const url = new URL(BASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const store = await openPostgresStore({ url: url.href });
  const inboxId = newId('inbox');
  await store.inboxes.insert({ id: inboxId, ownerId: null, name: null, createdAt: new Date(), expiresAt: null });
  await store.pool.query(
    'CREATE TABLE bench_counters (inbox_id text, slot int, event_count bigint, PRIMARY KEY (inbox_id, slot))',
  );
  const sessionPools = new Map<string, Pool>();
  const poolOf = (variant: Variant): Pool => {
    if (variant.session === undefined) return store.pool;
    const withSession = new URL(url.href);
    withSession.searchParams.set('options', `-c search_path=${schema} ${variant.session}`);
    const pool = sessionPools.get(variant.session) ?? new Pool({ connectionString: withSession.href, max: 10 });
    sessionPools.set(variant.session, pool);
    return pool;
  };
  const runs = new Map<string, DriveResult[]>();
  const silent = { info: () => undefined, warn: () => undefined };
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, variant] of Object.entries(VARIANTS).filter(([name]) => ONLY?.includes(name) ?? true)) {
      const bus = await createPgNotifyBus({
        url: url.href,
        pool: store.pool,
        findEvent: async () => null,
        logger: silent,
        listen: false,
      });
      const writer = writerFor(variant, bus.channel, poolOf(variant));
      const run = await driveWriter(writer, {
        next: benchEventRows(inboxId),
        writers: CONCURRENCY,
        seconds: SECONDS,
        jitterMs: JITTER_MS,
        publish: variant.notify === 'after' ? bus.publish : null,
      });
      await writer.close();
      await bus.close();
      runs.set(name, [...(runs.get(name) ?? []), run]);
      process.stdout.write(
        `round ${round} ${name}: ${run.perSecond.toFixed(0)} inserts/s in ${run.batchesPerSecond.toFixed(0)} batches/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms\n`,
      );
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const base = median(([...runs.values()][0] ?? []).map((r) => r.perSecond));
  process.stdout.write(`\nmedians of ${ROUNDS} rounds, ${CONCURRENCY} writers, 1 KiB bodies:\n`);
  for (const [name, list] of runs) {
    const perSecond = median(list.map((r) => r.perSecond));
    const p99 = median(list.map((r) => r.p99)).toFixed(1);
    const batches = median(list.map((r) => r.batchesPerSecond)).toFixed(0);
    process.stdout.write(
      `${name.padEnd(16)} ${perSecond.toFixed(0).padStart(6)} inserts/s  ${(perSecond / base).toFixed(2)}x  ${batches.padStart(5)} batches/s  p99 ${p99} ms\n`,
    );
  }
  for (const pool of sessionPools.values()) await pool.end();
  const out = env['OUT'];
  if (out !== undefined) {
    const saved = {
      date: new Date().toISOString(),
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      rounds: ROUNDS,
      jitterMs: JITTER_MS,
    };
    writeFileSync(
      out,
      `${JSON.stringify({ ...saved, loadAverage: loadavg(), runs: Object.fromEntries(runs) }, null, 2)}\n`,
    );
  }
  await store.close();
} finally {
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}
