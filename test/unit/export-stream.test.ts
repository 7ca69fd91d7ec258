import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, test } from 'node:test';
import type { CapturedEvent } from '../../src/domain/captured-event.js';
import { printfLines, shellWord } from '../../src/domain/curl-command.js';
import { exportStream } from '../../src/http/api/export/export-stream.js';
import { prefersPlainText } from '../../src/http/api/export/routes.js';

function event(i: number): CapturedEvent {
  const body = Buffer.alloc(10 * 1024, i % 256);
  return {
    id: `evt_${String(i).padStart(26, '0')}`,
    inboxId: 'inb_x',
    receivedAt: new Date(Date.UTC(2030, 0, 1) + i),
    method: 'POST',
    path: '/i/inb_x',
    query: '',
    contentType: null,
    size: body.length,
    signature: null,
    answer: null,
    headers: [],
    body,
    sourceIp: '127.0.0.1',
  };
}

/** A source of `total` events that records how many were pulled and whether it was closed. */
function source(total: number, failAt?: number) {
  const state = { pulled: 0, closed: false };
  async function* events(): AsyncGenerator<CapturedEvent, void, undefined> {
    try {
      for (let i = 0; i < total; i += 1) {
        if (i === failAt) throw new Error('storage went away');
        state.pulled += 1;
        yield event(i);
      }
    } finally {
      state.closed = true;
    }
  }
  return { state, events: events() };
}

const har = { origin: 'http://127.0.0.1:1', creator: { name: 'Rehook', version: 't' }, comment: 'c' };

describe('export stream', () => {
  test('a consumer that stops early closes the event source: nothing more is read', async () => {
    const { state, events } = source(100_000);
    const stream = exportStream('ndjson', events, har);
    let received = 0;
    await assert.rejects(
      pipeline(
        stream,
        new Writable({
          write(chunk: Buffer, _encoding, done) {
            received += chunk.length;
            // The client hangs up after the first chunk.
            done(new Error('client went away'));
          },
        }),
      ),
      /client went away/,
    );
    await new Promise<void>((resolve) => (state.closed ? resolve() : stream.once('close', () => resolve())));
    assert.ok(received > 0);
    assert.equal(state.closed, true, 'the source was closed');
    // Only what the stream's buffer and one chunk hold was read, not the 100,000 events.
    assert.ok(state.pulled < 50, `pulled ${state.pulled}`);
  });

  test('a slow consumer holds the reads back (backpressure)', async () => {
    const { state, events } = source(1000);
    const stream = exportStream('har', events, har);
    const first: Buffer = await new Promise((resolve) => stream.once('data', resolve));
    stream.pause();
    await new Promise((resolve) => setImmediate(resolve));
    const pulledWhilePaused = state.pulled;
    assert.ok(first.length > 0);
    assert.ok(pulledWhilePaused < 50, `pulled ${pulledWhilePaused} while nobody read`);
    stream.destroy();
  });

  test('an error while reading errors the stream (the answer is cut off, never completed)', async () => {
    const { events } = source(100, 30);
    const chunks: Buffer[] = [];
    await assert.rejects(
      pipeline(
        exportStream('har', events, har),
        new Writable({
          write(chunk: Buffer, _e, done) {
            chunks.push(chunk);
            done();
          },
        }),
      ),
      /storage went away/,
    );
    const text = Buffer.concat(chunks).toString();
    assert.ok(!text.endsWith(']}}\n'), 'no closing bytes');
  });
});

describe('prefersPlainText (GET /api/v1/events/<id>/curl)', () => {
  test('text only when text/plain outranks JSON', () => {
    for (const accept of ['text/plain', 'text/*', 'text/plain, */*;q=0.8', 'application/json;q=0.1, text/plain']) {
      assert.equal(prefersPlainText(accept), true, accept);
    }
    for (const accept of [
      undefined,
      '',
      '*/*',
      'application/json',
      'application/json, text/plain',
      'text/plain;q=0',
      'text/html,*/*;q=0.8',
      'text/plain;q=0.5, */*',
    ]) {
      assert.equal(prefersPlainText(accept), false, String(accept));
    }
  });
});

describe('curl command pieces', () => {
  test('shell words: printable text single-quoted, other bytes as printf octal escapes', () => {
    assert.equal(shellWord(Buffer.from('plain')), "'plain'");
    assert.equal(shellWord(Buffer.from("it's $HOME")), "'it'\\''s $HOME'");
    assert.equal(shellWord(Buffer.from([0x61, 0xe9, 0x09, 0x62])), "'a'\"$(printf '\\351\\011')\"'b'");
    assert.equal(shellWord(Buffer.from('café')), "'café'");
    assert.equal(shellWord(Buffer.from('a\u202eb')), "'a'\"$(printf '\\342\\200\\256')\"'b'");
    assert.equal(shellWord(Buffer.alloc(0)), "''");
  });

  test('printf lines: %, \\ and a leading - cannot be read as directives or options', () => {
    assert.deepEqual(printfLines(Buffer.from('-n 100% \\c\nx')), ["printf '\\055n 100%% \\\\c\\n'", "printf 'x'"]);
    assert.deepEqual(printfLines(Buffer.from([0, 255])), ["printf '\\000\\377'"]);
  });
});
