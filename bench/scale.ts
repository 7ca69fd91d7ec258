// The scale bench (`npm run bench:scale`, or `npm run bench -- --only scale`): seeds N events
// (default 10,000,000) straight into SQLite and PostgreSQL (bench/scale-seed.ts: many inboxes,
// bodies of several shapes and sizes, one inbox of 100,000 events), then starts Rehook in this
// process and times sequential HTTP requests against it: the first page of an inbox, a page
// 1,000 pages deep, searches by text, JSON field and header (common values, and a needle that
// only the big inbox's oldest event holds), and the export of the big inbox; plus the database
// size per million events. A search answered with SEARCH_TOO_BROAD counts as answered (its time
// is how long the refusal took) and is reported as refused.
//
//   npm run bench:scale [-- --events 10000000 --big 100000 --inboxes 1000 --runs 100
//                          --database both|sqlite|postgres --out bench/results/scale.json]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Pool } from 'pg';
import { DATABASE_FILE } from '../src/storage/sqlite/store.js';
import { loadConfig } from '../src/config/load.js';
import type { Store } from '../src/ports/store.js';
import { startRehook } from '../src/server.js';
import { NEEDLE } from './scale-events.js';
import { type ScalePlan, type ScaleSeed, seedPostgres, seedSqlite } from './scale-seed.js';
import { summarizeLatencies } from './stats.js';

const log = (message: string) => process.stderr.write(`[bench:scale] ${message}\n`);

export interface ScaleOptions extends ScalePlan {
  readonly runs: number;
  readonly databases: readonly ('sqlite' | 'postgres')[];
  /** PostgreSQL base URL (loopback). */
  readonly postgresUrl: string;
}

export interface ScaleShapeResult {
  readonly shape: string;
  readonly query: string;
  readonly runs: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** HTTP statuses seen, with counts ("200": 100). */
  readonly statuses: Record<string, number>;
  /** Events in the last answer (list shapes), or bytes (export). */
  readonly returned: number;
  /**
   * The same reads through the store port alone, in this process (no HTTP, no JSON parsing by
   * the client): what the database and its driver take. Only for the plain list shapes.
   */
  readonly storeP50Ms?: number;
  readonly storeP99Ms?: number;
}

export interface ScaleDatabaseResult {
  readonly database: 'sqlite' | 'postgres';
  readonly events: number;
  readonly seedSeconds: number;
  readonly seedRowsPerSec: number;
  readonly bytes: number;
  readonly bytesPerMillionEvents: number;
  /** PostgreSQL: the events table's heap, TOAST and index sizes, summed over its partitions. */
  readonly parts: Record<string, number>;
  readonly shapes: ScaleShapeResult[];
  /** How long the server's event-type worker took to learn the big inbox's events. */
  readonly learnSeconds: number;
}

export interface ScaleResult {
  readonly when: string;
  readonly loadAverageBefore: number[];
  readonly loadAverageAfter: number[];
  readonly plan: ScalePlan;
  readonly databases: ScaleDatabaseResult[];
  readonly notes: string[];
}

const PAGE = 50;
const DEPTH_PAGES = 1_000;

interface Shape {
  readonly shape: string;
  /** The request of run `r` (a path and query under the API origin). */
  readonly path: (r: number) => string;
  readonly runs: number;
  /** list: a JSON array of events; export and document: counted in bytes. */
  readonly kind: 'list' | 'export' | 'document';
  /** The plain list read of run `r` as a store call: inbox and `before` cursor. */
  readonly storeRead?: (r: number) => { inboxId: string; before?: string };
}

function shapes(seed: ScaleSeed, runs: number): Shape[] {
  const list = (inbox: string, query: string) => `/api/v1/inboxes/${inbox}/events?limit=${PAGE}${query}`;
  const big = seed.bigInboxId;
  const ids = seed.bigIds;
  // A cursor `pages` pages from the newest, moved by one event per run so no answer is cached.
  const deep = (pages: number, r: number) => ids[Math.max(0, ids.length - 1 - pages * PAGE - r)] as string;
  const others = seed.inboxIds.slice(1);
  const search = (query: string) => (_r: number) => list(big, `&${query}`);
  return [
    {
      shape: 'list: first page, a different inbox each run',
      path: (r) => list(others[r % others.length] as string, ''),
      runs,
      kind: 'list',
      storeRead: (r) => ({ inboxId: others[r % others.length] as string }),
    },
    {
      shape: 'list: first page, the 100k inbox',
      path: () => list(big, ''),
      runs,
      kind: 'list',
      storeRead: () => ({ inboxId: big }),
    },
    {
      shape: `list: ${DEPTH_PAGES.toLocaleString('en-US')} pages deep (keyset)`,
      path: (r) => list(big, `&before=${deep(DEPTH_PAGES, r)}`),
      runs,
      kind: 'list',
      storeRead: (r) => ({ inboxId: big, before: deep(DEPTH_PAGES, r) }),
    },
    {
      shape: 'list: last page of the 100k inbox',
      path: (r) => list(big, `&before=${ids[Math.min(ids.length - 1, PAGE + r)]}`),
      runs,
      kind: 'list',
      storeRead: (r) => ({ inboxId: big, before: ids[Math.min(ids.length - 1, PAGE + r)] as string }),
    },
    { shape: 'search text, common (q=GitHub-Hookshot)', path: search('q=GitHub-Hookshot'), runs, kind: 'list' },
    {
      shape: 'search JSON field, common (status=paid)',
      path: search('json=data.object.status=paid'),
      runs,
      kind: 'list',
    },
    {
      shape: 'search header, common (x-github-event:push)',
      path: search('header=x-github-event:push'),
      runs,
      kind: 'list',
    },
    {
      shape: 'search text, needle (oldest event)',
      path: search(`q=${NEEDLE}`),
      runs: Math.min(runs, 20),
      kind: 'list',
    },
    {
      shape: 'search JSON field, needle',
      path: search(`json=data.object.id=${NEEDLE}`),
      runs: Math.min(runs, 20),
      kind: 'list',
    },
    {
      shape: 'search header, needle',
      path: search(`header=x-request-id:${NEEDLE}`),
      runs: Math.min(runs, 20),
      kind: 'list',
    },
    {
      shape: 'export NDJSON of the 100k inbox',
      path: () => `/api/v1/inboxes/${big}/export?format=ndjson`,
      runs: 3,
      kind: 'export',
    },
  ];
}

async function timeStore(store: Store, shape: Shape): Promise<{ storeP50Ms?: number; storeP99Ms?: number }> {
  const read = shape.storeRead;
  if (read === undefined) return {};
  const times: number[] = [];
  for (let r = -1; r < shape.runs; r += 1) {
    // Other pages than the HTTP pass read: SQLite's read cache would answer those again.
    const { inboxId, before } = read(Math.max(0, r) + shape.runs + 1);
    const started = performance.now();
    await store.events.listSummaryPageJson(inboxId, { limit: PAGE, ...(before === undefined ? {} : { before }) });
    if (r >= 0) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const s = summarizeLatencies(times);
  return { storeP50Ms: s.p50, storeP99Ms: s.p99 };
}

async function timeShape(apiUrl: string, token: string, shape: Shape, store: Store): Promise<ScaleShapeResult> {
  const headers = { authorization: `Bearer ${token}` };
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let returned = 0;
  // One untimed warm-up request (connection, plan caches), then the timed runs.
  for (let r = -1; r < shape.runs; r += 1) {
    const started = performance.now();
    const response = await fetch(`${apiUrl}${shape.path(Math.max(0, r))}`, { headers });
    const bytes = await response.arrayBuffer();
    const elapsed = performance.now() - started;
    if (r < 0) continue;
    times.push(elapsed);
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status !== 200 && response.status !== 422) {
      throw new Error(`${shape.shape}: HTTP ${response.status} ${Buffer.from(bytes).toString().slice(0, 300)}`);
    }
    if (response.status === 200) {
      returned =
        shape.kind === 'list' ? (JSON.parse(Buffer.from(bytes).toString()) as unknown[]).length : bytes.byteLength;
    }
  }
  times.sort((a, b) => a - b);
  const s = summarizeLatencies(times);
  const direct = await timeStore(store, shape);
  const result = {
    ...direct,
    shape: shape.shape,
    query: shape.path(0),
    runs: shape.runs,
    p50Ms: s.p50,
    p99Ms: s.p99,
    maxMs: s.max,
    statuses,
    returned,
  };
  log(
    `  ${shape.shape.padEnd(48)} p50 ${s.p50.toFixed(2).padStart(9)} ms  p99 ${s.p99.toFixed(2).padStart(9)} ms  ${JSON.stringify(statuses)} ${returned}${direct.storeP99Ms === undefined ? '' : `; store alone p50 ${direct.storeP50Ms?.toFixed(2)} p99 ${direct.storeP99Ms.toFixed(2)} ms`}`,
  );
  return result;
}

/** Longest wait for the event-type worker to learn the big inbox. */
const LEARN_TIMEOUT_MS = 30 * 60_000;

/**
 * Waits until the server's event-type worker has typed every event of the big inbox (the seeder
 * left only those untyped, so none is left untyped in the store), then reads its types as a
 * user would. Answers how long that took and the type with the most events.
 */
async function learnBigInbox(
  apiUrl: string,
  seed: ScaleSeed,
  store: Store,
): Promise<{ seconds: number; commonType: string }> {
  const started = performance.now();
  while ((await store.eventTypes.listUntyped(1, 0)).length > 0) {
    if (performance.now() - started > LEARN_TIMEOUT_MS) {
      throw new Error('event types: the big inbox is not typed after 30 minutes');
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  const seconds = (performance.now() - started) / 1000;
  const url = `${apiUrl}/api/v1/inboxes/${seed.bigInboxId}/event-types`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${seed.token}` } });
  if (response.status !== 200) throw new Error(`event types: HTTP ${response.status} ${await response.text()}`);
  const { data } = (await response.json()) as { data: { eventTypes: { eventType: string; count: number }[] } };
  const learned = data.eventTypes.reduce((sum, type) => sum + type.count, 0);
  const common = [...data.eventTypes].sort((a, b) => b.count - a.count)[0];
  log(
    `  the big inbox typed in ${seconds.toFixed(1)} s: ${data.eventTypes.length} types, ${learned.toLocaleString('en-US')} JSON events learned`,
  );
  return { seconds, commonType: common?.eventType ?? '' };
}

/** The big inbox's event types, and the schema of its most common type in each format. */
function typeShapes(seed: ScaleSeed, commonType: string, runs: number): Shape[] {
  const types = `/api/v1/inboxes/${seed.bigInboxId}/event-types`;
  const schema = `${types}/${encodeURIComponent(commonType)}/schema`;
  return [
    { shape: 'event types of the 100k inbox', path: () => types, runs, kind: 'document' },
    { shape: `schema of its most common type (${commonType})`, path: () => schema, runs, kind: 'document' },
    { shape: 'the same schema as TypeScript', path: () => `${schema}?format=typescript`, runs, kind: 'document' },
  ];
}

async function measure(env: NodeJS.ProcessEnv, dataDir: string, seed: ScaleSeed, runs: number) {
  const config = loadConfig(
    { ...env, REHOOK_LOG_LEVEL: 'warn' },
    { port: '0', 'ingest-port': '0', 'data-dir': dataDir },
  );
  const running = await startRehook(config);
  try {
    const learning = await learnBigInbox(running.apiUrl, seed, running.deps.store);
    const results: ScaleShapeResult[] = [];
    for (const shape of [...shapes(seed, runs), ...typeShapes(seed, learning.commonType, runs)])
      results.push(await timeShape(running.apiUrl, seed.token, shape, running.deps.store));
    return { shapes: results, learnSeconds: learning.seconds };
  } finally {
    await running.close();
  }
}

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  // A DATABASE_URL of the caller's environment must not move the SQLite run to PostgreSQL.
  delete env['DATABASE_URL'];
  return env;
}

async function benchSqlite(opts: ScaleOptions): Promise<ScaleDatabaseResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-bench-scale-'));
  try {
    log(`sqlite: seeding ${opts.events.toLocaleString('en-US')} events`);
    const seed = await seedSqlite(dataDir, opts);
    log(`sqlite: seeded in ${seed.seconds.toFixed(1)} s (${Math.round(seed.rowsPerSec)} rows/s)`);
    const bytes = statSync(join(dataDir, DATABASE_FILE)).size;
    const measured = await measure(baseEnv(), dataDir, seed, opts.runs);
    return {
      database: 'sqlite',
      events: opts.events,
      seedSeconds: seed.seconds,
      seedRowsPerSec: seed.rowsPerSec,
      bytes,
      bytesPerMillionEvents: (bytes / opts.events) * 1e6,
      parts: {},
      shapes: measured.shapes,
      learnSeconds: measured.learnSeconds,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(opts: ScaleOptions): Promise<ScaleDatabaseResult> {
  const parsed = new URL(opts.postgresUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname))
    throw new Error('the PostgreSQL URL is not on loopback');
  const admin = new Pool({ connectionString: opts.postgresUrl, max: 1 });
  admin.on('error', () => undefined);
  const schema = `rehook_scale_${randomBytes(6).toString('hex')}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-bench-scale-'));
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
    const url = new URL(opts.postgresUrl);
    url.searchParams.set('options', `-c search_path=${schema}`);
    log(`postgres: seeding ${opts.events.toLocaleString('en-US')} events`);
    const seed = await seedPostgres(url.href, opts);
    log(`postgres: seeded in ${seed.seconds.toFixed(1)} s (${Math.round(seed.rowsPerSec)} rows/s)`);
    // The events table is partitioned: its parent holds nothing, so each part is summed over
    // the partitions (pg_partition_tree lists a plain table as its own only leaf).
    const { rows } = await admin.query<{ name: string; bytes: string }>(
      `SELECT 'total (all tables and indexes)' AS name, sum(pg_total_relation_size(c.oid))::bigint AS bytes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = $1 AND c.relkind IN ('r', 'p')
       UNION ALL SELECT 'events heap', (SELECT coalesce(sum(pg_relation_size(relid)), 0) FROM pg_partition_tree($2::regclass) WHERE isleaf)::bigint
       UNION ALL SELECT 'events TOAST', (SELECT coalesce(sum(pg_total_relation_size(c.reltoastrelid)), 0) FROM pg_partition_tree($2::regclass) t JOIN pg_class c ON c.oid = t.relid WHERE t.isleaf AND c.reltoastrelid <> 0)::bigint
       UNION ALL SELECT 'events indexes', (SELECT coalesce(sum(pg_indexes_size(relid)), 0) FROM pg_partition_tree($2::regclass) WHERE isleaf)::bigint`,
      [schema, `${schema}.events`],
    );
    const parts = Object.fromEntries(rows.map((r) => [r.name, Number(r.bytes)]));
    const bytes = parts['total (all tables and indexes)'] ?? 0;
    const env = { ...baseEnv(), DATABASE_URL: url.href };
    const measured = await measure(env, dataDir, seed, opts.runs);
    return {
      database: 'postgres',
      events: opts.events,
      seedSeconds: seed.seconds,
      seedRowsPerSec: seed.rowsPerSec,
      bytes,
      bytesPerMillionEvents: (bytes / opts.events) * 1e6,
      parts,
      shapes: measured.shapes,
      learnSeconds: measured.learnSeconds,
    };
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runScaleBench(opts: ScaleOptions): Promise<ScaleResult> {
  const loadAverageBefore = loadavg();
  log(`load average before: ${loadAverageBefore.map((l) => l.toFixed(2)).join(' ')}`);
  const databases: ScaleDatabaseResult[] = [];
  const notes = [
    'event types: the other inboxes are seeded already typed; the server learns the big inbox before the reads are timed',
    'searches run in the 100k-event inbox; needle = its oldest event, so the whole inbox is examined',
  ];
  for (const database of opts.databases) {
    databases.push(database === 'sqlite' ? await benchSqlite(opts) : await benchPostgres(opts));
  }
  const loadAverageAfter = loadavg();
  log(`load average after: ${loadAverageAfter.map((l) => l.toFixed(2)).join(' ')}`);
  return {
    when: new Date().toISOString(),
    loadAverageBefore,
    loadAverageAfter,
    plan: { events: opts.events, bigEvents: opts.bigEvents, inboxes: opts.inboxes },
    databases,
    notes,
  };
}

function mib(bytes: number): string {
  return `${(bytes / 2 ** 20).toFixed(0)} MiB`;
}

export function formatScaleBench(result: ScaleResult): string {
  const dbs = result.databases;
  const lines = [
    `\nScale: ${result.plan.events.toLocaleString('en-US')} events over ${result.plan.inboxes} inboxes, one of ${result.plan.bigEvents.toLocaleString('en-US')}; load average ${result.loadAverageBefore.map((l) => l.toFixed(2)).join(' ')} before, ${result.loadAverageAfter.map((l) => l.toFixed(2)).join(' ')} after`,
    `| shape | ${dbs.map((d) => `${d.database} p50 / p99 (ms)`).join(' | ')} |`,
    `|---|${dbs.map(() => '---').join('|')}|`,
  ];
  const first = dbs[0];
  for (const [i, shape] of (first?.shapes ?? []).entries()) {
    const cells = dbs.map((d) => {
      const r = d.shapes[i];
      if (r === undefined) return '-';
      const refused = r.statuses['422'] ?? 0;
      const note = refused > 0 ? ` (${refused}/${r.runs} refused)` : '';
      const direct =
        r.storeP99Ms === undefined ? '' : ` (store alone ${r.storeP50Ms?.toFixed(1)} / ${r.storeP99Ms.toFixed(1)})`;
      return `${r.p50Ms.toFixed(1)} / ${r.p99Ms.toFixed(1)}${direct}${note}`;
    });
    lines.push(`| ${shape.shape} | ${cells.join(' | ')} |`);
  }
  for (const d of dbs) {
    const parts = Object.entries(d.parts)
      .map(([k, v]) => `${k} ${mib(v)}`)
      .join(', ');
    lines.push(
      `\n${d.database}: seeded in ${d.seedSeconds.toFixed(0)} s (${Math.round(d.seedRowsPerSec).toLocaleString('en-US')} events/s); big inbox typed by the server in ${d.learnSeconds.toFixed(0)} s; ${mib(d.bytes)} = ${mib(d.bytesPerMillionEvents)} per million events${parts === '' ? '' : ` (${parts})`}`,
    );
  }
  lines.push(...result.notes.map((n) => `(${n})`), '');
  return lines.join('\n');
}

export function scaleOptionsFrom(argv: string[], env: NodeJS.ProcessEnv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      events: { type: 'string', default: '10000000' },
      big: { type: 'string', default: '100000' },
      inboxes: { type: 'string', default: '1000' },
      runs: { type: 'string', default: '100' },
      database: { type: 'string', default: 'both' },
      out: { type: 'string', default: 'bench/results/scale.json' },
    },
  });
  const database = values.database;
  if (database !== 'both' && database !== 'sqlite' && database !== 'postgres')
    throw new Error('--database: both, sqlite or postgres');
  const options: ScaleOptions = {
    events: Number(values.events),
    bigEvents: Math.min(Number(values.big), Number(values.events)),
    inboxes: Math.max(2, Number(values.inboxes)),
    runs: Math.max(1, Number(values.runs)),
    databases: database === 'both' ? ['sqlite', 'postgres'] : [database],
    postgresUrl:
      env['BENCH_POSTGRES_URL'] ?? env['REHOOK_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test',
  };
  return { options, out: values.out };
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename);
if (isMain) {
  const { options, out } = scaleOptionsFrom(process.argv.slice(2), process.env);
  const result = await runScaleBench(options);
  process.stdout.write(formatScaleBench(result));
  writeFileSync(out, `${JSON.stringify(result, null, 2)}\n`);
  log(`results: ${out}`);
}
