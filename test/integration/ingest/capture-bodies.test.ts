import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { createInbox, eventAtPath, getEvent, headerValues, listEvents, sha256, storedBody } from './fixtures.js';
import { hostHeader, sendHttp, sendRaw } from './raw-http.js';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('ingest: bodies are stored byte-exact, never parsed', () => {
  let rehook: TestRehook;
  let inboxId: string;
  let counter = 0;
  before(async () => {
    rehook = await startTestRehook();
    inboxId = await createInbox(rehook);
  });
  after(() => rehook.stop());

  /** POSTs `body` with exactly these headers (plus Host/Content-Length), returns the stored event. */
  async function post(body: Buffer, headers: Record<string, string> = {}, method = 'POST') {
    counter += 1;
    const path = `/i/${inboxId}/body/${counter}`;
    const res = await sendHttp(rehook.ingestUrl + path, {
      method,
      headers: { ...headers, 'Content-Length': body.length },
      body,
    });
    assert.equal(res.status, 200, res.body.toString());
    const event = await eventAtPath(rehook, path);
    return { event, stored: await storedBody(rehook, event.id) };
  }

  function assertSameBytes(event: { bodyBase64: string; size: number }, stored: Buffer, sent: Buffer): void {
    assert.equal(stored.length, sent.length);
    assert.equal(sha256(stored), sha256(sent), 'stored bytes differ from the sent bytes');
    assert.equal(event.size, sent.length);
    assert.equal(sha256(Buffer.from(event.bodyBase64, 'base64')), sha256(sent), 'API bodyBase64 differs');
  }

  test('empty body', async () => {
    const { event, stored } = await post(Buffer.alloc(0), { 'Content-Type': 'text/plain' });
    assert.equal(stored.length, 0);
    assert.equal(event.size, 0);
    assert.equal(event.bodyBase64, '');
    assert.equal(event.bodyText, '');
  });

  test('all 256 byte values', async () => {
    const sent = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const { event, stored } = await post(sent, { 'Content-Type': 'application/octet-stream' });
    assertSameBytes(event, stored, sent);
    assert.deepEqual(stored, sent);
    assert.equal(event.bodyText, null, 'not valid UTF-8, so no bodyText');
  });

  test('random binary with NULs', async () => {
    const sent = randomBytes(64 * 1024);
    for (let i = 0; i < sent.length; i += 97) sent[i] = 0;
    const { event, stored } = await post(sent, { 'Content-Type': 'application/octet-stream' });
    assertSameBytes(event, stored, sent);
  });

  test('5 MiB of random bytes (SHA-256 equal)', async () => {
    const sent = randomBytes(5 * 1024 * 1024);
    const { event, stored } = await post(sent, { 'Content-Type': 'application/octet-stream' });
    assertSameBytes(event, stored, sent);
  });

  test('Content-Encoding: gzip is stored compressed, as sent', async () => {
    const json = Buffer.from(
      JSON.stringify({ items: Array.from({ length: 500 }, (_, i) => ({ i, name: `item ${i}` })) }),
    );
    const sent = gzipSync(json);
    const { event, stored } = await post(sent, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    assertSameBytes(event, stored, sent);
    assert.equal(stored[0], 0x1f);
    assert.equal(stored[1], 0x8b);
    assert.ok(stored.length < json.length, 'not inflated');
    assert.deepEqual(headerValues(event, 'content-encoding'), ['gzip']);
  });

  test('a gzip decompression bomb (32 MiB of zeros) is stored compressed, not inflated', async () => {
    const sent = gzipSync(Buffer.alloc(32 * 1024 * 1024));
    const { event, stored } = await post(sent, { 'Content-Type': 'text/plain', 'Content-Encoding': 'gzip' });
    assertSameBytes(event, stored, sent);
    assert.ok(event.size < 1024 * 1024);
  });

  test('invalid JSON sent as application/json is stored raw', async () => {
    const sent = Buffer.from('{"a": 1,,, "b": [}');
    const { event, stored } = await post(sent, { 'Content-Type': 'application/json' });
    assert.deepEqual(stored, sent);
    assert.equal(event.bodyText, '{"a": 1,,, "b": [}');
    assert.equal(event.contentType, 'application/json');
  });

  test('invalid UTF-8 under a UTF-8 content type: stored raw, bodyText null', async () => {
    const sent = Buffer.from([0x68, 0x69, 0xc3, 0x28, 0xff, 0xfe, 0xed, 0xa0, 0x80]);
    const { event, stored } = await post(sent, { 'Content-Type': 'text/plain; charset=utf-8' });
    assertSameBytes(event, stored, sent);
    assert.equal(event.bodyText, null);
  });

  test('no Content-Type at all', async () => {
    const sent = Buffer.from('no type here');
    const { event, stored } = await post(sent);
    assert.deepEqual(stored, sent);
    assert.equal(event.contentType, null);
    assert.deepEqual(headerValues(event, 'content-type'), []);
  });

  for (const [label, contentType] of [
    ['x', 'x'],
    [';;;', ';;;'],
    ['a 5 KB value', `application/${'x'.repeat(5 * 1024)}`],
    ['unknown parameters', 'text/plain; charset=klingon; x="y"'],
  ] as const) {
    test(`odd Content-Type (${label}) is stored as sent`, async () => {
      const sent = Buffer.from(`typed as ${label}`);
      const { event, stored } = await post(sent, { 'Content-Type': contentType });
      assert.deepEqual(stored, sent);
      assert.equal(event.contentType, contentType);
    });
  }

  test('multipart/form-data with 10,000 parts is stored raw', async () => {
    const boundary = '----rehook-boundary-7d1f';
    const parts: string[] = [];
    for (let i = 0; i < 10_000; i += 1) {
      parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nvalue ${i}\r\n`);
    }
    const sent = Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
    const { event, stored } = await post(sent, { 'Content-Type': `multipart/form-data; boundary=${boundary}` });
    assertSameBytes(event, stored, sent);
  });

  test('application/x-www-form-urlencoded with 100k keys is stored raw', async () => {
    const sent = Buffer.from(Array.from({ length: 100_000 }, (_, i) => `k${i}=v%20${i}`).join('&'));
    const { event, stored } = await post(sent, { 'Content-Type': 'application/x-www-form-urlencoded' });
    assertSameBytes(event, stored, sent);
  });

  test('GET and DELETE bodies are kept, with and without Content-Type', async () => {
    for (const method of ['GET', 'DELETE']) {
      const typed = await post(Buffer.from(`{"m":"${method}"}`), { 'Content-Type': 'application/json' }, method);
      assert.equal(typed.event.method, method);
      assert.equal(typed.stored.toString(), `{"m":"${method}"}`);
      const untyped = await post(Buffer.from(`raw ${method}`), {}, method);
      assert.equal(untyped.stored.toString(), `raw ${method}`);
      assert.equal(untyped.event.contentType, null);
    }
  });

  test('a chunked body written in several pieces is stored complete', async () => {
    const pieces = [
      randomBytes(1),
      randomBytes(1000),
      Buffer.from('\r\n0\r\n\r\n'),
      randomBytes(70_000),
      randomBytes(3),
    ];
    const sent = Buffer.concat(pieces);
    const path = `/i/${inboxId}/chunked`;
    const res = await sendHttp(rehook.ingestUrl + path, {
      headers: { 'Content-Type': 'application/octet-stream' },
      body: pieces,
      gapMs: 10,
    });
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.deepEqual(headerValues(event, 'transfer-encoding'), ['chunked'], 'the request really was chunked');
    assertSameBytes(event, await storedBody(rehook, event.id), sent);
  });

  test('a hand-framed chunked body with chunk extensions is stored decoded', async () => {
    const path = `/i/${inboxId}/chunked-raw`;
    const res = await sendRaw(
      rehook.ingestUrl,
      [
        `POST ${path} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n`,
        '5;ext=1\r\nhello\r\n',
        '1\r\n \r\n',
        '5\r\nworld\r\n',
        '0\r\n\r\n',
      ],
      { gapMs: 5 },
    );
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.equal(event.bodyText, 'hello world');
    assert.equal(event.size, 11);
  });
});

describe('ingest: source address, time and content type', () => {
  let rehook: TestRehook;
  let inboxId: string;
  before(async () => {
    rehook = await startTestRehook();
    inboxId = await createInbox(rehook);
  });
  after(() => rehook.stop());

  test('sourceIp is the loopback client; X-Forwarded-For is not trusted by default', async () => {
    const path = `/i/${inboxId}/ip`;
    const res = await fetch(rehook.ingestUrl + path, { headers: { 'X-Forwarded-For': '203.0.113.9' } });
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.ok(['127.0.0.1', '::ffff:127.0.0.1'].includes(event.sourceIp), `sourceIp: ${event.sourceIp}`);
    assert.deepEqual(headerValues(event, 'x-forwarded-for'), ['203.0.113.9'], 'the header itself is stored');
  });

  test('receivedAt is an ISO 8601 UTC timestamp of the capture time', async () => {
    const path = `/i/${inboxId}/time`;
    const t0 = Date.now();
    const res = await fetch(rehook.ingestUrl + path, { method: 'POST', body: 'x' });
    const t1 = Date.now();
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.match(event.receivedAt, ISO_UTC);
    const at = Date.parse(event.receivedAt);
    assert.ok(at >= t0 && at <= t1, `receivedAt ${event.receivedAt} outside [${t0}, ${t1}]`);
    const [summary] = await listEvents(rehook, inboxId).then((all) => all.filter((e) => e.id === event.id));
    assert.equal(summary?.receivedAt, event.receivedAt);
  });

  test('contentType is the first of two Content-Type headers; both are stored', async () => {
    const path = `/i/${inboxId}/two-types`;
    const res = await sendRaw(
      rehook.ingestUrl,
      `POST ${path} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nContent-Type: text/first\r\n` +
        'Content-Type: application/second\r\nContent-Length: 2\r\nConnection: close\r\n\r\nhi',
    );
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.equal(event.contentType, 'text/first');
    assert.deepEqual(headerValues(event, 'content-type'), ['text/first', 'application/second']);
    const [summary] = (await listEvents(rehook, inboxId)).filter((e) => e.id === event.id);
    assert.equal(summary?.contentType, 'text/first');
  });

  test('getEvent and the list agree on every summary field', async () => {
    const events = await listEvents(rehook, inboxId);
    assert.ok(events.length >= 3);
    for (const summary of events) {
      const full = await getEvent(rehook, summary.id);
      for (const key of ['id', 'inboxId', 'receivedAt', 'method', 'path', 'query', 'contentType', 'size'] as const) {
        assert.deepEqual(full[key], summary[key], `${key} of ${summary.id}`);
      }
    }
  });
});
