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
//   inflight-2/8 notify-commit with 2 or 8 statements in flight (pool 10; the store uses 4)
//   rows-50      notify-commit with batches of at most 50 rows (the store allows 500)
// Numbers are only comparable within one run (see docs/benchmarks.md).
import { randomBytes } from 'node:crypto';
import { Pool } from 'pg';
import { createEventIdFactory, newId } from '../src/domain/ids.js';
import { type EventSummary, summaryOf } from '../src/domain/captured-request.js';
import { createPgNotifyBus, encodePayload } from '../src/live/pg-notify-bus.js';
import { buildBatchInsert, type GroupCommitLimits, PgGroupCommitWriter } from '../src/storage/postgres/group-commit.js';
import { EVENT_INSERT_COLUMNS, mapper, type SqlValue } from '../src/storage/postgres/rows.js';
import { openPostgresStore, type PostgresStore } from '../src/storage/postgres/store.js';

const env = process.env;
const BASE_URL =
  env['BENCH_POSTGRES_URL'] ?? env['REHOOK_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const CONCURRENCY = Number(env['CONCURRENCY'] ?? 50);
const SECONDS = Number(env['SECONDS'] ?? 4);
const ROUNDS = Number(env['ROUNDS'] ?? 3);

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

interface Variant {
  readonly statement?: (rows: Rows) => Statement;
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
  'inflight-2': { notify: 'commit', limits: { maxInFlight: 2 } },
  'inflight-8': { notify: 'commit', limits: { maxInFlight: 8 } },
  'rows-50': { notify: 'commit', limits: { maxBatchRows: 50 } },
};

/** A writer with the store's limits (or the variant's) whose batches go out as the variant says. */
function writerFor(store: PostgresStore, variant: Variant, channel: string): PgGroupCommitWriter {
  const writer = new PgGroupCommitWriter(store.pool, {
    ...{ maxBatchRows: 500, maxBatchBytes: 16 << 20, maxInFlight: 4 },
    ...variant.limits,
  });
  if (variant.notify === 'commit') writer.announceWith({ channel, encode: encodePayload });
  const statement = variant.statement;
  if (statement !== undefined) {
    // Measurement only: the batch's statement is swapped; queueing and settling stay the store's.
    (writer as unknown as { insert: unknown }).insert = async (batch: { values: readonly SqlValue[] }[]) => {
      const result = await store.pool.query<{ id: string }>(statement(batch.map((item) => item.values)) as never);
      return new Set(result.rows.map((row) => row.id));
    };
  }
  return writer;
}

async function drive(
  writer: PgGroupCommitWriter,
  opts: { inboxId: string; publish: ((summary: EventSummary) => void) | null },
): Promise<{ perSecond: number; p50: number; p99: number }> {
  const { inboxId, publish } = opts;
  const nextId = createEventIdFactory();
  const body = Buffer.from(JSON.stringify({ data: 'x'.repeat(1000) }));
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const loop = async (): Promise<void> => {
    while (performance.now() < end) {
      const now = new Date();
      const started = performance.now();
      const event = {
        ...{ id: nextId(now.getTime()), inboxId, receivedAt: now, method: 'POST', path: '/webhook', query: '' },
        ...{ contentType: 'application/json', size: body.length, signature: null, answer: null, body },
        headers: [
          ['Host', '127.0.0.1'],
          ['Content-Type', 'application/json'],
        ] as [string, string][],
        sourceIp: '127.0.0.1',
      };
      const summary = summaryOf(event);
      await writer.enqueue(event.id, [...mapper.eventParams(event), now.toISOString()], body.length, { summary });
      publish?.(summary);
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, loop));
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.floor(q * (latencies.length - 1))] ?? Number.NaN;
  return { perSecond: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99) };
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
  const runs = new Map<string, { perSecond: number; p50: number; p99: number }[]>();
  const silent = { info: () => undefined, warn: () => undefined };
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, variant] of Object.entries(VARIANTS)) {
      const bus = await createPgNotifyBus({
        url: url.href,
        pool: store.pool,
        findEvent: async () => null,
        logger: silent,
        listen: false,
      });
      const writer = writerFor(store, variant, bus.channel);
      const run = await drive(writer, { inboxId, publish: variant.notify === 'after' ? bus.publish : null });
      await writer.close();
      await bus.close();
      runs.set(name, [...(runs.get(name) ?? []), run]);
      process.stdout.write(
        `round ${round} ${name}: ${run.perSecond.toFixed(0)} inserts/s, p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms\n`,
      );
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
  const base = median((runs.get('values') ?? []).map((r) => r.perSecond));
  process.stdout.write(`\nmedians of ${ROUNDS} rounds, ${CONCURRENCY} writers, 1 KiB bodies:\n`);
  for (const [name, list] of runs) {
    const perSecond = median(list.map((r) => r.perSecond));
    const p99 = median(list.map((r) => r.p99)).toFixed(1);
    process.stdout.write(
      `${name.padEnd(12)} ${perSecond.toFixed(0).padStart(6)} inserts/s  ${(perSecond / base).toFixed(2)}x  p99 ${p99} ms\n`,
    );
  }
  await store.close();
} finally {
  await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
}
