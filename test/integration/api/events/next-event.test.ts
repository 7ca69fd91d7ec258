import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import type { EventSummary } from '../../../../src/domain/captured-event.js';
import { buildApiApp } from '../../../../src/http/api/app.js';
import type { AfterPage } from '../../../../src/ports/event-repository.js';
import { createFakeClock } from '../../../helpers/fake-clock.js';
import { startTestRehook, type JsonResponse, type TestRehook } from '../../../helpers/rehook.js';
import { countSubscriptions, eventually } from '../../../helpers/sse-client.js';
import { assertError, assertUnauthorized, call, createInbox, ingestEvent, UNKNOWN_INBOX_ID } from '../support.js';

/** A well-formed event id older than any real one: `after` it, every event of an inbox is newer. */
const BEFORE_ALL = 'evt_00000000000000000000000000';
const HOUR = 3_600_000;

/**
 * Notices when a long-poll has read the store, found nothing newer than its floor and goes to
 * wait: from then on, an event stored must wake it. Works by wrapping the store's listAfter (the
 * same object the API uses), so tests never guess with sleeps whether a poll is waiting yet.
 */
function watchWaits(rehook: TestRehook): (inboxId: string) => Promise<void> {
  const waiters: Array<{ inboxId: string; resolve: () => void }> = [];
  const events = rehook.deps.store.events;
  const original = events.listAfter.bind(events);
  events.listAfter = async (inboxId: string, page: AfterPage): Promise<EventSummary[]> => {
    const rows = await original(inboxId, page);
    if (rows.length === 0) {
      for (const waiter of waiters.filter((w) => w.inboxId === inboxId)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
    return rows;
  };
  // Register BEFORE starting the poll, so a fast poll cannot read before anyone listens.
  return (inboxId) => new Promise<void>((resolve) => waiters.push({ inboxId, resolve }));
}

/** A poll in flight, and whether it has answered (a fact, never a duration). */
function track(promise: Promise<JsonResponse>): { promise: Promise<JsonResponse>; settled: () => boolean } {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  return { promise, settled: () => settled };
}

describe('GET /api/v1/inboxes/:id/events/next', () => {
  const clock = createFakeClock(new Date());
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };
  let subscriptions: () => number;
  let waitingPoll: (inboxId: string) => Promise<void>;

  const next = (inboxId: string, query = '', token?: string): Promise<JsonResponse> =>
    call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events/next${query}`, token ? { token } : {});

  before(async () => {
    rehook = await startTestRehook({ clock, env: { REHOOK_SWEEP_INTERVAL: '1d' } });
    alice = await rehook.createUser();
    bob = await rehook.createUser();
    subscriptions = countSubscriptions(rehook.deps.bus);
    waitingPoll = watchWaits(rehook);
  });
  after(() => rehook.stop());

  it('answers 200 at once with the oldest event newer than after, exactly as GET /api/v1/events/:id', async () => {
    const inbox = await createInbox(rehook);
    const first = await ingestEvent(rehook, inbox.id, { body: 'first' });
    const bytes = Buffer.from([0x00, 0xff, 0xfe, 0x80, 0x0a, 0x7b, 0xc3]);
    const second = await ingestEvent(rehook, inbox.id, {
      method: 'PUT',
      suffix: '/stripe?x=1&x=2',
      body: bytes,
      headers: { 'content-type': 'application/octet-stream', 'x-dup': 'a' },
    });
    const third = await ingestEvent(rehook, inbox.id, { body: 'third' });
    // A long timeout changes nothing when the event is already there.
    const res = await next(inbox.id, `?after=${first}&timeout=2m`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.event.id, second);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(res.headers.get('cache-control'), 'no-store');
    const direct = await call(rehook.apiUrl, `/api/v1/events/${second}`);
    assert.equal(direct.status, 200);
    assert.equal(res.text, direct.text, 'the same JSON, byte for byte, as the event endpoint');
    assert.deepEqual(Buffer.from(res.body.data.event.bodyBase64, 'base64'), bytes);
    assert.equal(res.body.data.event.bodyText, null);
    assert.equal(res.body.data.event.query, 'x=1&x=2');

    // Following the chain: each answer's id is the next `after`, then nothing more.
    assert.equal((await next(inbox.id, `?after=${BEFORE_ALL}&timeout=0`)).body.data.event.id, first);
    assert.equal((await next(inbox.id, `?after=${second}&timeout=0`)).body.data.event.id, third);
    const done = await next(inbox.id, `?after=${third}&timeout=0`);
    assert.equal(done.status, 204, done.text);
  });

  it('answers a waiting poll with an event ingested after it started waiting', async () => {
    const inbox = await createInbox(rehook);
    const first = await ingestEvent(rehook, inbox.id, { body: 'before' });
    const baseline = subscriptions();
    const waiting = waitingPoll(inbox.id);
    const poll = track(next(inbox.id, `?after=${first}&timeout=60s`));
    await waiting;
    assert.equal(poll.settled(), false, 'nothing newer is stored yet, so the poll must not have answered');
    assert.equal(subscriptions(), baseline + 1, 'the waiting poll is subscribed to the bus');
    const second = await ingestEvent(rehook, inbox.id, { body: 'wake up', headers: { 'content-type': 'text/plain' } });
    const res = await poll.promise;
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.event.id, second);
    assert.equal(res.body.data.event.bodyText, 'wake up');
    assert.equal(subscriptions(), baseline, 'the answered poll unsubscribed');
  });

  it('answers 204 without a body when nothing comes before the timeout', async () => {
    const inbox = await createInbox(rehook);
    const event = await ingestEvent(rehook, inbox.id);
    const baseline = subscriptions();
    for (const timeout of ['0', '0s', '0ms', '200ms', '0.2']) {
      const res = await next(inbox.id, `?after=${event}&timeout=${timeout}`);
      assert.equal(res.status, 204, `timeout=${timeout}: ${res.text}`);
      assert.equal(res.text, '');
      assert.equal(res.headers.get('cache-control'), 'no-store');
    }
    assert.equal(subscriptions(), baseline, 'timed-out polls unsubscribed');
  });

  it('without after: ignores events stored before the call, returns the first one stored after it', async () => {
    const inbox = await createInbox(rehook);
    await ingestEvent(rehook, inbox.id, { body: 'old' });
    const immediate = await next(inbox.id, '?timeout=0');
    assert.equal(immediate.status, 204, `an event stored before the call is not "next": ${immediate.text}`);

    const waiting = waitingPoll(inbox.id);
    const poll = track(next(inbox.id, '?timeout=60s'));
    await waiting;
    assert.equal(poll.settled(), false);
    const fresh = await ingestEvent(rehook, inbox.id, { body: 'new' });
    const res = await poll.promise;
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.event.id, fresh);

    // An inbox without events: its first event is the answer.
    const empty = await createInbox(rehook);
    const waitingEmpty = waitingPoll(empty.id);
    const pollEmpty = track(next(empty.id));
    await waitingEmpty;
    const firstEver = await ingestEvent(rehook, empty.id);
    const answered = await pollEmpty.promise;
    assert.equal(answered.status, 200, answered.text);
    assert.equal(answered.body.data.event.id, firstEver);
  });

  it('follows the access rules of listing events', async () => {
    const anon = await createInbox(rehook);
    await ingestEvent(rehook, anon.id);
    const owned = await createInbox(rehook, alice.token);
    const ownedEvent = await ingestEvent(rehook, owned.id, { token: alice.token });
    const at = `?after=${BEFORE_ALL}&timeout=0`;

    assert.equal((await next(anon.id, at)).status, 200, 'anonymous inbox, no token');
    assert.equal((await next(anon.id, at, alice.token)).status, 200, 'anonymous inbox, a token');
    assert.equal((await next(anon.id, '?timeout=0', bob.token)).status, 204);

    const asOwner = await next(owned.id, at, alice.token);
    assert.equal(asOwner.status, 200, asOwner.text);
    assert.equal(asOwner.body.data.event.id, ownedEvent);
    assertUnauthorized(await next(owned.id, at));
    assertError(await next(owned.id, at, bob.token), 404, 'INBOX_NOT_FOUND');

    assertError(await next(UNKNOWN_INBOX_ID, at), 404, 'INBOX_NOT_FOUND');
    assertError(await next('inb_nope', at), 404, 'INBOX_NOT_FOUND');
    assertError(await next('evt_nope', at), 404, 'INBOX_NOT_FOUND');

    for (const bad of ['rhk_not-a-token', 'x'.repeat(40)]) {
      assertUnauthorized(await next(anon.id, at, bad));
      assertUnauthorized(await next(owned.id, at, bad));
    }
    // Access is checked before the parameters: an owned inbox without a token is 401 regardless.
    assertUnauthorized(await next(owned.id, '?after=nope&timeout=soon'));
  });

  it('answers 404 INBOX_NOT_FOUND for an expired inbox, events or not', async () => {
    const inbox = await createInbox(rehook);
    await ingestEvent(rehook, inbox.id);
    clock.advance(48 * HOUR);
    assertError(await next(inbox.id, `?after=${BEFORE_ALL}&timeout=0`), 404, 'INBOX_NOT_FOUND');
    assertError(await next(inbox.id, '?timeout=0', alice.token), 404, 'INBOX_NOT_FOUND');
  });

  it('checks access again before answering: a token revoked while the poll waits gets 401', async () => {
    const owned = await createInbox(rehook, alice.token);
    const created = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      token: alice.token,
      json: { name: 'doomed' },
    });
    assert.equal(created.status, 201, created.text);
    const doomed: { id: string; token: string } = created.body.data.token;
    const waiting = waitingPoll(owned.id);
    const poll = track(next(owned.id, '?timeout=60s', doomed.token));
    await waiting;
    const revoked = await call(rehook.apiUrl, `/api/v1/tokens/${doomed.id}`, { method: 'DELETE', token: alice.token });
    assert.equal(revoked.status, 204, revoked.text);
    await ingestEvent(rehook, owned.id, { token: alice.token });
    assertUnauthorized(await poll.promise);
  });

  it('answers 400 VALIDATION_FAILED for a malformed after or timeout, and for repeated parameters', async () => {
    const inbox = await createInbox(rehook);
    const event = await ingestEvent(rehook, inbox.id);
    for (const bad of ['nope', inbox.id, 'evt_short', `${event}x`, '']) {
      const res = await next(inbox.id, `?after=${encodeURIComponent(bad)}&timeout=0`);
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, /after must be an event id/);
    }
    for (const bad of ['soon', '-1', '1.5.2', '30 s', '121s', '2m1s', '3m', '120001ms', '1h', '1e3', '']) {
      const res = await next(inbox.id, `?after=${event}&timeout=${encodeURIComponent(bad)}`);
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, /timeout must be a duration from 0 to 2m/, `timeout=${bad}`);
    }
    // The largest timeouts accepted, in every spelling (an event is there: answered at once).
    for (const max of ['120', '120s', '2m', '120000ms']) {
      const res = await next(inbox.id, `?after=${BEFORE_ALL}&timeout=${max}`);
      assert.equal(res.status, 200, `timeout=${max}: ${res.text}`);
    }
    assertError(await next(inbox.id, `?after=${event}&after=${event}&timeout=0`), 400, 'VALIDATION_FAILED');
    assertError(await next(inbox.id, `?after=${event}&timeout=0&timeout=0`), 400, 'VALIDATION_FAILED');
  });

  it('ends the wait and unsubscribes when the client goes away', async () => {
    const inbox = await createInbox(rehook);
    const baseline = subscriptions();
    const controller = new AbortController();
    const waiting = waitingPoll(inbox.id);
    const poll = fetch(`${rehook.apiUrl}/api/v1/inboxes/${inbox.id}/events/next?timeout=2m`, {
      signal: controller.signal,
    });
    await waiting;
    assert.equal(subscriptions(), baseline + 1);
    controller.abort();
    await assert.rejects(poll, { name: 'AbortError' });
    await eventually(() => subscriptions() === baseline, 10_000, 'the abandoned poll to unsubscribe');
    // The server is unharmed: the next poll works.
    const event = await ingestEvent(rehook, inbox.id);
    assert.equal((await next(inbox.id, `?after=${BEFORE_ALL}&timeout=0`)).body.data.event.id, event);
  });
});

describe('long-polls and server shutdown', () => {
  it('answers a waiting poll 204 when the server closes, so close() does not wait for it', {
    timeout: 30_000,
  }, async () => {
    const rehook = await startTestRehook();
    const waitingPoll = watchWaits(rehook);
    let stopped = false;
    try {
      const inbox = await createInbox(rehook);
      const waiting = waitingPoll(inbox.id);
      const poll = track(call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events/next?timeout=2m`));
      await waiting;
      // Without the shutdown signal, close() would wait up to the poll's 2 minutes (the test's
      // own 30 s timeout fails first).
      await rehook.stop();
      stopped = true;
      const res = await poll.promise;
      assert.equal(res.status, 204, res.text);
      assert.equal(res.headers.get('connection'), 'close');
    } finally {
      if (!stopped) await rehook.stop();
    }
  });
});

describe('long-polls and the server inactivity timeout', () => {
  let rehook: TestRehook;
  let app: FastifyInstance;
  let apiUrl: string;

  before(async () => {
    rehook = await startTestRehook();
    app = buildApiApp({
      deps: rehook.deps,
      ingestOrigin: () => rehook.ingestUrl,
      logger: pino({ level: 'silent' }),
      trustProxy: false,
    });
    // The API app's connectionTimeout (Node's server.timeout: socket inactivity) is 60 s; the
    // same mechanism at 300 ms here, so a poll outlasting it needs no minute-long test.
    app.server.timeout = 300;
    apiUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(async () => {
    await app.close();
    await rehook.stop();
  });

  it('keeps the socket of a poll that waits longer than the inactivity timeout', async () => {
    const inbox = await createInbox(rehook);
    // 1 s of silence on a server that drops sockets idle for 300 ms: without the per-request
    // allowance the socket is destroyed and fetch fails instead of getting the 204.
    const res = await call(apiUrl, `/api/v1/inboxes/${inbox.id}/events/next?timeout=1s`);
    assert.equal(res.status, 204, res.text);
  });
});
