import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import {
  decodePayload,
  encodeControlPayload,
  encodeNoticePayload,
  encodePayload,
  MAX_PAYLOAD_BYTES,
} from '../../../src/live/pg-notify-bus.js';
import type { ControlMessage, InboxNotice } from '../../../src/ports/event-bus.js';
import { connectTestPostgres, startTcpProxy, type TcpProxy, waitFor } from '../../helpers/postgres.js';
import { api, startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { metricValue } from '../cluster/launcher.js';
import { openSse, type SseConnection } from '../../helpers/sse-client.js';

/**
 * PostgreSQL-only behaviour of a running Rehook (the HTTP suites themselves run again on
 * PostgreSQL in the second pass of scripts/run-tests.mjs): readiness and ingest while the
 * database is unreachable, the LISTEN/NOTIFY bus, roles and /metrics.
 */

const pg = await connectTestPostgres();
const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;

/** Limit of the stream waits: it only catches what never comes (a loaded machine is slow). */
const HANG_MS = 15_000;

after(async () => {
  if (pg.available) await pg.close();
});

async function schemaUrl(): Promise<string> {
  if (!pg.available) throw new Error('unreachable');
  return (await pg.createSchema()).url;
}

async function createInbox(rehook: TestRehook, token?: string): Promise<string> {
  const created = await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', ...(token ? { token } : {}) });
  assert.equal(created.status, 201, created.text);
  return created.body.data.inbox.id as string;
}

function ingest(origin: string, inboxId: string, suffix = ''): Promise<Response> {
  return fetch(`${origin}/i/${inboxId}${suffix}`, { method: 'POST', body: 'payload' });
}

describe('notification payloads', () => {
  it('carry the whole summary when it fits, else only the ids', () => {
    const event = {
      id: 'evt_01aaaaaaaaaaaaaaaaaaaaaaaa',
      inboxId: 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa',
      receivedAt: new Date(1_700_000_000_123),
      method: 'POST',
      path: '/i/inb_aaaaaaaaaaaaaaaaaaaaaaaaaa/x',
      query: 'a=1',
      contentType: null,
      size: 3,
      signature: { scheme: 'stripe', status: 'invalid' as const, reason: 'signature does not match' },
      answer: null,
    };
    assert.deepEqual(decodePayload(encodePayload(event)), { kind: 'event', event });
    const long = { ...event, path: `/i/${event.inboxId}/${'é'.repeat(5000)}` };
    const encoded = encodePayload(long);
    assert.ok(Buffer.byteLength(encoded) <= MAX_PAYLOAD_BYTES);
    assert.deepEqual(decodePayload(encoded), { kind: 'reload', id: event.id, inboxId: event.inboxId });
    assert.equal(decodePayload('nope'), null);
    assert.equal(decodePayload('{"v":1,"e":{"id":1}}'), null);
  });

  it('carry control messages apart from events; malformed ones are refused', () => {
    const message: ControlMessage = {
      type: 'share.revoked',
      shareId: 'shr_aaaaaaaaaaaaaaaaaaaaaaaaaa',
      inboxId: 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa',
    };
    assert.deepEqual(decodePayload(encodeControlPayload(message)), { kind: 'control', message });
    const revoked: ControlMessage = { type: 'token.revoked', tokenId: 'tok_aaaaaaaaaaaaaaaaaaaaaaaaaa' };
    assert.deepEqual(decodePayload(encodeControlPayload(revoked)), { kind: 'control', message: revoked });
    assert.equal(decodePayload('{"v":1,"c":{"t":"inbox.exploded","s":"x","i":"y"}}'), null);
    assert.equal(decodePayload('{"v":1,"c":{"t":"share.revoked","s":1,"i":"y"}}'), null);
    assert.equal(decodePayload('{"v":1,"c":{"t":"token.revoked","k":7}}'), null);
  });

  it('carry deletion notices; malformed ones are refused', () => {
    const inboxId = 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa';
    const notices: InboxNotice[] = [
      { kind: 'event.deleted', inboxId, eventId: 'evt_01aaaaaaaaaaaaaaaaaaaaaaaa' },
      { kind: 'inbox.cleared', inboxId, through: 'evt_01aaaaaaaaaaaaaaaaaaaaaaaa' },
      { kind: 'inbox.cleared', inboxId, through: null },
    ];
    for (const notice of notices)
      assert.deepEqual(decodePayload(encodeNoticePayload(notice)), { kind: 'notice', notice });
    assert.equal(decodePayload('{"v":1,"d":{"k":"event.deleted","i":"inb_x"}}'), null);
    assert.equal(decodePayload('{"v":1,"d":{"k":"inbox.exploded","i":"inb_x"}}'), null);
    assert.equal(decodePayload('{"v":1,"d":{"k":"inbox.cleared","i":7,"t":null}}'), null);
    assert.equal(decodePayload('{"v":1,"d":null}'), null);
  });
});

describe('Rehook on PostgreSQL through a connection that can be cut', { skip }, () => {
  let proxy: TcpProxy;
  let rehook: TestRehook;

  before(async () => {
    proxy = await startTcpProxy();
    rehook = await startTestRehook({ env: { DATABASE_URL: proxy.urlFor(await schemaUrl()) } });
  });
  after(async () => {
    await proxy?.restore();
    await rehook?.stop();
    await proxy?.close();
  });

  it('/readyz fails (503) on both listeners while the database is unreachable, and recovers', async () => {
    for (const origin of [rehook.apiUrl, rehook.ingestUrl]) {
      assert.equal((await fetch(`${origin}/readyz`)).status, 200, origin);
    }
    await proxy.cut();
    try {
      for (const origin of [rehook.apiUrl, rehook.ingestUrl]) {
        const response = await fetch(`${origin}/readyz`);
        assert.equal(response.status, 503, origin);
        assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'STORAGE_UNAVAILABLE');
      }
      // Liveness is not readiness: the process itself is fine.
      assert.equal((await fetch(`${rehook.apiUrl}/healthz`)).status, 200);
    } finally {
      await proxy.restore();
    }
    await waitFor('readiness to come back', async () => (await fetch(`${rehook.apiUrl}/readyz`)).status === 200);
    assert.equal((await fetch(`${rehook.ingestUrl}/readyz`)).status, 200);
  });

  it('ingest answers 503 while the database is unreachable, stores nothing then, and recovers by itself', async () => {
    const inboxId = await createInbox(rehook);
    assert.equal((await ingest(rehook.ingestUrl, inboxId)).status, 200);
    await proxy.cut();
    let refused = 0;
    try {
      for (let i = 0; i < 5; i += 1) {
        const response = await ingest(rehook.ingestUrl, inboxId);
        assert.equal(response.status, 503);
        assert.equal(((await response.json()) as { error: { code: string } }).error.code, 'STORAGE_UNAVAILABLE');
        refused += 1;
      }
    } finally {
      await proxy.restore();
    }
    assert.equal(refused, 5);
    await waitFor('ingest to recover', async () => (await ingest(rehook.ingestUrl, inboxId)).status === 200);
    const listed = await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events`);
    assert.equal(listed.status, 200);
    // The first event and the one that recovered; none of the refused ones.
    assert.equal(listed.body.length, 2);
    const text = await (await fetch(`${rehook.apiUrl}/metrics`)).text();
    assert.ok(metricValue(text, 'rehook_ingest_failures_total') >= 5);
  });

  it('the live stream resumes delivering once the LISTEN connection is back', async () => {
    const inboxId = await createInbox(rehook);
    const conn = (await openSse(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/stream`)) as SseConnection;
    assert.equal(conn.status, 200);
    try {
      await conn.waitFor(() => conn.comments.length > 0, HANG_MS, 'the stream to start');
      await proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await proxy.restore();
      // Events notified while the listener was away are not pushed (a client resumes with
      // Last-Event-ID); keep ingesting until one arrives over the re-opened connection.
      await waitFor('an event over the re-opened LISTEN connection', async () => {
        if ((await ingest(rehook.ingestUrl, inboxId)).status !== 200) return false;
        await new Promise((resolve) => setTimeout(resolve, 200));
        return conn.events().length > 0;
      });
    } finally {
      conn.close();
    }
  });
});

describe('Rehook on PostgreSQL: bus, roles and metrics', { skip }, () => {
  let url: string;
  let all: TestRehook;
  let apiOnly: TestRehook;
  let ingestOnly: TestRehook;

  before(async () => {
    url = await schemaUrl();
    all = await startTestRehook({ env: { DATABASE_URL: url } });
    apiOnly = await startTestRehook({ env: { DATABASE_URL: url, REHOOK_ROLE: 'api' } });
    ingestOnly = await startTestRehook({ env: { DATABASE_URL: url, REHOOK_ROLE: 'ingest' } });
  });
  after(async () => {
    await Promise.all([all, apiOnly, ingestOnly].map((r) => r?.stop()));
  });

  it('an event too large for a notification is reloaded from the store and streamed', async () => {
    const inboxId = await createInbox(all);
    const conn = (await openSse(`${all.apiUrl}/api/v1/inboxes/${inboxId}/stream`)) as SseConnection;
    try {
      await conn.waitFor(() => conn.comments.length > 0, HANG_MS, 'the stream to start');
      const longPath = `/${'p'.repeat(9000)}`;
      assert.equal((await ingest(all.ingestUrl, inboxId, longPath)).status, 200);
      assert.equal((await ingest(all.ingestUrl, inboxId, '/small')).status, 200);
      await conn.waitFor(() => conn.events().length === 2, HANG_MS, 'both events');
      const [big, small] = conn.events();
      assert.equal(big.path, `/i/${inboxId}${longPath}`);
      // Delivery keeps notification order although the first one needed a reload.
      assert.equal(small.path, `/i/${inboxId}/small`);
    } finally {
      conn.close();
    }
  });

  it('a control message reaches the control subscribers of every instance, and no event subscriber', async () => {
    const message: ControlMessage = {
      type: 'share.revoked',
      shareId: 'shr_aaaaaaaaaaaaaaaaaaaaaaaaaa',
      inboxId: 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa',
    };
    const got = { all: [] as ControlMessage[], apiOnly: [] as ControlMessage[] };
    const stops = [
      all.deps.bus.subscribeControl((m) => got.all.push(m)),
      apiOnly.deps.bus.subscribeControl((m) => got.apiOnly.push(m)),
    ];
    let events = 0;
    const stopEvents = apiOnly.deps.bus.subscribe(message.inboxId, () => (events += 1));
    try {
      all.deps.bus.publishControl(message);
      // The publisher's own subscribers get it at once, before any round trip.
      assert.deepEqual(got.all, [message]);
      // The other instance only through NOTIFY/LISTEN: without the push it never arrives.
      await waitFor('the control message on the other instance', async () => got.apiOnly.length > 0);
      assert.deepEqual(got.apiOnly[0], message);
      assert.equal(events, 0);
    } finally {
      for (const stop of stops) stop();
      stopEvents();
    }
  });

  it('role ingest runs only ingest (with /readyz and /metrics); role api runs only the API', async () => {
    assert.equal(ingestOnly.apiUrl, '');
    assert.equal(apiOnly.ingestUrl, '');
    assert.equal((await fetch(`${ingestOnly.ingestUrl}/healthz`)).status, 200);
    assert.equal((await fetch(`${ingestOnly.ingestUrl}/readyz`)).status, 200);
    const metrics = await fetch(`${ingestOnly.ingestUrl}/metrics`);
    assert.equal(metrics.status, 200);
    assert.match(await metrics.text(), /^# HELP rehook_ingested_events_total/m);
    // The ingest listener of a full instance leaves /metrics to its API listener.
    assert.equal((await fetch(`${all.ingestUrl}/metrics`)).status, 404);
    assert.equal((await fetch(`${apiOnly.apiUrl}/readyz`)).status, 200);
  });

  it('an event ingested on an ingest-only instance reaches the stream of an API-only one', async () => {
    const inboxId = await createInbox(apiOnly);
    const conn = (await openSse(`${apiOnly.apiUrl}/api/v1/inboxes/${inboxId}/stream`)) as SseConnection;
    try {
      await conn.waitFor(() => conn.comments.length > 0, HANG_MS, 'the stream to start');
      assert.equal((await ingest(ingestOnly.ingestUrl, inboxId)).status, 200);
      // Pushed through NOTIFY/LISTEN, nothing polls: without the push it never arrives.
      await conn.waitFor(() => conn.events().length === 1, HANG_MS, 'the event');
    } finally {
      conn.close();
    }
  });

  it('deleting an event and clearing an inbox on one instance reach the streams of another', async () => {
    const inboxId = await createInbox(apiOnly);
    const conn = (await openSse(`${apiOnly.apiUrl}/api/v1/inboxes/${inboxId}/stream`)) as SseConnection;
    try {
      await conn.waitFor(() => conn.comments.length > 0, HANG_MS, 'the stream to start');
      assert.equal((await ingest(ingestOnly.ingestUrl, inboxId, '/one')).status, 200);
      assert.equal((await ingest(ingestOnly.ingestUrl, inboxId, '/two')).status, 200);
      await conn.waitFor(() => conn.events().length === 2, HANG_MS, 'both events');
      const [first, second] = conn.events() as [{ id: string }, { id: string }];
      // Deleted and cleared through the other API instance: only NOTIFY/LISTEN brings the news.
      assert.equal((await api(all.apiUrl, `/api/v1/events/${first.id}`, { method: 'DELETE' })).status, 204);
      assert.equal((await api(all.apiUrl, `/api/v1/inboxes/${inboxId}/events`, { method: 'DELETE' })).status, 204);
      await conn.waitFor(() => conn.messages.length === 4, HANG_MS, 'the deletion messages');
      assert.deepEqual(
        conn.messages.map((m) => [m.event, JSON.parse(m.data)]),
        [
          ['event.created', conn.events()[0]],
          ['event.created', conn.events()[1]],
          ['event.deleted', { id: first.id, inboxId }],
          ['inbox.cleared', { inboxId, through: second.id }],
        ],
      );
    } finally {
      conn.close();
    }
  });

  it('/metrics reports ingest, latency, replays by outcome and the pool', async () => {
    const { token } = await all.createUser();
    const inboxId = await createInbox(all, token);
    const before = await (await fetch(`${all.apiUrl}/metrics`)).text();
    assert.equal((await ingest(all.ingestUrl, inboxId)).status, 200);
    assert.equal((await ingest(all.ingestUrl, 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa')).status, 200);
    const listed = await api(all.apiUrl, `/api/v1/inboxes/${inboxId}/events`, { token });
    const eventId = listed.body[0].id as string;
    // Loopback is refused by the default replay policy: a `forbidden` outcome.
    const replay = await api(all.apiUrl, `/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      token,
      json: { destination: 'http://127.0.0.1:9/x' },
    });
    assert.equal(replay.status, 403, replay.text);

    const response = await fetch(`${all.apiUrl}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    const after = await response.text();
    const delta = (name: string, labels = ''): number =>
      metricValue(after, name, labels) - metricValue(before, name, labels);
    assert.equal(delta('rehook_ingested_events_total', '{result="stored"}'), 1);
    assert.equal(delta('rehook_ingested_events_total', '{result="ignored"}'), 1);
    assert.equal(delta('rehook_ingest_duration_seconds_count'), 2);
    assert.equal(delta('rehook_ingest_duration_seconds_bucket', '{le="+Inf"}'), 2);
    assert.equal(delta('rehook_replays_total', '{outcome="forbidden"}'), 1);
    assert.equal(delta('rehook_replays_total', '{outcome="response"}'), 0);
    assert.ok(metricValue(after, 'rehook_db_pool_connections', '{state="total"}') >= 1);
    assert.ok(metricValue(after, 'rehook_db_pool_connections', '{state="idle"}') >= 0);
    assert.equal(metricValue(after, 'rehook_db_pool_waiting'), 0);
    // Every sample line is `name{labels} value`.
    for (const line of after.split('\n').filter((l) => l !== '' && !l.startsWith('#'))) {
      assert.match(line, /^[a-z_]+(\{[^}]*\})? [0-9.e+-]+$|^[a-z_]+(\{[^}]*\})? \+Inf$/, line);
    }
  });
});

describe('readiness against a database that is not there', { skip }, () => {
  it('/readyz is 503 when the pool points at a dead port', async () => {
    const proxy = await startTcpProxy();
    const rehook = await startTestRehook({ env: { DATABASE_URL: proxy.urlFor(await schemaUrl()) } });
    try {
      // Closing the proxy for good: every new connection is refused, as by a dead port.
      await proxy.close();
      const response = await fetch(`${rehook.apiUrl}/readyz`);
      assert.equal(response.status, 503);
    } finally {
      await proxy.restore();
      await rehook.stop();
      await proxy.close();
    }
  });
});
