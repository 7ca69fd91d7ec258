/**
 * The server side of the crash harness (crash.ts): the built CLI, copied aside so a rebuild cannot
 * pull it from under a restart, `rehook serve` started on a data directory and killed at will, and
 * the integrity check of the SQLite file it leaves.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { copyFile, cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CLI = join(ROOT, 'dist', 'src', 'cli', 'index.js');

const LISTEN_LINE = /^Rehook API on (\S+), ingest on (\S+)$/;

/** The environment without REHOOK_* (a developer's own settings must not leak into the run). */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('REHOOK_')) env[key] = value;
  }
  return env;
}

/**
 * Builds once when the CLI is missing (running a test file alone); `npm test` and
 * `npm run test:crash` build first. Never rebuilds an existing dist/ (other suites use it).
 */
export function ensureCliBuilt(): void {
  if (existsSync(CLI)) return;
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 300_000 });
}

/**
 * Copies the built server (dist/src) to a private directory for the run, so a concurrent
 * `npm run build` (which empties dist/ first) cannot pull the files from under a restart.
 * node_modules is linked, and package.json copied for `"type": "module"`.
 */
export async function snapshotCli(): Promise<{ cli: string; cleanup: () => Promise<void> }> {
  const deadline = Date.now() + 120_000;
  // Wait for a build in progress to finish: the CLI exists and has not changed for 2 s.
  while (!existsSync(CLI) || Date.now() - statSync(CLI).mtimeMs < 2_000) {
    if (Date.now() > deadline) throw new Error(`${CLI} is missing: run npm run build first`);
    await sleep(500);
  }
  const dir = await mkdtemp(join(tmpdir(), 'rehook-crash-cli-'));
  await cp(join(ROOT, 'dist', 'src'), join(dir, 'src'), { recursive: true });
  await copyFile(join(ROOT, 'package.json'), join(dir, 'package.json'));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return { cli: join(dir, 'src', 'cli', 'index.js'), cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly apiUrl: string;
  readonly ingestUrl: string;
  readonly exited: Promise<void>;
}

const children = new Set<ChildProcess>();

/** SIGKILLs every server this module started and did not see exit (for test `after` hooks). */
export function killAllServers(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

/**
 * Starts `rehook serve` on `dataDir` with ephemeral loopback ports and resolves with the URLs
 * read from its first log line (`Rehook API on <url>, ingest on <url>`).
 */
export async function startServer(
  cli: string,
  dataDir: string,
  extraEnv: Record<string, string>,
  onStderr: (line: string) => void,
): Promise<ServerProcess> {
  const child = spawn(process.execPath, [cli, 'serve'], {
    cwd: ROOT,
    env: {
      ...baseEnv(),
      REHOOK_HOST: '127.0.0.1',
      REHOOK_PORT: '0',
      REHOOK_INGEST_PORT: '0',
      REHOOK_DATA_DIR: dataDir,
      REHOOK_LOG_LEVEL: 'info',
      // Abuse controls off: the test needs every request to reach storage (a 429 is never an
      // acknowledgement, but it would thin the load), and an anonymous inbox keeps all events
      // (the default cap of 10,000 would evict acknowledged events by design, not lose them).
      REHOOK_RATE_INGEST_PER_INBOX: '0',
      REHOOK_ANON_MAX_EVENTS: '0',
      REHOOK_MAX_CONNECTIONS_PER_IP: '0',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      children.delete(child);
      resolve();
    });
  });
  const stderrTail: string[] = [];
  createInterface({ input: child.stderr! }).on('line', (line) => {
    stderrTail.push(line);
    if (stderrTail.length > 20) stderrTail.shift();
    onStderr(line);
  });
  const stdout = createInterface({ input: child.stdout! });
  const urls = await new Promise<{ apiUrl: string; ingestUrl: string }>((resolve, reject) => {
    // Only catches a server that never starts: about 0.5 s on an idle machine, but up to 18 s
    // was seen while the rest of the suite ran beside this test.
    const timer = setTimeout(() => reject(new Error('rehook serve did not log its URLs within 60 s')), 60_000);
    let first = true;
    stdout.on('line', (line) => {
      if (!first) return; // keep draining the pipe; only the first line names the URLs
      first = false;
      clearTimeout(timer);
      let msg = '';
      try {
        msg = String((JSON.parse(line) as { msg?: unknown }).msg ?? '');
      } catch {
        // not JSON: falls through to the error below
      }
      const match = LISTEN_LINE.exec(msg);
      if (match) resolve({ apiUrl: match[1] as string, ingestUrl: match[2] as string });
      else reject(new Error(`unexpected first log line of rehook serve: ${line}`));
    });
    void exited.then(() => {
      clearTimeout(timer);
      reject(
        new Error(
          `rehook serve exited during start-up (code ${child.exitCode}, signal ${child.signalCode}):\n` +
            stderrTail.join('\n'),
        ),
      );
    });
  });
  return { child, ...urls, exited };
}

/** Runs `PRAGMA integrity_check` (or quick_check) on a read-only connection. */
export function checkDatabase(path: string, kind: 'integrity' | 'quick'): string {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma(kind === 'integrity' ? 'integrity_check' : 'quick_check') as Array<Record<string, string>>;
    return rows.map((row) => Object.values(row).join(' ')).join('; ');
  } finally {
    db.close();
  }
}
