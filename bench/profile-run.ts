// `npm run bench -- --profile[=x]`: one scenario with the server under node --cpu-prof, and where
// its CPU time goes.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Pool } from 'pg';
import { fmtRun } from './format.js';
import type { Janitor } from './janitor.js';
import { log } from './log.js';
import type { BenchOptions, ProfileScenario, ScenarioGroup } from './options.js';
import { ssePhase } from './phases.js';
import { batchesSeen, formatAnatomy, type InsertAnatomy, insertAnatomy } from './pg-insert-anatomy.js';
import { type CpuProfile, formatProfile, summarizeProfile } from './profile.js';
import { defineScenarios } from './scenarios.js';
import { setup } from './servers.js';

/**
 * PostgreSQL's side of (h), once its Rehook process has stopped: the mean batch the load made,
 * and the anatomy of one batch of that size (bench/pg-insert-anatomy.ts).
 */
async function databaseSide(
  url: string,
  inboxId: string,
): Promise<{ seen: { events: number; batches: number }; anatomy: InsertAnatomy }> {
  const pool = new Pool({ connectionString: url, max: 1 });
  try {
    const seen = await batchesSeen(pool);
    const rows = Math.max(1, Math.round(seen.events / Math.max(1, seen.batches)));
    log(`(h) PostgreSQL took ${seen.events} events in ${seen.batches} batches (${rows} per batch on average)`);
    const anatomy = await insertAnatomy(pool, { inboxId, rows, samples: 30 });
    process.stdout.write(formatAnatomy(anatomy));
    return { seen, anatomy };
  } finally {
    await pool.end();
  }
}

/** The thread id in a --cpu-prof file name (CPU.<date>.<time>.<pid>.<thread id>.<seq>.cpuprofile). */
function threadOf(file: string): number {
  return Number(file.split('.').at(-3) ?? 0);
}

/** `--profile[=x]`: one scenario against a server running under `node --cpu-prof`. */
export async function runProfile(
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
  // (h) profiles the Rehook process on PostgreSQL; every other scenario the one on SQLite.
  const onPostgres = scenario === 'h';
  const { servers, seed, inboxes } = await setup(
    snap,
    only,
    janitor,
    onPostgres ? { pg: cpuProf } : { sqlite: cpuProf },
  );
  if (onPostgres && servers.pg === null) throw new Error('(h) needs PostgreSQL: set BENCH_POSTGRES_URL');
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
    const def = defineScenarios(only, servers, seed, inboxes).find(
      (d) => d.kind === 'rehook' && (d.id === 'h') === onPostgres,
    );
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
  await servers.pg?.proc.stop(60_000);
  await servers.ceiling.proc.stop();
  const database =
    servers.pg === null ? undefined : await databaseSide(servers.pg.target.url, servers.pg.target.inboxId);
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
  writeFileSync(out, `${JSON.stringify({ ...main, threads, database }, null, 2)}\n`);
  log(`wrote bench/results/profile-${scenario}.json (the .cpuprofile itself is deleted)`);
}
