// The listener benchmark alone (`npm run bench:listen`; also `npm run bench -- --only listen`):
// bench/listen-scenario.ts on SQLite and, when reachable on loopback, PostgreSQL. Needs the built
// CLI (`npm run build`). Writes bench/results/listen.json (listen-quick.json with --quick).
//
//   npm run bench:listen [-- --events 100000 --rate 500 --seconds 10 --no-postgres
//                          --before /path/to/an/older/checkout --before-events 10000 --quick]
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { describeMachine } from './machine.js';
import { findRepoRoot } from './processes.js';
import { formatListenBench, type ListenBenchOptions, runListenBench } from './listen-scenario.js';
import { log } from './log.js';

/** The defaults: a 100,000-event backlog, then 500 events/s for 10 s (quick: 5,000 and 3 s). */
export function listenBenchOptions(
  repo: string,
  flags: { quick: boolean; postgresUrl: string | null; events?: number; rate?: number; seconds?: number },
  before: { dist: string | null; events: number } = { dist: null, events: 10_000 },
): ListenBenchOptions {
  return {
    repo,
    events: flags.events ?? (flags.quick ? 5_000 : 100_000),
    rate: flags.rate ?? 500,
    seconds: flags.seconds ?? (flags.quick ? 3 : 10),
    postgresUrl: flags.postgresUrl,
    beforeDist: before.dist,
    beforeEvents: before.events,
  };
}

/** Runs the scenario, prints the tables and writes the results JSON; its path. */
export async function runListenBenchAndSave(repo: string, opts: ListenBenchOptions, quick: boolean): Promise<string> {
  const machine = describeMachine(repo);
  const result = await runListenBench(opts);
  process.stdout.write(formatListenBench(result));
  const out = join(repo, quick ? 'bench/results/listen-quick.json' : 'bench/results/listen.json');
  writeFileSync(out, `${JSON.stringify({ machine, ...result }, null, 2)}\n`);
  log(`listen results: ${out}`);
  return out;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const { values } = parseArgs({
    options: {
      events: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      'postgres-url': { type: 'string' },
      'no-postgres': { type: 'boolean', default: false },
      before: { type: 'string' },
      'before-events': { type: 'string' },
      quick: { type: 'boolean', default: false },
    },
  });
  const repo = findRepoRoot(dirname(fileURLToPath(import.meta.url)));
  const number = (raw: string | undefined): number | undefined => (raw === undefined ? undefined : Number(raw));
  const postgresUrl = values['no-postgres']
    ? null
    : (values['postgres-url'] ??
      process.env['BENCH_POSTGRES_URL'] ??
      process.env['REHOOK_TEST_DATABASE_URL'] ??
      'postgres://postgres@127.0.0.1:5432/test');
  const flags = {
    quick: values.quick,
    postgresUrl,
    ...(values.events !== undefined ? { events: Number(values.events) } : {}),
    ...(values.rate !== undefined ? { rate: Number(values.rate) } : {}),
    ...(values.seconds !== undefined ? { seconds: Number(values.seconds) } : {}),
  };
  const opts = listenBenchOptions(repo, flags, {
    dist: values.before ?? null,
    events: number(values['before-events']) ?? 10_000,
  });
  runListenBenchAndSave(repo, opts, values.quick).catch((err: unknown) => {
    process.stderr.write(`[bench] listen failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  });
}
