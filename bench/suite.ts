// The full benchmark: interleaved rounds of every scenario, then the phases, then the results.
import { loadavg } from 'node:os';
import { fmtRun } from './format.js';
import type { Janitor } from './janitor.js';
import { log } from './log.js';
import { countEvents, createMeasure, fileSize, replayOverhead } from './measure.js';
import type { BenchOptions } from './options.js';
import { sustainedPhase, ssePhase, streamingPhase } from './phases.js';
import { readRss } from './processes.js';
import { writeResults } from './report.js';
import { type BenchResults, type Machine, type RunRecord, summarizeScenario } from './results.js';
import { defineScenarios } from './scenarios.js';
import { LIMITS_OFF, setup, stopTimed } from './servers.js';
import { evaluateTargets } from './targets.js';

/** One benchmark run of the build in `snap`: prints the table, writes the results (and the docs). */
export async function runSuite(
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
  const measure = createMeasure(servers, seed.databasePath);
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

  writeResults(repo, opts.out, results, opts.docs);
}
