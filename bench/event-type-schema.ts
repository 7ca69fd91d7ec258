// Event-type schema benchmark: one inbox of 100,000 Stripe-like events of one type, stored
// through the store port (SQLite, temp file), learned by the event-type worker, then the time to
// answer its schema (the service: one summary read and the rendering) in each format, p50/p99
// of sequential calls, then the same over HTTP (a real Rehook server on that database, a real
// socket: the time from sending the request to the last byte of the answer), with the load
// average of the machine.
//
//   npx tsx bench/event-type-schema.ts [--events 100000] [--runs 200]
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

import { DATABASE_FILE } from '../src/storage/sqlite/store.js';
import { loadConfig } from '../src/config/load.js';
import { createEventIdFactory } from '../src/domain/ids.js';
import { NO_SWEEP_LOCK } from '../src/ports/sweep-lock.js';
import { startRehook } from '../src/server.js';
import { startEventTypeWorker } from '../src/services/event-type-worker.js';
import { getEventTypeSchema, SCHEMA_FORMATS } from '../src/services/event-types.js';
import { openSqliteStore } from '../src/storage/sqlite/store.js';
import { summarizeLatencies } from './stats.js';

const { values } = parseArgs({ options: { events: { type: 'string' }, runs: { type: 'string' } } });
const events = Number(values.events ?? 100_000);
const runs = Number(values.runs ?? 200);
const log = (message: string) => process.stderr.write(`[bench:event-types] ${message}\n`);

/**
 * One line per format: wall-clock p50/p99 and the process's CPU time per call (user + system;
 * over HTTP both the client and the server are this process). A p99 far above the CPU a call
 * costs is time spent waiting for a core, i.e. the machine's load, not the code.
 */
function report(kind: string, format: string, times: number[], cpu: NodeJS.CpuUsage): void {
  const s = summarizeLatencies(times.sort((a, b) => a - b));
  const cpuMs = (cpu.user + cpu.system) / 1000 / times.length;
  process.stdout.write(
    `${kind.padEnd(6)} ${format.padEnd(10)} ${events} events: p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms, ` +
      `CPU ${cpuMs.toFixed(2)} ms per call\n`,
  );
}

const dir = mkdtempSync(join(tmpdir(), 'rehook-bench-types-'));
const store = openSqliteStore({ path: join(dir, DATABASE_FILE) });
let storeOpen = true;
try {
  const inboxId = 'inb_0123456789abcdefghjkmnpqrs';
  const now = new Date();
  await store.inboxes.insert({ id: inboxId, ownerId: null, name: null, createdAt: now, expiresAt: null });
  const nextId = createEventIdFactory();
  log(`storing ${events} events`);
  for (let start = 0; start < events; start += 1000) {
    const batch = [];
    for (let i = start; i < Math.min(events, start + 1000); i += 1) {
      const body = Buffer.from(
        JSON.stringify({
          id: `evt_${i}`,
          object: 'event',
          type: 'charge.succeeded',
          created: 1_700_000_000 + i,
          livemode: false,
          data: {
            object: {
              id: `ch_${i}`,
              amount: 1000 + (i % 97),
              currency: ['usd', 'eur', 'gbp'][i % 3],
              status: 'succeeded',
              receipt_email: `buyer${i}@example.com`,
              metadata: i % 2 === 0 ? { order: String(i) } : {},
              lines: [{ sku: 'a', qty: 1 }],
            },
          },
        }),
      );
      batch.push(
        store.events.insertIfInboxLive(
          {
            id: nextId(now.getTime() + i),
            inboxId,
            receivedAt: new Date(now.getTime() + i),
            method: 'POST',
            path: `/i/${inboxId}/stripe`,
            query: '',
            contentType: 'application/json',
            size: body.length,
            signature: null,
            answer: null,
            headers: [['Content-Type', 'application/json']],
            body,
            sourceIp: '127.0.0.1',
          },
          now,
        ),
      );
    }
    await Promise.all(batch);
  }
  log('learning them (the worker)');
  const learnStart = performance.now();
  const worker = startEventTypeWorker({ store }, { pollIntervalMs: 60_000, lock: NO_SWEEP_LOCK, batchSize: 500 });
  await worker.caughtUp();
  const learnMs = performance.now() - learnStart;
  await worker.stop();
  const deps = { store, clock: { now: () => new Date() } };
  // Anonymous inboxes are readable by anyone who knows their id.
  const principal = { kind: 'anonymous' } as const;
  for (const format of SCHEMA_FORMATS) {
    const times: number[] = [];
    const cpu = process.cpuUsage();
    for (let i = 0; i < runs; i += 1) {
      const t0 = performance.now();
      const rendered = await getEventTypeSchema(deps, principal, inboxId, 'charge.succeeded', format);
      times.push(performance.now() - t0);
      if (rendered.samples !== events) throw new Error(`learned ${rendered.samples} of ${events}`);
    }
    report('schema', format, times, process.cpuUsage(cpu));
  }
  // The same answers over HTTP: a Rehook server started on this database (its own worker finds
  // nothing left to learn), called on a real socket one request at a time.
  await store.close();
  storeOpen = false;
  const rehook = await startRehook(
    loadConfig({ REHOOK_PORT: '0', REHOOK_INGEST_PORT: '0', REHOOK_DATA_DIR: dir, REHOOK_LOG_LEVEL: 'silent' }),
  );
  try {
    for (const format of SCHEMA_FORMATS) {
      const url = `${rehook.apiUrl}/api/v1/inboxes/${inboxId}/event-types/charge.succeeded/schema?format=${format}`;
      // A few untimed calls first: the first ones compile the route's code and open the connection.
      for (let i = 0; i < 20; i += 1) await (await fetch(url)).arrayBuffer();
      const times: number[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i < runs; i += 1) {
        const t0 = performance.now();
        const res = await fetch(url);
        const text = await res.text();
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`schema over HTTP answered ${res.status}: ${text.slice(0, 200)}`);
      }
      report('http', format, times, process.cpuUsage(cpu));
    }
  } finally {
    await rehook.close();
  }
  process.stdout.write(
    `learning ${events} events took ${(learnMs / 1000).toFixed(1)} s (${Math.round(events / (learnMs / 1000))} events/s); ` +
      `load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
  );
} finally {
  if (storeOpen) await store.close();
  rmSync(dir, { recursive: true, force: true });
}
