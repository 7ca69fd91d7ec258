// Builds dist/src from src (tsconfig.build.json: JavaScript and type declarations, no source maps).
//
// A rebuild must never break what already runs from dist/: a `rehook serve` started with
// `npm start` imports modules lazily (every CLI command is loaded on demand, the SQLite checkpoint
// thread is started from its own file), and `npx rehook ...` may run while `npm test` rebuilds.
// So dist/ is never emptied: TypeScript writes into a staging directory next to it, and each
// file that changed is then moved into place with rename(2), which swaps it atomically (a reader
// sees the old file or the new one, never a missing or half-written one). Unchanged files are left
// alone. Files that the build no longer produces (a deleted source) are removed last, so no
// stale compiled module lingers. A failed compile leaves dist/ exactly as it was.
//
// The bin (package.json "bin") gets its execute bits here on every build: npm sets them only when
// it installs, so a rebuild that wrote a fresh file used to leave `npx rehook` with "Permission
// denied".
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  rmdirSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const STAGING_PREFIX = '.build-';

/** Every file below `dir`, as paths relative to it (staging directories of builds excluded). */
function listFiles(dir, base = dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(STAGING_PREFIX)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listFiles(path, base));
    else found.push(relative(base, path));
  }
  return found;
}

function sameContent(a, b) {
  try {
    return readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/** Removes the directories below `dir` (and `dir` itself when `self`) that hold no file any more. */
function removeEmptyDirs(dir, self = false) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && !entry.name.startsWith(STAGING_PREFIX)) removeEmptyDirs(join(dir, entry.name), true);
  }
  if (self && readdirSync(dir).length === 0) {
    try {
      rmdirSync(dir);
    } catch {
      // Another build put a file there meanwhile: keep it.
    }
  }
}

/**
 * Moves the fresh build in `staging` into `target`: changed and new files by rename (atomic),
 * unchanged files untouched, files `target` holds that `staging` does not removed afterwards.
 * `executables` (paths relative to `target`) get mode 0755. Returns what it did, for tests.
 */
export function syncBuild(staging, target, executables = []) {
  mkdirSync(target, { recursive: true });
  const fresh = listFiles(staging);
  const wanted = new Set(fresh);
  const result = { replaced: [], unchanged: [], removed: [] };
  for (const file of fresh) {
    const from = join(staging, file);
    const to = join(target, file);
    const executable = executables.includes(file);
    if (sameContent(from, to)) {
      result.unchanged.push(file);
      if (executable && (statSync(to).mode & 0o111) !== 0o111) chmodSync(to, 0o755);
      continue;
    }
    mkdirSync(dirname(to), { recursive: true });
    if (executable) chmodSync(from, 0o755);
    renameSync(from, to);
    result.replaced.push(file);
  }
  for (const file of listFiles(target)) {
    if (wanted.has(file)) continue;
    rmSync(join(target, file), { force: true });
    result.removed.push(file);
  }
  removeEmptyDirs(target);
  return result;
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Staging directories left by builds that died (their process is gone). */
function removeAbandonedStaging(dist) {
  if (!existsSync(dist)) return;
  for (const name of readdirSync(dist)) {
    const match = /^\.build-(\d+)-/.exec(name);
    if (match !== null && !processAlive(Number(match[1]))) rmSync(join(dist, name), { recursive: true, force: true });
  }
}

/**
 * Builds the web app (ui/, Vite) into `root`/dist/ui through a staging directory, moved in the
 * same way as the server build: a running server keeps serving the files it loaded. Returns the
 * process exit code.
 */
export async function buildUi(root) {
  const dist = join(root, 'dist');
  mkdirSync(dist, { recursive: true });
  const staging = join(dist, `${STAGING_PREFIX}${process.pid}-ui-${randomBytes(4).toString('hex')}`);
  try {
    const vitePath = createRequire(join(root, 'package.json')).resolve('vite');
    const vite = await import(pathToFileURL(vitePath).href);
    await vite.build({
      configFile: join(root, 'ui', 'vite.config.ts'),
      logLevel: 'warn',
      build: { outDir: staging, emptyOutDir: true },
    });
    syncBuild(staging, join(dist, 'ui'));
    return 0;
  } catch (err) {
    console.error(`web app build failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    return 1;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/**
 * Files of src that the compiled code reads at run time, copied beside it: the migrations
 * (src/storage/{sqlite,postgres}/migrations/NNNN-name.sql), which tsc does not emit.
 */
const RUNTIME_FILE = /\.sql$/;

function copyRuntimeFiles(src, staging) {
  for (const file of listFiles(src)) {
    if (!RUNTIME_FILE.test(file)) continue;
    mkdirSync(dirname(join(staging, file)), { recursive: true });
    copyFileSync(join(src, file), join(staging, file));
  }
}

/** Compiles `root`'s src into `root`/dist/src and returns the process exit code. */
export function build(root) {
  const dist = join(root, 'dist');
  mkdirSync(dist, { recursive: true });
  removeAbandonedStaging(dist);
  const staging = join(dist, `${STAGING_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    const tsc = createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
    const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json'), '--outDir', staging], {
      cwd: root,
      stdio: 'inherit',
    });
    if (compiled.status !== 0) return compiled.status ?? 1;
    copyRuntimeFiles(join(root, 'src'), join(staging, 'src'));
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    const bins = typeof pkg.bin === 'string' ? [pkg.bin] : Object.values(pkg.bin ?? {});
    // "dist/src/cli/index.js" → "cli/index.js" (relative to dist/src), in this platform's separators.
    const executables = bins.map((bin) => relative('dist/src', bin).split('/').join(sep));
    // Only dist/src is the server build; dist/ui (the web app) is moved in by buildUi.
    syncBuild(join(staging, 'src'), join(dist, 'src'), executables);
    return 0;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** What a whole build is made from: a change to any of these can change dist/. */
const BUILD_INPUTS = ['src', 'ui', 'tsconfig.json', 'tsconfig.build.json', 'package.json', 'package-lock.json'];
/** Written after a whole build; `--if-changed` compares the inputs with it. */
const BUILT_STAMP = join('dist', '.built');

/** The newest modification time among the inputs; folders count too (deleting a file changes its folder's). */
function newestInput(root) {
  let newest = statSync(fileURLToPath(import.meta.url)).mtimeMs;
  const visit = (path) => {
    let stats;
    try {
      stats = statSync(path);
    } catch {
      return;
    }
    newest = Math.max(newest, stats.mtimeMs);
    if (!stats.isDirectory()) return;
    for (const name of readdirSync(path)) if (name !== 'node_modules' && name !== 'dist') visit(join(path, name));
  };
  for (const input of BUILD_INPUTS) visit(join(root, input));
  return newest;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const serverOnly = process.argv.includes('--server-only');
  const stamp = join(root, BUILT_STAMP);
  // `--if-changed` (npm test): nothing to do when no input changed since the last whole build,
  // as right after `npm install` or `npm ci`, which build.
  if (process.argv.includes('--if-changed') && existsSync(stamp) && statSync(stamp).mtimeMs > newestInput(root)) {
    console.log('build: dist/ is up to date');
  } else {
    // `--server-only` skips the web app (quick rebuilds while working on the server).
    process.exitCode = build(root) || (serverOnly ? 0 : await buildUi(root));
    if (process.exitCode === 0 && !serverOnly) writeFileSync(stamp, `${new Date().toISOString()}\n`);
    else rmSync(stamp, { force: true });
  }
}
