import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createEventIdFactory } from '../../../../src/domain/ids.js';
import { createFakeClock } from '../../../helpers/fake-clock.js';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertStream, openSse, type SseConnection } from '../../../helpers/sse-client.js';
import {
  assertError,
  assertUnauthorized,
  call,
  createInbox,
  ingestEvent,
  UNKNOWN_EVENT_ID,
  UNKNOWN_INBOX_ID,
} from '../support.js';

const HOUR = 3_600_000;
/** Only catches what never comes; what the waits below wait for takes milliseconds. */
const HANG_MS = 15_000;

describe('DELETE /api/v1/events/:id and DELETE /api/v1/inboxes/:id/events', () => {
  const clock = createFakeClock(new Date('2026-06-01T10:00:00.000Z'));
  let rehook: TestRehook;
  let receiver: Receiver;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };
  const streams: SseConnection[] = [];

  before(async () => {
    receiver = await startReceiver();
    rehook = await startTestRehook({
      clock,
      env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1', REHOOK_ANON_TTL: '1h', REHOOK_RATE_INGEST_PER_INBOX: '0' },
    });
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(async () => {
    for (const conn of streams) conn.close();
    await rehook.stop();
    await receiver.close();
  });

  const auth = (token: string | undefined) => (token === undefined ? {} : { token });
  const listedIds = async (inboxId: string, token?: string): Promise<string[]> => {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1000`, auth(token));
    assert.equal(res.status, 200, res.text);
    return (res.body as { id: string }[]).map((event) => event.id);
  };
  const eventCount = async (inboxId: string, token?: string): Promise<number> =>
    (await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}`, auth(token))).body.data.inbox.eventCount;
  const replay = async (eventId: string, token: string): Promise<void> => {
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      token,
      json: { destination: `${receiver.url}/hook` },
    });
    assert.equal(res.status, 200, res.text);
  };

  it('deletes an event with its replays: 204, then 404 everywhere, one fewer in the list and the count', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const kept = await ingestEvent(rehook, inbox.id, { body: 'kept', token: alice.token });
    const doomed = await ingestEvent(rehook, inbox.id, { body: 'doomed', token: alice.token });
    await replay(doomed, alice.token);
    await replay(kept, alice.token);

    const res = await call(rehook.apiUrl, `/api/v1/events/${doomed}`, { method: 'DELETE', token: alice.token });
    assert.equal(res.status, 204, res.text);
    assert.equal(res.text, '');
    for (const path of [
      `/api/v1/events/${doomed}`,
      `/api/v1/events/${doomed}/body`,
      `/api/v1/events/${doomed}/replays`,
    ]) {
      assertError(await call(rehook.apiUrl, path, { token: alice.token }), 404, 'EVENT_NOT_FOUND');
    }
    assert.equal(
      (await rehook.deps.store.replays.listByEvent(doomed, { limit: 10 })).length,
      0,
      'its replays are gone',
    );
    assert.deepEqual(await listedIds(inbox.id, alice.token), [kept]);
    assert.equal(await eventCount(inbox.id, alice.token), 1);
    const keptReplays = await call(rehook.apiUrl, `/api/v1/events/${kept}/replays`, { token: alice.token });
    assert.equal(keptReplays.body.data.replays.length, 1);
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${doomed}`, { method: 'DELETE', token: alice.token }),
      404,
      'EVENT_NOT_FOUND',
    );
  });

  it('follows the access rules of deleting the inbox', async () => {
    const owned = await createInbox(rehook, alice.token);
    const ownedEvent = await ingestEvent(rehook, owned.id, { token: alice.token });
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/events/${ownedEvent}`, { method: 'DELETE' }));
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${ownedEvent}`, { method: 'DELETE', token: bob.token }),
      404,
      'EVENT_NOT_FOUND',
    );
    assert.deepEqual(await listedIds(owned.id, alice.token), [ownedEvent], 'refused deletes changed nothing');

    // An anonymous inbox's event: anyone who holds the ids.
    const anon = await createInbox(rehook);
    const first = await ingestEvent(rehook, anon.id);
    const second = await ingestEvent(rehook, anon.id);
    assert.equal((await call(rehook.apiUrl, `/api/v1/events/${first}`, { method: 'DELETE' })).status, 204);
    assert.equal(
      (await call(rehook.apiUrl, `/api/v1/events/${second}`, { method: 'DELETE', token: bob.token })).status,
      204,
    );
    assert.deepEqual(await listedIds(anon.id), []);

    for (const id of [UNKNOWN_EVENT_ID, 'nope', 'x'.repeat(150)]) {
      assertError(await call(rehook.apiUrl, `/api/v1/events/${id}`, { method: 'DELETE' }), 404, 'EVENT_NOT_FOUND');
    }
  });

  it('clears an inbox: 204, every event and replay gone, the count 0, and new events are taken at once', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const old: string[] = [];
    for (let i = 0; i < 3; i += 1)
      old.push(await ingestEvent(rehook, inbox.id, { body: `old ${i}`, token: alice.token }));
    await replay(old[0] as string, alice.token);

    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, {
      method: 'DELETE',
      token: alice.token,
    });
    assert.equal(res.status, 204, res.text);
    assert.equal(res.text, '');
    assert.deepEqual(await listedIds(inbox.id, alice.token), []);
    for (const id of old)
      assertError(await call(rehook.apiUrl, `/api/v1/events/${id}`, { token: alice.token }), 404, 'EVENT_NOT_FOUND');
    assert.equal((await rehook.deps.store.replays.listByEvent(old[0] as string, { limit: 10 })).length, 0);
    const cleared = (await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}`, { token: alice.token })).body.data.inbox;
    assert.deepEqual([cleared.eventCount, cleared.lastEventAt], [0, null]);

    const fresh = await ingestEvent(rehook, inbox.id, { body: 'after the clear', token: alice.token });
    assert.deepEqual(await listedIds(inbox.id, alice.token), [fresh]);
    assert.equal(await eventCount(inbox.id, alice.token), 1);
    // An empty inbox clears too.
    const empty = await createInbox(rehook);
    assert.equal((await call(rehook.apiUrl, `/api/v1/inboxes/${empty.id}/events`, { method: 'DELETE' })).status, 204);
  });

  it('clears an inbox larger than one step (1,000 rows)', async () => {
    const inbox = await createInbox(rehook);
    // Stored through the store (thousands of HTTP requests would only slow the test down).
    const newId = createEventIdFactory();
    const now = clock.now();
    const events = Array.from({ length: 2_500 }, (_, i) => ({
      id: newId(now.getTime() - 10_000 + i),
      inboxId: inbox.id,
      receivedAt: now,
      method: 'POST',
      path: `/i/${inbox.id}`,
      query: '',
      contentType: 'text/plain',
      size: 1,
      signature: null,
      answer: null,
      headers: [['Content-Type', 'text/plain']] as [string, string][],
      body: Buffer.from('x'),
      sourceIp: '127.0.0.1',
    }));
    const stored = await Promise.all(events.map((event) => rehook.deps.store.events.insertIfInboxLive(event, now)));
    assert.ok(stored.every(Boolean));
    assert.equal(await eventCount(inbox.id), 2_500);
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, { method: 'DELETE' });
    assert.equal(res.status, 204, res.text);
    assert.deepEqual(await listedIds(inbox.id), []);
    assert.equal(await eventCount(inbox.id), 0);
    for (const event of [events[0], events[1_500], events[2_499]]) {
      assert.equal(await rehook.deps.store.events.findById(event?.id ?? ''), null);
    }
  });

  it('keeps an event stored while the clear runs', async () => {
    const inbox = await createInbox(rehook);
    const before = [
      await ingestEvent(rehook, inbox.id, { body: 'a' }),
      await ingestEvent(rehook, inbox.id, { body: 'b' }),
    ];
    // Between two steps of the clear, a request arrives (through the real ingest listener).
    const events = rehook.deps.store.events;
    const original = events.clearThrough.bind(events);
    let arrived: Promise<string> | undefined;
    events.clearThrough = async (scope, limit) => {
      const removed = await original(scope, limit);
      if (scope.inboxId === inbox.id && arrived === undefined) {
        arrived = ingestEvent(rehook, inbox.id, { body: 'during the clear' });
        await arrived;
      }
      return removed;
    };
    try {
      const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, { method: 'DELETE' });
      assert.equal(res.status, 204, res.text);
    } finally {
      events.clearThrough = original;
    }
    const during = await (arrived as Promise<string>);
    assert.ok(!before.includes(during));
    assert.deepEqual(await listedIds(inbox.id), [during]);
    assert.equal(await eventCount(inbox.id), 1);
  });

  it('follows the access rules of deleting the inbox when clearing it', async () => {
    const owned = await createInbox(rehook, alice.token);
    const event = await ingestEvent(rehook, owned.id, { token: alice.token });
    const path = `/api/v1/inboxes/${owned.id}/events`;
    assertUnauthorized(await call(rehook.apiUrl, path, { method: 'DELETE' }));
    assertError(await call(rehook.apiUrl, path, { method: 'DELETE', token: bob.token }), 404, 'INBOX_NOT_FOUND');
    assert.deepEqual(await listedIds(owned.id, alice.token), [event]);
    const anon = await createInbox(rehook);
    await ingestEvent(rehook, anon.id);
    assert.equal(
      (await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}/events`, { method: 'DELETE', token: bob.token })).status,
      204,
    );
    for (const id of [UNKNOWN_INBOX_ID, 'nope']) {
      assertError(
        await call(rehook.apiUrl, `/api/v1/inboxes/${id}/events`, { method: 'DELETE' }),
        404,
        'INBOX_NOT_FOUND',
      );
    }
  });

  it('answers 404 INBOX_NOT_FOUND for an event of an expired inbox, and for clearing it', async () => {
    const inbox = await createInbox(rehook);
    const event = await ingestEvent(rehook, inbox.id);
    clock.advance(HOUR);
    assertError(await call(rehook.apiUrl, `/api/v1/events/${event}`, { method: 'DELETE' }), 404, 'INBOX_NOT_FOUND');
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, { method: 'DELETE' }),
      404,
      'INBOX_NOT_FOUND',
    );
  });

  it('tells open live streams: event.deleted and inbox.cleared, without an id; event.created unchanged', async () => {
    const inbox = await createInbox(rehook);
    const tab = assertStream(await openSse(`${rehook.apiUrl}/api/v1/inboxes/${inbox.id}/stream`));
    streams.push(tab);
    await tab.waitFor(() => tab.comments.length > 0, HANG_MS, 'the stream to open');
    const first = await ingestEvent(rehook, inbox.id, { body: 'one' });
    const second = await ingestEvent(rehook, inbox.id, { body: 'two' });
    await tab.waitFor(() => tab.events().length === 2, HANG_MS, 'two events');
    assert.equal((await call(rehook.apiUrl, `/api/v1/events/${first}`, { method: 'DELETE' })).status, 204);
    await tab.waitFor(() => tab.messages.some((m) => m.event === 'event.deleted'), HANG_MS, 'event.deleted');
    assert.equal((await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, { method: 'DELETE' })).status, 204);
    await tab.waitFor(() => tab.messages.some((m) => m.event === 'inbox.cleared'), HANG_MS, 'inbox.cleared');

    assert.deepEqual(
      tab.messages.map((m) => m.event),
      ['event.created', 'event.created', 'event.deleted', 'inbox.cleared'],
    );
    assert.deepEqual(JSON.parse(tab.messages[2]?.data ?? ''), { id: first, inboxId: inbox.id });
    assert.deepEqual(JSON.parse(tab.messages[3]?.data ?? ''), { inboxId: inbox.id, through: second });
    assert.deepEqual(
      tab.messages.slice(0, 2).map((m) => JSON.parse(m.data).id),
      [first, second],
    );
    // Only the two event.created messages carry an id (Last-Event-ID stays the last event).
    assert.deepEqual(
      tab.lines.filter((line) => line.startsWith('id:')),
      [`id: ${first}`, `id: ${second}`],
    );
  });
});
