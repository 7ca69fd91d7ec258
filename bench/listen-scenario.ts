// The listener scenario of `npm run bench` (`--only listen`; alone: `npm run bench:listen`): how
// fast `rehook listen` catches up with a backlog, how long it takes to start, and how far behind it
// stays under steady ingest, on SQLite and on PostgreSQL.
//
// Per database: a backlog of `events` events is written straight into a fresh store (an owned
// inbox, 500-byte JSON bodies, ids 1 ms apart: a backlog captured at 1,000/s), then the built
// `rehook serve` and the built `rehook listen --from <first event>` run as their own processes and
// the listener forwards to a local node:http handler in this process that answers each request at
// once (its round trip, the listener's delivery, is about 0.5 ms here). Measured:
// - start-up: from spawning the listener to the handler's first request;
// - catch-up: events/s from the first delivery to the last of the backlog (checked in order);
// - steady ingest: `rate` requests/s sent to the ingest port for `seconds`, with the listener
//   following: events/s in, events/s out, and how far behind each event arrived at the handler
//   (arrival minus the moment it was sent: p50, p99, max) and when the last one arrived.
// With `beforeDist` (a directory holding another build's dist/, e.g. the previous commit's), its
// listener catches up with the same backlog first (up to `beforeEvents` events), for a ratio.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool } from 'pg';
import { Agent, request } from 'undici';
import type { CapturedEvent, HeaderPair } from '../src/domain/captured-event.js';
import { createEventIdFactory, newId } from '../src/domain/ids.js';
import { DATABASE_FILE } from '../src/storage/sqlite/store.js';
import { systemClock } from '../src/ports/clock.js';
import type { Store } from '../src/ports/store.js';
import { createAccount } from '../src/services/accounts.js';
import { createToken } from '../src/services/tokens.js';
import { openPostgresStore } from '../src/storage/postgres/store.js';
import { openSqliteStore } from '../src/storage/sqlite/store.js';
import { log } from './log.js';
import { summarizeLatencies } from './stats.js';

export interface ListenBenchOptions {
  readonly repo: string;
  readonly events: number;
  readonly rate: number;
  readonly seconds: number;
  readonly postgresUrl: string | null;
  readonly beforeDist: string | null;
  readonly beforeEvents: number;
}

export interface CatchUp {
  readonly events: number;
  readonly seconds: number;
  readonly eventsPerSecond: number;
  readonly startupSeconds: number;
  readonly outOfOrder: number;
  /**
   * CPU time (user + system) per event of the listener's process and of the server's, over the
   * catch-up: what the rate would be bounded by on an idle machine, whatever the load meanwhile.
   */
  readonly listenerCpuMsPerEvent: number | null;
  readonly serverCpuMsPerEvent: number | null;
}

export interface ListenBenchDatabase {
  readonly database: 'sqlite' | 'postgres';
  readonly seedSeconds: number;
  readonly catchUp: CatchUp;
  readonly before: CatchUp | null;
  readonly steady: {
    readonly rate: number;
    readonly seconds: number;
    readonly inPerSecond: number;
    readonly outPerSecond: number;
    readonly behindP50Seconds: number;
    readonly behindP99Seconds: number;
    readonly behindMaxSeconds: number;
    /** From the last request sent to the last one delivered. */
    readonly drainSeconds: number;
  };
}

export interface ListenBenchResult {
  readonly events: number;
  readonly databases: ListenBenchDatabase[];
  readonly skipped: string[];
}

const BODY_PAD = 'x'.repeat(480);

function backlogEvent(inboxId: string, id: string, ms: number, seq: number): CapturedEvent {
  const body = Buffer.from(JSON.stringify({ seq, pad: BODY_PAD }));
  const headers: HeaderPair[] = [
    ['Host', 'hooks.example.com'],
    ['User-Agent', 'Stripe/1.0 (+https://stripe.com/docs/webhooks)'],
    ['Content-Type', 'application/json'],
    ['Content-Length', String(body.length)],
    ['Stripe-Signature', `t=${1_700_000_000 + seq},v1=${(seq * 2654435761).toString(16)}`],
  ];
  return {
    id,
    inboxId,
    receivedAt: new Date(ms),
    method: 'POST',
    path: `/i/${inboxId}/bench`,
    query: `seq=${seq}`,
    contentType: 'application/json',
    size: body.length,
    headers,
    body,
    sourceIp: '203.0.113.7',
    signature: null,
    answer: null,
  };
}

/** An owned inbox with `count` events (ids 1 ms apart, ending now); its token and first event id. */
async function seedBacklog(store: Store, count: number): Promise<{ inboxId: string; token: string; firstId: string }> {
  const deps = { store, clock: systemClock };
  const account = await createAccount(deps, { email: 'bench@rehook.invalid' });
  const { plaintext: token } = await createToken(deps, { accountId: account.id, name: 'bench' });
  const inboxId = newId('inbox');
  await store.inboxes.insert({ id: inboxId, ownerId: account.id, name: null, createdAt: new Date(), expiresAt: null });
  const nextId = createEventIdFactory();
  const start = Date.now() - count;
  let firstId = '';
  let pending: Promise<boolean>[] = [];
  for (let seq = 0; seq < count; seq += 1) {
    const ms = start + seq;
    const id = nextId(ms);
    if (seq === 0) firstId = id;
    pending.push(store.events.insertIfInboxLive(backlogEvent(inboxId, id, ms, seq), new Date(ms)));
    if (pending.length >= 2000) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
  return { inboxId, token, firstId };
}

/** The local handler: answers every request at once, notes when each seq arrived and whether in order. */
interface Handler {
  readonly url: string;
  /** performance.now() of each seq's (first) arrival. */
  readonly arrivals: Map<number, number>;
  count: number;
  outOfOrder: number;
  close(): Promise<void>;
}

async function startHandler(): Promise<Handler> {
  let last = -1;
  const handler: Handler = {
    url: '',
    arrivals: new Map(),
    count: 0,
    outOfOrder: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const seq = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('seq'));
      if (!handler.arrivals.has(seq)) handler.arrivals.set(seq, performance.now());
      if (seq < last) handler.outOfOrder += 1;
      last = seq;
      handler.count += 1;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(handler, { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
}

/** CPU time (user + system, ms) a process has used so far; null where /proc is not there. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of stat (11 and 12 after the command name), in clock ticks.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** sysconf(_SC_CLK_TCK): 100 on Linux. */
const CLOCK_TICKS = 100;

interface Spawned {
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

function spawnCli(entry: string, args: readonly string[], env: NodeJS.ProcessEnv): Spawned {
  const child = spawn(process.execPath, [entry, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  // Only the tail is kept: a listener writes a line per event.
  let tail = '';
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    output: () => tail,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

async function until(what: string, done: () => boolean, timeoutMs: number, proc?: Spawned): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!done()) {
    if (proc !== undefined && proc.child.exitCode !== null) throw new Error(`${what}: exited\n${proc.output()}`);
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms\n${proc?.output() ?? ''}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function startServe(
  entry: string,
  env: NodeJS.ProcessEnv,
  dataDir: string,
): Promise<Spawned & { api: string; ingest: string }> {
  // Info names the bound URLs (requests are not logged).
  const serve = spawnCli(
    entry,
    ['serve', '--log-level', 'info', '--port', '0', '--ingest-port', '0', '--data-dir', dataDir],
    env,
  );
  const bound = /API on (http:\/\/[^\s,]+).*ingest on (http:\/\/[^\s,"]+)/;
  await until('rehook serve to start', () => bound.test(serve.output()), 60_000, serve);
  const [, api = '', ingest = ''] = bound.exec(serve.output()) ?? [];
  return { ...serve, api, ingest };
}

/** A listener from `firstId` until `count` events of the backlog arrived (or `limit` of them). */
async function catchUp(
  entry: string,
  env: NodeJS.ProcessEnv,
  serve: Spawned & { api: string },
  backlog: { inboxId: string; token: string; firstId: string },
  count: number,
): Promise<{ result: CatchUp; listener: Spawned; handler: Handler }> {
  const server = serve.api;
  const handler = await startHandler();
  const spawnedAt = performance.now();
  const listener = spawnCli(
    entry,
    [
      'listen',
      backlog.inboxId,
      '--server',
      server,
      '--token',
      backlog.token,
      '--forward-to',
      `${handler.url}/hooks`,
      '--from',
      backlog.firstId,
      '--json',
    ],
    env,
  );
  await until('the first delivery', () => handler.count > 0, 120_000, listener);
  const first = handler.arrivals.get(0) ?? performance.now();
  const cpuAtFirst = [cpuMs(listener.child.pid), cpuMs(serve.child.pid)];
  await until('the backlog', () => handler.count >= count, 1_800_000, listener);
  const cpuAtLast = [cpuMs(listener.child.pid), cpuMs(serve.child.pid)];
  const perEvent = (i: number): number | null => {
    const [a, b] = [cpuAtFirst[i], cpuAtLast[i]];
    return a === null || b === null || a === undefined || b === undefined ? null : (b - a) / (count - 1);
  };
  let lastAt = 0;
  for (let seq = 0; seq < count; seq += 1) lastAt = Math.max(lastAt, handler.arrivals.get(seq) ?? 0);
  const seconds = (lastAt - first) / 1000;
  return {
    result: {
      events: count,
      seconds,
      eventsPerSecond: (count - 1) / seconds,
      startupSeconds: (first - spawnedAt) / 1000,
      outOfOrder: handler.outOfOrder,
      listenerCpuMsPerEvent: perEvent(0),
      serverCpuMsPerEvent: perEvent(1),
    },
    listener,
    handler,
  };
}

/** Sends `rate` requests/s for `seconds` while the listener follows; how far behind it stays. */
async function steadyIngest(
  ingestUrl: string,
  inboxId: string,
  handler: Handler,
  firstSeq: number,
  opts: ListenBenchOptions,
): Promise<ListenBenchDatabase['steady']> {
  const agent = new Agent({ connections: 16 });
  const sentAt = new Map<number, number>();
  const total = Math.round(opts.rate * opts.seconds);
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let i = 0; i < total; i += 1) {
    const due = started + (i * 1000) / opts.rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const seq = firstSeq + i;
    sentAt.set(seq, performance.now());
    inflight.push(
      request(`${ingestUrl}/i/${inboxId}/bench?seq=${seq}`, {
        dispatcher: agent,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seq, pad: BODY_PAD }),
      }).then((res) => res.body.dump()),
    );
  }
  await Promise.all(inflight);
  const sentEnd = performance.now();
  const inSeconds = (sentEnd - started) / 1000;
  const deliveredBy = (time: number): number => {
    let n = 0;
    for (const [seq, at] of handler.arrivals) if (seq >= firstSeq && at <= time) n += 1;
    return n;
  };
  const outDuringIngest = deliveredBy(sentEnd);
  await until('every steady event', () => [...sentAt.keys()].every((seq) => handler.arrivals.has(seq)), 600_000);
  await agent.close();
  const behind: number[] = [];
  let lastArrival = 0;
  for (const [seq, at] of sentAt) {
    const arrived = handler.arrivals.get(seq) ?? at;
    behind.push((arrived - at) / 1000);
    lastArrival = Math.max(lastArrival, arrived);
  }
  behind.sort((a, b) => a - b);
  const stats = summarizeLatencies(behind);
  return {
    rate: opts.rate,
    seconds: opts.seconds,
    inPerSecond: total / inSeconds,
    outPerSecond: outDuringIngest / inSeconds,
    behindP50Seconds: stats.p50,
    behindP99Seconds: stats.p99,
    behindMaxSeconds: stats.max,
    drainSeconds: Math.max(0, (lastArrival - sentEnd) / 1000),
  };
}

async function benchOne(
  database: 'sqlite' | 'postgres',
  opts: ListenBenchOptions,
  pgUrl: string | null,
): Promise<ListenBenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'rehook-bench-listen-'));
  const entry = join(opts.repo, 'dist', 'src', 'cli', 'index.js');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    REHOOK_LOG_LEVEL: 'warn',
    REHOOK_RATE_INGEST_PER_INBOX: '0',
    REHOOK_STATE_DIR: join(dir, 'state'),
    REHOOK_CONFIG_DIR: join(dir, 'config'),
  };
  // A DATABASE_URL of the caller's environment must not move the SQLite run to PostgreSQL.
  delete env['DATABASE_URL'];
  if (pgUrl !== null) env['DATABASE_URL'] = pgUrl;
  const dataDir = join(dir, 'data');
  let serve: (Spawned & { api: string; ingest: string }) | null = null;
  const cleanups: Array<() => Promise<void>> = [];
  try {
    // The server creates the schema; the backlog is then written straight into it.
    serve = await startServe(entry, env, dataDir);
    await serve.stop();
    serve = null;
    const store =
      pgUrl === null
        ? openSqliteStore({ path: join(dataDir, DATABASE_FILE) })
        : await openPostgresStore({ url: pgUrl, poolSize: 4 });
    log(`listen ${database}: seeding ${opts.events} events`);
    const seeded = performance.now();
    const backlog = await seedBacklog(store, opts.events);
    const seedSeconds = (performance.now() - seeded) / 1000;
    if (database === 'postgres') await (store as unknown as { pool: Pool }).pool.query('ANALYZE events');
    await store.close();
    log(`listen ${database}: seeded in ${seedSeconds.toFixed(1)} s`);
    serve = await startServe(entry, env, dataDir);
    let before: CatchUp | null = null;
    if (opts.beforeDist !== null) {
      const count = Math.min(opts.events, opts.beforeEvents);
      log(`listen ${database}: the listener of ${opts.beforeDist} on the first ${count} events`);
      const old = await catchUp(
        join(opts.beforeDist, 'dist', 'src', 'cli', 'index.js'),
        { ...env, REHOOK_STATE_DIR: join(dir, 'state-before') },
        serve,
        backlog,
        count,
      );
      await old.listener.stop();
      await old.handler.close();
      before = old.result;
      log(`listen ${database}: before: ${before.eventsPerSecond.toFixed(0)} events/s`);
    }
    log(`listen ${database}: catching up with ${opts.events} events`);
    const run = await catchUp(entry, env, serve, backlog, opts.events);
    cleanups.push(
      () => run.listener.stop(),
      () => run.handler.close(),
    );
    log(`listen ${database}: ${run.result.eventsPerSecond.toFixed(0)} events/s; steady ingest at ${opts.rate}/s`);
    const steady = await steadyIngest(serve.ingest, backlog.inboxId, run.handler, opts.events, opts);
    return { database, seedSeconds, catchUp: run.result, before, steady };
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined);
    await serve?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs the scenario on SQLite and, when reachable on loopback, PostgreSQL (in a schema of its own). */
export async function runListenBench(opts: ListenBenchOptions): Promise<ListenBenchResult> {
  const databases: ListenBenchDatabase[] = [];
  const skipped: string[] = [];
  databases.push(await benchOne('sqlite', opts, null));
  if (opts.postgresUrl === null) {
    skipped.push('postgres: not asked for');
    return { events: opts.events, databases, skipped };
  }
  const parsed = new URL(opts.postgresUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname)) {
    skipped.push('postgres: the URL is not on loopback');
    return { events: opts.events, databases, skipped };
  }
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
  return { events: opts.events, databases, skipped };
}

function cpu(run: CatchUp): string {
  const ms = (value: number | null): string => (value === null ? '?' : value.toFixed(3));
  return `${ms(run.listenerCpuMsPerEvent)} / ${ms(run.serverCpuMsPerEvent)}`;
}

/** The results as two Markdown tables: catch-up and start-up, then steady ingest. */
export function formatListenBench(result: ListenBenchResult): string {
  const lines = [
    `\nrehook listen: catch-up with a backlog of ${result.events} events, then steady ingest\n`,
    '| database | catch-up (events/s) | before (events/s) | ratio | start-up (s) | out of order | CPU ms per event: listener / server (before) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const d of result.databases) {
    const before = d.before === null ? '-' : `${d.before.eventsPerSecond.toFixed(0)} (first ${d.before.events})`;
    const ratio = d.before === null ? '-' : `${(d.catchUp.eventsPerSecond / d.before.eventsPerSecond).toFixed(1)}x`;
    lines.push(
      `| ${d.database} | ${d.catchUp.eventsPerSecond.toFixed(0)} | ${before} | ${ratio} | ${d.catchUp.startupSeconds.toFixed(2)} | ${d.catchUp.outOfOrder} | ${cpu(d.catchUp)}${d.before === null ? '' : ` (${cpu(d.before)})`} |`,
    );
  }
  lines.push(
    '',
    '| database | offered (events/s) | in (events/s) | out (events/s) | behind p50 / p99 / max (s) | last delivered after the last sent (s) |',
    '|---|---|---|---|---|---|',
  );
  for (const d of result.databases) {
    const s = d.steady;
    lines.push(
      `| ${d.database} | ${s.rate} for ${s.seconds} s | ${s.inPerSecond.toFixed(0)} | ${s.outPerSecond.toFixed(0)} | ${s.behindP50Seconds.toFixed(3)} / ${s.behindP99Seconds.toFixed(3)} / ${s.behindMaxSeconds.toFixed(3)} | ${s.drainSeconds.toFixed(3)} |`,
    );
  }
  for (const skip of result.skipped) lines.push(`(skipped ${skip})`);
  return `${lines.join('\n')}\n`;
}
