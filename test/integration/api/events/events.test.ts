import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { eventSummaryJson } from '../../../../src/http/api/core/present.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import {
  assertError,
  assertUnauthorized,
  call,
  createInbox,
  EVENT_ID,
  ingest,
  ingestEvent,
  ISO_UTC,
  rawRequest,
  UNKNOWN_EVENT_ID,
  UNKNOWN_INBOX_ID,
} from '../support.js';

const SUMMARY_FIELDS = ['id', 'receivedAt', 'method', 'path', 'query', 'contentType', 'size'];

interface Summary {
  id: string;
  receivedAt: string;
  method: string;
  path: string;
  query: string;
  contentType: string | null;
  size: number;
}

/** The `Link: <...>; rel="next"` target, or null when the header is absent. */
function nextLink(headers: Headers): string | null {
  const link = headers.get('link');
  if (link === null) return null;
  const match = /^<([^>]+)>;\s*rel="next"$/.exec(link);
  assert.ok(match?.[1], `malformed Link header: ${link}`);
  return match[1];
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe('GET /api/v1/inboxes/:id/events', () => {
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };
  /** An anonymous inbox holding 120 events. */
  let big: { id: string };

  before(async () => {
    rehook = await startTestRehook();
    alice = await rehook.createUser();
    bob = await rehook.createUser();
    big = await createInbox(rehook);
    for (let batch = 0; batch < 4; batch += 1) {
      await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          ingest(rehook, big.id, { body: `event-${batch * 30 + i}`, headers: { 'content-type': 'text/plain' } }),
        ),
      );
    }
  });
  after(() => rehook.stop());

  it('returns a bare JSON array, newest first, with id, receivedAt, method, path, query, contentType and size', async () => {
    const inbox = await createInbox(rehook);
    await ingest(rehook, inbox.id, {
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    await ingest(rehook, inbox.id, { method: 'PUT', suffix: '/stripe/events?x=1&y=%20z', body: 'abc' });
    await ingest(rehook, inbox.id, { method: 'GET', suffix: '?only=query' });
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`);
    assert.equal(res.status, 200, res.text);
    assert.ok(Array.isArray(res.body), `not a bare array: ${res.text.slice(0, 200)}`);
    const events = res.body as Summary[];
    assert.equal(events.length, 3);
    for (const event of events) {
      for (const field of SUMMARY_FIELDS) assert.ok(field in event, `missing ${field}`);
      assert.match(event.id, EVENT_ID);
      assert.match(event.receivedAt, ISO_UTC);
    }
    const [newest, middle, oldest] = events as [Summary, Summary, Summary];
    assert.deepEqual(
      { method: newest.method, path: newest.path, query: newest.query, size: newest.size },
      { method: 'GET', path: `/i/${inbox.id}`, query: 'only=query', size: 0 },
    );
    assert.deepEqual(
      { method: middle.method, path: middle.path, query: middle.query, size: middle.size },
      { method: 'PUT', path: `/i/${inbox.id}/stripe/events`, query: 'x=1&y=%20z', size: 3 },
    );
    assert.deepEqual(
      {
        method: oldest.method,
        path: oldest.path,
        query: oldest.query,
        contentType: oldest.contentType,
        size: oldest.size,
      },
      { method: 'POST', path: `/i/${inbox.id}`, query: '', contentType: 'application/json', size: 7 },
    );
    assert.ok(newest.id > middle.id && middle.id > oldest.id, 'ids are not newest first');
    assert.ok(Date.parse(newest.receivedAt) >= Date.parse(oldest.receivedAt));
    assert.equal(res.headers.get('link'), null);
  });

  it('returns an empty array and no Link header for an inbox without events', async () => {
    const inbox = await createInbox(rehook);
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, []);
    assert.equal(res.headers.get('link'), null);
  });

  it('returns 50 events by default, with a Link rel="next"', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.length, 50);
    assert.notEqual(nextLink(res.headers), null);
  });

  it('sends eventSummaryJson of the stored events byte for byte, as application/json; charset=utf-8', async () => {
    const owned = await createInbox(rehook, alice.token);
    await ingest(rehook, owned.id, {
      method: 'POST',
      suffix: '/a%22b\\c?q=%E2%82%AC&x="y"',
      body: 'x',
      headers: { 'content-type': 'text/plain; charset="latin1"' },
    });
    await ingest(rehook, owned.id, { method: 'DELETE', suffix: '?', body: '' });
    await ingest(rehook, owned.id, { method: 'PUT', body: 'abc', headers: { 'content-type': 'application/\u00e9' } });
    for (const [inboxId, token, limit] of [
      [big.id, undefined, 7],
      [big.id, undefined, 50],
      [owned.id, alice.token, 2],
      [owned.id, alice.token, 50],
    ] as const) {
      const res = await call(
        rehook.apiUrl,
        `/api/v1/inboxes/${inboxId}/events?limit=${limit}`,
        token === undefined ? {} : { token },
      );
      assert.equal(res.status, 200, res.text);
      const stored = await rehook.deps.store.events.listByInbox(inboxId, { limit });
      assert.equal(res.text, JSON.stringify(stored.map(eventSummaryJson)));
      assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
      assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(res.text)));
      assert.equal(res.headers.get('cache-control'), 'no-store');
    }
  });

  it('accepts limit=1000 (the maximum) and then returns all 120 events and no Link header', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events?limit=1000`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.length, 120);
    assert.equal(res.headers.get('link'), null);
  });

  for (const bad of ['0', '1001', '-1', 'abc', '1.5', '', '1e2', '%201']) {
    it(`answers 400 VALIDATION_FAILED for limit=${JSON.stringify(bad)}`, async () => {
      const res = await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events?limit=${bad}`);
      assertError(res, 400, 'VALIDATION_FAILED');
    });
  }

  it('answers 400 VALIDATION_FAILED for a repeated limit and for a before that is not an event id', async () => {
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events?limit=2&limit=3`),
      400,
      'VALIDATION_FAILED',
    );
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events?before=nope`), 400, 'VALIDATION_FAILED');
  });

  it('follows Link rel="next" through 120 events with limit=50: pages of 50, 50 and 20, no duplicate, none missing', async () => {
    const sizes: number[] = [];
    const seen: string[] = [];
    let path: string | null = `/api/v1/inboxes/${big.id}/events?limit=50`;
    let guard = 0;
    while (path !== null) {
      guard += 1;
      assert.ok(guard <= 5, 'pagination does not terminate');
      const res = await call(rehook.apiUrl, path);
      assert.equal(res.status, 200, res.text);
      sizes.push(res.body.length);
      seen.push(...(res.body as Summary[]).map((event) => event.id));
      path = nextLink(res.headers);
      if (path !== null) path = new URL(path, rehook.apiUrl).pathname + new URL(path, rehook.apiUrl).search;
    }
    assert.deepEqual(sizes, [50, 50, 20]);
    assert.equal(new Set(seen).size, 120, 'duplicates across pages');
    const all = await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events?limit=1000`);
    assert.deepEqual(
      seen,
      (all.body as Summary[]).map((event) => event.id),
      'pages differ from the full list',
    );
    const sorted = [...seen].sort().reverse();
    assert.deepEqual(seen, sorted, 'not newest first across pages');
  });

  it('omits the Link header on a last page that is exactly full (120 events, limit=60)', async () => {
    const first = await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events?limit=60`);
    assert.equal(first.body.length, 60);
    const next = nextLink(first.headers);
    assert.ok(next !== null);
    const second = await call(
      rehook.apiUrl,
      next.startsWith('http') ? new URL(next).pathname + new URL(next).search : next,
    );
    assert.equal(second.status, 200, second.text);
    assert.equal(second.body.length, 60);
    assert.equal(second.headers.get('link'), null);
  });

  it('returns only events older than before=<eventId> (keyset pagination)', async () => {
    const all = (await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events?limit=1000`)).body as Summary[];
    const pivot = all[9] as Summary;
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events?limit=5&before=${pivot.id}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      (res.body as Summary[]).map((event) => event.id),
      all.slice(10, 15).map((event) => event.id),
    );
    const oldest = all[119] as Summary;
    const none = await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events?before=${oldest.id}`);
    assert.deepEqual(none.body, []);
    assert.equal(none.headers.get('link'), null);
  });

  it('lists an anonymous inbox without a token', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${big.id}/events?limit=1`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.length, 1);
  });

  it('answers 401 UNAUTHORIZED (token missing or invalid) for an owned inbox without a token', async () => {
    const owned = await createInbox(rehook, alice.token);
    await ingest(rehook, owned.id, { body: 'secret' });
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}/events`));
  });

  it('answers 404 INBOX_NOT_FOUND for an owned inbox with another account’s token', async () => {
    const owned = await createInbox(rehook, alice.token);
    await ingest(rehook, owned.id, { body: 'secret' });
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}/events`, { token: bob.token });
    assertError(res, 404, 'INBOX_NOT_FOUND');
    assert.doesNotMatch(res.text, /secret/);
  });

  it('lists an owned inbox for its owner', async () => {
    const owned = await createInbox(rehook, alice.token);
    await ingest(rehook, owned.id, { body: 'mine' });
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}/events`, { token: alice.token });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.length, 1);
    assert.equal(res.body[0].size, 4);
  });

  it('answers 404 INBOX_NOT_FOUND for an unknown inbox', async () => {
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${UNKNOWN_INBOX_ID}/events`), 404, 'INBOX_NOT_FOUND');
    assertError(await call(rehook.apiUrl, '/api/v1/inboxes/bogus/events'), 404, 'INBOX_NOT_FOUND');
  });
});

describe('GET /api/v1/events/:id and /api/v1/events/:id/body', () => {
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook();
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(() => rehook.stop());

  it('returns the full event: headers as [name, value] pairs in arrival order (credentials redacted), body, query, size, receivedAt, sourceIp', async () => {
    const inbox = await createInbox(rehook);
    const body = '{"type":"invoice.paid","amount":42,"note":"héllo ✓"}';
    const bytes = Buffer.from(body, 'utf8');
    const rawHeaders = [
      'Host',
      new URL(rehook.ingestUrl).host,
      'X-Zeta',
      'last-letter-first',
      'Content-Type',
      'application/json; charset=utf-8',
      'Stripe-Signature',
      't=1,v1=abc',
      'X-Dup',
      'one',
      'x-dup',
      'two',
      'Authorization',
      'Bearer sk_live_secret',
      'Cookie',
      'session=s3cr3t',
      'Content-Length',
      String(bytes.length),
      'Connection',
      'close',
    ];
    const sent = await rawRequest(`${rehook.ingestUrl}/i/${inbox.id}/hooks?b=2&a=1&a=%C3%A9`, {
      method: 'POST',
      headers: rawHeaders,
      body: bytes,
    });
    assert.equal(sent.status, 200);
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`);
    const eventId = list.body[0].id as string;

    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body), ['data']);
    const event = res.body.data.event;
    assert.equal(event.id, eventId);
    assert.equal(event.method, 'POST');
    assert.equal(event.path, `/i/${inbox.id}/hooks`);
    assert.equal(event.query, 'b=2&a=1&a=%C3%A9');
    assert.equal(event.contentType, 'application/json; charset=utf-8');
    assert.equal(event.size, bytes.length);
    assert.match(event.receivedAt, ISO_UTC);
    assert.ok(Math.abs(Date.parse(event.receivedAt) - Date.now()) < 60_000);
    assert.match(event.sourceIp, /^(::ffff:)?127\.0\.0\.1$/);
    const expectedHeaders: string[][] = [];
    for (let i = 0; i < rawHeaders.length; i += 2) {
      const name = rawHeaders[i] as string;
      const redacted = ['authorization', 'cookie'].includes(name.toLowerCase());
      expectedHeaders.push([name, redacted ? '[REDACTED]' : (rawHeaders[i + 1] as string)]);
    }
    assert.deepEqual(event.headers, expectedHeaders);
    assert.equal(event.bodyBase64, bytes.toString('base64'));
    assert.equal(event.bodyText, body);
    assert.doesNotMatch(res.text, /sk_live_secret|s3cr3t/);
  });

  it('gives bodyText null and the exact bytes in bodyBase64 when the body is not valid UTF-8', async () => {
    const inbox = await createInbox(rehook);
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const eventId = await ingestEvent(rehook, inbox.id, {
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.event.bodyText, null);
    assert.equal(res.body.data.event.size, 256);
    assert.ok(Buffer.from(res.body.data.event.bodyBase64, 'base64').equals(bytes));
  });

  it('serves the raw body byte-exact with the original content type, as an attachment, with nosniff', async () => {
    const inbox = await createInbox(rehook);
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => 255 - i));
    const eventId = await ingestEvent(rehook, inbox.id, { body: bytes, headers: { 'content-type': 'image/png' } });
    const res = await fetch(`${rehook.apiUrl}/api/v1/events/${eventId}/body`);
    const received = Buffer.from(await res.arrayBuffer());
    assert.equal(res.status, 200);
    assert.equal(sha256(received), sha256(bytes));
    assert.ok(received.equals(bytes));
    assert.equal(res.headers.get('content-type'), 'image/png');
    assert.match(res.headers.get('content-disposition') ?? '', /^attachment\b/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  });

  it('keeps a content type with parameters and serves a captured HTML body only as a download', async () => {
    const inbox = await createInbox(rehook);
    const json = await ingestEvent(rehook, inbox.id, {
      body: '{"x":1}',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
    const jsonRes = await fetch(`${rehook.apiUrl}/api/v1/events/${json}/body`);
    assert.equal(await jsonRes.text(), '{"x":1}');
    assert.equal(jsonRes.headers.get('content-type'), 'application/json; charset=utf-8');

    const html = await ingestEvent(rehook, inbox.id, {
      body: '<script>alert(1)</script>',
      headers: { 'content-type': 'text/html' },
    });
    const htmlRes = await fetch(`${rehook.apiUrl}/api/v1/events/${html}/body`);
    assert.equal(await htmlRes.text(), '<script>alert(1)</script>');
    assert.match(htmlRes.headers.get('content-disposition') ?? '', /^attachment\b/);
    assert.equal(htmlRes.headers.get('x-content-type-options'), 'nosniff');
  });

  it('serves a body captured without a content type as application/octet-stream', async () => {
    const inbox = await createInbox(rehook);
    const eventId = await ingestEvent(rehook, inbox.id, { method: 'PUT', body: Buffer.from([1, 2, 3]) });
    const stored = await call(rehook.apiUrl, `/api/v1/events/${eventId}`);
    assert.equal(stored.body.data.event.contentType, null);
    const res = await fetch(`${rehook.apiUrl}/api/v1/events/${eventId}/body`);
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(Buffer.from([1, 2, 3])));
    assert.equal(res.headers.get('content-type'), 'application/octet-stream');
  });

  it('/meta answers the event without bodyBase64 and bodyText, and its bodyUrl serves the exact bytes', async () => {
    const inbox = await createInbox(rehook);
    const bytes = Buffer.from([0x7b, 0x00, 0xff, 0x22]);
    const eventId = await ingestEvent(rehook, inbox.id, {
      body: bytes,
      headers: { 'content-type': 'application/json' },
    });
    const full = (await (await fetch(`${rehook.apiUrl}/api/v1/events/${eventId}`)).json()) as {
      data: { event: Record<string, unknown> };
    };
    const res = await fetch(`${rehook.apiUrl}/api/v1/events/${eventId}/meta`);
    assert.equal(res.status, 200);
    const { data } = (await res.json()) as { data: { event: Record<string, unknown> } };
    const { bodyBase64, bodyText, ...rest } = full.data.event;
    assert.equal(bodyBase64, bytes.toString('base64'));
    assert.equal(bodyText, null);
    assert.deepEqual(data.event, rest);
    const body = await fetch(`${rehook.apiUrl}${String(data.event['bodyUrl'])}`);
    assert.ok(Buffer.from(await body.arrayBuffer()).equals(bytes));
  });

  it('answers 404 EVENT_NOT_FOUND for unknown and malformed event ids, on the event and on its body', async () => {
    for (const id of [UNKNOWN_EVENT_ID, 'nope', 'evt_']) {
      assertError(await call(rehook.apiUrl, `/api/v1/events/${id}`), 404, 'EVENT_NOT_FOUND');
      assertError(await call(rehook.apiUrl, `/api/v1/events/${id}/body`), 404, 'EVENT_NOT_FOUND');
      assertError(await call(rehook.apiUrl, `/api/v1/events/${id}/meta`), 404, 'EVENT_NOT_FOUND');
    }
  });

  it('protects events of an owned inbox: owner 200, no token 401, another account 404 EVENT_NOT_FOUND', async () => {
    const owned = await createInbox(rehook, alice.token);
    const eventId = await ingestEvent(rehook, owned.id, { body: 'private', token: alice.token });
    for (const suffix of ['', '/body', '/meta']) {
      const mine = await call(rehook.apiUrl, `/api/v1/events/${eventId}${suffix}`, { token: alice.token });
      assert.equal(mine.status, 200, mine.text);
      assertUnauthorized(await call(rehook.apiUrl, `/api/v1/events/${eventId}${suffix}`));
      const theirs = await call(rehook.apiUrl, `/api/v1/events/${eventId}${suffix}`, { token: bob.token });
      assertError(theirs, 404, 'EVENT_NOT_FOUND');
      assert.doesNotMatch(theirs.text, /private/);
    }
  });

  it('lets anyone read an event of an anonymous inbox, with or without a token', async () => {
    const inbox = await createInbox(rehook);
    const eventId = await ingestEvent(rehook, inbox.id, { body: 'open' });
    const anon = await call(rehook.apiUrl, `/api/v1/events/${eventId}`);
    assert.equal(anon.status, 200, anon.text);
    assert.equal(anon.body.data.event.bodyText, 'open');
    const withToken = await call(rehook.apiUrl, `/api/v1/events/${eventId}`, { token: bob.token });
    assert.equal(withToken.status, 200, withToken.text);
  });
});
