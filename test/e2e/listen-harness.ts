import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, connect, type AddressInfo, type Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Pieces for the `rehook listen` tests: the CLI run from source (tsx) as a child process, a
 * local target server that records what the listener delivers (and can hold or fail requests
 * on demand), and a TCP proxy in front of the API that cuts connections.
 */

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ENTRY = join(ROOT, 'src', 'cli', 'index.ts');

/** Generous limit for a condition that only a hang would miss. */
export const HANG_MS = 120_000;

/** Polls `condition` until it holds; throws (naming `what`) after `limitMs`. Never asserts durations. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what: string,
  limitMs = HANG_MS,
): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Polls until `progress()` reaches `target`; throws (naming `what`) only when it stops moving for
 * `stallMs`. A busy machine slows progress down, so a long run is not a failure; a stall is.
 */
export async function waitForProgress(
  progress: () => number,
  target: number,
  what: string,
  stallMs = HANG_MS,
): Promise<void> {
  let last = progress();
  let deadline = Date.now() + stallMs;
  for (;;) {
    const now = progress();
    if (now >= target) return;
    if (now > last) {
      last = now;
      deadline = Date.now() + stallMs;
    } else if (Date.now() > deadline) {
      throw new Error(`gave up waiting for ${what}: stuck at ${now} for ${stallMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The environment without REHOOK_* or XDG_* settings of the developer's own. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !key.startsWith('REHOOK_') && !key.startsWith('XDG_')) env[key] = value;
  }
  return { ...env, ...extra };
}

export interface RehookProcess {
  readonly child: ChildProcess;
  stdout(): string;
  stderr(): string;
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL, then wait for the exit. */
  kill(): Promise<void>;
}

const children = new Set<ChildProcess>();

/** SIGKILLs every child still running; for `after` hooks. */
export function killChildren(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  children.clear();
}

/** The CLI as `npm run build` leaves it (the tests that use it need a build first). */
const BUILT_ENTRY = join(ROOT, 'dist', 'src', 'cli', 'index.js');

/**
 * Runs `rehook <args>` from source (node --import tsx src/cli/index.ts), or the built CLI
 * (`built`): signal handling is then exactly what users run, without tsx's own process in between.
 */
export function spawnRehook(
  args: readonly string[],
  env: Record<string, string> = {},
  opts: { readonly built?: boolean } = {},
): RehookProcess {
  if (opts.built === true && !existsSync(BUILT_ENTRY)) throw new Error(`${BUILT_ENTRY} is missing: run npm run build`);
  const entry = opts.built === true ? [BUILT_ENTRY] : ['--import', 'tsx', ENTRY];
  const child = spawn(process.execPath, [...entry, ...args], {
    cwd: ROOT,
    env: cleanEnv(env),
    stdio: 'pipe',
  });
  children.add(child);
  let out = '';
  let err = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  child.stdin?.end();
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    exited,
    kill: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

export interface ServeProcess extends RehookProcess {
  readonly apiUrl: string;
  readonly ingestUrl: string;
}

/** `rehook serve` from source; resolves once its first log line names the bound URLs. */
export async function startServe(args: readonly string[], env: Record<string, string> = {}): Promise<ServeProcess> {
  const proc = spawnRehook(['serve', '--log-level', 'info', ...args], env);
  const bound = /API on (http:\/\/[^\s,]+).*ingest on (http:\/\/[^\s,"]+)/;
  let match: RegExpExecArray | null = null;
  await waitFor(
    () => {
      if (proc.child.exitCode !== null)
        throw new Error(`rehook serve exited early:\n${proc.stdout()}\n${proc.stderr()}`);
      match = bound.exec(proc.stdout());
      return match !== null;
    },
    'rehook serve to log its bound URLs',
    60_000,
  );
  const [, apiUrl = '', ingestUrl = ''] = match as unknown as RegExpExecArray;
  return { ...proc, apiUrl, ingestUrl };
}

export function portOf(url: string): number {
  return Number(new URL(url).port);
}

/** One request as the target saw it. */
export interface Delivery {
  readonly method: string;
  readonly url: string;
  /** rawHeaders as pairs: names as sent, order and duplicates kept. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Buffer;
  readonly sha256: string;
  /** True once the target answered it; false when the listener went away first. */
  answered: boolean;
  status: number | null;
}

/** What the target does with a request: answer (status and body) or hold it (never answer). */
export type TargetAction = { readonly status: number; readonly body?: string | Buffer } | 'hold';

export interface Target {
  readonly url: string;
  readonly deliveries: Delivery[];
  /** Answered requests, in order. */
  answered(): Delivery[];
  /** Decides each request; default 200 `ok <bytes>`. */
  handler: (delivery: Delivery) => TargetAction;
  /** Held requests whose connection closed (the listener was killed or gave up on them). */
  readonly abandoned: Delivery[];
  /** Answers every held request now with this status. */
  release(status?: number): void;
  close(): Promise<void>;
}

export async function startTarget(): Promise<Target> {
  const deliveries: Delivery[] = [];
  const abandoned: Delivery[] = [];
  const held: Array<{ delivery: Delivery; res: ServerResponse }> = [];
  const target: Target = {
    url: '',
    deliveries,
    abandoned,
    answered: () => deliveries.filter((delivery) => delivery.answered),
    handler: (delivery) => ({ status: 200, body: `ok ${delivery.body.length}` }),
    release: (status = 200) => {
      for (const { delivery, res } of held.splice(0)) {
        if (res.destroyed) continue;
        res.writeHead(status).end('released', () => {
          delivery.answered = true;
          delivery.status = status;
        });
      }
    },
    close: async () => undefined,
  };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Array<readonly [string, string]> = [];
      for (let i = 0; i + 1 < req.rawHeaders.length; i += 2)
        headers.push([req.rawHeaders[i] ?? '', req.rawHeaders[i + 1] ?? '']);
      const delivery: Delivery = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers,
        body,
        sha256: createHash('sha256').update(body).digest('hex'),
        answered: false,
        status: null,
      };
      deliveries.push(delivery);
      const action = target.handler(delivery);
      if (action === 'hold') {
        held.push({ delivery, res });
        res.once('close', () => {
          if (!delivery.answered) abandoned.push(delivery);
        });
        return;
      }
      // Counted as delivered only once the answer is out: the listener had its chance to read it.
      res.writeHead(action.status, { 'content-type': 'text/plain' }).end(action.body ?? '', () => {
        delivery.answered = true;
        delivery.status = action.status;
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(target, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

export interface CuttingProxy {
  readonly url: string;
  /** Connections cut so far (by cutAll or by a byte budget). */
  cuts: number;
  /** Destroys every open connection at once, in both directions. */
  cutAll(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy to `127.0.0.1:upstreamPort` that cuts connections: `budget()` (when given) is the
 * number of server-to-client bytes a new connection may carry; past it the proxy forwards the
 * part of the chunk that fits, then destroys both sockets, so responses end mid-body. While the
 * upstream is down, connections are refused (closed) like the real server would be.
 */
export async function startCuttingProxy(upstreamPort: number, budget?: () => number): Promise<CuttingProxy> {
  const open = new Set<Socket>();
  const proxy: CuttingProxy = { url: '', cuts: 0, cutAll: () => undefined, close: async () => undefined };
  const server = createTcpServer((client) => {
    const upstream = connect({ port: upstreamPort, host: '127.0.0.1', noDelay: true });
    client.setNoDelay(true);
    open.add(client);
    open.add(upstream);
    let left = budget?.() ?? Number.POSITIVE_INFINITY;
    const end = (): void => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.on('data', (chunk: Buffer) => upstream.write(chunk));
    upstream.on('data', (chunk: Buffer) => {
      if (chunk.length < left) {
        left -= chunk.length;
        client.write(chunk);
        return;
      }
      proxy.cuts += 1;
      client.write(chunk.subarray(0, Math.max(0, left)), () => end());
      left = 0;
      upstream.pause();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(proxy, {
    url: `http://127.0.0.1:${port}`,
    cutAll: () => {
      if (open.size > 0) proxy.cuts += 1;
      for (const socket of [...open]) socket.destroy();
      open.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

/** Parsed `--json` lines of a listener's stdout. */
export function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
