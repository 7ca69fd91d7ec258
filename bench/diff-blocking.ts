// How long comparing two ~2 MB text bodies holds up other requests. Starts Rehook in a child
// process (the built CLI, so the client's own event loop is not the server's), captures two
// bodies of numbered lines that differ on every line in an anonymous inbox, then asks for their
// diff while sending `GET /healthz` one after another, and reports the diff's wall time and the
// slowest /healthz answered while it ran, against the quiet /healthz before it. For comparison it
// also times the same diff run on this process's event loop (what the API did before bodies were
// diffed on their own thread). Numbers of one run; read them as ratios.
//
//   npm run build && npx tsx bench/diff-blocking.ts [-- --runs 3]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { diffBodies } from '../src/domain/event-diff.js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const runs = Number(values.runs);
const log = (message: string) => process.stderr.write(`[bench:diff] ${message}\n`);

function bigText(tag: string): string {
  const lines: string[] = [];
  for (let i = 0, size = 0; size < 2_000_000; i += 1) {
    const line = `${tag}-line-${i}\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

async function startServer(dataDir: string): Promise<{ api: string; ingest: string; stop: () => void }> {
  const child = spawn(process.execPath, ['dist/src/cli/index.js', 'serve'], {
    env: {
      ...process.env,
      REHOOK_DATA_DIR: dataDir,
      REHOOK_PORT: '0',
      REHOOK_INGEST_PORT: '0',
      REHOOK_HOST: '127.0.0.1',
      REHOOK_RATE_DIFF: '0',
      REHOOK_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const urls = await new Promise<{ api: string; ingest: string }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`rehook exited with ${code}: ${out}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"apiUrl":"([^"]+)","ingestUrl":"([^"]+)"/.exec(out);
      if (match?.[1] && match[2]) resolve({ api: match[1], ingest: match[2] });
    });
  });
  child.stdout.resume();
  return { ...urls, stop: () => child.kill('SIGTERM') };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const value = await work();
  return [value, performance.now() - start];
}

async function main(): Promise<void> {
  const first = bigText('a');
  const second = bigText('b');
  const inline: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    diffBodies(Buffer.from(first), Buffer.from(second), Number.POSITIVE_INFINITY);
    inline.push(performance.now() - start);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-bench-diff-'));
  const server = await startServer(dataDir);
  try {
    const made = (await (await fetch(`${server.api}/api/v1/inboxes`, { method: 'POST' })).json()) as {
      data: { inbox: { id: string } };
    };
    const inbox = made.data.inbox.id;
    for (const body of [first, second]) {
      const res = await fetch(`${server.ingest}/i/${inbox}/big`, {
        method: 'POST',
        body,
        headers: { 'content-type': 'text/plain' },
      });
      await res.arrayBuffer();
    }
    const events = (await (await fetch(`${server.api}/api/v1/inboxes/${inbox}/events`)).json()) as Array<{
      id: string;
    }>;
    const [b, a] = events.map((e) => e.id);
    const health = () => timed(async () => (await fetch(`${server.api}/healthz`)).arrayBuffer());
    const quiet: number[] = [];
    for (let i = 0; i < 50; i += 1) quiet.push((await health())[1]);
    for (let run = 0; run < runs; run += 1) {
      let done = false;
      const diff = timed(async () => {
        const res = await fetch(`${server.api}/api/v1/events/${a}/diff?against=${b}`);
        const body = (await res.json()) as { data: { diff: { body: { reason?: string } } } };
        done = true;
        return body.data.diff.body.reason ?? 'diffed';
      });
      const during: number[] = [];
      while (!done) during.push((await health())[1]);
      const [reason, diffMs] = await diff;
      log(
        `run ${run + 1}: diff ${diffMs.toFixed(0)} ms (${reason}); /healthz during it: ${during.length} answered, ` +
          `slowest ${Math.max(...during).toFixed(1)} ms; quiet /healthz slowest ${Math.max(...quiet).toFixed(1)} ms; ` +
          `the same diff on the event loop: ${inline[run]?.toFixed(0)} ms`,
      );
    }
  } finally {
    server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
