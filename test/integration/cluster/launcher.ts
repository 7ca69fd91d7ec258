import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Spawning real `rehook serve` processes for the multi-instance tests. */

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const BUILT_CLI = join(ROOT, 'dist', 'src', 'cli', 'index.js');

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
 * The command line of `rehook serve`: the built bin when dist is up to date (`npm test` builds
 * first), else the sources through tsx, so a stale dist is never what gets tested.
 */
function serveCommand(): string[] {
  const fresh = existsSync(BUILT_CLI) && statSync(BUILT_CLI).mtimeMs >= newestSourceMtime(join(ROOT, 'src'));
  return fresh ? [BUILT_CLI, 'serve'] : ['--import', 'tsx', join(ROOT, 'src', 'cli', 'index.ts'), 'serve'];
}

/** One log line of pino (JSON). */
export type LogLine = Record<string, unknown> & { msg?: string };

export interface Instance {
  readonly name: string;
  readonly apiUrl: string;
  readonly ingestUrl: string;
  readonly child: ChildProcess;
  /** Every JSON log line so far. */
  readonly logs: LogLine[];
  /** Output that was not JSON (stack traces), for failure messages. */
  readonly rawOutput: string[];
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const running = new Set<Instance>();

/** The environment without REHOOK_* and DATABASE_URL: the developer's own settings must not leak. */
function baseEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('REHOOK_') && key !== 'DATABASE_URL') env[key] = value;
  }
  return env;
}

/**
 * Starts `rehook serve` on ephemeral ports and resolves once it logged 'Rehook started' (with
 * both URLs); rejects when it exits first or takes over `limitMs` (a hang: a start takes about
 * 0.5 s on an idle machine, but many seconds on a loaded one).
 */
export function startInstance(name: string, env: Record<string, string>, limitMs = 60_000): Promise<Instance> {
  const child = spawn(process.execPath, serveCommand(), {
    cwd: ROOT,
    env: { ...baseEnv(), REHOOK_PORT: '0', REHOOK_INGEST_PORT: '0', REHOOK_HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: LogLine[] = [];
  const rawOutput: string[] = [];
  return new Promise((resolve, reject) => {
    let started = false;
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${name} did not start in ${limitMs / 1000} s:\n${rawOutput.join('\n')}`));
    }, limitMs);
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    const onLine = (line: string): void => {
      if (line.trim() === '') return;
      let parsed: LogLine;
      try {
        parsed = JSON.parse(line) as LogLine;
      } catch {
        rawOutput.push(line);
        return;
      }
      logs.push(parsed);
      if (!started && parsed.msg === 'Rehook started') {
        started = true;
        clearTimeout(timer);
        const instance: Instance = {
          name,
          apiUrl: String(parsed['apiUrl']),
          ingestUrl: String(parsed['ingestUrl']),
          child,
          logs,
          rawOutput,
          async kill(signal = 'SIGKILL') {
            running.delete(instance);
            if (child.exitCode === null && child.signalCode === null) child.kill(signal);
            await exited;
          },
        };
        running.add(instance);
        resolve(instance);
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) onLine(line);
      });
    }
    child.once('exit', (code, signal) => {
      if (started) return;
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}) before starting:\n${rawOutput.join('\n')}`));
    });
  });
}

/** SIGKILLs every instance still running; for `after` hooks. */
export async function killAllInstances(): Promise<void> {
  await Promise.all([...running].map((instance) => instance.kill('SIGKILL')));
}

/** Reads one sample of a metric from the Prometheus text (labels as written, e.g. `{result="stored"}`). */
export function metricValue(text: string, name: string, labels = ''): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels} `));
  if (line === undefined) throw new Error(`no sample ${name}${labels} in /metrics`);
  return Number(line.slice(line.lastIndexOf(' ') + 1));
}
