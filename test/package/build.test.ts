import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { cleanNpmEnv } from '../helpers/local-registry.js';
import { makeTempDir, type TempDir } from '../helpers/temp-dir.js';
import { CLI, ensureBuilt, ROOT } from '../e2e/cli-harness.js';

// The bin as `npm test` leaves it: `npm test` runs `npm run build` first, and a rebuild used to
// write dist/src/cli/index.js afresh without the execute bit npm sets only at install time, so
// `npx rehook` answered "Permission denied". These tests run the bin the way a shell does.

const run = promisify(execFile);

interface SyncResult {
  readonly replaced: string[];
  readonly unchanged: string[];
  readonly removed: string[];
}
type SyncBuild = (staging: string, target: string, executables?: readonly string[]) => SyncResult;

describe('the built bin', () => {
  before(() => ensureBuilt());

  test('is executable and starts with a node shebang', () => {
    const mode = statSync(CLI).mode;
    assert.equal(mode & 0o111, 0o111, `dist/src/cli/index.js mode is ${(mode & 0o777).toString(8)}`);
    assert.match(readFileSync(CLI, 'utf8'), /^#!\/usr\/bin\/env node\n/);
  });

  test('runs as a program, without `node` in front', async () => {
    const { stdout } = await run(CLI, ['--help'], { cwd: ROOT, env: cleanNpmEnv() });
    assert.match(stdout, /rehook/);
    assert.match(stdout, /serve/);
  });

  test('`npx rehook --version` in the repository prints the package version', async () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    const { stdout } = await run('npx', ['--offline', 'rehook', '--version'], { cwd: ROOT, env: cleanNpmEnv() });
    assert.equal(stdout.trim(), version);
  });

  test('dist/ holds the package build only: declarations, no source maps, no tests', () => {
    assert.ok(existsSync(join(ROOT, 'dist', 'src', 'index.d.ts')));
    assert.ok(existsSync(join(ROOT, 'dist', 'src', 'testing', 'index.d.ts')));
    assert.ok(!existsSync(join(ROOT, 'dist', 'src', 'index.js.map')));
    assert.ok(!existsSync(join(ROOT, 'dist', 'test')));
    assert.doesNotMatch(readFileSync(join(ROOT, 'dist', 'src', 'index.js'), 'utf8'), /sourceMappingURL/);
  });
});

describe('scripts/build.mjs: moving a build into dist/', () => {
  let syncBuild: SyncBuild;
  let dir: TempDir;

  before(async () => {
    const url = pathToFileURL(join(ROOT, 'scripts', 'build.mjs')).href;
    ({ syncBuild } = (await import(url)) as { syncBuild: SyncBuild });
    dir = await makeTempDir('rehook-build-sync-');
  });
  after(() => dir.cleanup());

  function tree(root: string, files: Record<string, string>): void {
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(join(root, file, '..'), { recursive: true });
      writeFileSync(join(root, file), content);
    }
  }

  test('never removes or rewrites a file that did not change; replaces changed ones; drops stale ones', () => {
    const staging = join(dir.path, 'one', 'staging');
    const target = join(dir.path, 'one', 'dist');
    tree(target, {
      'src/same.js': 'same',
      'src/changed.js': 'old',
      'src/gone.js': 'from a deleted source',
      'src/old-dir/only.js': 'stale directory',
      'src/cli/index.js': '#!/usr/bin/env node\nold',
    });
    tree(staging, {
      'src/same.js': 'same',
      'src/changed.js': 'new',
      'src/added/new.js': 'new file',
      'src/cli/index.js': '#!/usr/bin/env node\nnew',
    });
    const sameInode = statSync(join(target, 'src/same.js')).ino;
    const result = syncBuild(staging, target, ['src/cli/index.js']);

    assert.deepEqual(result.unchanged, ['src/same.js']);
    assert.deepEqual([...result.replaced].sort(), ['src/added/new.js', 'src/changed.js', 'src/cli/index.js']);
    assert.deepEqual([...result.removed].sort(), ['src/gone.js', 'src/old-dir/only.js']);
    // Same inode: the file was never deleted or rewritten, so a process reading it is unaffected.
    assert.equal(statSync(join(target, 'src/same.js')).ino, sameInode);
    assert.equal(readFileSync(join(target, 'src/changed.js'), 'utf8'), 'new');
    assert.ok(!existsSync(join(target, 'src/old-dir')));
    assert.equal(statSync(join(target, 'src/cli/index.js')).mode & 0o777, 0o755);
  });

  test('an unchanged bin that lost its execute bits gets them back', () => {
    const staging = join(dir.path, 'two', 'staging');
    const target = join(dir.path, 'two', 'dist');
    tree(target, { 'src/cli/index.js': '#!/usr/bin/env node\n' });
    tree(staging, { 'src/cli/index.js': '#!/usr/bin/env node\n' });
    chmodSync(join(target, 'src/cli/index.js'), 0o644);
    syncBuild(staging, target, ['src/cli/index.js']);
    assert.equal(statSync(join(target, 'src/cli/index.js')).mode & 0o111, 0o111);
  });
});
