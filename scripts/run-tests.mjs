// Runs every test file under test/ with node's test runner, TypeScript loaded through tsx.
// Node 20's --test does not expand globs itself, so the files are listed here.
//   node scripts/run-tests.mjs                  every file, the type checks and lint, then the
//                                               PostgreSQL pass (npm test)
//   node scripts/run-tests.mjs <fragment>...    only the files whose path contains a fragment
//   node scripts/run-tests.mjs --postgres       only the PostgreSQL passes, npm test's and the long one
//   node scripts/run-tests.mjs --postgres-long  only the long PostgreSQL suites
//   node scripts/run-tests.mjs --list [<fragment>...]  the processes each pass would start and
//                                               their files, without running them
import { spawn } from 'node:child_process';
import { connect } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { nodeTestArgs } from './node-test-flags.mjs';
import { postgresPasses } from './postgres-passes.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const postgresOnly = process.argv.includes('--postgres')
  ? 'both'
  : process.argv.includes('--postgres-long')
    ? 'long'
    : null;
const listOnly = process.argv.includes('--list');
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));

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
/** A listed file's path with forward slashes, as the lists here write them. */
const posix = (file) => file.split('\\').join('/');
const rank = (file) => {
  const at = LONGEST_FIRST.indexOf(posix(file));
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
/**
 * Runs `testFiles` with node's test runner, its output going to this process's own; each file
 * within the time limit of node-test-flags.mjs.
 */
function runNodeTests(testFiles, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, nodeTestArgs(testFiles), { cwd: root, stdio: 'inherit', env });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Test files that share a process, by their folder under test/ (see grouped). */
const GROUPED_FOLDERS = ['unit', 'integration', 'authz', 'storage', 'property', 'egress'];
/** Files per shared process, but unit tests (all in one: each takes milliseconds). */
const GROUP_SIZE = 4;

/**
 * The files' list with most files in shared processes: a process of its own pays the TypeScript
 * loader's start and the server's imports, 2-3 s of CPU on a 2-core machine, while most files
 * run for seconds. Each group's entry (written to `dir`) imports its files in path order; a
 * failure still names the test and its file. Not grouped: the longest files (started first, on
 * their own) and the browser, CLI (e2e), crash and package files, whose spawned servers and
 * browsers a neighbour's hooks could stop.
 */
function grouped(testFiles, dir) {
  const singles = [];
  const groups = new Map();
  for (const file of testFiles) {
    const parts = file.split(/[\\/]/);
    const folder = parts[1] ?? '';
    if (LONGEST_FIRST.includes(parts.join('/')) || !GROUPED_FOLDERS.includes(folder)) singles.push(file);
    else groups.set(folder, [...(groups.get(folder) ?? []), file]);
  }
  const entries = [];
  for (const [folder, members] of groups) {
    const size = folder === 'unit' ? members.length : GROUP_SIZE;
    for (let at = 0; at < members.length; at += size) {
      const entry = join(dir, `${folder}-${at / size + 1}.test.mjs`);
      const imports = members.slice(at, at + size).map((file) => pathToFileURL(join(root, file)).href);
      writeFileSync(entry, imports.map((href) => `import ${JSON.stringify(href)};\n`).join(''));
      entries.push(entry);
    }
  }
  const longest = singles.filter((file) => rank(file) < LONGEST_FIRST.length);
  const rest = singles.filter((file) => rank(file) === LONGEST_FIRST.length);
  return [...longest, ...entries, ...rest];
}

/**
 * Runs an npm script with its output kept (the type checks and the linter, beside the tests on
 * a whole run: they need a core for a minute or two, and the test passes leave one idle at times).
 */
function runScriptCollected(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) =>
      resolve({ script, code: code ?? (signal ? 1 : 0), output: Buffer.concat(output).toString() }),
    );
  });
}
const checks =
  only.length === 0 && postgresOnly === null
    ? (async () => [await runScriptCollected('typecheck'), await runScriptCollected('lint')])()
    : Promise.resolve([]);

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

const groupsDir = mkdtempSync(join(tmpdir(), 'rehook-test-groups-'));
const bar = '='.repeat(78);
const banner = (line) => console.log(`\n${bar}\n== ${line} ==\n${bar}`);
const onPostgres = { ...process.env, REHOOK_TEST_STORE: 'postgres' };
const passes = postgresPasses(root, files);
/** The files a group entry written by grouped() imports, relative to the root. */
const members = (entry) =>
  [...readFileSync(entry, 'utf8').matchAll(/^import (".*");$/gm)].map(([, href]) =>
    posix(relative(root, fileURLToPath(JSON.parse(href)))),
  );
if (listOnly) {
  // Every file once per pass, under the process that runs it: what a moved or split file changes.
  const list = (title, chosen) => {
    const processes = grouped(chosen, groupsDir);
    console.log(`${title}: ${chosen.length} files in ${processes.length} processes`);
    for (const entry of processes) {
      if (!entry.startsWith(groupsDir)) console.log(`  ${posix(entry)}`);
      else {
        console.log(`  group ${relative(groupsDir, entry)}`);
        for (const file of members(entry)) console.log(`    ${file}`);
      }
    }
  };
  list('main pass', files);
  list('PostgreSQL pass (npm test)', [...passes.long, ...passes.npmTest]);
  rmSync(groupsDir, { recursive: true, force: true });
  process.exit(0);
}
let mainPass = 0;
let postgresPass = 0;
if (postgresOnly !== null) {
  // Asked for: the suites fail loudly when PostgreSQL does not answer (test/helpers/rehook.ts).
  const chosen = postgresOnly === 'both' ? [...passes.npmTest, ...passes.long] : passes.long;
  if (chosen.length === 0) {
    // node --test without files would look for test files everywhere under the working directory.
    console.error('no test file with a PostgreSQL mode matched');
    process.exit(1);
  }
  banner(`test servers on PostgreSQL (${chosen.length} files)`);
  postgresPass = await runNodeTests(grouped(chosen, groupsDir), onPostgres);
} else {
  mainPass = await runNodeTests(grouped(files, groupsDir));
  // On a whole run, every suite with a PostgreSQL mode again on PostgreSQL
  // (scripts/postgres-passes.mjs), the long ones first. Without a database to reach, a run outside
  // CI says so and leaves the pass out; in CI (CI set) the pass runs and its suites fail loudly.
  if (only.length === 0) {
    if (process.env.CI || (await postgresAnswers())) {
      const chosen = [...passes.long, ...passes.npmTest];
      banner(`the suites with a PostgreSQL mode again, on PostgreSQL (${chosen.length} files)`);
      postgresPass = await runNodeTests(grouped(chosen, groupsDir), onPostgres);
    } else {
      banner('PostgreSQL does not answer: the PostgreSQL pass is left out');
    }
  }
}
rmSync(groupsDir, { recursive: true, force: true });
const checked = await checks;
for (const check of checked) {
  const verdict = check.code === 0 ? 'passed' : 'FAILED';
  console.log(`\n${bar}\n== npm run ${check.script}: ${verdict} ==\n${bar}\n${check.output.trim()}\n`);
}
// A failed type check or lint fails the run too (exit code), and says so last.
const failedCheck = checked.find((check) => check.code !== 0);
if (failedCheck) console.log(`\n${bar}\n== npm run ${failedCheck.script}: FAILED (see above) ==\n${bar}`);
if (postgresPass) banner('the suites on PostgreSQL: FAILED (see above)');
process.exit(mainPass || postgresPass || failedCheck?.code || 0);
