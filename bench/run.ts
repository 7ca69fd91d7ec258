// `npm run bench`: builds Rehook, starts it and a bare node:http ceiling server as separate
// processes on loopback, drives load from a separate autocannon process, and reports every
// scenario against the ceiling measured in the same run. See --help.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAndSnapshot } from './build.js';
import { cleanUp, type Janitor } from './janitor.js';
import { log } from './log.js';
import { describeMachine } from './machine.js';
import { HELP, parseOptions } from './options.js';
import { findRepoRoot, killAll } from './processes.js';
import { runProfile } from './profile-run.js';
import { renderDocs } from './report.js';
import type { BenchResults } from './results.js';
import { runSuite } from './suite.js';

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
  const cleanup = (): Promise<void> => cleanUp(janitor);
  const onSignal = (): void => {
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const { snap, buildOk } = buildAndSnapshot(repo, opts, janitor);
    // The search and listen groups run on their own; the HTTP suite only when another group is asked for.
    const searchOnly = [...opts.only].every((group) => group === 'search' || group === 'listen' || group === 'scale');
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
    // Ten million events (bench/scale.ts; also alone, with its own options: npm run bench:scale).
    if (opts.profile === null && opts.only.has('scale')) {
      try {
        const { formatScaleBench, runScaleBench, scaleOptionsFrom } = await import('./scale.js');
        const { options } = scaleOptionsFrom(opts.quick ? ['--events', '200000', '--runs', '30'] : [], process.env);
        const scale = await runScaleBench({ ...options, postgresUrl: opts.postgresUrl });
        process.stdout.write(formatScaleBench(scale));
        const out = join(repo, opts.quick ? 'bench/results/scale-quick.json' : 'bench/results/scale.json');
        writeFileSync(out, `${JSON.stringify(scale, null, 2)}\n`);
        log(`scale results: ${out}`);
      } catch (err) {
        log(`scale figures failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exitCode = 1;
      }
    }
    // The listener's catch-up, start-up and lag (bench/listen-scenario.ts; also alone: npm run bench:listen).
    if (opts.profile === null && opts.only.has('listen')) {
      try {
        const { listenBenchOptions, runListenBenchAndSave } = await import('./listen.js');
        const listen = listenBenchOptions(repo, { quick: opts.quick, postgresUrl: opts.postgresUrl });
        await runListenBenchAndSave(repo, listen, opts.quick);
      } catch (err) {
        log(`listen figures failed: ${err instanceof Error ? err.message : String(err)}`);
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
