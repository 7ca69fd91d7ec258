// The event the PostgreSQL ingest benches write: the request of scenario (h) (a JSON body of
// about `bodyBytes`, two headers), as the row values the store's group-commit writer queues.
import { randomBytes } from 'node:crypto';
import { type EventSummary, summaryOf } from '../src/domain/captured-event.js';
import { createEventIdFactory } from '../src/domain/ids.js';
import type { PgGroupCommitWriter } from '../src/storage/postgres/group-commit.js';
import { mapper, type SqlValue } from '../src/storage/postgres/rows.js';

export interface BenchEventRow {
  readonly id: string;
  readonly values: readonly SqlValue[];
  readonly bytes: number;
  readonly summary: EventSummary;
}

/**
 * Makes events of one inbox, each with a fresh id and the current time: a JSON body of
 * `bodyBytes` (at least its 11 bytes of syntax), or random (incompressible) bytes.
 */
export function benchEventRows(
  inboxId: string,
  bodyBytes = 1024,
  kind: 'json' | 'random' = 'json',
): () => BenchEventRow {
  const nextId = createEventIdFactory();
  const body =
    kind === 'json'
      ? Buffer.from(JSON.stringify({ data: 'x'.repeat(Math.max(0, bodyBytes - 11)) }))
      : randomBytes(bodyBytes);
  const contentType = kind === 'json' ? 'application/json' : 'application/octet-stream';
  return () => {
    const now = new Date();
    const event = {
      ...{ id: nextId(now.getTime()), inboxId, receivedAt: now, method: 'POST', path: '/webhook', query: '' },
      ...{ contentType, size: body.length, signature: null, answer: null, body },
      headers: [
        ['Host', '127.0.0.1'],
        ['Content-Type', contentType],
      ] as [string, string][],
      sourceIp: '127.0.0.1',
    };
    return {
      id: event.id,
      values: [...mapper.eventParams(event), now.toISOString()],
      bytes: body.length,
      summary: summaryOf(event),
    };
  };
}

export interface DriveResult {
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  readonly batchesPerSecond: number;
  readonly seconds: number;
}

/**
 * Queues events from `writers` closed loops (each waits for its insert's commit before the next)
 * for `seconds`, or until `events` are stored; latency is the insert's, queueing included.
 */
export async function driveWriter(
  writer: PgGroupCommitWriter,
  opts: {
    next: () => BenchEventRow;
    writers: number;
    seconds?: number;
    events?: number;
    /** A random wait of 0 to this many ms before each insert (not counted in its latency). */
    jitterMs?: number;
    publish?: ((summary: EventSummary) => void) | null;
  },
): Promise<DriveResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + (opts.seconds ?? Number.POSITIVE_INFINITY) * 1000;
  let left = opts.events ?? Number.POSITIVE_INFINITY;
  const loop = async (): Promise<void> => {
    while (performance.now() < end && left > 0) {
      left -= 1;
      if ((opts.jitterMs ?? 0) > 0)
        await new Promise((resolve) => setTimeout(resolve, Math.random() * (opts.jitterMs ?? 0)));
      const began = performance.now();
      const row = opts.next();
      await writer.enqueue(row.id, row.values, row.bytes, { summary: row.summary });
      opts.publish?.(row.summary);
      latencies.push(performance.now() - began);
    }
  };
  await Promise.all(Array.from({ length: opts.writers }, loop));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number): number => latencies[Math.floor(q * (latencies.length - 1))] ?? Number.NaN;
  // Counted by the levers bench's wrapper around the writer's insert, when it is there.
  const batches = (writer as unknown as { batches?: number }).batches ?? 0;
  return {
    perSecond: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    batchesPerSecond: batches / seconds,
    seconds,
  };
}
