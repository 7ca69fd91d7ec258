// `npm run bench:export`: the memory of a streamed export. Seeds an inbox of
// 100,000 events (1 KiB JSON bodies, through the store port) and one of 300 events with 1 MiB
// binary bodies, starts Rehook as its own process, downloads each export and samples the
// server's RSS (/proc/<pid>/status) all along: peak against the idle baseline, and throughput.
// A slow reader shows backpressure: the server holds only what the socket has not taken.
//
//   npm run bench:export [-- --events 100000 --large 300 --postgres]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createEventIdFactory, newId } from '../src/domain/ids.js';
import type { CapturedEvent } from '../src/domain/captured-event.js';
import type { Store } from '../src/ports/store.js';
import { openSqliteStore } from '../src/storage/sqlite/store.js';
import { parseRehookUrls, readRss } from './processes.js';

const { values: opts } = parseArgs({
  options: {
    events: { type: 'string', default: '100000' },
    large: { type: 'string', default: '300' },
    out: { type: 'string' },
  },
});
const EVENTS = Number(opts.events);
const LARGE = Number(opts.large);
const ROOT = resolve(import.meta.dirname, '..');
const log = (message: string) => process.stderr.write(`[bench:export] ${message}\n`);
const MiB = 1024 * 1024;

function jsonBody(i: number): Buffer {
  const base = JSON.stringify({
    id: `evt_${i}`,
    type: i % 3 === 0 ? 'invoice.paid' : 'invoice.created',
    data: { object: { amount: i, currency: 'eur' } },
    pad: '',
  });
  return Buffer.from(base.replace('"pad":""', `"pad":"${'x'.repeat(Math.max(0, 1024 - base.length))}"`));
}

async function seed(
  store: Store,
  inboxId: string,
  count: number,
  body: (i: number) => Buffer,
  contentType: string,
): Promise<void> {
  const nextId = createEventIdFactory();
  const start = Date.now() - count;
  let pending: Promise<boolean>[] = [];
  for (let i = 0; i < count; i += 1) {
    const b = body(i);
    const event: CapturedEvent = {
      id: nextId(start + i),
      inboxId,
      receivedAt: new Date(start + i),
      method: 'POST',
      path: `/i/${inboxId}/stripe`,
      query: `n=${i}`,
      contentType,
      size: b.length,
      headers: [
        ['Content-Type', contentType],
        ['User-Agent', 'Stripe/1.0'],
        ['Stripe-Signature', `t=1,v1=${i}`],
      ],
      body: b,
      sourceIp: '203.0.113.7',
      signature: null,
      answer: null,
    };
    pending.push(store.events.insertIfInboxLive(event, new Date()));
    if (pending.length >= 2000) {
      await Promise.all(pending);
      pending = [];
    }
  }
  await Promise.all(pending);
}

interface Server {
  readonly pid: number;
  readonly apiUrl: string;
  stop(): Promise<void>;
}

async function startServer(dataDir: string): Promise<Server> {
  const built = join(ROOT, 'dist', 'src', 'cli', 'index.js');
  const args = existsSync(built) ? [built] : ['--import', 'tsx', join(ROOT, 'src', 'cli', 'index.ts')];
  const child = spawn(
    process.execPath,
    [...args, 'serve', '--data-dir', dataDir, '--port', '0', '--ingest-port', '0'],
    {
      cwd: ROOT,
      env: { ...process.env, REHOOK_SECRET_KEY: '1'.repeat(64), REHOOK_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const apiUrl = await new Promise<string>((resolvePromise, reject) => {
    let buffer = '';
    child.once('exit', (code) => reject(new Error(`rehook serve exited (${code})`)));
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffer += chunk;
      for (const line of buffer.split('\n')) {
        const urls = parseRehookUrls(line);
        if (urls) resolvePromise(urls.apiUrl);
      }
      buffer = buffer.slice(buffer.lastIndexOf('\n') + 1);
    });
  });
  child.stdout.resume();
  return {
    pid: child.pid as number,
    apiUrl,
    stop: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}

interface Run {
  readonly name: string;
  readonly bytes: number;
  readonly seconds: number;
  readonly events: number;
  readonly peakRssMiB: number;
  readonly baselineRssMiB: number;
}

/** Downloads an export, sampling the server's RSS every 20 ms; `readBytesPerSec` slows the reader. */
async function measure(
  server: Server,
  name: string,
  path: string,
  events: number,
  readBytesPerSec?: number,
): Promise<Run> {
  const baseline = readRss(server.pid);
  let peak = baseline;
  const timer = setInterval(() => (peak = Math.max(peak, readRss(server.pid))), 20);
  const started = performance.now();
  const res = await fetch(server.apiUrl + path);
  if (res.status !== 200 || res.body === null) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    if (readBytesPerSec !== undefined) {
      const due = (bytes / readBytesPerSec) * 1000 - (performance.now() - started);
      if (due > 0) await new Promise((r) => setTimeout(r, due));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, readRss(server.pid));
  const run = { name, bytes, seconds, events, peakRssMiB: peak / MiB, baselineRssMiB: baseline / MiB };
  log(
    `${name}: ${(bytes / MiB).toFixed(1)} MiB in ${seconds.toFixed(2)} s (${Math.round(events / seconds)} events/s, ` +
      `${(bytes / MiB / seconds).toFixed(1)} MiB/s); RSS ${run.baselineRssMiB.toFixed(0)} → peak ${run.peakRssMiB.toFixed(0)} MiB ` +
      `(+${(run.peakRssMiB - run.baselineRssMiB).toFixed(0)} MiB)`,
  );
  return run;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'rehook-bench-export-'));
  try {
    const store = openSqliteStore({ path: join(dataDir, 'rehook.db') });
    const now = new Date();
    const big = {
      id: newId('inbox'),
      ownerId: null,
      name: 'export bench',
      createdAt: now,
      expiresAt: new Date(now.getTime() + 7 * 24 * 3600_000),
    };
    const large = { ...big, id: newId('inbox'), name: 'large bodies' };
    await store.inboxes.insert(big);
    await store.inboxes.insert(large);
    let t = performance.now();
    await seed(store, big.id, EVENTS, jsonBody, 'application/json');
    log(`seeded ${EVENTS} events of 1 KiB in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    await seed(store, large.id, LARGE, (i) => Buffer.alloc(MiB, i % 256), 'application/octet-stream');
    log(`seeded ${LARGE} events of 1 MiB in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    await store.close();

    const server = await startServer(dataDir);
    try {
      // Warm-up: the export code is loaded and JIT-compiled before the baseline is read.
      await measure(
        server,
        'warm-up (1,000 events)',
        `/api/v1/inboxes/${big.id}/export?format=har&until=${encodeURIComponent(new Date(Date.now() - EVENTS + 1000).toISOString())}`,
        1000,
      );
      const runs: Run[] = [];
      runs.push(await measure(server, `HAR, ${EVENTS} events`, `/api/v1/inboxes/${big.id}/export?format=har`, EVENTS));
      runs.push(
        await measure(server, `NDJSON, ${EVENTS} events`, `/api/v1/inboxes/${big.id}/export?format=ndjson`, EVENTS),
      );
      runs.push(
        await measure(
          server,
          `HAR, filtered (json=type=invoice.paid)`,
          `/api/v1/inboxes/${big.id}/export?format=har&json=type=invoice.paid`,
          Math.ceil(EVENTS / 3),
        ),
      );
      runs.push(
        await measure(server, `HAR, ${LARGE} events of 1 MiB`, `/api/v1/inboxes/${large.id}/export?format=har`, LARGE),
      );
      runs.push(
        await measure(
          server,
          `NDJSON, ${EVENTS} events, reader at 20 MiB/s`,
          `/api/v1/inboxes/${big.id}/export?format=ndjson`,
          EVENTS,
          20 * MiB,
        ),
      );
      const table = [
        '| export | size | time | events/s | MiB/s | RSS baseline | RSS peak | peak - baseline |',
        '|---|---|---|---|---|---|---|---|',
        ...runs.map(
          (r) =>
            `| ${r.name} | ${(r.bytes / MiB).toFixed(1)} MiB | ${r.seconds.toFixed(2)} s | ${Math.round(r.events / r.seconds)} | ` +
            `${(r.bytes / MiB / r.seconds).toFixed(1)} | ${r.baselineRssMiB.toFixed(0)} MiB | ${r.peakRssMiB.toFixed(0)} MiB | ` +
            `+${(r.peakRssMiB - r.baselineRssMiB).toFixed(0)} MiB |`,
        ),
      ].join('\n');
      process.stdout.write(`${table}\n`);
      if (opts.out !== undefined) writeFileSync(opts.out, `${table}\n`);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
