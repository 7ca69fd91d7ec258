// Child processes of the benchmark: the servers, the load generator, and RSS sampling.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import type { LoadReply, LoadRequest, LoadResult, LoadSpec, SseResult, SseSpec, StreamSpec } from './protocol.js';

/** Every child still running, so the driver can stop them (by pid) when it fails. */
const running = new Set<ManagedProcess>();

export class ManagedProcess {
  private tail: string[] = [];
  readonly exited: Promise<number | null>;

  constructor(
    readonly name: string,
    readonly child: ChildProcess,
  ) {
    running.add(this);
    this.exited = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        running.delete(this);
        resolve(code ?? (signal === null ? null : -1));
      });
    });
    child.stderr?.on('data', (chunk: Buffer) => this.remember(chunk.toString()));
  }

  get pid(): number {
    if (this.child.pid === undefined) throw new Error(`${this.name} has no pid`);
    return this.child.pid;
  }

  remember(text: string): void {
    this.tail.push(text);
    if (this.tail.length > 50) this.tail.shift();
  }

  /** The last output lines (stderr and unparsed stdout), for error messages. */
  output(): string {
    return this.tail.join('').split('\n').slice(-20).join('\n');
  }

  /** SIGTERM, then SIGKILL after `graceMs`. Resolves with the exit code. */
  async stop(graceMs = 15_000): Promise<number | null> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return this.exited;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Kills every child this driver started (each by its own pid). */
export function killAll(): void {
  for (const proc of running) proc.child.kill('SIGKILL');
}

/**
 * Spawns `node <args>` and resolves once `match` recognises a stdout line (e.g. the first log
 * line naming the bound URLs). Rejects when the process exits first or after `timeoutMs`.
 */
export function spawnNode<T>(
  name: string,
  args: readonly string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; match: (line: string) => T | null; timeoutMs?: number },
): Promise<{ proc: ManagedProcess; value: T }> {
  const child = spawn(process.execPath, [...args], { cwd: opts.cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = new ManagedProcess(name, child);
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      void proc.stop(2_000);
      reject(new Error(`${name} printed no start line within ${opts.timeoutMs ?? 20_000} ms\n${proc.output()}`));
    }, opts.timeoutMs ?? 20_000);
    const lines = createInterface({ input: child.stdout ?? process.stdin });
    lines.on('line', (line) => {
      if (settled) {
        proc.remember(`${line}\n`);
        return;
      }
      const value = opts.match(line);
      if (value === null) {
        proc.remember(`${line}\n`);
        return;
      }
      settled = true;
      clearTimeout(timer);
      resolve({ proc, value });
    });
    void proc.exited.then((code) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${String(code)} before it was ready\n${proc.output()}`));
    });
  });
}

/** Bound URLs from Rehook's first log line (pino JSON or plain text). */
export function parseRehookUrls(line: string): { apiUrl: string; ingestUrl: string } | null {
  let text = line;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed === 'object' && parsed !== null) {
      const record = parsed as Record<string, unknown>;
      if (typeof record['apiUrl'] === 'string' && typeof record['ingestUrl'] === 'string') {
        return { apiUrl: record['apiUrl'], ingestUrl: record['ingestUrl'] };
      }
      if (typeof record['msg'] === 'string') text = record['msg'];
    }
  } catch {
    // Not JSON: look at the text itself.
  }
  const match = /API on (https?:\/\/[^\s,]+),? ingest on (https?:\/\/[^\s,]+)/.exec(text);
  return match?.[1] !== undefined && match[2] !== undefined ? { apiUrl: match[1], ingestUrl: match[2] } : null;
}

/** The load generator child process (bench/load.ts), driven over IPC. */
export class LoadGenerator {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (r: LoadResult | SseResult) => void; reject: (e: Error) => void }
  >();
  readonly proc: ManagedProcess;

  constructor(script: string, cwd: string) {
    // 'advanced' keeps NaN (no samples) as NaN instead of JSON's null.
    // execArgv: [] so the child runs plain node, not the driver's tsx loader.
    const child = fork(script, [], {
      cwd,
      execArgv: [],
      stdio: ['ignore', 'inherit', 'pipe', 'ipc'],
      serialization: 'advanced',
    });
    this.proc = new ManagedProcess('load generator', child);
    child.on('message', (reply: LoadReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (reply.ok) waiter.resolve(reply.result);
      else waiter.reject(new Error(`load generator: ${reply.error}`));
    });
    void this.proc.exited.then((code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`load generator exited (${String(code)})`));
      this.pending.clear();
    });
  }

  private send(message: LoadRequest): Promise<LoadResult | SseResult> {
    return new Promise((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      this.proc.child.send(message);
    });
  }

  async autocannon(spec: LoadSpec): Promise<LoadResult> {
    return (await this.send({ id: this.nextId++, type: 'autocannon', spec })) as LoadResult;
  }

  async stream(spec: StreamSpec): Promise<LoadResult> {
    return (await this.send({ id: this.nextId++, type: 'stream', spec })) as LoadResult;
  }

  async sse(spec: SseSpec): Promise<SseResult> {
    return (await this.send({ id: this.nextId++, type: 'sse', spec })) as SseResult;
  }

  async close(): Promise<void> {
    this.proc.child.disconnect();
    await this.proc.stop(5_000);
  }
}

/** Resident set size of a process in bytes (VmRSS of /proc/<pid>/status); NaN when unreadable. */
export function readRss(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
    return match?.[1] === undefined ? Number.NaN : Number(match[1]) * 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time a process has used so far (user + system, all threads), in seconds, from
 * /proc/<pid>/stat (clock ticks of 1/100 s, Linux's USER_HZ); NaN when unreadable.
 */
export function readCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

export interface RssSample {
  /** Milliseconds since sampling started. */
  readonly t: number;
  readonly bytes: number;
}

/** Samples a process's RSS every `intervalMs` until stopped. */
export class RssSampler {
  readonly samples: RssSample[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly started = performance.now();

  constructor(
    private readonly pid: number,
    intervalMs: number,
  ) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
  }

  private sample(): void {
    const bytes = readRss(this.pid);
    if (Number.isFinite(bytes)) this.samples.push({ t: performance.now() - this.started, bytes });
  }

  stop(): RssSample[] {
    clearInterval(this.timer);
    this.sample();
    return this.samples;
  }
}

/**
 * Copies the build (dist/, package.json) to a temporary directory and links node_modules, so
 * another `npm run build` in the repository (it deletes dist/) cannot pull files from under the
 * running benchmark. Returns the snapshot's root.
 */
export function snapshotBuild(repoRoot: string): string {
  const root = mkdtempSync(join(tmpdir(), 'rehook-bench-build-'));
  try {
    cpSync(join(repoRoot, 'dist'), join(root, 'dist'), { recursive: true });
    // The bench's own compiled files (tsconfig.bench.json) live apart from dist/, which holds
    // the package build alone; in the snapshot they sit beside it so their imports of ../src hold.
    for (const part of ['bench', 'test']) {
      const compiled = join(repoRoot, 'dist-bench', part);
      if (existsSync(compiled)) cpSync(compiled, join(root, 'dist', part), { recursive: true });
    }
    copyFileSync(join(repoRoot, 'package.json'), join(root, 'package.json'));
    symlinkSync(join(repoRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    return root;
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
}

/** The repository root: the nearest directory above `from` holding Rehook's package.json. */
export function findRepoRoot(from: string): string {
  let dir = from;
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: unknown };
      if (pkg.name === 'rehook' && existsSync(join(dir, 'src'))) return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no Rehook repository above ${from}`);
    dir = parent;
  }
}
