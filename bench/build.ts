// The build a run measures: built (unless told not to) and copied aside, so that a rebuild in the
// repository cannot change it mid-run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import type { Janitor } from './janitor.js';
import { log } from './log.js';
import type { BenchOptions } from './options.js';
import { snapshotBuild } from './processes.js';

/** Files Rehook's build must have in dist/ (the CLI is optional: bench/rehook-server.ts stands in). */
const REQUIRED_BUILD_FILES = ['src/server.js', 'src/storage/sqlite/store.js'];
/** The bench's own compiled files (tsconfig.bench.json), in dist-bench/; the snapshot puts them in dist/. */
const REQUIRED_BENCH_FILES = ['bench/load.js', 'bench/ceiling-server.js', 'bench/rehook-server.js'];

/**
 * Compiles the load generator, the ceiling server and the in-process server entry to
 * dist-bench/ (npm run build emits only src, what the package ships). True when tsc succeeded.
 */
function compileBenchFiles(repo: string): boolean {
  log('tsc -p tsconfig.bench.json');
  const tsc = createRequire(join(repo, 'package.json')).resolve('typescript/bin/tsc');
  return (
    spawnSync(process.execPath, [tsc, '-p', 'tsconfig.bench.json'], { cwd: repo, stdio: ['ignore', 2, 2] }).status === 0
  );
}

/** The required files missing from a snapshot, named where they are in the repository. */
function missingFiles(snap: string): string[] {
  return [
    ...REQUIRED_BUILD_FILES.filter((p) => !existsSync(join(snap, 'dist', p))).map((p) => `dist/${p}`),
    ...REQUIRED_BENCH_FILES.filter((p) => !existsSync(join(snap, 'dist', p))).map((p) => `dist-bench/${p}`),
  ];
}

/**
 * Runs `npm run build` and copies the result to a temporary directory. `npm run build` starts by
 * deleting dist/, so a build started elsewhere in the repository can remove it between our build
 * and the copy: the copy is checked, and built again (3 attempts).
 */
export function buildAndSnapshot(
  repo: string,
  opts: BenchOptions,
  janitor: Janitor,
): { snap: string; buildOk: boolean } {
  const root = opts.distRoot === null ? repo : resolve(opts.distRoot);
  for (let attempt = 1; ; attempt += 1) {
    let buildOk = true;
    if (opts.build) {
      log('npm run build');
      const build = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: ['ignore', 2, 2] });
      buildOk = build.status === 0 && compileBenchFiles(repo);
    } else if (root === repo && REQUIRED_BENCH_FILES.some((p) => !existsSync(join(repo, 'dist-bench', p)))) {
      // --no-build keeps Rehook's build as it is; the bench's own files are not what is measured,
      // and a fresh clone has none (npm install builds dist/ only), so they are compiled here.
      buildOk = compileBenchFiles(repo);
    }
    try {
      const snap = snapshotBuild(root);
      janitor.dirs.push(snap);
      const missing = missingFiles(snap);
      if (missing.length > 0) throw new Error(`missing ${missing.join(', ')}`);
      if (!buildOk)
        log('WARNING: the build reported errors (see above) but emitted its files; benchmarking what it emitted');
      if (opts.distRoot !== null) log(`benchmarking the build in ${root}`);
      return { snap, buildOk };
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      if (!opts.build || attempt >= 3) {
        const hint = opts.build
          ? ''
          : root === repo
            ? '; run without --no-build'
            : '; build it there (npm run build && npx tsc -p tsconfig.bench.json) or run without --dist';
        throw new Error(`no usable build in ${root} (${reason})${hint}`);
      }
      log(`the build vanished or is incomplete (${reason}); another build may be running, building again`);
    }
  }
}
