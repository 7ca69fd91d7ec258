import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { StorageError } from '../../../src/errors.js';
import type { EventRepository } from '../../../src/ports/event-repository.js';
import { startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import {
  assertErrorBody,
  countEvents,
  createInbox,
  dbOf,
  eventAtPath,
  eventIdsByPath,
  headerValues,
  listEvents,
  storedBody,
  SQLITE_ONLY,
} from './fixtures.js';
import { hostHeader, sendHttp, sendRaw } from './raw-http.js';

describe('ingest body limit (REHOOK_MAX_BODY=1KiB)', () => {
  let rehook: TestRehook;
  let inboxId: string;
  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_MAX_BODY: '1KiB' } });
    inboxId = await createInbox(rehook);
  });
  after(() => rehook.stop());

  test('exactly 1024 bytes: 200 and stored byte-exact', async () => {
    const path = `/i/${inboxId}/exact`;
    const sent = randomBytes(1024);
    const res = await fetch(rehook.ingestUrl + path, { method: 'POST', body: sent });
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.equal(event.size, 1024);
    assert.deepEqual(await storedBody(rehook, event.id), sent);
  });

  test('1025 bytes: 413 PAYLOAD_TOO_LARGE JSON and nothing stored', async () => {
    const before = await countEvents(rehook);
    const path = `/i/${inboxId}/over`;
    const res = await fetch(rehook.ingestUrl + path, { method: 'POST', body: randomBytes(1025) });
    assert.equal(res.status, 413);
    assert.equal(res.headers.get('content-type'), 'application/json');
    assertErrorBody(await res.text(), 'PAYLOAD_TOO_LARGE');
    assert.equal(await countEvents(rehook), before);
    assert.deepEqual(await eventIdsByPath(rehook, path), []);
  });

  test('Content-Length: 10737418240 declared: 413 at once, before any body byte is sent', async () => {
    const before = await countEvents(rehook);
    const res = await sendRaw(
      rehook.ingestUrl,
      `POST /i/${inboxId}/declared HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\n` +
        'Content-Type: application/octet-stream\r\nContent-Length: 10737418240\r\n\r\n',
    );
    // No body byte is ever sent: any answer at all (before sendRaw's hang limit) came without
    // waiting for the body. How fast is not asserted: that depends on the machine's load.
    assert.equal(res.timedOut, false, 'the server answered without waiting for the body');
    assert.equal(res.status, 413);
    assert.ok(res.closed, 'the connection is closed after the 413');
    assertErrorBody(res.responses[0]?.body ?? '', 'PAYLOAD_TOO_LARGE');
    assert.equal(await countEvents(rehook), before);
  });

  test('Expect: 100-continue with a too-large Content-Length: 413 instead of 100 Continue', async () => {
    const res = await sendRaw(
      rehook.ingestUrl,
      `POST /i/${inboxId}/expect HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\n` +
        'Expect: 100-continue\r\nContent-Length: 10737418240\r\n\r\n',
    );
    assert.equal(res.status, 413, `first answer: ${res.raw.toString().split('\r\n')[0]}`);
    assert.ok(!res.raw.toString().includes('100 Continue'), 'no invitation to send the body');
    assert.ok(res.closed);
  });

  test('Expect: 100-continue within the limit: 100 Continue, then 200 once the body arrives', async () => {
    const path = `/i/${inboxId}/expect-ok`;
    const res = await sendRaw(
      rehook.ingestUrl,
      [
        `POST ${path} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nExpect: 100-continue\r\n` +
          'Content-Length: 5\r\nConnection: close\r\n\r\n',
        'hello',
      ],
      { gapMs: 50 },
    );
    assert.match(res.raw.toString(), /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    const event = await eventAtPath(rehook, path);
    assert.equal(event.bodyText, 'hello');
  });

  test('an unknown expectation (Expect: foo) is captured like any other header, not refused with 417', async () => {
    const path = `/i/${inboxId}/expect-foo`;
    const res = await sendRaw(
      rehook.ingestUrl,
      `POST ${path} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nExpect: foo\r\n` +
        'Content-Length: 2\r\nConnection: close\r\n\r\nhi',
    );
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.equal(event.bodyText, 'hi');
    assert.deepEqual(headerValues(event, 'expect'), ['foo']);
  });

  test('a chunked body of exactly 1024 bytes in pieces: 200 and stored', async () => {
    const path = `/i/${inboxId}/chunked-exact`;
    const pieces = [randomBytes(500), randomBytes(500), randomBytes(24)];
    const res = await sendHttp(rehook.ingestUrl + path, { body: pieces });
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.deepEqual(await storedBody(rehook, event.id), Buffer.concat(pieces));
  });

  test('a chunked body growing past the limit: 413 when it crosses, connection closed, nothing stored', async () => {
    const before = await countEvents(rehook);
    const path = `/i/${inboxId}/chunked-over`;
    const chunk = (size: number) => `${size.toString(16)}\r\n${'c'.repeat(size)}\r\n`;
    const res = await sendRaw(
      rehook.ingestUrl,
      [
        `POST ${path} HTTP/1.1\r\nHost: ${hostHeader(rehook.ingestUrl)}\r\nTransfer-Encoding: chunked\r\n\r\n`,
        chunk(400),
        chunk(400),
        chunk(400),
        // Never sent the terminating chunk: the server must not wait for the end of the body.
      ],
      { gapMs: 20 },
    );
    assert.equal(res.timedOut, false, 'the server answered without waiting for the end of the body');
    assert.equal(res.status, 413);
    assertErrorBody(res.responses[0]?.body ?? '', 'PAYLOAD_TOO_LARGE');
    assert.ok(res.closed, 'the connection is closed');
    assert.equal(await countEvents(rehook), before);
    assert.deepEqual(await eventIdsByPath(rehook, path), []);
  });

  test('a chunked body past the limit through node:http: 413, nothing stored', async () => {
    const before = await countEvents(rehook);
    const path = `/i/${inboxId}/chunked-over-http`;
    const res = await sendHttp(rehook.ingestUrl + path, { body: [randomBytes(600), randomBytes(600)], gapMs: 20 });
    assert.equal(res.status, 413);
    assert.equal(await countEvents(rehook), before);
  });

  test('after the 413s the listener still stores requests', async () => {
    const path = `/i/${inboxId}/after-413`;
    const res = await fetch(rehook.ingestUrl + path, { method: 'POST', body: 'small' });
    assert.equal(res.status, 200);
    assert.equal((await eventAtPath(rehook, path)).bodyText, 'small');
  });
});

describe('ingest: 200 only after commit', () => {
  let rehook: TestRehook;
  let inboxId: string;
  before(async () => {
    rehook = await startTestRehook();
    inboxId = await createInbox(rehook);
  });
  after(() => rehook.stop());

  test('after each 200 the event is visible through the API at once', async () => {
    for (let i = 0; i < 20; i += 1) {
      const path = `/i/${inboxId}/seq/${i}`;
      const res = await fetch(rehook.ingestUrl + path, { method: 'POST', body: `n=${i}` });
      assert.equal(res.status, 200);
      const events = await listEvents(rehook, inboxId);
      assert.equal(events[0]?.path, path, `event ${i} is the newest right after its 200`);
      assert.equal(events.length, i + 1);
    }
  });

  test('a slow commit delays the 200: the answer never comes before the event is stored', async () => {
    const events = rehook.deps.store.events as { -readonly [K in keyof EventRepository]: EventRepository[K] };
    const original = events.insertIfInboxLive;
    events.insertIfInboxLive = async (event, now) => {
      await new Promise((resolve) => setTimeout(resolve, 150));
      return original.call(events, event, now);
    };
    try {
      const path = `/i/${inboxId}/slow-commit`;
      const started = Date.now();
      const res = await fetch(rehook.ingestUrl + path, { method: 'POST', body: 'slow' });
      const elapsed = Date.now() - started;
      assert.equal(res.status, 200);
      assert.equal((await eventIdsByPath(rehook, path)).length, 1, 'stored by the time the 200 arrived');
      assert.ok(elapsed >= 140, `answered after ${elapsed} ms, before the commit finished`);
    } finally {
      events.insertIfInboxLive = original;
    }
  });

  test('200 concurrent posts: each visible as soon as its 200 arrives, all with distinct ids', async () => {
    const before = await countEvents(rehook, inboxId);
    const paths = Array.from({ length: 200 }, (_, i) => `/i/${inboxId}/concurrent/${i}`);
    const notVisible: string[] = [];
    const statuses = await Promise.all(
      paths.map((path, i) =>
        sendHttp(rehook.ingestUrl + path, {
          headers: { 'Content-Length': String(`body ${i}`.length) },
          body: `body ${i}`,
        }).then(async (res) => {
          if (res.status === 200 && (await eventIdsByPath(rehook, path)).length !== 1) notVisible.push(path);
          return res.status;
        }),
      ),
    );
    assert.deepEqual(
      statuses,
      paths.map(() => 200),
    );
    assert.deepEqual(notVisible, [], 'answered 200 before the event was visible');
    const listed = (await listEvents(rehook, inboxId)).filter((e) => e.path.includes('/concurrent/'));
    assert.equal(listed.length, 200);
    assert.equal(new Set(listed.map((e) => e.id)).size, 200, 'distinct ids');
    assert.deepEqual(new Set(listed.map((e) => e.path)), new Set(paths));
    assert.equal(await countEvents(rehook, inboxId), before + 200);
  });
});

describe('ingest: storage failure answers 503, never 200', { skip: SQLITE_ONLY }, () => {
  let rehook: TestRehook;
  let inboxId: string;
  let defaultMaxPages: number;
  before(async () => {
    rehook = await startTestRehook();
    inboxId = await createInbox(rehook);
    defaultMaxPages = Number(dbOf(rehook).pragma('max_page_count', { simple: true }));
  });
  after(() => rehook.stop());

  const fillDisk = () => {
    const db = dbOf(rehook);
    const pages = Number(db.pragma('page_count', { simple: true }));
    db.pragma(`max_page_count = ${pages}`);
  };
  const freeDisk = () => void dbOf(rehook).pragma(`max_page_count = ${defaultMaxPages}`);

  test('a full database (SQLITE_FULL): 503 STORAGE_UNAVAILABLE JSON, nothing stored', async () => {
    const warm = await fetch(`${rehook.ingestUrl}/i/${inboxId}/warm`, { method: 'POST', body: 'x' });
    assert.equal(warm.status, 200);
    const before = await countEvents(rehook);
    fillDisk();
    try {
      const path = `/i/${inboxId}/full`;
      const res = await fetch(rehook.ingestUrl + path, { method: 'POST', body: randomBytes(64 * 1024) });
      assert.equal(res.status, 503);
      assert.equal(res.headers.get('content-type'), 'application/json');
      assertErrorBody(await res.text(), 'STORAGE_UNAVAILABLE');
      assert.equal(await countEvents(rehook), before);
    } finally {
      freeDisk();
    }
  });

  test('a batch of concurrent posts to a full database: every one 503, none stored', async () => {
    const before = await countEvents(rehook);
    fillDisk();
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          sendHttp(`${rehook.ingestUrl}/i/${inboxId}/full-batch/${i}`, {
            headers: { 'Content-Length': 16 * 1024 },
            body: randomBytes(16 * 1024),
          }),
        ),
      );
      // Every 16 KiB row needs new pages, so every insert of the batch fails: 503 for all of them.
      for (const [i, res] of results.entries()) {
        assert.equal(res.status, 503, `request ${i}: ${res.status} ${res.body.toString()}`);
        assertErrorBody(res.body, 'STORAGE_UNAVAILABLE');
        assert.deepEqual(await eventIdsByPath(rehook, `/i/${inboxId}/full-batch/${i}`), []);
      }
      assert.equal(await countEvents(rehook), before);
    } finally {
      freeDisk();
    }
  });

  test('once space is free again, ingest stores again', async () => {
    const path = `/i/${inboxId}/recovered`;
    const sent = randomBytes(64 * 1024);
    const res = await fetch(rehook.ingestUrl + path, { method: 'POST', body: sent });
    assert.equal(res.status, 200);
    const event = await eventAtPath(rehook, path);
    assert.deepEqual(await storedBody(rehook, event.id), sent);
  });

  test('a store that rejects the insert: 503, and the API still works', async () => {
    const events = rehook.deps.store.events as { -readonly [K in keyof EventRepository]: EventRepository[K] };
    const original = events.insertIfInboxLive;
    events.insertIfInboxLive = () => Promise.reject(new StorageError('disk on fire'));
    try {
      const res = await fetch(`${rehook.ingestUrl}/i/${inboxId}/rejected`, { method: 'POST', body: 'x' });
      assert.equal(res.status, 503);
      assertErrorBody(await res.text(), 'STORAGE_UNAVAILABLE');
    } finally {
      events.insertIfInboxLive = original;
    }
    assert.deepEqual(await eventIdsByPath(rehook, `/i/${inboxId}/rejected`), []);
    const list = await listEvents(rehook, inboxId);
    assert.ok(list.length >= 2);
  });
});
