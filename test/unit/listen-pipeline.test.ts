import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LineBuffer } from '../../src/cli/listen/line-buffer.js';
import type { SavedState } from '../../src/cli/listen/position.js';
import { PositionSaver } from '../../src/cli/listen/position-saver.js';
import { ReadAhead } from '../../src/cli/listen/read-ahead.js';

// The pieces that let `rehook listen` catch up with a backlog: the export read ahead of the
// delivery (bounded, whole lines only), the position saved in the background (never ahead of
// what is done, exact after a flush) and output lines written in batches. Nothing here waits on
// time: the tests step the event loop or resolve the fakes themselves.

const LIMITS = { events: 1000, bytes: 1024 * 1024, stallMs: 60_000 };

function eventLine(n: number, text = `body ${n}`): string {
  return `${JSON.stringify({
    id: `evt_${String(n).padStart(26, '0')}`,
    receivedAt: '2026-01-01T00:00:00.000Z',
    headers: [['X-N', String(n)]],
    bodyBase64: Buffer.from(text).toString('base64'),
  })}\n`;
}

async function* chunksOf(parts: readonly Uint8Array[], failAtEnd?: Error): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield part;
  if (failAtEnd !== undefined) throw failAtEnd;
}

async function drain(feed: ReadAhead): Promise<string[]> {
  const ids: string[] = [];
  for (let event = await feed.next(); event !== null; event = await feed.next()) ids.push(event.id);
  return ids;
}

/** Lets the reader run for a few turns of the event loop. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

test('read-ahead: events split across chunks anywhere (inside a UTF-8 character too) come out whole and in order', async () => {
  const bytes = Buffer.from(eventLine(1) + eventLine(2, 'caf\u00e9 \u{1f600}') + eventLine(3));
  // Every 7 bytes: lines and multi-byte characters are cut in the middle.
  const parts: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += 7) parts.push(bytes.subarray(at, at + 7));
  const feed = new ReadAhead(chunksOf(parts), new AbortController(), LIMITS);
  await feed.ready();
  const events = [await feed.next(), await feed.next(), await feed.next(), await feed.next()];
  assert.deepEqual(
    events.map((event) => event?.id ?? null),
    [1, 2, 3].map((n) => `evt_${String(n).padStart(26, '0')}`).concat([null as unknown as string]),
  );
  assert.equal(Buffer.from(events[1]?.bodyBase64 ?? '', 'base64').toString(), 'caf\u00e9 \u{1f600}');
  assert.equal(feed.failed, false);
});

test('read-ahead: a download cut mid-line yields the whole events before it, never the torn one', async () => {
  const torn = eventLine(3);
  const parts = [Buffer.from(eventLine(1) + eventLine(2) + torn.slice(0, 40))];
  const feed = new ReadAhead(chunksOf(parts, new Error('socket hang up')), new AbortController(), LIMITS);
  await feed.ready();
  assert.equal((await drain(feed)).length, 2);
  assert.equal(feed.failed, true);
});

test('read-ahead: a download that fails before its first event makes ready() throw (the caller retries it)', async () => {
  const feed = new ReadAhead(chunksOf([], new Error('ECONNRESET')), new AbortController(), LIMITS);
  await assert.rejects(feed.ready(), /ECONNRESET/);
});

test('read-ahead: a line that is not an event is an invalid answer', async () => {
  const feed = new ReadAhead(chunksOf([Buffer.from('{"nope":1}\n')]), new AbortController(), LIMITS);
  await assert.rejects(feed.ready(), /not the Rehook API/);
});

test('read-ahead: reading pauses once the bound is reached and goes on as events are taken', async () => {
  let pulled = 0;
  async function* endless(): AsyncGenerator<Uint8Array> {
    for (let n = 0; ; n += 1) {
      pulled += 1;
      yield Buffer.from(eventLine(n));
    }
  }
  const abort = new AbortController();
  const feed = new ReadAhead(endless(), abort, { ...LIMITS, events: 5 });
  await feed.ready();
  await turns(50);
  // Without the bound the reader would have pulled a chunk per turn (and more).
  assert.ok(pulled <= 6, `pulled ${pulled} chunks with 5 events allowed ahead`);
  for (let i = 0; i < 5; i += 1) assert.notEqual(await feed.next(), null);
  await turns(50);
  assert.ok(pulled > 6 && pulled <= 12, `pulled ${pulled} after 5 were taken`);
  feed.close();
  assert.equal(abort.signal.aborted, true);
});

function state(lastEventId: string): SavedState {
  return { lastEventId, lastReceivedAt: '2026-01-01T00:00:00.000Z', recent: [], floor: 'evt_0' };
}

test('position saver: one write at a time, the newest state, and flush() leaves exactly the last one on disk', async () => {
  const written: string[] = [];
  const waiting: Array<() => void> = [];
  const saver = new PositionSaver(
    (saved) =>
      new Promise<void>((resolve) => {
        waiting.push(() => {
          written.push(saved.lastEventId);
          resolve();
        });
      }),
    0,
  );
  saver.update(() => state('evt_1')); // starts a write at once
  saver.update(() => state('evt_2')); // one is running: waits
  saver.update(() => state('evt_3'));
  assert.equal(waiting.length, 1);
  const flushed = saver.flush();
  waiting.shift()?.();
  await turns(5);
  // The second write is the newest state; evt_2 is never written.
  assert.equal(waiting.length, 1);
  waiting.shift()?.();
  await flushed;
  assert.deepEqual(written, ['evt_1', 'evt_3']);
});

test('position saver: within the interval nothing is written until a flush', async () => {
  const written: string[] = [];
  const saver = new PositionSaver(async (saved) => {
    written.push(saved.lastEventId);
  }, 1e9);
  saver.update(() => state('evt_1'));
  await saver.flush();
  saver.update(() => state('evt_2'));
  saver.update(() => state('evt_3'));
  await turns(5);
  assert.deepEqual(written, ['evt_1']);
  await saver.flush();
  assert.deepEqual(written, ['evt_1', 'evt_3']);
});

test('position saver: a failed write is thrown by the next update or flush', async () => {
  const saver = new PositionSaver(async () => {
    throw new Error('disk full');
  }, 0);
  saver.update(() => state('evt_1'));
  await assert.rejects(saver.flush(), /disk full/);
  assert.throws(() => saver.update(() => state('evt_2')), /disk full/);
});

test('line buffer: lines come out in order, together, on flush or once enough piled up', () => {
  const writes: string[] = [];
  const out = new LineBuffer((text) => writes.push(text), 1e9, 20);
  out.line('one');
  out.line('two');
  assert.deepEqual(writes, []);
  out.flush();
  assert.deepEqual(writes, ['one\ntwo']);
  out.line('a long line of twenty characters');
  assert.deepEqual(writes, ['one\ntwo', 'a long line of twenty characters']);
  out.flush();
  assert.equal(writes.length, 2);
});
