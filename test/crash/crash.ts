/**
 * Crash test harness: an acknowledged event is never lost, whatever kills the process (SECURITY.md).
 *
 * Spawns the built `rehook serve` on a temporary data directory, creates one inbox, drives
 * concurrent ingest (unique id and SHA-256 in every request), SIGKILLs the server at random
 * moments and restarts it on the same data directory, recording every request that got a 200.
 * At the end it reads the SQLite file directly (read-only) and checks, Jepsen-style, that every
 * acknowledged event is present and byte-exact and that `PRAGMA integrity_check` is ok.
 *
 *   acked      requests answered 200
 *   lost       acknowledged, not in the database            (must be 0)
 *   corrupt    acknowledged, stored with other bytes       (must be 0)
 *   recovered  stored, never acknowledged (the connection died first): allowed
 *
 * With `unsafeAckBeforeCommit` the server runs the test-only failpoint
 * REHOOK_UNSAFE_ACK_BEFORE_COMMIT=1 (acknowledge, then commit 100 ms later): the same check must
 * report lost > 0, which shows the test can fail.
 *
 * Run directly (long form, see package.json `test:crash`):
 *   node --import tsx test/crash/crash.ts --requests 100000 --kills 30 [--concurrency 32] [--mutant]
 */
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { checkDatabase, killAllServers, snapshotCli, startServer } from './crash-server.js';

const DB_FILE = 'rehook.db';

export interface CrashOptions {
  /** Ingest requests to send in total (each with a unique id). */
  readonly requests: number;
  /** Random SIGKILLs while the load runs (each followed by a restart on the same data dir). */
  readonly kills: number;
  /** Concurrent clients (16-64). Default 32. */
  readonly concurrency?: number;
  /** Body size range in bytes, sampled log-uniformly. Default 200 B to 64 KiB. */
  readonly minBody?: number;
  readonly maxBody?: number;
  /** Run the server with the test-only failpoint REHOOK_UNSAFE_ACK_BEFORE_COMMIT=1. */
  readonly unsafeAckBeforeCommit?: boolean;
  /** Check run on the database after every restart: full, quick, or none. Default 'integrity'. */
  readonly checkAfterRestart?: 'integrity' | 'quick' | 'none';
  /** Seed of the kill schedule and body sizes (bodies themselves are random bytes). */
  readonly seed?: number;
  /** Progress lines (default: none). */
  readonly log?: (line: string) => void;
}

export interface CrashReport {
  readonly mode: 'safe' | 'unsafe-ack-before-commit';
  readonly seed: number;
  readonly requests: number;
  readonly concurrency: number;
  readonly kills: number;
  readonly restarts: number;
  readonly acked: number;
  /** Requests without a 200 (connection reset by a kill, refused, 503, timeout). */
  readonly unacked: number;
  readonly lost: number;
  readonly corrupt: number;
  readonly recovered: number;
  /** Rows whose body carries no id of this run, or an id stored twice (both must be 0). */
  readonly unexpectedRows: number;
  readonly storedEvents: number;
  readonly bytesAcked: number;
  /** Result of the check after every restart ('ok' each time when healthy). */
  readonly checksAfterRestart: readonly string[];
  /** Time from SIGKILL's exit to the restarted server's first log line (recovery included). */
  readonly restartMsMax: number;
  readonly restartMsMean: number;
  /** `PRAGMA integrity_check` of the final database. */
  readonly integrity: string;
  /** Status codes other than 200 that the server answered, with counts. */
  readonly otherStatuses: Readonly<Record<string, number>>;
  /** Lines the server wrote to stderr that start with WARNING. */
  readonly serverWarnings: readonly string[];
  readonly elapsedMs: number;
  /** A few lost ids, for the report. */
  readonly lostSample: readonly string[];
}

/** Deterministic PRNG (mulberry32) for the schedule: a failing run can be repeated by seed. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function createInbox(apiUrl: string): Promise<string> {
  const response = await fetch(`${apiUrl}/api/v1/inboxes`, { method: 'POST' });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`creating the inbox answered ${response.status}: ${text}`);
  const id = (JSON.parse(text) as { data: { inbox: { id: string } } }).data.inbox.id;
  return id;
}

interface Sent {
  readonly status: number | null;
  readonly error: string | null;
}

function send(agent: Agent, url: string, headers: Record<string, string>, body: Buffer): Promise<Sent> {
  return new Promise((resolve) => {
    const req = httpRequest(
      url,
      { method: 'POST', agent, headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? null, error: null }));
        res.on('error', (err: NodeJS.ErrnoException) => resolve({ status: null, error: err.code ?? err.message }));
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: null, error: err.code ?? err.message }));
    req.end(body);
  });
}

/** Body: `<id>\n` then random bytes, `size` bytes in all. */
function makeBody(id: string, size: number): Buffer {
  const head = Buffer.from(`${id}\n`, 'latin1');
  return Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]);
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** Runs one crash test and returns its report (it never throws for lost events: callers assert). */
export async function runCrashTest(opts: CrashOptions): Promise<CrashReport> {
  const started = Date.now();
  const seed = opts.seed ?? (Math.random() * 2 ** 31) >>> 0;
  const random = prng(seed);
  const concurrency = opts.concurrency ?? 32;
  const minBody = opts.minBody ?? 200;
  const maxBody = opts.maxBody ?? 64 * 1024;
  const checkKind = opts.checkAfterRestart ?? 'integrity';
  const log = opts.log ?? (() => undefined);
  const runTag = randomBytes(4).toString('hex');
  const env: Record<string, string> = opts.unsafeAckBeforeCommit ? { REHOOK_UNSAFE_ACK_BEFORE_COMMIT: '1' } : {};
  const serverWarnings: string[] = [];
  const onStderr = (line: string) => {
    if (line.startsWith('WARNING')) serverWarnings.push(line);
  };

  const snapshot = await snapshotCli();
  const dataDir = await mkdtemp(join(tmpdir(), 'rehook-crash-'));
  const dbPath = join(dataDir, DB_FILE);
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  // Every server this run started: the finally block SIGKILLs any still alive (a failed run).
  const spawned: ChildProcess[] = [];
  const start = async () => {
    const started = await startServer(snapshot.cli, dataDir, env, onStderr);
    spawned.push(started.child);
    return started;
  };
  try {
    const server = await start();
    const inboxId = await createInbox(server.apiUrl);

    // Kill points: request counts at which a kill is triggered, spread uniformly over the run.
    // Within the first 90 %, so every kill still lands under load even when restarts are slow.
    const killPoints = Array.from({ length: opts.kills }, () => 1 + Math.floor(random() * opts.requests * 0.9));
    killPoints.sort((a, b) => a - b);
    const sizes = Array.from({ length: opts.requests }, () =>
      Math.round(Math.exp(Math.log(minBody) + random() * (Math.log(maxBody) - Math.log(minBody)))),
    );

    // The gate is open while a server is up; workers wait on it during a kill and restart.
    let gate: Promise<void> = Promise.resolve();
    let openGate: () => void = () => undefined;
    let current = server;
    let issued = 0;
    let wakeController: () => void = () => undefined;

    const acked = new Map<string, string>(); // id -> sha256
    let bytesAcked = 0;
    let unacked = 0;
    const otherStatuses: Record<string, number> = {};
    let kills = 0;
    let restarts = 0;
    const checksAfterRestart: string[] = [];
    const restartMs: number[] = [];

    const worker = async () => {
      for (;;) {
        await gate;
        const index = issued;
        if (index >= opts.requests) return;
        issued += 1;
        wakeController();
        const id = `crash-${runTag}-${index}`;
        const body = makeBody(id, sizes[index] as number);
        const hash = sha256(body);
        const url = `${current.ingestUrl}/i/${inboxId}/crash`;
        const result = await send(
          agent,
          url,
          { 'content-type': 'application/octet-stream', 'x-crash-id': id, 'x-crash-sha256': hash },
          body,
        );
        if (result.status === 200) {
          acked.set(id, hash);
          bytesAcked += body.length;
        } else {
          unacked += 1;
          const key = result.status === null ? `error:${result.error}` : String(result.status);
          otherStatuses[key] = (otherStatuses[key] ?? 0) + 1;
        }
      }
    };

    const controller = async () => {
      for (const point of killPoints) {
        while (issued < point && issued < opts.requests) {
          await new Promise<void>((resolve) => {
            wakeController = resolve;
          });
        }
        // A random moment: up to 25 ms more of load (requests in every phase of their life).
        await sleep(Math.floor(random() * 25));
        gate = new Promise<void>((resolve) => {
          openGate = resolve;
        });
        current.child.kill('SIGKILL');
        await current.exited;
        kills += 1;
        const restartStarted = Date.now();
        current = await start();
        restartMs.push(Date.now() - restartStarted);
        restarts += 1;
        if (checkKind !== 'none') checksAfterRestart.push(checkDatabase(dbPath, checkKind));
        log(
          `kill ${kills}/${opts.kills} at request ${issued}: acked ${acked.size}, unacked ${unacked}, ` +
            `restart ${restartMs.at(-1)} ms` +
            (checkKind === 'none' ? '' : `, ${checkKind}_check ${checksAfterRestart.at(-1)}`),
        );
        openGate();
      }
    };

    await Promise.all([controller(), ...Array.from({ length: concurrency }, () => worker())]);
    // Ends with a graceful stop (close() finishes in-flight requests and closes the database),
    // so the final read sees exactly what the server committed.
    current.child.kill('SIGTERM');
    await current.exited;

    // Jepsen-style set check on unique ids + SHA-256, straight from the file.
    const db = new Database(dbPath, { readonly: true, fileMustExist: true });
    let lost = 0;
    let corrupt = 0;
    let recovered = 0;
    let unexpectedRows = 0;
    let storedEvents = 0;
    const seen = new Set<string>();
    let integrity: string;
    try {
      const rows = db
        .prepare<[string], { headers: string; body: Buffer }>('SELECT headers, body FROM events WHERE inbox_id = ?')
        .iterate(inboxId);
      for (const row of rows) {
        storedEvents += 1;
        const newline = row.body.indexOf(0x0a);
        const id = newline < 0 ? '' : row.body.subarray(0, newline).toString('latin1');
        if (!id.startsWith(`crash-${runTag}-`) || seen.has(id)) {
          unexpectedRows += 1;
          continue;
        }
        seen.add(id);
        const expected = acked.get(id);
        if (expected === undefined) {
          recovered += 1;
          continue;
        }
        const headers = JSON.parse(row.headers) as Array<[string, string]>;
        const headerHash = headers.find(([name]) => name === 'x-crash-sha256')?.[1];
        const headerId = headers.find(([name]) => name === 'x-crash-id')?.[1];
        if (sha256(row.body) !== expected || headerHash !== expected || headerId !== id) corrupt += 1;
      }
      integrity = (db.pragma('integrity_check') as Array<Record<string, string>>)
        .map((row) => Object.values(row).join(' '))
        .join('; ');
    } finally {
      db.close();
    }
    const lostSample: string[] = [];
    for (const id of acked.keys()) {
      if (!seen.has(id)) {
        lost += 1;
        if (lostSample.length < 5) lostSample.push(id);
      }
    }
    return {
      mode: opts.unsafeAckBeforeCommit ? 'unsafe-ack-before-commit' : 'safe',
      seed,
      requests: issued,
      concurrency,
      kills,
      restarts,
      acked: acked.size,
      unacked,
      lost,
      corrupt,
      recovered,
      unexpectedRows,
      storedEvents,
      bytesAcked,
      checksAfterRestart,
      restartMsMax: Math.max(0, ...restartMs),
      restartMsMean: restartMs.length === 0 ? 0 : Math.round(restartMs.reduce((a, b) => a + b, 0) / restartMs.length),
      integrity,
      otherStatuses,
      serverWarnings,
      elapsedMs: Date.now() - started,
      lostSample,
    };
  } finally {
    agent.destroy();
    for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    await snapshot.cleanup();
  }
}

function parseArgs(argv: readonly string[]): Record<string, string | true> {
  const out: Record<string, string | true> = {};
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) continue;
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      out[arg.slice(2)] = next;
      i += 1;
    } else {
      out[arg.slice(2)] = true;
    }
  }
  return out;
}

/** The long form: `npm run test:crash`. Exits 1 when the safe run loses or corrupts anything. */
async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const num = (key: string, fallback: number) => (typeof args[key] === 'string' ? Number(args[key]) : fallback);
  const requests = num('requests', 100_000);
  const kills = num('kills', 30);
  const concurrency = num('concurrency', 32);
  const check = typeof args['check'] === 'string' ? (args['check'] as 'integrity' | 'quick' | 'none') : 'quick';
  const seed = typeof args['seed'] === 'string' ? Number(args['seed']) : undefined;
  const log = (line: string) => process.stderr.write(`${line}\n`);
  let failed = false;

  if (args['mutant-only'] !== true) {
    log(`crash test: ${requests} requests, ${kills} SIGKILLs, ${concurrency} clients`);
    const report = await runCrashTest({
      requests,
      kills,
      concurrency,
      checkAfterRestart: check,
      log,
      ...(seed === undefined ? {} : { seed }),
    });
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    const badChecks = report.checksAfterRestart.filter((result) => result !== 'ok').length;
    const ok =
      report.lost === 0 &&
      report.corrupt === 0 &&
      report.unexpectedRows === 0 &&
      report.integrity === 'ok' &&
      badChecks === 0 &&
      report.kills >= Math.min(kills, 25);
    log(
      `${ok ? 'PASS' : 'FAIL'}: acked ${report.acked}, lost ${report.lost}, corrupt ${report.corrupt}, ` +
        `recovered ${report.recovered}, kills ${report.kills}, integrity_check ${report.integrity}, ` +
        `${Math.round(report.elapsedMs / 1000)} s`,
    );
    failed ||= !ok;
  }
  if (args['mutant'] === true || args['mutant-only'] === true) {
    const mutantRequests = num('mutant-requests', 10_000);
    const mutantKills = num('mutant-kills', 10);
    log(`mutant (REHOOK_UNSAFE_ACK_BEFORE_COMMIT=1): ${mutantRequests} requests, ${mutantKills} SIGKILLs`);
    const mutant = await runCrashTest({
      requests: mutantRequests,
      kills: mutantKills,
      concurrency,
      unsafeAckBeforeCommit: true,
      checkAfterRestart: 'none',
      log,
    });
    process.stdout.write(`${JSON.stringify(mutant, null, 2)}\n`);
    const caught = mutant.lost > 0;
    log(
      `${caught ? 'PASS (mutant caught)' : 'FAIL (mutant not caught)'}: mutant lost ${mutant.lost} of ${mutant.acked} acked`,
    );
    failed ||= !caught;
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    killAllServers();
    process.exit(2);
  });
}
