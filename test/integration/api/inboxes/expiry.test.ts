import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sweepOnce } from '../../../../src/services/expiry.js';
import { createFakeClock } from '../../../helpers/fake-clock.js';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, call, createInbox, ingest, ingestEvent } from '../support.js';

const HOUR = 3_600_000;
const YEAR = 365 * 24 * HOUR;
const START = new Date('2026-02-01T12:00:00.000Z');

/** Every endpoint that names an inbox or one of its events, with what it answers while live. */
function endpoints(inboxId: string, eventId: string, destination: string) {
  return [
    { label: 'GET inbox', path: `/api/v1/inboxes/${inboxId}`, init: {} },
    { label: 'GET events list', path: `/api/v1/inboxes/${inboxId}/events`, init: {} },
    { label: 'GET event', path: `/api/v1/events/${eventId}`, init: {} },
    { label: 'GET event body', path: `/api/v1/events/${eventId}/body`, init: {} },
    { label: 'replay', path: `/api/v1/events/${eventId}/replay`, init: { method: 'POST', json: { destination } } },
  ];
}

describe('anonymous inbox expiry (48 h default, fake clock, sweeper not run)', () => {
  const clock = createFakeClock(START);
  let rehook: TestRehook;
  let receiver: Receiver;
  let user: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({
      clock,
      env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1', REHOOK_SWEEP_INTERVAL: '1d' },
    });
    receiver = await startReceiver();
    user = await rehook.createUser();
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  it('keeps every endpoint answering at TTL − 1 ms, then answers 404 INBOX_NOT_FOUND on all of them at TTL', async () => {
    clock.set(START);
    const inbox = await createInbox(rehook);
    assert.equal(Date.parse(inbox.expiresAt) - Date.parse(inbox.createdAt), 48 * HOUR);
    const eventId = await ingestEvent(rehook, inbox.id, { body: 'short-lived' });
    const all = endpoints(inbox.id, eventId, `${receiver.url}/hook`);

    clock.set(new Date(START.getTime() + 48 * HOUR - 1));
    for (const { label, path, init } of all) {
      const res = await call(rehook.apiUrl, path, { ...init, token: user.token });
      assert.equal(res.status, 200, `${label} at TTL − 1 ms: ${res.text}`);
    }
    const anonymous = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}`);
    assert.equal(anonymous.status, 200);

    clock.set(new Date(START.getTime() + 48 * HOUR));
    const before = receiver.requests.length;
    for (const { label, path, init } of all) {
      const res = await call(rehook.apiUrl, path, { ...init, token: user.token });
      assert.equal(res.status, 404, `${label} at TTL: ${res.text}`);
      assert.equal(res.body.error.code, 'INBOX_NOT_FOUND', `${label} at TTL: ${res.text}`);
      assert.doesNotMatch(res.text, /short-lived/);
      // Without a token as well (the replay needs one: 401 there).
      if (init.method === undefined) assertError(await call(rehook.apiUrl, path), 404, 'INBOX_NOT_FOUND');
    }
    assert.equal(receiver.requests.length, before, 'an expired event was replayed');
    const history = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: user.token });
    assertError(history, 404, 'INBOX_NOT_FOUND');
  });

  it('answers 200 to ingest into an expired inbox and stores nothing', async () => {
    clock.set(START);
    const inbox = await createInbox(rehook);
    await ingestEvent(rehook, inbox.id, { body: 'before expiry' });
    clock.advance(48 * HOUR);
    const stored = await rehook.deps.store.events.listByInbox(inbox.id, { limit: 1000 });
    assert.equal(stored.length, 1);
    const res = await fetch(`${rehook.ingestUrl}/i/${inbox.id}`, { method: 'POST', body: 'after expiry' });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    const after = await rehook.deps.store.events.listByInbox(inbox.id, { limit: 1000 });
    assert.equal(after.length, 1, 'ingest stored an event in an expired inbox');
  });

  it('keeps an owned inbox, its events and its ingest working after a year', async () => {
    clock.set(START);
    const owned = await createInbox(rehook, user.token);
    assert.equal(owned.expiresAt, null);
    const eventId = await ingestEvent(rehook, owned.id, { body: 'forever', token: user.token });
    clock.advance(YEAR);
    const inbox = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`, { token: user.token });
    assert.equal(inbox.status, 200, inbox.text);
    const event = await call(rehook.apiUrl, `/api/v1/events/${eventId}`, { token: user.token });
    assert.equal(event.status, 200, event.text);
    await ingest(rehook, owned.id, { body: 'a year later' });
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}/events`, { token: user.token });
    assert.equal(list.body.length, 2);
    const listed = await call(rehook.apiUrl, '/api/v1/inboxes', { token: user.token });
    assert.ok((listed.body.data.inboxes as Array<{ id: string }>).some((i) => i.id === owned.id));
  });

  it('sweepOnce deletes expired inboxes’ events from the database and keeps live ones', async () => {
    clock.set(START);
    const doomed = await createInbox(rehook);
    const doomedEvents = [
      await ingestEvent(rehook, doomed.id, { body: 'gone 1' }),
      await ingestEvent(rehook, doomed.id, { body: 'gone 2' }),
    ];
    const owned = await createInbox(rehook, user.token);
    const ownedEvent = await ingestEvent(rehook, owned.id, { body: 'stays', token: user.token });
    clock.advance(24 * HOUR);
    const younger = await createInbox(rehook);
    const youngerEvent = await ingestEvent(rehook, younger.id, { body: 'stays too' });

    clock.advance(24 * HOUR); // doomed is exactly 48 h old, younger 24 h.
    for (const id of doomedEvents)
      assert.notEqual(await rehook.deps.store.events.findById(id), null, 'deleted before the sweep');
    const result = await sweepOnce(rehook.deps);
    assert.ok(result.inboxesDeleted >= 1, JSON.stringify(result));
    for (const id of doomedEvents)
      assert.equal(await rehook.deps.store.events.findById(id), null, `${id} survived the sweep`);
    assert.equal(await rehook.deps.store.inboxes.findLive(doomed.id, new Date(0)), null);
    assert.notEqual(await rehook.deps.store.events.findById(ownedEvent), null);
    assert.notEqual(await rehook.deps.store.events.findById(youngerEvent), null);
    const stillThere = await call(rehook.apiUrl, `/api/v1/inboxes/${younger.id}/events`);
    assert.equal(stillThere.body.length, 1);
    assertError(await call(rehook.apiUrl, `/api/v1/events/${doomedEvents[0]}`), 404, 'EVENT_NOT_FOUND');
  });
});

describe('anonymous inbox expiry with REHOOK_ANON_TTL=90s', () => {
  const clock = createFakeClock(START);
  let rehook: TestRehook;

  before(async () => {
    rehook = await startTestRehook({ clock, env: { REHOOK_ANON_TTL: '90s', REHOOK_SWEEP_INTERVAL: '1d' } });
  });
  after(() => rehook.stop());

  it('sets expiresAt to createdAt + 90 s and expires the inbox exactly then', async () => {
    const inbox = await createInbox(rehook);
    assert.equal(inbox.createdAt, START.toISOString());
    assert.equal(inbox.expiresAt, new Date(START.getTime() + 90_000).toISOString());
    const eventId = await ingestEvent(rehook, inbox.id, { body: 'ninety' });

    clock.set(new Date(START.getTime() + 89_999));
    assert.equal((await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}`)).status, 200);
    assert.equal((await call(rehook.apiUrl, `/api/v1/events/${eventId}`)).status, 200);

    clock.set(new Date(START.getTime() + 90_000));
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}`), 404, 'INBOX_NOT_FOUND');
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`), 404, 'INBOX_NOT_FOUND');
    assertError(await call(rehook.apiUrl, `/api/v1/events/${eventId}`), 404, 'INBOX_NOT_FOUND');
    assertError(await call(rehook.apiUrl, `/api/v1/events/${eventId}/body`), 404, 'INBOX_NOT_FOUND');
  });
});
