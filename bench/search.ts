// Search benchmark (part of `npm run bench`, group `search`; alone:
// `npm run bench:search`). Seeds one inbox with 100,000 varied events through the store port
// (webhook-like JSON bodies of ~1 KiB with several status values, form bodies, binary bodies;
// several methods, paths and header sets), plus one "needle" event, the OLDEST, so finding it
// means scanning the whole inbox. Then starts Rehook in this process and times sequential
// `GET /api/v1/inboxes/<id>/events?<filter>` requests per filter kind (wall time of the whole
// HTTP request, body read): p50 and p99, on SQLite and, when a PostgreSQL server answers on
// loopback (BENCH_POSTGRES_URL, else REHOOK_TEST_DATABASE_URL, else the local default), on
// PostgreSQL in a fresh schema dropped afterwards.
//
//   npm run bench:search [-- --events 100000 --runs 40 --no-postgres --out bench/results/search.json]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Pool } from 'pg';
import type { CapturedEvent, HeaderPair } from '../src/domain/captured-event.js';
import { createEventIdFactory, newId } from '../src/domain/ids.js';
import { loadConfig } from '../src/config/load.js';
import { systemClock } from '../src/ports/clock.js';
import type { Store } from '../src/ports/store.js';
import { startRehook } from '../src/server.js';
import { createAccount } from '../src/services/accounts.js';
import { createToken } from '../src/services/tokens.js';
import { openPostgresStore } from '../src/storage/postgres/store.js';
import { openSqliteStore } from '../src/storage/sqlite/store.js';
import { summarizeLatencies } from './stats.js';

const log = (message: string) => process.stderr.write(`[bench:search] ${message}\n`);

export interface SearchBenchOptions {
  readonly events: number;
  /** Timed requests per filter kind (after two untimed warm-up requests). */
  readonly runs: number;
  /** PostgreSQL base URL (loopback), or null to skip PostgreSQL. */
  readonly postgresUrl: string | null;
}

export interface SearchKindResult {
  readonly kind: string;
  readonly query: string;
  /** Events on the first page (limit 50) and whether a Link header led on. */
  readonly returned: number;
  readonly more: boolean;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface SearchBenchDatabase {
  readonly database: 'sqlite' | 'postgres';
  readonly events: number;
  readonly seedSeconds: number;
  readonly kinds: SearchKindResult[];
}

export interface SearchBenchResult {
  readonly runs: number;
  readonly databases: SearchBenchDatabase[];
  readonly skipped: string[];
}

const NEEDLE = `needle-${randomBytes(6).toString('hex')}`;
const METHODS = ['POST', 'POST', 'POST', 'POST', 'POST', 'POST', 'PUT', 'GET', 'DELETE', 'PATCH'];
const PATHS = ['/stripe/events', '/stripe/events', '/github', '/shopify/orders/create', '/twilio/sms', ''];
const STATUSES = ['paid', 'paid', 'open', 'open', 'open', 'void', 'failed', 'draft', 'uncollectible', 'pending'];
const GITHUB_EVENTS = ['push', 'pull_request', 'issues', 'workflow_run', 'check_suite'];

/** Deterministic pseudo-random numbers, so every run seeds the same inbox. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function pick<T>(rand: () => number, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)] as T;
}

function jsonBody(i: number, rand: () => number, overrides: { id?: string; status?: string } = {}): Buffer {
  const status = overrides.status ?? pick(rand, STATUSES);
  const value = {
    id: `evt_${i.toString(36)}`,
    object: 'event',
    type: `invoice.${status}`,
    created: 1_700_000_000 + i,
    livemode: false,
    data: {
      object: {
        id: overrides.id ?? `in_${(i * 7919).toString(36)}`,
        object: 'invoice',
        status,
        amount_due: Math.floor(rand() * 100_000),
        currency: pick(rand, ['eur', 'usd', 'gbp']),
        customer: `cus_${Math.floor(rand() * 5000)
          .toString()
          .padStart(5, '0')}`,
        description: 'Subscription renewal — ünïcode text 日本',
        lines: { data: [{ id: `il_${i}`, amount: Math.floor(rand() * 5000), quantity: 1 + Math.floor(rand() * 3) }] },
        metadata: { order: `ord_${i}`, note: 'x'.repeat(300 + Math.floor(rand() * 400)) },
      },
    },
  };
  return Buffer.from(JSON.stringify(value));
}

/** One seeded event; `needle` is the single event every needle query looks for. */
function makeEvent(
  inboxId: string,
  id: string,
  ms: number,
  i: number,
  rand: () => number,
  needle: boolean,
): CapturedEvent {
  const method = needle ? 'POST' : pick(rand, METHODS);
  const sub = needle ? '/stripe/events' : pick(rand, PATHS);
  const kind = needle ? 0 : rand();
  let body: Buffer;
  let contentType: string;
  if (needle) {
    body = jsonBody(i, rand, { id: NEEDLE, status: 'paid' });
    contentType = 'application/json';
  } else if (kind < 0.8) {
    body = jsonBody(i, rand);
    contentType = 'application/json';
  } else if (kind < 0.9) {
    body = Buffer.from(`From=%2B1555${i}&Body=hello+${i}&MessageSid=SM${i.toString(16)}`);
    contentType = 'application/x-www-form-urlencoded';
  } else {
    body = Buffer.from(Array.from({ length: 512 + Math.floor(rand() * 1024) }, () => Math.floor(rand() * 256)));
    contentType = 'application/octet-stream';
  }
  const headers: HeaderPair[] = [
    ['Host', 'hooks.example.com'],
    ['Content-Type', contentType],
    ['Content-Length', String(body.length)],
    [
      'User-Agent',
      sub.startsWith('/github') ? 'GitHub-Hookshot/abc123' : 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
    ],
    ['X-Request-Id', needle ? NEEDLE : `req_${i}_${Math.floor(rand() * 1e9)}`],
  ];
  if (sub.startsWith('/github'))
    headers.push(['X-GitHub-Event', pick(rand, GITHUB_EVENTS)], ['X-GitHub-Delivery', `d-${i}`]);
  else headers.push(['Stripe-Signature', `t=${1_700_000_000 + i},v1=${(i * 2654435761).toString(16)}`]);
  return {
    id,
    inboxId,
    receivedAt: new Date(ms),
    method,
    path: `/i/${inboxId}${sub}`,
    query: rand() < 0.2 ? `attempt=${1 + Math.floor(rand() * 3)}` : '',
    contentType,
    size: body.length,
    headers,
    body,
    sourceIp: '203.0.113.7',
    signature: null,
    answer: null,
  };
}

/** Seeds `count` events (the needle first, so it is the oldest); returns the ids of a mid window. */
async function seed(
  store: Store,
  inboxId: string,
  count: number,
): Promise<{ windowSince: string; windowUntil: string }> {
  const rand = prng(42);
  const nextId = createEventIdFactory();
  const start = Date.UTC(2030, 0, 1);
  let pending: Promise<boolean>[] = [];
  let windowSince = '';
  let windowUntil = '';
  for (let i = 0; i < count; i += 1) {
    const ms = start + i * 10;
    const id = nextId(ms);
    if (i === Math.floor(count / 2)) windowSince = id;
    if (i === Math.floor(count / 2) + 1000) windowUntil = id;
    pending.push(store.events.insertIfInboxLive(makeEvent(inboxId, id, ms, i, rand, i === 0), new Date(ms)));
    if (pending.length >= 2000) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  return { windowSince, windowUntil };
}

function kinds(window: { windowSince: string; windowUntil: string }): { kind: string; query: string }[] {
  return [
    { kind: 'none (plain list)', query: '' },
    { kind: 'method', query: 'method=DELETE' },
    { kind: 'path', query: 'path=/shopify' },
    { kind: 'header (name:value)', query: 'header=x-github-event:push' },
    { kind: 'q (text in 1 of 6 events)', query: 'q=GitHub-Hookshot' },
    { kind: 'json', query: 'json=data.object.status=paid' },
    { kind: 'since/until (1,000-event window)', query: `since=${window.windowSince}&until=${window.windowUntil}` },
    { kind: 'combined', query: 'method=POST&path=/stripe&json=data.object.status=failed&q=eur' },
    { kind: 'needle: q', query: `q=${NEEDLE}` },
    { kind: 'needle: json', query: `json=data.object.id=${NEEDLE}` },
    { kind: 'needle: header', query: `header=x-request-id:${NEEDLE}` },
  ];
}

async function timeKinds(
  apiUrl: string,
  token: string,
  inboxId: string,
  list: { kind: string; query: string }[],
  runs: number,
) {
  const results: SearchKindResult[] = [];
  for (const { kind, query } of list) {
    const url = `${apiUrl}/api/v1/inboxes/${inboxId}/events${query === '' ? '' : `?${query}`}`;
    const headers = { authorization: `Bearer ${token}` };
    const times: number[] = [];
    let returned = 0;
    let more = false;
    for (let run = 0; run < runs + 2; run += 1) {
      const started = performance.now();
      const response = await fetch(url, { headers });
      const body = (await response.json()) as unknown[];
      const elapsed = performance.now() - started;
      if (response.status !== 200) throw new Error(`${kind}: HTTP ${response.status} ${JSON.stringify(body)}`);
      returned = body.length;
      more = response.headers.get('link') !== null;
      if (run >= 2) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    const summary = summarizeLatencies(times);
    results.push({ kind, query, returned, more, p50Ms: summary.p50, p99Ms: summary.p99, maxMs: summary.max });
    log(
      `  ${kind.padEnd(34)} p50 ${summary.p50.toFixed(2).padStart(8)} ms  p99 ${summary.p99.toFixed(2).padStart(8)} ms  (${returned} events${more ? ', Link' : ''})`,
    );
  }
  return results;
}

async function benchOne(
  database: 'sqlite' | 'postgres',
  opts: SearchBenchOptions,
  pgUrl: string | null,
): Promise<SearchBenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-bench-search-'));
  try {
    const store =
      database === 'sqlite'
        ? openSqliteStore({ path: join(dataDir, 'rehook.db') })
        : await openPostgresStore({ url: pgUrl as string, poolSize: 4 });
    const deps = { store, clock: systemClock };
    const account = await createAccount(deps, { email: 'bench@rehook.invalid' });
    const { plaintext: token } = await createToken(deps, { accountId: account.id, name: 'bench' });
    const inboxId = newId('inbox');
    await store.inboxes.insert({
      id: inboxId,
      ownerId: account.id,
      name: null,
      createdAt: new Date(Date.UTC(2029, 0, 1)),
      expiresAt: null,
    });
    log(`${database}: seeding ${opts.events} events`);
    const seeded = performance.now();
    const window = await seed(store, inboxId, opts.events);
    const seedSeconds = (performance.now() - seeded) / 1000;
    log(`${database}: seeded in ${seedSeconds.toFixed(1)} s`);
    if (database === 'postgres') {
      await (store as unknown as { pool: Pool }).pool.query('ANALYZE events');
    }
    await store.close();
    const env: NodeJS.ProcessEnv = { ...process.env, REHOOK_LOG_LEVEL: 'warn' };
    // A DATABASE_URL of the caller's environment must not move the SQLite run to PostgreSQL.
    delete env['DATABASE_URL'];
    if (database === 'postgres' && pgUrl !== null) env['DATABASE_URL'] = pgUrl;
    const config = loadConfig(env, { port: '0', 'ingest-port': '0', 'data-dir': dataDir });
    const running = await startRehook(config);
    try {
      return {
        database,
        events: opts.events,
        seedSeconds,
        kinds: await timeKinds(running.apiUrl, token, inboxId, kinds(window), opts.runs),
      };
    } finally {
      await running.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Runs the search benchmark on SQLite and, when reachable on loopback, PostgreSQL. */
export async function runSearchBench(opts: SearchBenchOptions): Promise<SearchBenchResult> {
  const databases: SearchBenchDatabase[] = [];
  const skipped: string[] = [];
  databases.push(await benchOne('sqlite', opts, null));
  if (opts.postgresUrl === null) {
    skipped.push('postgres: not asked for');
  } else {
    const parsed = new URL(opts.postgresUrl);
    if (!['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) {
      skipped.push('postgres: the URL is not on loopback');
    } else {
      const admin = new Pool({ connectionString: opts.postgresUrl, max: 1, connectionTimeoutMillis: 3000 });
      admin.on('error', () => undefined);
      const schema = `rehook_bench_${randomBytes(6).toString('hex')}`;
      try {
        await admin.query(`CREATE SCHEMA ${schema}`);
        const url = new URL(opts.postgresUrl);
        url.searchParams.set('options', `-c search_path=${schema}`);
        databases.push(await benchOne('postgres', opts, url.href));
      } catch (err) {
        skipped.push(`postgres: ${err instanceof Error ? err.message : String(err)}`);
      } finally {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
        await admin.end().catch(() => undefined);
      }
    }
  }
  return { runs: opts.runs, databases, skipped };
}

/** The results as a Markdown table (one row per filter kind, a p50/p99 pair per database). */
export function formatSearchBench(result: SearchBenchResult): string {
  const dbs = result.databases;
  const head = `| filter | query | events on page 1 | ${dbs.map((d) => `${d.database} p50 / p99 (ms)`).join(' | ')} |`;
  const rule = `|---|---|---|${dbs.map(() => '---').join('|')}|`;
  const first = dbs[0];
  const rows = (first?.kinds ?? []).map((k, i) => {
    const cells = dbs.map((d) => {
      const r = d.kinds[i];
      return r === undefined ? '-' : `${r.p50Ms.toFixed(1)} / ${r.p99Ms.toFixed(1)}`;
    });
    const query = k.query.replace(/needle-[0-9a-f]+/, 'needle-…').replace(/evt_[0-9a-z]+/g, 'evt_…');
    return `| ${k.kind} | \`${query || '(none)'}\` | ${k.returned}${k.more ? ' + Link' : ''} | ${cells.join(' | ')} |`;
  });
  const seeds = dbs
    .map((d) => `${d.database}: ${d.events.toLocaleString('en')} events seeded in ${d.seedSeconds.toFixed(1)} s`)
    .join('; ');
  return [
    `\nSearch (${result.runs} sequential requests per filter, limit 50; ${seeds})`,
    head,
    rule,
    ...rows,
    ...result.skipped.map((s) => `(${s})`),
    '',
  ].join('\n');
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename);
if (isMain) {
  const { values } = parseArgs({
    options: {
      events: { type: 'string', default: '100000' },
      runs: { type: 'string', default: '40' },
      'no-postgres': { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const postgresUrl = values['no-postgres']
    ? null
    : (process.env['BENCH_POSTGRES_URL'] ??
      process.env['REHOOK_TEST_DATABASE_URL'] ??
      'postgres://postgres@127.0.0.1:5432/test');
  const result = await runSearchBench({ events: Number(values.events), runs: Number(values.runs), postgresUrl });
  process.stdout.write(formatSearchBench(result));
  if (values.out !== undefined) writeFileSync(values.out, `${JSON.stringify(result, null, 2)}\n`);
}
