import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { newId } from '../../../src/domain/ids.js';
import { createFakeClock } from '../../helpers/fake-clock.js';
import { api, startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import {
  assertErrorBody,
  countEvents,
  createInbox,
  eventAtPath,
  eventIdsByPath,
  getEvent,
  headerValues,
  listEvents,
  sha256,
  storedBody,
} from './fixtures.js';
import { hostHeader, sendHttp, sendRaw } from './raw-http.js';

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('ingest: every method is answered 200 and stored', () => {
  let rehook: TestRehook;
  let inboxId: string;
  before(async () => {
    rehook = await startTestRehook();
    inboxId = await createInbox(rehook);
  });
  after(() => rehook.stop());

  const withBody = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

  for (const method of withBody) {
    test(`${method} with a body: 200 {"ok":true}, stored with its method and body`, async () => {
      const path = `/i/${inboxId}/method/${method}`;
      const body = Buffer.from(`payload of ${method}`);
      const res = await sendHttp(rehook.ingestUrl + path, {
        method,
        headers: { 'Content-Type': 'text/plain', 'Content-Length': body.length },
        body,
      });
      assert.equal(res.status, 200);
      assert.deepEqual(JSON.parse(res.body.toString()), { ok: true });
      const event = await eventAtPath(rehook, path);
      assert.equal(event.method, method);
      assert.equal(event.inboxId, inboxId);
      assert.equal(event.size, body.length);
      assert.equal(event.bodyText, body.toString());
      assert.deepEqual(await storedBody(rehook, event.id), body);
    });
  }

  test('HEAD: 200 with no body bytes on the wire, stored as HEAD', async () => {
    const path = `/i/${inboxId}/method/HEAD`;
    const res = await sendRaw(
      rehook.ingestUrl,
      `HEAD ${path} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nConnection: close\r\n\r\n`,
      { bodiless: [0] },
    );
    assert.equal(res.status, 200);
    assert.ok(res.closed, 'the server closes after Connection: close');
    const headEnd = res.raw.indexOf('\r\n\r\n');
    assert.ok(headEnd > 0);
    assert.equal(res.raw.length, headEnd + 4, `HEAD answer carried body bytes: ${res.raw.toString()}`);
    const event = await eventAtPath(rehook, path);
    assert.equal(event.method, 'HEAD');
    assert.equal(event.size, 0);
  });

  test('OPTIONS (a browser preflight): 200 with CORS allow headers, stored as OPTIONS', async () => {
    const path = `/i/${inboxId}/method/OPTIONS`;
    const res = await sendHttp(rehook.ingestUrl + path, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://sender.example',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'x-custom, content-type',
      },
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    const methods = String(res.headers['access-control-allow-methods'] ?? '');
    const headers = String(res.headers['access-control-allow-headers'] ?? '');
    assert.ok(methods === '*' || /\bPUT\b/i.test(methods), `allow-methods: ${methods}`);
    assert.ok(headers === '*' || /x-custom/i.test(headers), `allow-headers: ${headers}`);
    const event = await eventAtPath(rehook, path);
    assert.equal(event.method, 'OPTIONS');
  });

  test('the list holds one event per method, all under this inbox', async () => {
    const events = await listEvents(rehook, inboxId);
    assert.deepEqual(events.map((e) => e.method).sort(), [...withBody, 'HEAD', 'OPTIONS'].sort());
    for (const event of events) {
      assert.equal(event.inboxId, inboxId);
      assert.equal(event.path, `/i/${inboxId}/method/${event.method}`);
    }
  });
});

describe('ingest: paths and query strings', () => {
  let rehook: TestRehook;
  let inboxId: string;
  let otherId: string;
  before(async () => {
    rehook = await startTestRehook();
    inboxId = await createInbox(rehook);
    otherId = await createInbox(rehook);
  });
  after(() => rehook.stop());

  /** A raw GET whose request target is sent exactly as given. */
  const rawGet = (target: string) =>
    sendRaw(
      rehook.ingestUrl,
      `GET ${target} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nConnection: close\r\n\r\n`,
    );

  test('a sub-path is stored under the inbox with the full path', async () => {
    const res = await fetch(`${rehook.ingestUrl}/i/${inboxId}/stripe/events`, { method: 'POST', body: '{}' });
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, `/i/${inboxId}/stripe/events`);
    assert.equal(event.inboxId, inboxId);
    assert.equal(event.query, '');
  });

  test('a trailing slash is kept in the stored path', async () => {
    const res = await rawGet(`/i/${inboxId}/`);
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, `/i/${inboxId}/`);
    assert.equal(event.inboxId, inboxId);
  });

  const queries: Array<[string, string]> = [
    ['repeated key', 'a=1&a=2'],
    ['invalid percent escape', '%ZZ'],
    ['lone equals sign', '='],
    ['key without value', 'a'],
    ['percent-encoded unicode', 'name=%E2%9C%93%20caf%C3%A9&emoji=%F0%9F%98%80'],
    ['question mark and slash inside', 'next=/a/b?c=d&e'],
    ['plus and encoded plus', 'q=a+b%2Bc'],
    ['8 KB', `q=${'x'.repeat(8 * 1024)}`],
  ];
  queries.forEach(([label, query], index) => {
    test(`raw query stored verbatim: ${label}`, async () => {
      const path = `/i/${inboxId}/query/${index}`;
      const res = await rawGet(`${path}?${query}`);
      assert.equal(res.status, 200);
      const event = await eventAtPath(rehook, path);
      assert.equal(event.query, query);
      assert.equal(event.path, path, 'the query is not part of the path');
      const [summary] = (await listEvents(rehook, inboxId)).filter((e) => e.id === event.id);
      assert.equal(summary?.query, query, 'the list shows the same raw query');
    });
  });

  test('targets that are not this inbox answer 200 and store nothing under it', async () => {
    const lookalikes = [
      `/i/${inboxId.toUpperCase()}`,
      `/i/${inboxId.replace('inb_', 'INB_')}`,
      `/i/${inboxId}%2F..`,
      `/i/${inboxId}%2F..%2F${otherId}`,
      `/i/${inboxId}x`,
      `/i/%20${inboxId}`,
      `/i/${'a'.repeat(300)}`,
    ];
    const before = await countEvents(rehook);
    for (const target of lookalikes) {
      const res = await rawGet(target);
      assert.equal(res.status, 200, `${target} → ${res.status}`);
    }
    assert.equal(await countEvents(rehook), before, 'no event was stored for any lookalike');
  });

  test('a dot-segment path is never stored under the inbox it points to', async () => {
    const target = `/i/${inboxId}/../${otherId}`;
    const res = await rawGet(target);
    assert.equal(res.status, 200);
    assert.equal(await countEvents(rehook, otherId), 0, 'nothing reaches the other inbox');
    const event = await eventAtPath(rehook, target);
    assert.equal(event.inboxId, inboxId, 'stored under the first path segment, path kept as sent');
  });

  test('/i/, /i, / and /other answer 404 NOT_FOUND JSON and store nothing', async () => {
    const before = await countEvents(rehook);
    for (const target of ['/i/', '/i', '/', '/other', `/other/i/${inboxId}`]) {
      const res = await rawGet(target);
      assert.equal(res.status, 404, `${target} → ${res.status}`);
      const body = res.responses[0]?.body ?? Buffer.alloc(0);
      assertErrorBody(body, 'NOT_FOUND');
    }
    const post = await fetch(`${rehook.ingestUrl}/other`, { method: 'POST', body: 'x' });
    assert.equal(post.status, 404);
    assert.equal(post.headers.get('content-type'), 'application/json');
    assertErrorBody(await post.text(), 'NOT_FOUND');
    assert.equal(await countEvents(rehook), before);
  });

  test('/healthz answers 200 and stores nothing', async () => {
    const before = await countEvents(rehook);
    const res = await fetch(`${rehook.ingestUrl}/healthz`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { ok: true });
    assert.equal(await countEvents(rehook), before);
  });
});

describe('ingest: unknown and expired inboxes answer 200 and store nothing', () => {
  const ttlMs = 60 * 60 * 1000;
  const clock = createFakeClock(new Date('2026-03-01T00:00:00.000Z'));
  let rehook: TestRehook;
  before(async () => {
    rehook = await startTestRehook({ clock, env: { REHOOK_ANON_TTL: '1h' } });
  });
  after(() => rehook.stop());

  test('well-formed unknown and garbage ids: 200 {"ok":true}, no row anywhere', async () => {
    const known = await createInbox(rehook);
    const before = await countEvents(rehook);
    const ids = [
      newId('inbox'),
      newId('inbox'),
      newId('account'),
      'nope',
      'inb_',
      'inb_!!!!',
      `inb_${'0'.repeat(26)}`,
      `${known}0`,
      encodeURIComponent('inbox-ü-✓'),
      'x'.repeat(1024),
    ];
    for (const id of ids) {
      const res = await fetch(`${rehook.ingestUrl}/i/${id}?a=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"hello":"world"}',
      });
      assert.equal(res.status, 200, `/i/${id} → ${res.status}`);
      assert.deepEqual(await res.json(), { ok: true });
    }
    assert.equal(await countEvents(rehook), before, 'no event was stored for an unknown inbox');
    assert.equal(await countEvents(rehook, known), 0);
  });

  test('an expired anonymous inbox: 200, nothing stored, the API answers 404', async () => {
    const inboxId = await createInbox(rehook);
    clock.advance(ttlMs - 1);
    const live = await fetch(`${rehook.ingestUrl}/i/${inboxId}/before-expiry`, { method: 'POST', body: 'a' });
    assert.equal(live.status, 200);
    assert.equal((await eventIdsByPath(rehook, `/i/${inboxId}/before-expiry`)).length, 1, 'stored 1 ms before expiry');

    clock.advance(2);
    const late = await fetch(`${rehook.ingestUrl}/i/${inboxId}/after-expiry`, { method: 'POST', body: 'b' });
    assert.equal(late.status, 200);
    assert.deepEqual(await late.json(), { ok: true });
    assert.equal((await eventIdsByPath(rehook, `/i/${inboxId}/after-expiry`)).length, 0, 'nothing stored after expiry');
    const list = await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events`);
    assert.equal(list.status, 404);
  });
});

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
