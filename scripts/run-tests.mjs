// Runs every test file under test/ with node's test runner, TypeScript loaded through tsx.
// Node 20's --test does not expand globs itself, so the files are listed here.
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const only = process.argv.slice(2);

function findTests(dir) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...findTests(path));
    else if (name.endsWith('.test.ts')) found.push(relative(root, path));
  }
  return found;
}

/**
 * The longest files (minutes each on a 2-core machine), started first: run in path order, they
 * would start last and run alone at the end while the other slots sit idle.
 */
const LONGEST_FIRST = [
  'test/authz/matrix.test.ts',
  'test/crash/crash-short.test.ts',
  'test/storage/sqlite-store.test.ts',
  'test/storage/postgres-store.test.ts',
  'test/browser/hostile-bodies.test.ts',
  'test/package/install.test.ts',
  'test/e2e/listen-chaos.test.ts',
];
const rank = (file) => {
  const at = LONGEST_FIRST.indexOf(file.split('\\').join('/'));
  return at === -1 ? LONGEST_FIRST.length : at;
};

const files = findTests(join(root, 'test'))
  .filter((file) => only.length === 0 || only.some((part) => file.includes(part)))
  .sort()
  .sort((a, b) => rank(a) - rank(b));
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
function runNodeTests(testFiles, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', '--test', '--test-concurrency=4', '--test-reporter=spec', ...testFiles],
      { cwd: root, stdio: 'inherit', env },
    );
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** True when something accepts TCP connections at the test database's host and port. */
function postgresAnswers() {
  const url = new URL(process.env.REHOOK_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  return new Promise((resolve) => {
    const socket = connect(Number(url.port || 5432), url.hostname || '127.0.0.1');
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

// Second pass, run first so the last output stays the summary of the whole test tree: the HTTP
// suites again, with every test server on a fresh PostgreSQL schema (test/helpers/rehook.ts).
const httpSuites = files.filter((file) =>
  /^test[\\/]integration[\\/](api|stream|ingest)[\\/][^\\/]+\.test\.ts$/.test(file),
);
let postgresPass = 0;
if (httpSuites.length > 0) {
  const bar = '='.repeat(78);
  if (!process.env.CI && !(await postgresAnswers())) {
    console.error(
      `\n${'!'.repeat(78)}\n!!! PostgreSQL is unreachable: SKIPPING the HTTP suites on PostgreSQL (CI would fail).\n${'!'.repeat(78)}\n`,
    );
  } else {
    console.log(
      `\n${bar}\n== HTTP suites on PostgreSQL ==  (${httpSuites.length} files, REHOOK_TEST_STORE=postgres)\n${bar}\n`,
    );
    postgresPass = await runNodeTests(httpSuites, { ...process.env, REHOOK_TEST_STORE: 'postgres' });
    console.log(
      `\n${bar}\n== HTTP suites on PostgreSQL: ${postgresPass === 0 ? 'passed' : 'FAILED'} ==\n== All suites (HTTP suites on SQLite) ==\n${bar}\n`,
    );
  }
}
/**
 * The unit test files run together in one process: each takes milliseconds, while each process
 * of its own pays the TypeScript loader's start, about two seconds of CPU. Their entry imports
 * them in path order; a failure still names the test and its file.
 */
function withUnitFilesTogether(testFiles) {
  const unit = testFiles.filter((file) => /^test[\\/]unit[\\/]/.test(file));
  if (unit.length < 2) return { list: testFiles, cleanup: () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'rehook-unit-tests-'));
  const entry = join(dir, 'unit.test.mjs');
  writeFileSync(
    entry,
    unit.map((file) => `import ${JSON.stringify(pathToFileURL(join(root, file)).href)};\n`).join(''),
  );
  const others = testFiles.filter((file) => !unit.includes(file));
  return { list: [entry, ...others], cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

// Its summary is the last output; a failed PostgreSQL pass still fails the run (exit code).
const grouped = withUnitFilesTogether(files);
const mainPass = await runNodeTests(grouped.list);
grouped.cleanup();
process.exit(mainPass !== 0 ? mainPass : postgresPass);
