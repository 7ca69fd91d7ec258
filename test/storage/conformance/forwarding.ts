import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import type { DeliveryAttempt, Forwarding } from '../../../src/domain/forwarding.js';
import { newId } from '../../../src/domain/ids.js';
import { anonymousInbox, at, createEventMaker, insertEvent, ownedInbox, T0, type StoreGetter } from './fixtures.js';

function forwardingOf(inboxId: string, overrides: Partial<Forwarding> = {}): Forwarding {
  return {
    inboxId,
    destination: 'https://example.com/hooks',
    enabled: true,
    maxAttempts: 8,
    maxDelayMs: 60_000,
    createdAt: at(0),
    updatedAt: at(0),
    ...overrides,
  };
}

function attemptOf(eventId: string, number: number, overrides: Partial<DeliveryAttempt> = {}): DeliveryAttempt {
  return {
    eventId,
    number,
    startedAt: at(5),
    url: 'https://example.com/hooks/x?a=1',
    outcome: 'rejected',
    statusCode: 503,
    latencyMs: 12.5,
    errorCode: null,
    errorMessage: 'the destination answered 503',
    ...overrides,
  };
}

/** A saved inbox with forwarding set (unless `forwarding` is false) and `count` stored events. */
async function forwardedInbox(
  store: StoreGetter,
  count: number,
  forwarding: Partial<Forwarding> | false = {},
): Promise<{ inboxId: string; events: CapturedEvent[] }> {
  const inbox = ownedInbox(newId('account'));
  await store().inboxes.insert(inbox);
  if (forwarding !== false) await store().forwarding.put(forwardingOf(inbox.id, forwarding));
  const make = createEventMaker();
  const events: CapturedEvent[] = [];
  for (let i = 0; i < count; i += 1) {
    const event = make(inbox.id);
    assert.equal(await insertEvent(store(), event), true);
    events.push(event);
  }
  return { inboxId: inbox.id, events };
}

const LATER = new Date(T0 + 3_600_000);

/** Conformance cases for the forwarding settings and the delivery queue (migration 8). */
export function describeForwardingCases(store: StoreGetter): void {
  describe('forwarding and deliveries', () => {
    it('stores, replaces (keeping createdAt), finds and removes an inbox forwarding', async () => {
      const inbox = ownedInbox(newId('account'));
      await store().inboxes.insert(inbox);
      assert.equal(await store().forwarding.find(inbox.id), null);
      const first = forwardingOf(inbox.id);
      assert.deepEqual(await store().forwarding.put(first), first);
      const second = forwardingOf(inbox.id, {
        destination: 'http://other.example/x',
        enabled: false,
        maxAttempts: 3,
        maxDelayMs: 1000,
        createdAt: at(10),
        updatedAt: at(10),
      });
      const stored = await store().forwarding.put(second);
      assert.deepEqual(stored, { ...second, createdAt: at(0) });
      assert.deepEqual(await store().forwarding.find(inbox.id), stored);
      assert.deepEqual(await store().forwarding.enabledInboxIds(), []);
      await store().forwarding.put({ ...second, enabled: true });
      assert.deepEqual(await store().forwarding.enabledInboxIds(), [inbox.id]);
      assert.equal(await store().forwarding.remove(inbox.id, at(20)), 0);
      assert.equal(await store().forwarding.find(inbox.id), null);
      assert.equal(await store().forwarding.remove(inbox.id, at(20)), null);
    });

    it('queues a pending delivery with each event stored while forwarding is enabled, and none otherwise', async () => {
      const forwarded = await forwardedInbox(store, 2);
      const paused = await forwardedInbox(store, 1, { enabled: false });
      const plain = await forwardedInbox(store, 1, false);
      const anonymous = anonymousInbox();
      await store().inboxes.insert(anonymous);
      await insertEvent(store(), createEventMaker()(anonymous.id));
      for (const event of forwarded.events) {
        const [delivery, ...rest] = await store().forwarding.listByEvent(event.id);
        assert.equal(rest.length, 0);
        assert.deepEqual(delivery, {
          id: `dlv_${event.id.slice(4)}`,
          eventId: event.id,
          inboxId: forwarded.inboxId,
          state: 'pending',
          attempts: 0,
          attemptsTotal: 0,
          nextAttemptAt: event.receivedAt,
          createdAt: event.receivedAt,
          updatedAt: event.receivedAt,
          attemptLog: [],
        });
      }
      for (const event of [...paused.events, ...plain.events]) {
        assert.deepEqual(await store().forwarding.listByEvent(event.id), []);
      }
      assert.equal(await store().forwarding.queueDepth(), 2);
      assert.deepEqual(await store().forwarding.nextDueAt(), forwarded.events[0]?.receivedAt);
    });

    it('claims due deliveries of enabled forwardings, earliest first, with a lease, skipping excluded inboxes', async () => {
      const a = await forwardedInbox(store, 3);
      const b = await forwardedInbox(store, 1);
      const paused = await forwardedInbox(store, 1);
      await store().forwarding.put(forwardingOf(paused.inboxId, { enabled: false }));
      // Nothing is due before the events were stored.
      assert.deepEqual(await store().forwarding.claim({ owner: 'w1', now: at(0), leaseMs: 60_000, limit: 10 }), []);

      const excluded = await store().forwarding.claim({
        owner: 'w1',
        now: LATER,
        leaseMs: 60_000,
        limit: 10,
        excludeInboxIds: [a.inboxId],
      });
      assert.deepEqual(
        excluded.map((c) => c.eventId),
        b.events.map((e) => e.id),
      );
      const claimed = await store().forwarding.claim({ owner: 'w1', now: LATER, leaseMs: 60_000, limit: 2 });
      assert.deepEqual(
        claimed.map((c) => c.eventId),
        a.events.slice(0, 2).map((e) => e.id),
      );
      assert.deepEqual(claimed[0], {
        eventId: a.events[0]?.id,
        inboxId: a.inboxId,
        attempt: 1,
        number: 1,
        forwarding: { destination: 'https://example.com/hooks', enabled: true, maxAttempts: 8, maxDelayMs: 60_000 },
      });
      const [delivery] = await store().forwarding.listByEvent(a.events[0]?.id as string);
      assert.equal(delivery?.state, 'delivering');
      assert.deepEqual(delivery?.nextAttemptAt, new Date(LATER.getTime() + 60_000));
      // Leased ones are not claimed again while their lease runs; the paused inbox's never.
      const rest = await store().forwarding.claim({ owner: 'w2', now: LATER, leaseMs: 60_000, limit: 10 });
      assert.deepEqual(
        rest.map((c) => c.eventId),
        [a.events[2]?.id],
      );
      assert.equal(await store().forwarding.queueDepth(), 5);
    });

    it('gives each due delivery to exactly one of several concurrent claimers', async () => {
      const { events } = await forwardedInbox(store, 40);
      const owners = ['w1', 'w2', 'w3', 'w4', 'w5'];
      const rounds = await Promise.all(
        owners.map(async (owner) => {
          const got: string[] = [];
          for (let i = 0; i < 6; i += 1) {
            const claimed = await store().forwarding.claim({ owner, now: LATER, leaseMs: 60_000, limit: 3 });
            got.push(...claimed.map((c) => c.eventId));
          }
          return got;
        }),
      );
      const all = rounds.flat();
      assert.equal(new Set(all).size, all.length, 'a delivery was claimed twice');
      assert.deepEqual([...all].sort(), events.map((e) => e.id).sort());
    });

    it('records attempts, schedules the retry, and finishes a delivery only while the lease is held', async () => {
      const { events } = await forwardedInbox(store, 1);
      const eventId = (events[0] as CapturedEvent).id;
      const [first] = await store().forwarding.claim({ owner: 'w1', now: LATER, leaseMs: 60_000, limit: 1 });
      assert.equal(first?.number, 1);
      const retryAt = new Date(LATER.getTime() + 10_000);
      assert.equal(
        await store().forwarding.complete({
          eventId,
          owner: 'w1',
          number: 1,
          attempt: attemptOf(eventId, 1),
          next: { state: 'pending', nextAttemptAt: retryAt },
          now: LATER,
        }),
        true,
      );
      assert.deepEqual(
        await store().forwarding.claim({
          owner: 'w1',
          now: new Date(retryAt.getTime() - 1),
          leaseMs: 60_000,
          limit: 1,
        }),
        [],
      );
      assert.deepEqual(await store().forwarding.nextDueAt(), retryAt);
      const [second] = await store().forwarding.claim({ owner: 'w2', now: retryAt, leaseMs: 60_000, limit: 1 });
      assert.deepEqual([second?.attempt, second?.number], [2, 2]);
      // Another owner, or a stale attempt number, cannot finish it.
      const delivered = attemptOf(eventId, 2, { outcome: 'delivered', statusCode: 204, errorMessage: null });
      assert.equal(
        await store().forwarding.complete({
          eventId,
          owner: 'w1',
          number: 2,
          attempt: null,
          next: { state: 'failed' },
          now: retryAt,
        }),
        false,
      );
      assert.equal(
        await store().forwarding.complete({
          eventId,
          owner: 'w2',
          number: 2,
          attempt: delivered,
          next: { state: 'delivered' },
          now: retryAt,
        }),
        true,
      );
      const [delivery] = await store().forwarding.listByEvent(eventId);
      assert.equal(delivery?.state, 'delivered');
      assert.equal(delivery?.nextAttemptAt, null);
      assert.deepEqual(delivery?.attemptLog, [attemptOf(eventId, 1), delivered]);
      assert.equal(await store().forwarding.queueDepth(), 0);
      assert.equal(await store().forwarding.nextDueAt(), null);
      assert.deepEqual(
        await store().forwarding.claim({
          owner: 'w3',
          now: new Date(LATER.getTime() + 86_400_000),
          leaseMs: 1,
          limit: 9,
        }),
        [],
      );
    });

    it('hands a delivery whose lease expired to another claimer, recording the abandoned attempt', async () => {
      const { events } = await forwardedInbox(store, 1);
      const eventId = (events[0] as CapturedEvent).id;
      await store().forwarding.claim({ owner: 'dead', now: LATER, leaseMs: 1_000, limit: 1 });
      assert.deepEqual(
        await store().forwarding.claim({ owner: 'w2', now: new Date(LATER.getTime() + 999), leaseMs: 1_000, limit: 1 }),
        [],
      );
      const [taken] = await store().forwarding.claim({
        owner: 'w2',
        now: new Date(LATER.getTime() + 1_000),
        leaseMs: 1_000,
        limit: 1,
      });
      assert.deepEqual([taken?.eventId, taken?.attempt, taken?.number], [eventId, 2, 2]);
      let [delivery] = await store().forwarding.listByEvent(eventId);
      assert.equal(delivery?.attemptLog.length, 1);
      assert.deepEqual(
        { ...delivery?.attemptLog[0], errorMessage: undefined },
        {
          eventId,
          number: 1,
          startedAt: LATER,
          url: 'https://example.com/hooks',
          outcome: 'abandoned',
          statusCode: null,
          latencyMs: null,
          errorCode: null,
          errorMessage: undefined,
        },
      );
      // The first owner comes back after all: its result replaces the placeholder, but the
      // delivery is no longer its to finish.
      const late = attemptOf(eventId, 1);
      assert.equal(
        await store().forwarding.complete({
          eventId,
          owner: 'dead',
          number: 1,
          attempt: late,
          next: { state: 'failed' },
          now: LATER,
        }),
        false,
      );
      [delivery] = await store().forwarding.listByEvent(eventId);
      assert.equal(delivery?.state, 'delivering');
      assert.deepEqual(delivery?.attemptLog, [late]);
    });

    it('retries by hand: busy while unfinished, reopens a finished delivery for a new round, creates a missing one', async () => {
      const { inboxId, events } = await forwardedInbox(store, 1);
      const eventId = (events[0] as CapturedEvent).id;
      assert.equal(await store().forwarding.retry({ eventId, inboxId, now: LATER }), 'busy');
      await store().forwarding.claim({ owner: 'w1', now: LATER, leaseMs: 60_000, limit: 1 });
      assert.equal(await store().forwarding.retry({ eventId, inboxId, now: LATER }), 'busy');
      await store().forwarding.complete({
        eventId,
        owner: 'w1',
        number: 1,
        attempt: attemptOf(eventId, 1),
        next: { state: 'failed' },
        now: LATER,
      });
      const later = new Date(LATER.getTime() + 5_000);
      const reopened = await store().forwarding.retry({ eventId, inboxId, now: later });
      assert.notEqual(reopened, 'busy');
      assert.deepEqual(
        reopened === 'busy'
          ? null
          : {
              state: reopened.state,
              attempts: reopened.attempts,
              total: reopened.attemptsTotal,
              next: reopened.nextAttemptAt,
            },
        { state: 'pending', attempts: 0, total: 1, next: later },
      );
      const [again] = await store().forwarding.claim({ owner: 'w1', now: later, leaseMs: 60_000, limit: 1 });
      assert.deepEqual([again?.attempt, again?.number], [1, 2]);

      // An event stored before forwarding was set has no delivery: a retry creates it.
      const plain = await forwardedInbox(store, 1, false);
      const old = (plain.events[0] as CapturedEvent).id;
      const created = await store().forwarding.retry({ eventId: old, inboxId: plain.inboxId, now: later });
      assert.equal(created === 'busy' ? null : created.state, 'pending');
      assert.equal((await store().forwarding.listByEvent(old)).length, 1);
    });

    it('removing a forwarding cancels its unfinished deliveries and no others', async () => {
      const a = await forwardedInbox(store, 3);
      const b = await forwardedInbox(store, 1);
      const only = { excludeInboxIds: [b.inboxId] };
      const [done] = await store().forwarding.claim({ owner: 'w1', now: LATER, leaseMs: 60_000, limit: 1, ...only });
      await store().forwarding.complete({
        eventId: done?.eventId as string,
        owner: 'w1',
        number: 1,
        attempt: null,
        next: { state: 'delivered' },
        now: LATER,
      });
      await store().forwarding.claim({ owner: 'w1', now: LATER, leaseMs: 60_000, limit: 1, ...only });
      assert.equal(await store().forwarding.remove(a.inboxId, LATER), 2);
      const states = await Promise.all(
        a.events.map(async (e) => (await store().forwarding.listByEvent(e.id))[0]?.state),
      );
      assert.deepEqual(states, ['delivered', 'cancelled', 'cancelled']);
      assert.equal((await store().forwarding.listByEvent(b.events[0]?.id as string))[0]?.state, 'pending');
      assert.equal(await store().forwarding.queueDepth(), 1);
      // New events of the inbox are not queued any more.
      const event = createEventMaker()(a.inboxId);
      await insertEvent(store(), event);
      assert.deepEqual(await store().forwarding.listByEvent(event.id), []);
    });
  });
}
