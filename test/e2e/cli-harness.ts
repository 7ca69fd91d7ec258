import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { copyFile, cp, mkdtemp, rm, symlink } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Spawning the built CLI: the bin as users run it (the compiled shebang file, no tsx). */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built bin, dist/src/cli/index.js. */
export const CLI = join(ROOT, 'dist', 'src', 'cli', 'index.js');
const BUILT_CLI = CLI;

/** The snapshot of the built bin the tests spawn, and the directory it runs in (see useBuiltCli). */
let bin = { cli: BUILT_CLI, cwd: ROOT };

function newestSourceMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceMtime(path));
    else if (entry.name.endsWith('.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * Builds once when dist/src/cli/index.js is missing or older than a file under src/ (`npm test`
 * builds first, so this is for running the file alone). A failed build fails the suite.
 */
export function ensureBuilt(): void {
  if (existsSync(BUILT_CLI) && statSync(BUILT_CLI).mtimeMs >= newestSourceMtime(join(ROOT, 'src'))) return;
  try {
    // The limit only catches a hung build: tsc and vite share the cores with the other tests.
    execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'pipe', timeout: 600_000 });
  } catch (err) {
    const output = err as { stdout?: Buffer; stderr?: Buffer };
    throw new Error(`npm run build failed:\n${String(output.stdout ?? '')}${String(output.stderr ?? '')}`);
  }
}

/**
 * Builds if needed, then copies dist/src (with package.json and a node_modules link) to a temp
 * directory and runs the CLI from there: a concurrent `npm run build`, which empties dist/ first,
 * cannot pull the bin away mid-suite. The commands also run in that directory, so a default
 * `./data` can never land in the repository. Returns the cleanup for an `after` hook.
 */
export async function useBuiltCli(): Promise<() => Promise<void>> {
  ensureBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'rehook-e2e-bin-'));
  await cp(join(ROOT, 'dist', 'src'), join(dir, 'src'), { recursive: true });
  await copyFile(join(ROOT, 'package.json'), join(dir, 'package.json'));
  await symlink(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  bin = { cli: join(dir, 'src', 'cli', 'index.js'), cwd: dir };
  return () => rm(dir, { recursive: true, force: true });
}

/** Path of the bin the suite runs (after useBuiltCli: its copy), for tests that spawn it themselves. */
export function builtCliPath(): string {
  return bin.cli;
}

/** The environment without REHOOK_* (a developer's own settings must not leak into tests). */
function baseEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('REHOOK_')) env[key] = value;
  }
  return { ...env, ...extra };
}

const children = new Set<ChildProcess>();

/** Kills every CLI process a test left running; call from `after` hooks. */
export function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }
  children.clear();
}

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

export interface CliResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs `rehook <args>` to completion. stdin is a pipe that gets `input` (or nothing) and is then
 * closed, so commands that read stdin see a non-TTY. Killed after `timeoutMs`.
 */
export function rehook(
  args: readonly string[],
  opts: { env?: Record<string, string>; input?: string; timeoutMs?: number } = {},
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = track(
      spawn(process.execPath, [bin.cli, ...args], {
        cwd: bin.cwd,
        env: baseEnv(opts.env ?? {}),
        stdio: 'pipe',
      }),
    );
    let stdout = '';
    let stderr = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdin?.end(opts.input ?? '');
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      const output = `stdout: ${stdout}\nstderr: ${stderr}`;
      reject(new Error(`rehook ${args.join(' ')} did not finish in time\n${output}`));
    }, opts.timeoutMs ?? 60_000);
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

export interface ServeProcess {
  readonly child: ChildProcess;
  /** The first line `rehook serve` wrote to stdout. */
  readonly firstLine: string;
  readonly apiUrl: string;
  readonly ingestUrl: string;
  /** Everything written to stdout and stderr so far. */
  output(): { stdout: string; stderr: string };
  /** Resolves with the exit code and signal once the process has exited. */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * The two URLs named in serve's first log line. Reads the `apiUrl`/`ingestUrl` fields when the
 * line has them, else the message `Rehook API on <url>, ingest on <url>`.
 */
export function boundUrls(line: string): { apiUrl: string; ingestUrl: string } {
  const log = JSON.parse(line) as { apiUrl?: unknown; ingestUrl?: unknown; msg?: unknown };
  if (typeof log.apiUrl === 'string' && typeof log.ingestUrl === 'string') {
    return { apiUrl: log.apiUrl, ingestUrl: log.ingestUrl };
  }
  const match = /API on (http:\/\/[^\s,]+).*ingest on (http:\/\/[^\s,]+)/.exec(String(log.msg));
  if (!match?.[1] || !match[2]) throw new Error(`first log line names no bound URLs: ${line}`);
  return { apiUrl: match[1], ingestUrl: match[2] };
}

/** Starts `rehook serve <args>` and resolves once its first stdout line is out. */
export function startServe(args: readonly string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = track(
    spawn(process.execPath, [bin.cli, 'serve', ...args], { cwd: bin.cwd, env: baseEnv(env), stdio: 'pipe' }),
  );
  let stdout = '';
  let stderr = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      child.kill('SIGKILL');
      reject(new Error(`${reason}\nstdout: ${stdout}\nstderr: ${stderr}`));
    };
    const timer = setTimeout(() => fail('rehook serve wrote no log line in time'), 60_000);
    void exited.then(({ code }) => fail(`rehook serve exited early with ${code}`));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      const before = stdout;
      stdout += chunk;
      const end = stdout.indexOf('\n');
      if (end === -1 || before.includes('\n')) return;
      clearTimeout(timer);
      const firstLine = stdout.slice(0, end);
      try {
        resolve({ child, firstLine, ...boundUrls(firstLine), output: () => ({ stdout, stderr }), exited });
      } catch (err) {
        fail((err as Error).message);
      }
    });
  });
}

export interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** A local HTTP server standing in for a replay destination: answers 201 `received <n> bytes`. */
export interface Receiver {
  readonly url: string;
  readonly requests: ReceivedRequest[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(201, { 'content-type': 'text/plain' }).end(`received ${Buffer.byteLength(body)} bytes`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A loopback port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
