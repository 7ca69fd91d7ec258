import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import {
  assertErrorBody,
  countEvents,
  createInbox,
  dbOf,
  eventAtPath,
  eventIdsByPath,
  getEvent,
  listEvents,
  SQLITE_ONLY,
} from './fixtures.js';
import { hostHeader, sendRaw } from './raw-http.js';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

describe('ingest protocol: smuggling shapes are refused by the parser', () => {
  let rehook: TestRehook;
  let inboxId: string;
  let host: string;
  before(async () => {
    rehook = await startTestRehook();
    inboxId = await createInbox(rehook);
    host = hostHeader(rehook.ingestUrl);
  });
  after(() => rehook.stop());

  /** A complete request hidden in the body of the outer one: must never be stored. */
  const smuggled = () => `GET /i/${inboxId}/smuggled HTTP/1.1\r\nHost: ${host}\r\n\r\n`;

  const shapes: Array<[string, () => string]> = [
    [
      'Content-Length and Transfer-Encoding together',
      () => {
        const inner = `0\r\n\r\n${smuggled()}`;
        return `POST /i/${inboxId}/outer HTTP/1.1\r\nHost: ${host}\r\nContent-Length: ${inner.length}\r\nTransfer-Encoding: chunked\r\n\r\n${inner}`;
      },
    ],
    [
      'Transfer-Encoding then Content-Length',
      () =>
        `POST /i/${inboxId}/outer HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\nContent-Length: 4\r\n\r\n0\r\n\r\n${smuggled()}`,
    ],
    [
      'two different Content-Length headers',
      () =>
        `POST /i/${inboxId}/outer HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\nContent-Length: ${smuggled().length}\r\n\r\n${smuggled()}`,
    ],
    ['bare LF line endings', () => `POST /i/${inboxId}/outer HTTP/1.1\nHost: ${host}\nContent-Length: 5\n\nhello`],
    [
      'a bare LF after one header',
      () => `POST /i/${inboxId}/outer HTTP/1.1\r\nHost: ${host}\nContent-Length: 5\r\n\r\nhello`,
    ],
    [
      'NUL in a header value',
      () => `POST /i/${inboxId}/outer HTTP/1.1\r\nHost: ${host}\r\nX-Evil: a\0b\r\nContent-Length: 5\r\n\r\nhello`,
    ],
    [
      'space before the colon',
      () => `POST /i/${inboxId}/outer HTTP/1.1\r\nHost: ${host}\r\nContent-Length : 5\r\n\r\nhello`,
    ],
    [
      'obs-fold continuation line',
      () => `POST /i/${inboxId}/outer HTTP/1.1\r\nHost: ${host}\r\nX-Folded: a\r\n b\r\nContent-Length: 5\r\n\r\nhello`,
    ],
    [
      'Transfer-Encoding: chunked, identity',
      () =>
        `POST /i/${inboxId}/outer HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n${smuggled()}`,
    ],
    [
      'invalid chunk size',
      () =>
        `POST /i/${inboxId}/outer HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\nZZ\r\n\r\n`,
    ],
    ['unknown method FOO', () => `FOO /i/${inboxId}/outer HTTP/1.1\r\nHost: ${host}\r\n\r\n`],
  ];

  for (const [label, build] of shapes) {
    test(`${label}: 400 BAD_REQUEST, closed, nothing stored; a new connection works`, async () => {
      const before = await countEvents(rehook);
      const res = await sendRaw(rehook.ingestUrl, build());
      assert.equal(res.status, 400, `got: ${JSON.stringify(res.raw.toString().slice(0, 80))}`);
      assert.equal(res.responses.length, 1, 'exactly one answer: no response to a smuggled request');
      assertErrorBody(res.responses[0]?.body ?? '', 'BAD_REQUEST');
      assert.ok(res.closed, 'the connection is closed after the 400');
      assert.equal(await countEvents(rehook), before, 'no event stored');
      assert.deepEqual(await eventIdsByPath(rehook, `/i/${inboxId}/smuggled`), []);

      const path = `/i/${inboxId}/after/${encodeURIComponent(label)}`;
      const next = await sendRaw(
        rehook.ingestUrl,
        `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok`,
      );
      assert.equal(next.status, 200);
      assert.equal((await eventAtPath(rehook, path)).bodyText, 'ok');
    });
  }

  test('HTTP/1.1 without Host: 400, nothing stored', async () => {
    const before = await countEvents(rehook);
    const res = await sendRaw(rehook.ingestUrl, `POST /i/${inboxId}/nohost HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi`);
    assert.equal(res.status, 400);
    assert.equal(await countEvents(rehook), before);
  });

  test('CONNECT: no event, the connection is closed, the server still serves', async () => {
    const before = await countEvents(rehook);
    const res = await sendRaw(rehook.ingestUrl, `CONNECT /i/${inboxId} HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
    assert.ok(res.closed);
    assert.ok(res.status === null || res.status >= 400, `CONNECT answered ${res.status}`);
    assert.equal(await countEvents(rehook), before);
    assert.equal((await fetch(`${rehook.ingestUrl}/healthz`)).status, 200);
  });
});

describe('ingest protocol: pipelining, resets and request-target forms', () => {
  let rehook: TestRehook;
  let inboxId: string;
  let host: string;
  before(async () => {
    rehook = await startTestRehook();
    inboxId = await createInbox(rehook);
    host = hostHeader(rehook.ingestUrl);
  });
  after(() => rehook.stop());

  const post = (path: string, body: string, extra = '') =>
    `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\n${extra}\r\n${body}`;

  test('three pipelined requests in one TCP write: three 200s, three events, stored in order', {
    skip: SQLITE_ONLY,
  }, async () => {
    const paths = [1, 2, 3].map((n) => `/i/${inboxId}/pipe/${n}`);
    const bytes =
      post(paths[0] as string, 'one') +
      post(paths[1] as string, 'two') +
      post(paths[2] as string, 'three', 'Connection: close\r\n');
    const res = await sendRaw(rehook.ingestUrl, bytes);
    assert.deepEqual(
      res.responses.map((r) => r.status),
      [200, 200, 200],
    );
    const ids = await Promise.all(paths.map((p) => eventIdsByPath(rehook, p)));
    assert.ok(
      ids.every((list) => list.length === 1),
      'each request stored once',
    );
    const flat = ids.map((list) => list[0] as string);
    assert.deepEqual([...flat].sort(), flat, 'event ids ascend in arrival order');
    const listed = (await listEvents(rehook, inboxId)).filter((e) => e.path.includes('/pipe/'));
    assert.deepEqual(listed.map((e) => e.path).reverse(), paths, 'listed newest first, i.e. reverse send order');
    const bodies = await Promise.all(flat.map(async (id) => (await getEvent(rehook, id)).bodyText));
    assert.deepEqual(bodies, ['one', 'two', 'three']);
    const seqs = flat.map(
      (id) => (dbOf(rehook).prepare('SELECT seq FROM events WHERE id = ?').get(id) as { seq: number }).seq,
    );
    assert.deepEqual(
      [...seqs].sort((a, b) => a - b),
      seqs,
      'rows inserted in arrival order',
    );
  });

  test('valid requests pipelined before a malformed one are answered 200 (they are stored) before the 400', async () => {
    const paths = [`/i/${inboxId}/pre-bad/1`, `/i/${inboxId}/pre-bad/2`];
    const bad = `POST /i/${inboxId}/pre-bad/3 HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nxx`;
    const res = await sendRaw(rehook.ingestUrl, post(paths[0] as string, 'a') + post(paths[1] as string, 'b') + bad);
    assert.equal((await eventIdsByPath(rehook, paths[0] as string)).length, 1);
    assert.equal((await eventIdsByPath(rehook, paths[1] as string)).length, 1);
    assert.deepEqual(await eventIdsByPath(rehook, `/i/${inboxId}/pre-bad/3`), []);
    assert.deepEqual(
      res.responses.map((r) => r.status),
      [200, 200, 400],
      'every stored event got its 200, then the malformed request its 400',
    );
    assert.ok(res.closed);
  });

  test('a valid request pipelined before a broken chunked body: 200 for it, 400 for the broken one', async () => {
    const path = `/i/${inboxId}/pre-bad-chunk`;
    const broken = `POST /i/${inboxId}/bad-chunk HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\nZZ\r\n`;
    const res = await sendRaw(rehook.ingestUrl, post(path, 'fine') + broken);
    assert.equal(res.timedOut, false, 'the broken request is answered, not left hanging');
    assert.deepEqual(
      res.responses.map((r) => r.status),
      [200, 400],
    );
    assert.equal((await eventIdsByPath(rehook, path)).length, 1);
    assert.deepEqual(await eventIdsByPath(rehook, `/i/${inboxId}/bad-chunk`), []);
  });

  test('keep-alive: several requests one after another on one connection are all stored', async () => {
    const paths = [1, 2, 3, 4].map((n) => `/i/${inboxId}/keepalive/${n}`);
    const chunks = paths.map((p, i) => post(p, `k${i}`, i === paths.length - 1 ? 'Connection: close\r\n' : ''));
    const res = await sendRaw(rehook.ingestUrl, chunks, { gapMs: 20 });
    assert.deepEqual(
      res.responses.map((r) => r.status),
      [200, 200, 200, 200],
    );
    for (const p of paths) assert.equal((await eventIdsByPath(rehook, p)).length, 1);
  });

  test('a client that resets mid-body (Content-Length 1000, 10 bytes sent) stores nothing', async () => {
    const before = await countEvents(rehook);
    const path = `/i/${inboxId}/reset`;
    const res = await sendRaw(
      rehook.ingestUrl,
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 1000\r\n\r\n0123456789`,
      { destroyAfterWrite: true },
    );
    assert.equal(res.status, null, 'no answer was sent for an incomplete body');
    // Give the server a moment to see the reset, then prove it is alive and stored nothing else.
    await sleep(50);
    const sentinel = `/i/${inboxId}/after-reset`;
    assert.equal((await fetch(rehook.ingestUrl + sentinel, { method: 'POST', body: 's' })).status, 200);
    assert.deepEqual(await eventIdsByPath(rehook, path), []);
    assert.equal(await countEvents(rehook), before + 1, 'only the sentinel was stored');
  });

  test('a client that resets mid-way through a chunked body stores nothing', async () => {
    const before = await countEvents(rehook);
    const path = `/i/${inboxId}/reset-chunked`;
    await sendRaw(
      rehook.ingestUrl,
      [`POST ${path} HTTP/1.1\r\nHost: ${host}\r\nTransfer-Encoding: chunked\r\n\r\n`, '5\r\nhello\r\n', '3\r\nab'],
      { gapMs: 10, destroyAfterWrite: true },
    );
    await sleep(50);
    assert.deepEqual(await eventIdsByPath(rehook, path), []);
    assert.equal(await countEvents(rehook), before);
  });

  test('absolute-form request target (RFC 9112 §3.2.2) is captured with its origin-form path', async () => {
    const path = `/i/${inboxId}/absolute`;
    const res = await sendRaw(
      rehook.ingestUrl,
      `POST http://${host}${path}?x=1 HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabs`,
    );
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.equal(event.query, 'x=1');
    assert.equal(event.bodyText, 'abs');
  });

  test('HTTP/1.0 requests are captured too', async () => {
    const path = `/i/${inboxId}/http10`;
    const res = await sendRaw(rehook.ingestUrl, `POST ${path} HTTP/1.0\r\nContent-Length: 4\r\n\r\nold!`);
    assert.equal(res.status, 200);
    assert.ok(res.closed);
    assert.equal((await eventAtPath(rehook, path)).bodyText, 'old!');
  });
});
