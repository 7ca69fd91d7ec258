// Edit-and-replay's pure parts (decision 22): header edits, the URL an override dials, the
// override parser's limits, the stored form of a sent request.
//   node --import tsx --test test/unit/replay-request.test.ts
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { HeaderPair } from '../../src/domain/captured-event.js';
import {
  decodeSentRequest,
  editHeaders,
  encodeSentRequest,
  recordOverrides,
  replayUrl,
  type SentRequest,
} from '../../src/domain/replay-request.js';
import type { ReplayRecord } from '../../src/domain/replay.js';
import { AppError } from '../../src/errors.js';
import { replayListJson } from '../../src/http/api/core/present.js';
import { parseRepeat, parseReplayOverrides } from '../../src/services/replay-overrides.js';

const STORED: HeaderPair[] = [
  ['Content-Type', 'application/json'],
  ['X-Dup', 'one'],
  ['X-Keep', 'k'],
  ['x-dup', 'two'],
  ['X-Gone', 'g'],
];

describe('editHeaders', () => {
  it('keeps the stored headers as they are without edits', () => {
    assert.deepEqual(editHeaders(STORED, undefined), STORED);
    assert.deepEqual(editHeaders(STORED, { set: [], remove: [] }), STORED);
  });

  it('removes every header of a removed name, case-insensitively', () => {
    assert.deepEqual(editHeaders(STORED, { set: [], remove: ['X-DUP', 'x-gone'] }), [
      ['Content-Type', 'application/json'],
      ['X-Keep', 'k'],
    ]);
  });

  it('puts a set name in the place of the first same-named header and drops the others', () => {
    assert.deepEqual(editHeaders(STORED, { set: [['x-DUP', 'new']], remove: [] }), [
      ['Content-Type', 'application/json'],
      ['x-DUP', 'new'],
      ['X-Keep', 'k'],
      ['X-Gone', 'g'],
    ]);
  });

  it('appends new names in the order given, several values of a name together', () => {
    const set: HeaderPair[] = [
      ['X-New', 'a'],
      ['Accept', '1'],
      ['X-New', 'b'],
    ];
    assert.deepEqual(editHeaders([['Accept', '0']], { set, remove: [] }), [
      ['Accept', '1'],
      ['X-New', 'a'],
      ['X-New', 'b'],
    ]);
  });
});

describe('replayUrl', () => {
  const url = (raw: string, o?: { path?: string; query?: string }) => replayUrl(new URL(raw), o).href;

  it('appends path with exactly one slash between, keeping the query unless replaced', () => {
    assert.equal(url('https://x.example/hooks?k=v', { path: '/stripe' }), 'https://x.example/hooks/stripe?k=v');
    assert.equal(url('https://x.example/hooks/', { path: '/stripe' }), 'https://x.example/hooks/stripe');
    assert.equal(url('https://x.example', { path: '/a/b' }), 'https://x.example/a/b');
  });

  it('replaces the query; empty removes it; the fragment is dropped', () => {
    assert.equal(url('https://x.example/h?k=v#f', { query: 'a=1&b=2' }), 'https://x.example/h?a=1&b=2');
    assert.equal(url('https://x.example/h?k=v', { query: '' }), 'https://x.example/h');
    assert.equal(url('https://x.example/h#f'), 'https://x.example/h');
  });

  it('never changes the host', () => {
    assert.equal(new URL(url('https://x.example/', { path: '//evil.example/x' })).host, 'x.example');
    assert.equal(new URL(url('https://x.example', { path: '/@evil.example' })).host, 'x.example');
  });
});

describe('parseReplayOverrides', () => {
  const parse = (input: Record<string, unknown>) => parseReplayOverrides(input, { maxBodyBytes: 16 });
  const fails = (input: Record<string, unknown>, message: RegExp) =>
    assert.throws(
      () => parse(input),
      (err: unknown) => err instanceof AppError && err.code === 'VALIDATION_FAILED' && message.test(err.message),
    );

  it('is undefined without overrides; the destination and other fields are not its business', () => {
    assert.equal(parse({ destination: 'https://x.example/', repeat: 3, resign: true }), undefined);
  });

  it('reads every field', () => {
    assert.deepEqual(
      parse({
        method: 'PATCH',
        path: '/p',
        query: '?q=1',
        headers: { set: { A: '1' }, remove: ['B'] },
        bodyBase64: 'AP8=',
      }),
      {
        method: 'PATCH',
        path: '/p',
        query: 'q=1',
        headers: { set: [['A', '1']], remove: ['B'] },
        body: Buffer.from([0, 255]),
      },
    );
    assert.deepEqual(parse({ body: 'é' })?.body, Buffer.from('é', 'utf8'));
  });

  it('counts the body limit in bytes (UTF-8), not characters', () => {
    assert.ok(parse({ body: 'x'.repeat(16) }));
    fails({ body: 'é'.repeat(9) }, /18 bytes; at most 16/);
    fails({ bodyBase64: Buffer.alloc(17).toString('base64') }, /17 bytes/);
  });

  it('refuses obs-fold, bare CR and DEL in values, and non-token names', () => {
    fails({ headers: { set: { A: 'x\r\n y' } } }, /CR, LF/);
    fails({ headers: { set: { A: 'x\ry' } } }, /CR, LF/);
    fails({ headers: { set: { A: 'x\u007fy' } } }, /CR, LF/);
    fails({ headers: { set: { 'A(b)': 'x' } } }, /token/);
    fails({ headers: { set: { '': 'x' } } }, /token/);
    assert.ok(parse({ headers: { set: { A: 'tab\tinside and Latin-1 \u00ff' } } }));
  });

  it('refuses Host, Content-Length, hop-by-hop and Proxy-* in any case, but sets Authorization and Cookie', () => {
    for (const name of [
      'HOST',
      'content-length',
      'Keep-Alive',
      'te',
      'Trailer',
      'Upgrade',
      'Expect',
      'proxy-connection',
      'Proxy-X',
    ]) {
      fails({ headers: { set: { [name]: 'x' } } }, /cannot be set/);
    }
    assert.ok(parse({ headers: { set: { Authorization: 'Bearer x', Cookie: 'a=b' } } }));
  });

  it('repeat is an integer from 1 to 100', () => {
    assert.equal(parseRepeat(undefined), undefined);
    assert.equal(parseRepeat(100), 100);
    for (const bad of [0, 101, 2.5, '2', null, true]) assert.throws(() => parseRepeat(bad), /repeat/);
  });
});

describe('the recorded request', () => {
  it('redacts Authorization and Cookie values of the overrides and keeps no body bytes there', () => {
    assert.deepEqual(
      recordOverrides({
        headers: {
          set: [
            ['authorization', 'Bearer s'],
            ['X', 'y'],
          ],
          remove: [],
        },
        body: Buffer.from('b'),
      }),
      {
        setHeaders: [
          ['authorization', '[REDACTED]'],
          ['X', 'y'],
        ],
        body: true,
      },
    );
    assert.equal(recordOverrides(undefined), null);
  });

  it('round-trips through its stored form with the body column', () => {
    const request: SentRequest = {
      method: 'PUT',
      url: 'https://x.example/a?b=1',
      headers: [
        ['A', 'caf\u00e9'],
        ['a', '2'],
      ],
      body: Buffer.from([1, 2, 3]),
      bodySize: 3,
      overrides: { method: 'PUT', body: true },
      resigned: true,
    };
    assert.deepEqual(decodeSentRequest(encodeSentRequest(request), request.body), request);
    assert.equal(decodeSentRequest(null, null), null);
  });
});

describe('replayListJson', () => {
  it('carries edited bodies newest first until the budget is spent, then says they were left out', () => {
    const record = (id: string, body: Buffer | null): ReplayRecord => ({
      id,
      eventId: 'evt_x',
      inboxId: 'inb_x',
      accountId: 'acc_x',
      destination: 'https://x.example/',
      createdAt: new Date(0),
      outcome: 'response',
      statusCode: 200,
      latencyMs: 1,
      responseHeaders: [],
      responseBody: Buffer.alloc(0),
      truncated: false,
      errorCode: null,
      errorMessage: null,
      jobId: null,
      request: {
        method: 'POST',
        url: 'https://x.example/',
        headers: [],
        body,
        bodySize: body?.length ?? 5,
        overrides: body ? { body: true } : null,
        resigned: false,
      },
    });
    const list = replayListJson(
      [
        record('a', Buffer.from('1234')),
        record('b', null),
        record('c', Buffer.from('5678')),
        record('d', Buffer.from('9')),
      ],
      5,
    );
    assert.deepEqual(
      list.map((r) => [r.id, r.request?.body, r.request?.bodyOmitted, r.request?.bodySize]),
      [
        ['a', '1234', false, 4],
        ['b', null, false, 5],
        ['c', null, true, 4],
        ['d', '9', false, 1],
      ],
    );
  });
});
