// `npm run bench`: builds Rehook, starts it and a bare node:http ceiling server as separate
// processes on loopback, drives load from a separate autocannon process, and reports every
// scenario of issue 4 against the ceiling measured in the same run. See --help.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { rawRequestSize } from './bodies.js';
import { HELP, parseOptions, type BenchOptions, type ProfileScenario, type ScenarioGroup } from './options.js';
import { preparePostgres, type PostgresTarget } from './postgres.js';
import { formatProfile, summarizeProfile, type CpuProfile } from './profile.js';
import {
  findRepoRoot,
  killAll,
  LoadGenerator,
  parseRehookUrls,
  readCpuSeconds,
  readRss,
  RssSampler,
  snapshotBuild,
  spawnNode,
  type ManagedProcess,
  type RssSample,
} from './processes.js';
import type { WalCheckpointRow } from '../src/storage/sqlite/checkpoint-protocol.js';
import type { LoadResult, LoadSpec } from './protocol.js';
import {
  evaluateTargets,
  renderMarkdown,
  renderSvg,
  renderTable,
  summarizeScenario,
  type BenchResults,
  type DiskResult,
  type LiveStream,
  type Machine,
  type RunRecord,
  type ScenarioDef,
  type StreamingMemory,
  type SustainedMemory,
} from './report.js';
import { seedDataDir, type SeedResult } from './seed.js';
import { median } from './stats.js';

/** Files a usable build must have (the CLI is optional: bench/rehook-server.ts stands in). */
const REQUIRED_FILES = [
  'dist/src/server.js',
  'dist/src/storage/sqlite/store.js',
  'dist/bench/load.js',
  'dist/bench/ceiling-server.js',
  'dist/bench/rehook-server.js',
];

/**
 * Abuse limits switched off for the benchmark: one load generator on one address stands for
 * many senders, so the per-inbox ingest rate limit (default 100/s) and the per-address
 * connection cap (default 256, below the 500 connections of (c)) would only measure the limiters.
 */
const LIMITS_OFF: Readonly<Record<string, string>> = {
  REHOOK_RATE_INGEST_PER_INBOX: '0',
  REHOOK_MAX_CONNECTIONS_PER_IP: '0',
  REHOOK_RATE_ANON_INBOXES: '0',
};

const log = (message: string): void => {
  process.stderr.write(`[bench] ${message}\n`);
};

const SIGNATURE = 't=1700000000,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd';
const JSON_HEADERS = {
  'Content-Type': 'application/json',
  'User-Agent': 'rehook-bench/1 (autocannon)',
  'X-Webhook-Signature': SIGNATURE,
};
const BINARY_HEADERS = { ...JSON_HEADERS, 'Content-Type': 'application/octet-stream' };

interface RehookProcess {
  readonly proc: ManagedProcess;
  readonly apiUrl: string;
  readonly ingestUrl: string;
  readonly command: string;
}

interface Servers {
  readonly ceiling: { proc: ManagedProcess; url: string };
  readonly rehook: RehookProcess;
  readonly load: LoadGenerator;
  /** Rehook on PostgreSQL for (h), when it can run. */
  readonly pg: (RehookProcess & { target: PostgresTarget }) | null;
}

/** Temporary directories and asynchronous clean-ups, run however the benchmark ends. */
interface Janitor {
  readonly dirs: string[];
  readonly tasks: (() => Promise<void>)[];
}

function fmtBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return 'n/a';
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} B`;
}

function fmtRun(r: LoadResult): string {
  const problems =
    r.non2xx + r.errors > 0 ? ` (non-2xx ${r.non2xx}, errors ${r.errors}: ${r.problems.join('; ')})` : '';
  return `${Math.round(r.rps).toLocaleString('en-US')} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms${problems}`;
}

function packageVersion(repo: string, name: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? '?';
  } catch {
    return '?';
  }
}

function describeMachine(repo: string): Machine {
  const cpu = cpus();
  const db = new Database(':memory:');
  const sqlite = db.prepare<[], { v: string }>('SELECT sqlite_version() AS v').get()?.v ?? '?';
  db.close();
  return {
    cpu: cpu[0]?.model ?? 'unknown',
    cores: cpu.length,
    memoryBytes: totalmem(),
    os: `${type()} ${release()}`,
    node: process.version,
    sqlite,
    betterSqlite3: packageVersion(repo, 'better-sqlite3'),
    autocannon: packageVersion(repo, 'autocannon'),
    loadAverageBefore: loadavg().map((v) => Math.round(v * 100) / 100),
    loadAverageAfter: [],
  };
}

/** Starts `rehook serve` (or the fallback wrapper when the CLI is not built) from the snapshot. */
async function startRehookProcess(
  snap: string,
  dataDir: string,
  opts: BenchOptions,
  extra: { name?: string; nodeArgs?: readonly string[]; env?: Readonly<Record<string, string>> } = {},
): Promise<RehookProcess> {
  const nodeArgs = extra.nodeArgs ?? [];
  const cli = join(snap, 'dist/src/cli/index.js');
  const useCli = existsSync(cli);
  const script = useCli ? cli : join(snap, 'dist/bench/rehook-server.js');
  const flags = ['--port', '0', '--ingest-port', '0', '--data-dir', dataDir];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
    // `rehook serve` writes its first log line (the bound URLs) at info level; at warn it prints
    // nothing to parse. Request logging is off in Rehook, so info costs nothing per request.
    REHOOK_LOG_LEVEL: useCli ? 'info' : 'warn',
    REHOOK_MAX_BODY: String(Math.max(10 * 1024 * 1024, opts.streamBodySize)),
    ...LIMITS_OFF,
    ...extra.env,
  };
  // A DATABASE_URL from the caller's environment must not silently move the SQLite runs to PostgreSQL.
  if (extra.env?.['DATABASE_URL'] === undefined) delete env['DATABASE_URL'];
  const name = extra.name ?? 'rehook';
  const { proc, value } = await spawnNode(name, [...nodeArgs, script, ...(useCli ? ['serve'] : []), ...flags], {
    cwd: snap,
    env,
    match: parseRehookUrls,
  });
  const command = [
    'node',
    ...nodeArgs,
    useCli ? 'dist/src/cli/index.js serve' : 'dist/bench/rehook-server.js',
    '--port 0 --ingest-port 0 --data-dir <fresh temp dir>',
  ].join(' ');
  log(
    `${name} (${useCli ? 'CLI' : 'fallback wrapper'}) pid ${proc.pid}: API ${value.apiUrl}, ingest ${value.ingestUrl}`,
  );
  return { proc, ...value, command };
}

async function startCeiling(snap: string): Promise<Servers['ceiling']> {
  const { proc, value } = await spawnNode('ceiling', [join(snap, 'dist/bench/ceiling-server.js')], {
    cwd: snap,
    env: process.env,
    match: (line) => /"url":"(http:\/\/[^"]+)"/.exec(line)?.[1] ?? null,
  });
  log(`bare node:http ceiling pid ${proc.pid}: ${value}`);
  return { proc, url: value };
}

async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const bearer = (token: string): Record<string, string> => ({ Authorization: `Bearer ${token}` });

/** A new inbox owned by the token's account (persistent: no anonymous event cap applies). */
async function createInbox(apiUrl: string, token: string): Promise<string> {
  const body = await api<{ data: { inbox: { id: string } } }>(`${apiUrl}/api/v1/inboxes`, {
    method: 'POST',
    headers: bearer(token),
  });
  return body.data.inbox.id;
}

/** Size of the database as SQLite sees it (committed pages, WAL included) and on disk. */
function databaseSize(path: string, inboxId?: string): { logical: number; physical: number; events: number } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const pages = db.pragma('page_count', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const events =
      inboxId === undefined
        ? 0
        : (db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM events WHERE inbox_id = ?').get(inboxId)?.n ??
          0);
    const fileSize = (p: string): number => (existsSync(p) ? statSync(p).size : 0);
    return { logical: pages * pageSize, physical: fileSize(path) + fileSize(`${path}-wal`), events };
  } finally {
    db.close();
  }
}

function countEvents(path: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()?.n ?? 0;
  } finally {
    db.close();
  }
}

/** Least-squares slope of RSS over time, bytes per millisecond (0 with fewer than 2 samples). */
function slope(samples: readonly RssSample[]): number {
  const n = samples.length;
  if (n < 2) return 0;
  const meanT = samples.reduce((a, x) => a + x.t, 0) / n;
  const meanB = samples.reduce((a, x) => a + x.bytes, 0) / n;
  let num = 0;
  let den = 0;
  for (const x of samples) {
    num += (x.t - meanT) * (x.bytes - meanB);
    den += (x.t - meanT) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/** Median of the samples whose time lies in [from, to] ms; NaN when none. */
function rssBetween(samples: readonly RssSample[], from: number, to: number): number {
  return median(samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.bytes));
}

function kib(n: number): string {
  if (n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  return n % 1024 === 0 ? `${n / 1024} KiB` : `${n} B`;
}

const SETTLE_WAL_LIMIT_MS = 10_000;
const SETTLE_CPU_LIMIT_MS = 3_000;
const SETTLE_CPU_WINDOW_MS = 100;
/** Below this share of a core, a process counts as idle (timers, the checkpoint thread's sweep). */
const IDLE_CORES = 0.05;

const pause = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * Copies the whole WAL of the SQLite file into the database from the driver's own short-lived
 * connection. PASSIVE never blocks Rehook; it is retried while Rehook's own checkpoint thread holds
 * the checkpoint lock or frames remain. Returns the milliseconds it took.
 */
async function settleWal(databasePath: string): Promise<number> {
  const started = performance.now();
  const db = new Database(databasePath, { fileMustExist: true });
  try {
    while (performance.now() - started < SETTLE_WAL_LIMIT_MS) {
      const [row] = db.pragma('wal_checkpoint(PASSIVE)') as WalCheckpointRow[];
      if (row !== undefined && row.busy === 0 && row.checkpointed >= row.log) break;
      await pause(20);
    }
  } finally {
    db.close();
  }
  return performance.now() - started;
}

/** Waits (bounded) until none of `pids` uses more than IDLE_CORES. Returns the milliseconds waited. */
async function settleCpu(pids: readonly number[]): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < SETTLE_CPU_LIMIT_MS) {
    const before = pids.map(readCpuSeconds);
    await pause(SETTLE_CPU_WINDOW_MS);
    const busy = pids.some(
      (pid, i) => (readCpuSeconds(pid) - (before[i] ?? 0)) * 1000 > IDLE_CORES * SETTLE_CPU_WINDOW_MS,
    );
    if (!busy) break;
  }
  return performance.now() - started;
}

/** The measured scenarios, in the order of a round: each ceiling right before what it bounds. */
function defineScenarios(opts: BenchOptions, servers: Servers, seed: SeedResult, inboxes: Inboxes): ScenarioDef[] {
  const { ceiling, rehook, pg } = servers;
  const base = { timeoutSec: 30, durationSec: opts.durationSec };
  const json = { kind: 'json', size: opts.bodySize } as const;
  const post = (
    url: string,
    connections: number,
    headers: Record<string, string>,
    body: LoadSpec['body'],
  ): LoadSpec => ({
    ...base,
    url,
    method: 'POST',
    headers,
    body,
    connections,
  });
  const get = (url: string, connections: number, headers: Record<string, string>): LoadSpec => ({
    ...base,
    url,
    method: 'GET',
    headers,
    body: null,
    connections,
  });
  const ingest = (inbox: string): string => `${rehook.ingestUrl}/i/${inbox}/webhook`;
  const atCeiling = (url: string): string => `${ceiling.url}${new URL(url).pathname}`;
  const list = (inbox: string): string => `${rehook.apiUrl}/api/v1/inboxes/${inbox}/events`;
  const auth = bearer(seed.token);
  const c = opts.connections;
  const want = (g: ScenarioGroup): boolean => opts.only.has(g);
  const defs: ScenarioDef[] = [];
  /** A bare-Node ceiling run (f-direct: the replay destination alone). */
  const bare = (id: string, label: string, spec: LoadSpec): void => {
    defs.push({ id, label, kind: 'ceiling', server: 'ceiling', ceilingId: null, spec });
  };
  const measured = (
    id: string,
    label: string,
    ceilingId: string,
    spec: LoadSpec,
    server: 'rehook' | 'pg' = 'rehook',
  ): void => {
    defs.push({ id, label, kind: 'rehook', server, ceilingId, spec });
  };
  /**
   * The same request shape at a fixed offered rate: latency below saturation. No ceiling (both
   * servers would just answer the offered rate); compared with the other fixed-rate rows.
   */
  const rate = opts.fixedRate;
  const atRate = (id: string, label: string, spec: LoadSpec, kind: 'rehook' | 'ceiling' = 'rehook'): void => {
    const offered = `${label}, ${rate.toLocaleString('en-US')} req/s offered`;
    defs.push({ id, label: offered, kind, server: kind, ceilingId: null, spec: { ...spec, ratePerSec: rate } });
  };
  const size = kib(opts.bodySize);
  const large = kib(opts.largeBodySize);
  const events = (n: number): string => n.toLocaleString('en-US');

  if (want('a') || want('h')) {
    bare(
      'ceil-post',
      `bare node: POST ${size} JSON, ${c} conn`,
      post(atCeiling(ingest(inboxes.a)), c, JSON_HEADERS, json),
    );
  }
  if (want('a')) {
    measured('a', `(a) ingest ${size} JSON, ${c} conn`, 'ceil-post', post(ingest(inboxes.a), c, JSON_HEADERS, json));
    // The floor of the fixed-rate rows: the load generator and loopback alone.
    atRate(
      'ceil-post-rate',
      `bare node: POST ${size} JSON, ${c} conn`,
      post(atCeiling(ingest(inboxes.a)), c, JSON_HEADERS, json),
      'ceiling',
    );
    atRate('a-rate', `(a) ingest ${size} JSON, ${c} conn`, post(ingest(inboxes.a), c, JSON_HEADERS, json));
  }
  if (want('h') && pg !== null) {
    const url = `${pg.ingestUrl}/i/${pg.target.inboxId}/webhook`;
    measured(
      'h',
      `(h) ingest ${size} JSON on PostgreSQL, ${c} conn`,
      'ceil-post',
      post(url, c, JSON_HEADERS, json),
      'pg',
    );
  }
  if (want('b')) {
    const body = { kind: 'binary', size: opts.largeBodySize } as const;
    bare(
      'ceil-post-large',
      `bare node: POST ${large} binary, ${c} conn`,
      post(atCeiling(ingest(inboxes.b)), c, BINARY_HEADERS, body),
    );
    measured(
      'b',
      `(b) ingest ${large} binary, ${c} conn`,
      'ceil-post-large',
      post(ingest(inboxes.b), c, BINARY_HEADERS, body),
    );
    atRate(
      'ceil-post-large-rate',
      `bare node: POST ${large} binary, ${c} conn`,
      post(atCeiling(ingest(inboxes.b)), c, BINARY_HEADERS, body),
      'ceiling',
    );
    atRate('b-rate', `(b) ingest ${large} binary, ${c} conn`, post(ingest(inboxes.b), c, BINARY_HEADERS, body));
  }
  if (want('c')) {
    const hc = opts.highConnections;
    bare(
      'ceil-post-high',
      `bare node: POST ${size} JSON, ${hc} conn`,
      post(atCeiling(ingest(inboxes.c)), hc, JSON_HEADERS, json),
    );
    measured(
      'c',
      `(c) ingest ${size} JSON, ${hc} conn`,
      'ceil-post-high',
      post(ingest(inboxes.c), hc, JSON_HEADERS, json),
    );
    atRate('c-rate', `(c) ingest ${size} JSON, ${hc} conn`, post(ingest(inboxes.c), hc, JSON_HEADERS, json));
  }
  if (want('d') || want('e')) {
    bare('ceil-get', `bare node: GET, ${c} conn`, get(atCeiling(list(seed.smallInboxId)), c, auth));
  }
  if (want('d')) {
    const label = (n: number): string => `(d) list first page, inbox of ${events(n)} events, ${c} conn`;
    if (seed.bigInboxId !== null)
      measured('d-big', label(seed.bigEvents), 'ceil-get', get(list(seed.bigInboxId), c, auth));
    measured('d-small', label(seed.smallEvents), 'ceil-get', get(list(seed.smallInboxId), c, auth));
    atRate('ceil-get-rate', `bare node: GET, ${c} conn`, get(atCeiling(list(seed.smallInboxId)), c, auth), 'ceiling');
    if (seed.bigInboxId !== null) atRate('d-big-rate', label(seed.bigEvents), get(list(seed.bigInboxId), c, auth));
    atRate('d-small-rate', label(seed.smallEvents), get(list(seed.smallInboxId), c, auth));
    if (seed.bigInboxId !== null && seed.bigInboxCursors.length > 0) {
      // The runs above ask for the same first page again and again, which the store serves from
      // its read cache while nothing is written. Here every request asks for another page (a
      // `before` cursor spread over the whole inbox), so every page is read and encoded anew.
      const path = new URL(list(seed.bigInboxId)).pathname;
      const paths = seed.bigInboxCursors.map((cursor) => `${path}?before=${cursor}`);
      measured(
        'd-deep',
        `(d) list a different page each request, inbox of ${events(seed.bigEvents)} events, ${c} conn`,
        'ceil-get',
        {
          ...get(list(seed.bigInboxId), c, auth),
          paths,
        },
      );
    }
  }
  if (want('e')) {
    const url = `${rehook.apiUrl}/api/v1/events/${seed.largeEventId}`;
    measured('e', `(e) get one event with a ${kib(opts.eventBodySize)} body, ${c} conn`, 'ceil-get', get(url, c, auth));
  }
  if (want('f')) {
    const rc = opts.replayConnections;
    bare(
      'f-direct',
      `destination direct: POST ${size} JSON, ${rc} conn`,
      post(`${ceiling.url}/hook`, rc, JSON_HEADERS, json),
    );
    const replay = post(
      `${rehook.apiUrl}/api/v1/events/${seed.replayEventId}/replay`,
      rc,
      { ...auth, 'Content-Type': 'application/json' },
      { kind: 'literal', text: JSON.stringify({ destination: `${ceiling.url}/hook` }) },
    );
    measured('f', `(f) replay round trip to a local destination, ${rc} conn`, 'f-direct', replay);
  }
  return defs;
}

/** Checks the wiring once before measuring: ingest stores, listing sees it, replay reaches the destination. */
async function smokeCheck(
  server: RehookProcess,
  token: string,
  opts: BenchOptions,
  replay?: { eventId: string; destination: string },
): Promise<void> {
  const inbox = await createInbox(server.apiUrl, token);
  const res = await fetch(`${server.ingestUrl}/i/${inbox}/smoke`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{"smoke":true}',
  });
  if (res.status !== 200) throw new Error(`smoke ingest answered ${res.status}: ${await res.text()}`);
  await res.text();
  const events = await api<unknown[]>(`${server.apiUrl}/api/v1/inboxes/${inbox}/events`, { headers: bearer(token) });
  if (!Array.isArray(events) || events.length !== 1) {
    throw new Error(`smoke: expected 1 listed event, got ${JSON.stringify(events).slice(0, 200)}`);
  }
  if (replay !== undefined && opts.only.has('f')) {
    await api(`${server.apiUrl}/api/v1/events/${replay.eventId}/replay`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ destination: replay.destination }),
    });
  }
}

async function sustainedPhase(
  servers: Servers,
  seed: SeedResult,
  opts: BenchOptions,
): Promise<{ memory: SustainedMemory; disk: DiskResult }> {
  const inbox = await createInbox(servers.rehook.apiUrl, seed.token);
  const url = `${servers.rehook.ingestUrl}/i/${inbox}/webhook`;
  const before = databaseSize(seed.databasePath, inbox);
  log(`sustained ingest for ${opts.sustainSec} s (RSS every 250 ms, bytes per event)...`);
  const sampler = new RssSampler(servers.rehook.proc.pid, 250);
  const result = await servers.load.autocannon({
    url,
    method: 'POST',
    headers: JSON_HEADERS,
    body: { kind: 'json', size: opts.bodySize },
    connections: opts.connections,
    durationSec: opts.sustainSec,
    timeoutSec: 30,
  });
  const samples = sampler.stop();
  const after = databaseSize(seed.databasePath, inbox);
  const totalMs = opts.sustainSec * 1000;
  // The first third is warm-up: the heap left by earlier scenarios is still being collected.
  const warmMs = totalMs / 3;
  const windowMs = Math.min(1000, totalMs * 0.2);
  const startBytes = rssBetween(samples, warmMs, warmMs + windowMs);
  const endBytes = rssBetween(samples, totalMs - windowMs, totalMs);
  const trend = slope(samples.filter((x) => x.t >= warmMs && x.t <= totalMs));
  const events = after.events - before.events;
  log(`sustained: ${fmtRun(result)}; RSS ${fmtBytes(startBytes)} -> ${fmtBytes(endBytes)}; ${events} events stored`);
  const raw = rawRequestSize('POST', url, JSON_HEADERS, opts.bodySize);
  return {
    memory: {
      seconds: opts.sustainSec,
      warmupMs: warmMs,
      rps: result.rps,
      p99: result.p99,
      non2xx: result.non2xx + result.errors,
      events,
      startBytes,
      endBytes,
      peakBytes: Math.max(...samples.map((s) => s.bytes)),
      growth: endBytes / startBytes - 1,
      trendBytesPerMin: trend * 60_000,
      samples: samples.map((s) => ({ t: Math.round(s.t), bytes: s.bytes })),
    },
    disk: {
      events,
      rawRequestBytes: raw,
      logicalBytesPerEvent: (after.logical - before.logical) / events,
      physicalBytesPerEvent: (after.physical - before.physical) / events,
      ratio: (after.logical - before.logical) / events / raw,
      databaseBytesAtEnd: 0,
      walBytesAtEnd: 0,
    },
  };
}

/** (g): whether the build has the live stream endpoint (an unknown route answers 404 NOT_FOUND). */
async function hasStreamEndpoint(apiUrl: string, inbox: string, token: string): Promise<boolean> {
  const controller = new AbortController();
  try {
    const res = await fetch(`${apiUrl}/api/v1/inboxes/${inbox}/stream`, {
      headers: { ...bearer(token), accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const found = res.status === 200 && (res.headers.get('content-type') ?? '').includes('text/event-stream');
    controller.abort();
    return found;
  } catch {
    return false;
  }
}

async function ssePhase(
  servers: Servers,
  seed: SeedResult,
  opts: BenchOptions,
): Promise<LiveStream | { skipped: string }> {
  const { rehook, load } = servers;
  const inbox = await createInbox(rehook.apiUrl, seed.token);
  if (!(await hasStreamEndpoint(rehook.apiUrl, inbox, seed.token)))
    return { skipped: 'skipped: no live stream endpoint yet' };
  log(`live stream: ${opts.sseSubscribers} subscribers, ${opts.sseRate} events/s for ${opts.sseSec} s...`);
  const result = await load.sse({
    streamUrl: `${rehook.apiUrl}/api/v1/inboxes/${inbox}/stream`,
    streamHeaders: bearer(seed.token),
    ingestUrl: `${rehook.ingestUrl}/i/${inbox}/live`,
    ingestHeaders: JSON_HEADERS,
    bodySize: opts.bodySize,
    subscribers: opts.sseSubscribers,
    ratePerSec: opts.sseRate,
    durationSec: opts.sseSec,
  });
  log(
    `live stream: ${result.connected}/${result.subscribers} connected, ${result.deliveries}/${result.expected} deliveries, ` +
      `p50 ${result.p50.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms` +
      (result.problems.length > 0 ? ` (${result.problems.join('; ')})` : ''),
  );
  return { ratePerSec: opts.sseRate, seconds: opts.sseSec, ...result };
}

async function streamingPhase(servers: Servers, seed: SeedResult, opts: BenchOptions): Promise<StreamingMemory> {
  const inbox = await createInbox(servers.rehook.apiUrl, seed.token);
  const limit = Math.max(10 * 1024 * 1024, opts.streamBodySize);
  log(`${opts.streamClients} clients each streaming ${fmtBytes(opts.streamBodySize)} (RSS every 100 ms)...`);
  const baselineBytes = readRss(servers.rehook.proc.pid);
  const sampler = new RssSampler(servers.rehook.proc.pid, 100);
  const result = await servers.load.stream({
    url: `${servers.rehook.ingestUrl}/i/${inbox}/large`,
    clients: opts.streamClients,
    requestsPerClient: opts.streamRequestsPerClient,
    bodySize: opts.streamBodySize,
    chunkSize: 256 * 1024,
    timeoutSec: 120,
  });
  const samples = sampler.stop();
  const peakBytes = Math.max(...samples.map((s) => s.bytes));
  log(
    `streaming: ${result.ok} stored in ${result.durationSec.toFixed(1)} s, non-2xx ${result.non2xx}, ` +
      `errors ${result.errors}; RSS peak ${fmtBytes(peakBytes)}`,
  );
  return {
    clients: opts.streamClients,
    bodyBytes: opts.streamBodySize,
    requestsPerClient: opts.streamRequestsPerClient,
    bodyLimitBytes: limit,
    boundBytes: limit * opts.streamClients,
    baselineBytes,
    peakBytes,
    ok: result.ok,
    non2xx: result.non2xx,
    errors: result.errors,
    problems: result.problems,
    seconds: result.durationSec,
    p50: result.p50,
    p99: result.p99,
  };
}

interface Inboxes {
  readonly a: string;
  readonly b: string;
  readonly c: string;
}

interface Setup {
  readonly servers: Servers;
  readonly seed: SeedResult;
  readonly inboxes: Inboxes;
  /** Why (h) does not run, when it does not. */
  readonly pgSkipped: string | null;
}

/** Seeds a fresh data directory, starts the ceiling, Rehook (twice with (h)) and the load generator, checks the wiring. */
async function setup(
  snap: string,
  opts: BenchOptions,
  janitor: Janitor,
  nodeArgs: readonly string[] = [],
): Promise<Setup> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-bench-data-'));
  janitor.dirs.push(dataDir);
  const needBig = opts.only.has('d');
  const counts = `${needBig ? `${opts.seedEvents.toLocaleString('en-US')} + ` : ''}${opts.smallInboxEvents.toLocaleString('en-US')}`;
  log(`seeding ${counts} events (bulk path) into ${dataDir}...`);
  const seed = await seedDataDir(dataDir, {
    bigEvents: needBig ? opts.seedEvents : 0,
    smallEvents: opts.smallInboxEvents,
    seedBodySize: opts.seedBodySize,
    eventBodySize: opts.eventBodySize,
    replayBodySize: opts.bodySize,
  });
  log(`seeded in ${seed.seconds.toFixed(1)} s (${Math.round(seed.rowsPerSec).toLocaleString('en-US')} rows/s)`);

  let pg: Servers['pg'] = null;
  let pgSkipped: string | null = null;
  if (opts.only.has('h')) {
    const target = await preparePostgres(snap, opts.postgresUrl);
    if ('skipped' in target) {
      pgSkipped = target.skipped;
      log(`(h) ${pgSkipped}`);
    } else {
      janitor.tasks.push(() => target.drop());
      const pgDir = mkdtempSync(join(tmpdir(), 'rehook-bench-pgdata-'));
      janitor.dirs.push(pgDir);
      const proc = await startRehookProcess(snap, pgDir, opts, {
        name: 'rehook-pg',
        env: { DATABASE_URL: target.url },
      });
      pg = { ...proc, target };
      log(`(h) Rehook on PostgreSQL ${target.display}`);
    }
  }

  const ceiling = await startCeiling(snap);
  const rehook = await startRehookProcess(snap, dataDir, opts, { nodeArgs });
  const load = new LoadGenerator(join(snap, 'dist/bench/load.js'), snap);
  const servers: Servers = { ceiling, rehook, load, pg };
  const inboxes = {
    a: await createInbox(rehook.apiUrl, seed.token),
    b: await createInbox(rehook.apiUrl, seed.token),
    c: await createInbox(rehook.apiUrl, seed.token),
  };
  await smokeCheck(rehook, seed.token, opts, { eventId: seed.replayEventId, destination: `${ceiling.url}/hook` });
  if (pg !== null) await smokeCheck(pg, pg.target.token, opts);
  return { servers, seed, inboxes, pgSkipped };
}

/** Median over rounds of (replay p50 - direct-to-destination p50) measured in the same round. */
function replayOverhead(runs: ReadonlyMap<string, readonly LoadResult[]>): { p50: number; p99: number } | null {
  const replay = runs.get('f');
  const direct = runs.get('f-direct');
  if (!replay || !direct || replay.length === 0) return null;
  return {
    p50: median(replay.map((r, i) => r.p50 - (direct[i]?.p50 ?? Number.NaN))),
    p99: median(replay.map((r, i) => r.p99 - (direct[i]?.p99 ?? Number.NaN))),
  };
}

async function stopTimed(proc: ManagedProcess): Promise<{ seconds: number; code: number | null }> {
  const started = performance.now();
  const code = await proc.stop(60_000);
  return { seconds: (performance.now() - started) / 1000, code };
}

async function runSuite(
  repo: string,
  snap: string,
  opts: BenchOptions,
  machine: Machine,
  buildOk: boolean,
  janitor: Janitor,
  started: number,
): Promise<void> {
  const { servers, seed, inboxes, pgSkipped } = await setup(snap, opts, janitor);
  const { ceiling, rehook, load, pg } = servers;

  const defs = defineScenarios(opts, servers, seed, inboxes);
  const runs = new Map<string, RunRecord[]>(defs.map((d) => [d.id, []]));
  const rssAfterRounds: number[] = [];
  const pidOf = (server: ScenarioDef['server']): number =>
    server === 'ceiling' ? ceiling.proc.pid : server === 'pg' && pg !== null ? pg.proc.pid : rehook.proc.pid;
  const settlePids = [rehook.proc.pid, ceiling.proc.pid, ...(pg === null ? [] : [pg.proc.pid])];
  /** One run, with the CPU time the server and the load generator used meanwhile. */
  const measure = async (def: ScenarioDef): Promise<RunRecord> => {
    // Every row measures its own requests, not the work the row before it left behind: the
    // checkpoint backlog of its writes (hundreds of MB after (b)) is copied now, and the servers
    // are left to finish what they were doing, while no load runs.
    const settled = (await settleWal(seed.databasePath)) + (await settleCpu(settlePids));
    if (settled > 1000) log(`settled for ${(settled / 1000).toFixed(1)} s before ${def.id}`);
    const serverPid = pidOf(def.server);
    const serverBefore = readCpuSeconds(serverPid);
    const loadBefore = readCpuSeconds(load.proc.pid);
    const result = await load.autocannon(def.spec);
    const serverCpu = readCpuSeconds(serverPid) - serverBefore;
    const loadCpu = readCpuSeconds(load.proc.pid) - loadBefore;
    return {
      ...result,
      serverCores: serverCpu / result.durationSec,
      loadCores: loadCpu / result.durationSec,
      cpuUsPerRequest: result.ok > 0 ? (serverCpu / result.ok) * 1e6 : Number.NaN,
    };
  };
  if (defs.length > 0) {
    // Fixed-rate rows need none: the closed-loop run of the same request shape warms the same path.
    const warm = defs.filter((def) => def.spec.ratePerSec === undefined);
    log(`warm-up: ${warm.length} scenarios x ${opts.warmupSec} s`);
    for (const def of warm) await load.autocannon({ ...def.spec, durationSec: opts.warmupSec });
    for (let round = 1; round <= opts.repeats; round += 1) {
      for (const def of defs) {
        const result = await measure(def);
        runs.get(def.id)?.push(result);
        const cpu = `server ${result.serverCores.toFixed(2)} cores, generator ${result.loadCores.toFixed(2)}`;
        log(`round ${round}/${opts.repeats} ${def.id}: ${fmtRun(result)}; ${cpu}`);
      }
      rssAfterRounds.push(readRss(rehook.proc.pid));
    }
  }
  const pgShutdown = pg === null ? null : await stopTimed(pg.proc);

  const sustained = opts.only.has('i') || opts.only.has('disk') ? await sustainedPhase(servers, seed, opts) : null;
  const live = opts.only.has('g') ? await ssePhase(servers, seed, opts) : null;
  const streaming = opts.only.has('i') ? await streamingPhase(servers, seed, opts) : null;

  const rssBeforeStop = readRss(rehook.proc.pid);
  await load.close();
  log('stopping Rehook (graceful shutdown)...');
  const shutdown = await stopTimed(rehook.proc);
  if (shutdown.code !== 0) log(`warning: rehook exited with ${String(shutdown.code)}\n${rehook.proc.output()}`);
  await ceiling.proc.stop();
  const eventsIngested = countEvents(seed.databasePath) - (seed.bigEvents + seed.smallEvents + 2);
  const disk = sustained?.disk ?? null;
  if (disk !== null) {
    const fileSize = (p: string): number => (existsSync(p) ? statSync(p).size : 0);
    disk.databaseBytesAtEnd = fileSize(seed.databasePath);
    disk.walBytesAtEnd = fileSize(`${seed.databasePath}-wal`);
  }
  machine.loadAverageAfter = loadavg().map((v) => Math.round(v * 100) / 100);

  const skipped: BenchResults['skipped'] = [];
  if (live !== null && 'skipped' in live) {
    const label = `(g) live stream fan-out: ${opts.sseSubscribers} SSE subscribers while ingesting`;
    skipped.push({ id: 'g', label, reason: live.skipped });
  }
  if (pgSkipped !== null) skipped.push({ id: 'h', label: '(h) ingest on PostgreSQL', reason: pgSkipped });
  const results: BenchResults = {
    version: 1,
    date: new Date().toISOString(),
    command: `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
    totalSeconds: 0,
    buildOk,
    server: rehook.command,
    limitsOff: Object.entries(LIMITS_OFF).map(([k, v]) => `${k}=${v}`),
    postgres: pg === null ? null : { url: pg.target.display, shutdownSeconds: pgShutdown?.seconds ?? null },
    machine,
    options: {
      durationSec: opts.durationSec,
      warmupSec: opts.warmupSec,
      repeats: opts.repeats,
      connections: opts.connections,
      highConnections: opts.highConnections,
      fixedRate: opts.fixedRate,
      replayConnections: opts.replayConnections,
      bodySize: opts.bodySize,
      largeBodySize: opts.largeBodySize,
      eventBodySize: opts.eventBodySize,
      seedEvents: seed.bigEvents,
      smallInboxEvents: seed.smallEvents,
      seedBodySize: opts.seedBodySize,
      sustainSec: opts.sustainSec,
      streamClients: opts.streamClients,
      streamBodySize: opts.streamBodySize,
      sseSubscribers: opts.sseSubscribers,
      sseRate: opts.sseRate,
      sseSec: opts.sseSec,
      quick: opts.quick,
      only: [...opts.only],
    },
    seed: {
      seconds: seed.seconds,
      rowsPerSec: seed.rowsPerSec,
      bigEvents: seed.bigEvents,
      smallEvents: seed.smallEvents,
    },
    scenarios: defs.map((def) => summarizeScenario(def, runs.get(def.id) ?? [], (id) => runs.get(id) ?? [])),
    skipped,
    replayOverheadMs: replayOverhead(runs),
    live: live !== null && !('skipped' in live) ? live : null,
    memory: { sustained: sustained?.memory ?? null, streaming, rssAfterRounds, rssBeforeStop, eventsIngested },
    disk,
    shutdown,
    targets: [],
  };
  results.targets = evaluateTargets(results);
  results.totalSeconds = (performance.now() - started) / 1000;

  process.stdout.write(`${renderTable(results)}\n`);
  const out = resolve(repo, opts.out);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
  log(`wrote ${opts.out}`);
  if (opts.docs) renderDocs(repo, results);
}

/** Writes docs/benchmarks.md and docs/benchmarks.svg from results, the profiles and bench/analysis.md. */
function renderDocs(repo: string, results: BenchResults): void {
  const resultsDir = join(repo, 'bench/results');
  const analysisPath = join(repo, 'bench/analysis.md');
  const extras = {
    profiles: readdirSync(resultsDir)
      .filter((f) => /^profile-[a-h]\.json$/.test(f))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(resultsDir, f), 'utf8')) as unknown),
    analysis: existsSync(analysisPath) ? readFileSync(analysisPath, 'utf8') : null,
  };
  writeFileSync(join(repo, 'docs/benchmarks.svg'), renderSvg(results));
  writeFileSync(join(repo, 'docs/benchmarks.md'), renderMarkdown(results, extras));
  log('wrote docs/benchmarks.md and docs/benchmarks.svg');
}

/** The thread id in a --cpu-prof file name (CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile). */
function threadOf(file: string): number {
  return Number(file.split('.').at(-3) ?? 0);
}

/** `--profile[=x]`: one scenario against a server running under `node --cpu-prof`. */
async function runProfile(
  repo: string,
  snap: string,
  opts: BenchOptions,
  scenario: ProfileScenario,
  janitor: Janitor,
): Promise<void> {
  const profDir = mkdtempSync(join(tmpdir(), 'rehook-bench-prof-'));
  janitor.dirs.push(profDir);
  const only: BenchOptions = { ...opts, only: new Set<ScenarioGroup>([scenario]) };
  const cpuProf = ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval=200'];
  const { servers, seed, inboxes } = await setup(snap, only, janitor, cpuProf);
  const seconds = Math.max(10, opts.durationSec * 2);
  let label: string;
  let load: { rps: number; p50: number; p99: number };
  if (scenario === 'g') {
    label = `(g) live stream, ${opts.sseSubscribers} SSE subscribers, ${opts.sseRate} events/s`;
    log(`profiling ${label} for ${seconds} s with the server under --cpu-prof`);
    const live = await ssePhase(servers, seed, { ...opts, sseSec: seconds });
    if ('skipped' in live) throw new Error(live.skipped);
    load = { rps: live.stored / seconds, p50: live.p50, p99: live.p99 };
  } else {
    const def = defineScenarios(only, servers, seed, inboxes).find((d) => d.kind === 'rehook' && d.id !== 'h');
    if (def === undefined) throw new Error(`no scenario ${scenario} to profile`);
    label = def.label;
    log(`profiling ${label}: warm-up 2 s, then ${seconds} s with the server under --cpu-prof`);
    await servers.load.autocannon({ ...def.spec, durationSec: 2 });
    const result = await servers.load.autocannon({ ...def.spec, durationSec: seconds });
    log(`under the profiler: ${fmtRun(result)}`);
    load = result;
  }
  await servers.load.close();
  await servers.rehook.proc.stop(60_000);
  await servers.ceiling.proc.stop();
  // One profile per thread: the main thread (HTTP) and the SQLite writer thread. Node names them
  // CPU.<date>.<pid>.<thread id>.<seq>.cpuprofile; thread 0 is the main thread.
  const files = readdirSync(profDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .sort((x, y) => threadOf(x) - threadOf(y));
  if (files.length === 0) throw new Error('the server wrote no .cpuprofile (did it exit normally?)');
  const summaries = files.map((file) => {
    const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as CpuProfile;
    rmSync(join(profDir, file));
    const thread = threadOf(file) === 0 ? 'main thread' : `worker thread ${threadOf(file)}`;
    const summary = summarizeProfile(profile, {
      scenario: `${label} — ${thread}`,
      rps: load.rps,
      p50: load.p50,
      p99: load.p99,
      seconds,
      date: new Date().toISOString(),
    });
    process.stdout.write(`${formatProfile(summary)}\n`);
    return summary;
  });
  // The report shows the main thread's profile; the others are kept in `threads`.
  const [main, ...threads] = summaries;
  const out = join(repo, `bench/results/profile-${scenario}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ ...main, threads }, null, 2)}\n`);
  log(`wrote bench/results/profile-${scenario}.json (the .cpuprofile itself is deleted)`);
}

/**
 * Runs `npm run build` and copies the result to a temporary directory. `npm run build` starts by
 * deleting dist/, so a build started elsewhere in the repository can remove it between our build
 * and the copy: the copy is checked, and built again (3 attempts).
 */
function buildAndSnapshot(repo: string, opts: BenchOptions, janitor: Janitor): { snap: string; buildOk: boolean } {
  const root = opts.distRoot === null ? repo : resolve(opts.distRoot);
  for (let attempt = 1; ; attempt += 1) {
    let buildOk = true;
    if (opts.build) {
      log('npm run build');
      const build = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: ['ignore', 2, 2] });
      // npm run build emits only src (what the package ships); the load generator, the ceiling
      // server and the in-process server entry are compiled next to it.
      log('tsc -p tsconfig.bench.json');
      const tsc = createRequire(join(repo, 'package.json')).resolve('typescript/bin/tsc');
      const benchBuild = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.bench.json'], {
        cwd: repo,
        stdio: ['ignore', 2, 2],
      });
      buildOk = build.status === 0 && benchBuild.status === 0;
    }
    try {
      const snap = snapshotBuild(root);
      janitor.dirs.push(snap);
      const missing = REQUIRED_FILES.filter((p) => !existsSync(join(snap, p)));
      if (missing.length > 0) throw new Error(`missing ${missing.join(', ')}`);
      if (!buildOk)
        log('WARNING: npm run build reported errors (see above) but emitted dist/; benchmarking what it emitted');
      if (opts.distRoot !== null) log(`benchmarking the build in ${root}`);
      return { snap, buildOk };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (!opts.build || attempt >= 3) {
        throw new Error(`no usable build in ${root}/dist (${reason})${opts.build ? '' : '; run without --no-build'}`);
      }
      log(`the build vanished or is incomplete (${reason}); another build may be running, building again`);
    }
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const opts = parseOptions(process.argv.slice(2), process.env);
  if (opts.help) {
    process.stdout.write(HELP);
    return;
  }
  const repo = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
  if (opts.render) {
    renderDocs(repo, JSON.parse(readFileSync(resolve(repo, opts.out), 'utf8')) as BenchResults);
    return;
  }
  const machine = describeMachine(repo);
  log(`load average before: ${machine.loadAverageBefore.join(' ')} on ${machine.cores} cores`);
  const janitor: Janitor = { dirs: [], tasks: [] };
  const cleanup = async (): Promise<void> => {
    killAll();
    for (const task of janitor.tasks.splice(0)) await task().catch(() => undefined);
    for (const dir of janitor.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = (): void => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { snap, buildOk } = buildAndSnapshot(repo, opts, janitor);
    const searchOnly = opts.only.size === 1 && opts.only.has('search');
    if (opts.profile !== null) await runProfile(repo, snap, opts, opts.profile, janitor);
    else if (!searchOnly) {
      await runSuite(repo, snap, opts, machine, buildOk, janitor, started);
      // The web app's three figures (bench/ui.ts; also alone: npm run bench:ui).
      try {
        const { formatUiBench, runUiBench } = await import('./ui.js');
        process.stdout.write(formatUiBench(await runUiBench(repo)));
      } catch (err) {
        log(`web app figures failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exitCode = 1;
      }
    }
    // Search latency per filter kind (bench/search.ts; also alone: npm run bench:search).
    if (opts.profile === null && opts.only.has('search')) {
      try {
        const { formatSearchBench, runSearchBench } = await import('./search.js');
        const search = await runSearchBench({
          events: opts.quick ? 20_000 : 100_000,
          runs: opts.quick ? 10 : 40,
          postgresUrl: opts.postgresUrl,
        });
        process.stdout.write(formatSearchBench(search));
        const out = join(repo, opts.quick ? 'bench/results/search-quick.json' : 'bench/results/search.json');
        writeFileSync(out, `${JSON.stringify({ machine, ...search }, null, 2)}\n`);
        log(`search results: ${out}`);
      } catch (err) {
        log(`search figures failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exitCode = 1;
      }
    }
  } finally {
    await cleanup();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`[bench] failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  killAll();
  process.exitCode = 1;
});
