// What a run measures besides the load generator's own figures: the CPU time of each process over
// a run, the database's size, RSS trends, and a quiet machine between rows.
import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { WalCheckpointRow } from '../src/storage/sqlite/checkpoint-protocol.js';
import { log } from './log.js';
import { readCpuSeconds, type RssSample } from './processes.js';
import type { LoadResult } from './protocol.js';
import type { RunRecord, ScenarioDef } from './results.js';
import type { Servers } from './servers.js';
import { median } from './stats.js';

/** Bytes of a file; 0 when there is none (a WAL already checkpointed away). */
export function fileSize(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

/** Size of the database as SQLite sees it (committed pages, WAL included) and on disk. */
export function databaseSize(path: string, inboxId?: string): { logical: number; physical: number; events: number } {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const pages = db.pragma('page_count', { simple: true }) as number;
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const events =
      inboxId === undefined
        ? 0
        : (db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM events WHERE inbox_id = ?').get(inboxId)?.n ??
          0);
    return { logical: pages * pageSize, physical: fileSize(path) + fileSize(`${path}-wal`), events };
  } finally {
    db.close();
  }
}

export function countEvents(path: string): number {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()?.n ?? 0;
  } finally {
    db.close();
  }
}

/** Least-squares slope of RSS over time, bytes per millisecond (0 with fewer than 2 samples). */
export function slope(samples: readonly RssSample[]): number {
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
export function rssBetween(samples: readonly RssSample[], from: number, to: number): number {
  return median(samples.filter((s) => s.t >= from && s.t <= to).map((s) => s.bytes));
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

/** Median over rounds of (replay p50 - direct-to-destination p50) measured in the same round. */
export function replayOverhead(runs: ReadonlyMap<string, readonly LoadResult[]>): { p50: number; p99: number } | null {
  const replay = runs.get('f');
  const direct = runs.get('f-direct');
  if (!replay || !direct || replay.length === 0) return null;
  return {
    p50: median(replay.map((r, i) => r.p50 - (direct[i]?.p50 ?? Number.NaN))),
    p99: median(replay.map((r, i) => r.p99 - (direct[i]?.p99 ?? Number.NaN))),
  };
}

/**
 * A function that runs one scenario and returns its figures with the CPU time the server and the
 * load generator used meanwhile.
 */
export function createMeasure(servers: Servers, databasePath: string): (def: ScenarioDef) => Promise<RunRecord> {
  const { ceiling, rehook, load, pg } = servers;
  const pidOf = (server: ScenarioDef['server']): number =>
    server === 'ceiling' ? ceiling.proc.pid : server === 'pg' && pg !== null ? pg.proc.pid : rehook.proc.pid;
  const settlePids = [rehook.proc.pid, ceiling.proc.pid, ...(pg === null ? [] : [pg.proc.pid])];
  return async (def) => {
    // Every row measures its own requests, not the work the row before it left behind: the
    // checkpoint backlog of its writes (hundreds of MB after (b)) is copied now, and the servers
    // are left to finish what they were doing, while no load runs.
    const settled = (await settleWal(databasePath)) + (await settleCpu(settlePids));
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
}
