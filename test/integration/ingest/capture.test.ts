import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { newId } from '../../../src/domain/ids.js';
import { createFakeClock } from '../../helpers/fake-clock.js';
import { api, startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import {
  assertErrorBody,
  countEvents,
  createInbox,
  eventAtPath,
  eventIdsByPath,
  listEvents,
  storedBody,
} from './fixtures.js';
import { hostHeader, sendHttp, sendRaw } from './raw-http.js';

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
