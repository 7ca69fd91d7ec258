import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { eventMatchesFilter, parseEventFilter } from '../../../../src/domain/event-filter.js';
import { ANONYMOUS } from '../../../../src/services/deps.js';
import { openInboxExport } from '../../../../src/services/export.js';
import { HAR_1_2_SCHEMA } from '../../../helpers/har-schema.js';
import { sendRawHttp, type RawHttpRequest } from '../../../helpers/raw-http.js';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, call, createInbox } from '../support.js';

// GET /api/v1/inboxes/<id>/export: HAR 1.2 checked against the structure of
// the specification and re-imported (every entry replayed to a local server: method, URL,
// headers and bytes as captured); NDJSON line for line the events of the API; the list filters;
// access; HEAD; a snapshot of the inbox at the start.

const validateHar = new Ajv2020({ strict: false, allErrors: true }).compile(HAR_1_2_SCHEMA);
/** Headers a replay writes itself for its own connection. */
const FRAMING = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);
const unframed = (headers: readonly (readonly [string, string])[]) =>
  headers.filter(([name]) => !FRAMING.has(name.toLowerCase()));

const EVERY_BYTE = Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7) % 256));

/** Requests below the inbox (target relative to /i/<id>). */
const CAPTURES: RawHttpRequest[] = [
  {
    method: 'POST',
    target: '/stripe?a=1&a=2&b=%20x&c=caf%C3%A9',
    headers: [
      ['Content-Type', 'application/json'],
      ['Stripe-Signature', 't=1,v1=ab'],
    ],
    body: Buffer.from('{"type":"invoice.paid","emoji":"😀","quote":"it\'s \\"x\\""}'),
  },
  {
    method: 'PUT',
    target: '/bin',
    headers: [
      ['Content-Type', 'application/octet-stream'],
      ['X-Latin1', 'caf\u00e9\u00ff'],
    ],
    body: EVERY_BYTE,
  },
  {
    method: 'GET',
    target: '',
    headers: [
      ['X-Dup', 'one'],
      ['x-dup', 'two'],
      ['Authorization', 'Bearer secret'],
      ['Cookie', 'a=b'],
    ],
  },
  {
    method: 'POST',
    target: '/form',
    headers: [['Content-Type', 'application/x-www-form-urlencoded']],
    body: Buffer.from('a=1&b=%26&c=d+e'),
  },
  { method: 'PROPFIND', target: '/a/../b/[x]?q=`$HOME`', headers: [['X-Empty', '']], body: Buffer.from('\r\n') },
  { method: 'HEAD', target: '/x#frag', headers: [] },
];

let rehook: TestRehook;
let receiver: Receiver;
before(async () => {
  rehook = await startTestRehook();
  receiver = await startReceiver();
});
after(async () => {
  await receiver.close();
  await rehook.stop();
});

/** An inbox holding `requests` (sent in order) and its events as GET /api/v1/events/<id> shows them, oldest first. */
async function inboxWith(requests: readonly RawHttpRequest[], token?: string): Promise<{ inbox: any; events: any[] }> {
  const inbox = await createInbox(rehook, token);
  for (const req of requests) {
    const answer = await sendRawHttp(rehook.ingestUrl, { ...req, target: `/i/${inbox.id}${req.target}` });
    assert.match(answer, /^HTTP\/1\.1 200 /);
  }
  const auth = token === undefined ? {} : { token };
  const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events?limit=1000`, auth);
  const events = [];
  for (const summary of [...list.body].reverse()) {
    events.push((await call(rehook.apiUrl, `/api/v1/events/${summary.id}`, auth)).body.data.event);
  }
  assert.equal(events.length, requests.length);
  return { inbox, events };
}

async function exportOf(inboxId: string, query: string, init: Parameters<typeof call>[2] = {}) {
  return call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/export${query}`, init);
}

function postDataBytes(postData: { text: string; encoding?: string } | undefined): Buffer {
  if (postData === undefined) return Buffer.alloc(0);
  return Buffer.from(postData.text, postData.encoding === 'base64' ? 'base64' : 'utf8');
}

describe('GET /api/v1/inboxes/<id>/export', () => {
  test('format=har: a valid HAR 1.2 document, one entry per event, oldest first, as captured', async () => {
    const { inbox, events } = await inboxWith(CAPTURES);
    const res = await exportOf(inbox.id, '?format=har');
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(res.headers.get('content-disposition'), `attachment; filename="rehook-${inbox.id}.har"`);
    const har = res.body;
    assert.ok(validateHar(har), JSON.stringify(validateHar.errors, null, 2));
    assert.equal(har.log.version, '1.2');
    assert.equal(har.log.creator.name, 'Rehook');
    assert.equal(har.log.entries.length, events.length);
    for (const [i, entry] of har.log.entries.entries()) {
      const event = events[i];
      const positive = Object.values(entry.timings as Record<string, number>).filter((t) => t > 0);
      assert.equal(
        entry.time,
        positive.reduce((a, b) => a + b, 0),
        'time is the sum of the timings',
      );
      assert.equal(entry._rehook.eventId, event.id);
      assert.equal(entry.startedDateTime, event.receivedAt);
      assert.equal(entry.request.method, event.method);
      assert.equal(
        entry.request.url,
        `${rehook.publicIngestUrl}${event.path}${event.query === '' ? '' : `?${event.query}`}`,
      );
      assert.deepEqual(
        entry.request.headers,
        event.headers.map(([name, value]: [string, string]) => ({ name, value })),
      );
      assert.equal(entry.request.bodySize, event.size);
      assert.equal(postDataBytes(entry.request.postData).toString('base64'), event.bodyBase64);
      if (event.size > 0) {
        assert.equal(entry.request.postData.mimeType, event.contentType ?? 'application/octet-stream');
        assert.equal(entry.request.postData.encoding, event.bodyText === null ? 'base64' : undefined);
      }
      assert.equal(entry.response.status, event.answer.status);
    }
    assert.deepEqual(har.log.entries[0].request.queryString, [
      { name: 'a', value: '1' },
      { name: 'a', value: '2' },
      { name: 'b', value: ' x' },
      { name: 'c', value: 'café' },
    ]);
    assert.equal(har.log.entries[1].request.postData.encoding, 'base64', 'the binary body');
    assert.deepEqual(har.log.entries[0].response.content, {
      size: 11,
      mimeType: 'application/json',
      text: '{"ok":true}',
    });
  });

  test('the HAR re-imports: each entry replayed to a local server arrives with the captured method, URL, headers and bytes', async () => {
    const { inbox, events } = await inboxWith(CAPTURES);
    const har = (await exportOf(inbox.id, '')).body; // format=har is the default
    assert.ok(validateHar(har));
    const first = receiver.requests.length;
    for (const entry of har.log.entries) {
      const url: string = entry.request.url;
      assert.ok(url.startsWith(rehook.publicIngestUrl), url);
      // The target is taken as written (a URL parser would resolve `/../` and drop `#...`).
      const target = url.slice(rehook.publicIngestUrl.length);
      const headers = unframed(
        entry.request.headers.map((h: { name: string; value: string }) => [h.name, h.value] as const),
      );
      const answer = await sendRawHttp(receiver.url, {
        method: entry.request.method,
        target,
        headers,
        body: postDataBytes(entry.request.postData),
      });
      assert.match(answer, /^HTTP\/1\.1 200 /);
    }
    const received = receiver.requests.slice(first);
    assert.equal(received.length, events.length);
    for (const [i, got] of received.entries()) {
      const event = events[i];
      assert.equal(got.method, event.method);
      assert.equal(got.url, `${event.path}${event.query === '' ? '' : `?${event.query}`}`);
      assert.deepEqual(unframed(got.headers), unframed(event.headers), `headers of ${event.method} ${event.path}`);
      assert.equal(got.body.toString('base64'), event.bodyBase64, `body of ${event.method} ${event.path}`);
    }
  });

  test('format=ndjson: one line per event, each exactly the event of GET /api/v1/events/<id>', async () => {
    const { inbox, events } = await inboxWith(CAPTURES);
    const res = await exportOf(inbox.id, '?format=ndjson');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /^application\/x-ndjson/);
    assert.equal(res.headers.get('content-disposition'), `attachment; filename="rehook-${inbox.id}.ndjson"`);
    assert.ok(res.text.endsWith('\n'));
    const lines = res.text
      .slice(0, -1)
      .split('\n')
      .map((line) => JSON.parse(line));
    // The event-type worker may type an event between reading it and exporting it: compare the
    // captured request, not what is learned from it later.
    const captured = ({ eventType: _type, drift: _drift, ...rest }: Record<string, unknown>) => rest;
    assert.deepEqual(lines.map(captured), events.map(captured));
  });

  test('an empty inbox: a HAR without entries, an empty NDJSON', async () => {
    const inbox = await createInbox(rehook);
    const har = await exportOf(inbox.id, '?format=har');
    assert.ok(validateHar(har.body));
    assert.deepEqual(har.body.log.entries, []);
    const ndjson = await exportOf(inbox.id, '?format=ndjson');
    assert.equal(ndjson.status, 200);
    assert.equal(ndjson.text, '');
  });

  test('the list filters select the same events as the reference matcher of the search', async () => {
    const requests: RawHttpRequest[] = [];
    for (let i = 0; i < 30; i += 1) {
      requests.push({
        method: ['POST', 'PUT', 'GET'][i % 3] as string,
        target: `${i % 2 === 0 ? '/stripe' : '/github'}/e${i}?n=${i}`,
        headers: [
          ['X-Kind', i % 4 === 0 ? 'a' : 'b'],
          ['Content-Type', 'application/json'],
        ],
        body: Buffer.from(
          JSON.stringify({ type: i % 5 === 0 ? 'paid' : 'failed', n: i, text: i === 7 ? 'needle' : 'hay' }),
        ),
      });
    }
    const { inbox, events } = await inboxWith(requests);
    const full = events.map((e) => ({
      ...e,
      receivedAt: new Date(e.receivedAt),
      body: Buffer.from(e.bodyBase64, 'base64'),
    }));
    const queries = [
      'method=PUT',
      'method=get,put',
      'path=/stripe',
      'header=x-kind:a',
      'q=needle',
      'json=type=paid',
      'json=n=12',
      `since=${events[10].id}&until=${events[20].id}`,
      'method=POST&path=/stripe&header=X-Kind:b',
    ];
    for (const query of queries) {
      const parsed = parseEventFilter(Object.fromEntries(new URLSearchParams(query)), { inboxId: inbox.id });
      assert.ok(parsed.ok, query);
      const expected = full.filter((e) => eventMatchesFilter(e, parsed.filter)).map((e) => e.id);
      assert.ok(expected.length > 0 && expected.length < events.length, `${query} selects some events`);
      const res = await exportOf(inbox.id, `?format=ndjson&${query}`);
      assert.equal(res.status, 200, res.text);
      const ids = res.text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line).id);
      assert.deepEqual(ids, expected, query);
      const har = await exportOf(inbox.id, `?format=har&${query}`);
      assert.deepEqual(
        har.body.log.entries.map((e: any) => e._rehook.eventId),
        expected,
        `${query} (har)`,
      );
      assert.match(har.body.log.comment, new RegExp(`^Rehook inbox ${inbox.id}, filter `));
    }
  });

  test('bad parameters are 400 VALIDATION_FAILED', async () => {
    const inbox = await createInbox(rehook);
    for (const query of [
      '?format=csv',
      '?format=har&format=ndjson',
      '?since=yesterday',
      '?json=a..b',
      '?method=P%20OST',
      '?path=stripe',
    ]) {
      assertError(await exportOf(inbox.id, query), 400, 'VALIDATION_FAILED');
    }
  });

  test('access: as listing the events (owner only for a saved inbox; a sharing link reads)', async () => {
    const owner = await rehook.createUser();
    const other = await rehook.createUser();
    const { inbox } = await inboxWith([CAPTURES[0] as RawHttpRequest], owner.token);
    assert.equal((await exportOf(inbox.id, '?format=ndjson', { token: owner.token })).status, 200);
    assertError(await exportOf(inbox.id, '?format=ndjson'), 401, 'UNAUTHORIZED');
    assertError(await exportOf(inbox.id, '?format=ndjson', { token: other.token }), 404, 'INBOX_NOT_FOUND');
    assertError(await exportOf('inb_aaaaaaaaaaaaaaaaaaaaaaaaaa', ''), 404, 'INBOX_NOT_FOUND');
    const share = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, {
      method: 'POST',
      token: owner.token,
    });
    const viaLink = await exportOf(inbox.id, '?format=ndjson', {
      headers: { 'x-rehook-share': share.body.data.share.token },
    });
    assert.equal(viaLink.status, 200, viaLink.text);
    assert.equal(viaLink.text.split('\n').length, 2);
  });

  test('HEAD answers the headers without reading a single page', async () => {
    const { inbox } = await inboxWith(CAPTURES.slice(0, 2));
    const events = rehook.deps.store.events;
    const original = events.listFullAfter;
    let pages = 0;
    (events as { listFullAfter: typeof original }).listFullAfter = (...args) => {
      pages += 1;
      return original.apply(events, args);
    };
    try {
      const head = await fetch(`${rehook.apiUrl}/api/v1/inboxes/${inbox.id}/export?format=har`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-disposition'), `attachment; filename="rehook-${inbox.id}.har"`);
      assert.equal(pages, 0);
      assert.equal((await exportOf(inbox.id, '?format=har')).body.log.entries.length, 2);
      assert.ok(pages > 0, 'the counter sees the pages of a GET');
    } finally {
      (events as { listFullAfter: typeof original }).listFullAfter = original;
    }
  });

  test('an export covers the events stored when it opened; later ones are left for the next', async () => {
    const { inbox, events } = await inboxWith(CAPTURES.slice(0, 3));
    const opened = await openInboxExport(rehook.deps, ANONYMOUS, inbox.id, { pageEvents: 1 });
    await sendRawHttp(rehook.ingestUrl, {
      method: 'POST',
      target: `/i/${inbox.id}/late`,
      headers: [],
      body: Buffer.from('late'),
    });
    const seen: string[] = [];
    for await (const event of opened.events) seen.push(event.id);
    assert.deepEqual(
      seen,
      events.map((e) => e.id),
    );
    const next = await exportOf(inbox.id, '?format=ndjson');
    assert.equal(next.text.split('\n').filter((l) => l !== '').length, 4);
  });

  test('many events over several pages: every one once, in order', async () => {
    const inbox = await createInbox(rehook);
    const total = 450;
    for (let i = 0; i < total; i += 1) {
      await sendRawHttp(rehook.ingestUrl, {
        method: 'POST',
        target: `/i/${inbox.id}/n${i}`,
        headers: [],
        body: Buffer.alloc(i * 3, i % 256),
      });
    }
    const res = await exportOf(inbox.id, '?format=har');
    assert.ok(validateHar(res.body));
    const paths = res.body.log.entries.map((e: any) => e.request.url.slice(rehook.publicIngestUrl.length));
    assert.deepEqual(
      paths,
      Array.from({ length: total }, (_, i) => `/i/${inbox.id}/n${i}`),
    );
    assert.deepEqual(
      res.body.log.entries.map((e: any) => e.request.bodySize),
      Array.from({ length: total }, (_, i) => i * 3),
    );
  });

  test('an inbox deleted during an export ends it with INBOX_NOT_FOUND at the next page', async () => {
    const { inbox } = await inboxWith(CAPTURES.slice(0, 3));
    const opened = await openInboxExport(rehook.deps, ANONYMOUS, inbox.id, { pageEvents: 1 });
    const first = await opened.events.next();
    assert.equal(first.done, false);
    assert.equal((await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}`, { method: 'DELETE' })).status, 204);
    await assert.rejects(opened.events.next(), (err: any) => err.code === 'INBOX_NOT_FOUND');
  });

  test('a client that hangs up mid-export does not disturb the server', async () => {
    const inbox = await createInbox(rehook);
    for (let i = 0; i < 40; i += 1) {
      await sendRawHttp(rehook.ingestUrl, {
        method: 'POST',
        target: `/i/${inbox.id}`,
        headers: [],
        body: Buffer.alloc(64 * 1024, i),
      });
    }
    const controller = new AbortController();
    const res = await fetch(`${rehook.apiUrl}/api/v1/inboxes/${inbox.id}/export?format=ndjson`, {
      signal: controller.signal,
    });
    const reader = res.body?.getReader();
    assert.ok(reader);
    const chunk = await reader.read();
    assert.equal(chunk.done, false);
    controller.abort();
    await assert.rejects(reader.read());
    const again = await exportOf(inbox.id, '?format=ndjson');
    assert.equal(again.text.split('\n').filter((l) => l !== '').length, 40);
  });
});
