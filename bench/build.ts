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

/** Files a usable build must have (the CLI is optional: bench/rehook-server.ts stands in). */
const REQUIRED_FILES = [
  'dist/src/server.js',
  'dist/src/storage/sqlite/store.js',
  'dist/bench/load.js',
  'dist/bench/ceiling-server.js',
  'dist/bench/rehook-server.js',
];

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
      // npm run build emits only src (what the package ships); the load generator, the ceiling
      // server and the in-process server entry are compiled to dist-bench/, and the snapshot
      // puts them next to it.
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
