import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import { newId } from '../../../src/domain/ids.js';
import type { Store } from '../../../src/ports/store.js';
import { HOUR, anonymousInbox, at, createEventMaker, insertEvent, makeReplay, type StoreGetter } from './fixtures.js';

/** Fills a new inbox with `events` events and one replay per event up to `replays`. */
async function seedInbox(
  store: Store,
  counts: { events: number; replays: number },
): Promise<{ inboxId: string; events: CapturedEvent[] }> {
  const inbox = anonymousInbox();
  await store.inboxes.insert(inbox);
  const make = createEventMaker();
  const events = Array.from({ length: counts.events }, () => make(inbox.id));
  for (const event of events) assert.equal(await insertEvent(store, event), true);
  for (const event of events.slice(0, counts.replays)) {
    await store.replays.insert(makeReplay(event, newId('account')));
  }
  return { inboxId: inbox.id, events };
}

/** Calls purgeDeleted(limit) until it returns 0; returns every non-final result. */
async function purgeAll(store: Store, limit: number): Promise<number[]> {
  const results: number[] = [];
  for (let calls = 0; calls < 1000; calls += 1) {
    const removed = await store.inboxes.purgeDeleted(limit);
    assert.ok(removed >= 0 && removed <= limit, `purgeDeleted(${limit}) returned ${removed}`);
    if (removed === 0) return results;
    results.push(removed);
  }
  assert.fail('purgeDeleted never reported that nothing is left');
}

async function assertPurged(store: Store, inboxId: string, events: CapturedEvent[]): Promise<void> {
  for (const event of events) {
    assert.equal(await store.events.findById(event.id), null);
    assert.deepEqual(await store.replays.listByEvent(event.id, { limit: 100 }), []);
  }
  assert.deepEqual(await store.events.listByInbox(inboxId, { limit: 1000 }), []);
}

/** Conformance cases for inbox deletion followed by purgeDeleted. */
export function describePurgeCases(store: StoreGetter): void {
  describe('purging deleted inboxes', () => {
    it('purgeDeleted returns 0 when no inbox was deleted', async () => {
      const { events } = await seedInbox(store(), { events: 2, replays: 1 });
      assert.equal(await store().inboxes.purgeDeleted(100), 0);
      assert.notEqual(await store().events.findById(events[0]?.id ?? ''), null);
    });

    it('purges events and replays of deleted inboxes in bounded batches', async () => {
      const first = await seedInbox(store(), { events: 25, replays: 6 });
      const second = await seedInbox(store(), { events: 4, replays: 2 });
      const kept = await seedInbox(store(), { events: 3, replays: 1 });
      assert.equal(await store().inboxes.delete(first.inboxId), true);
      assert.equal(await store().inboxes.delete(second.inboxId), true);

      const results = await purgeAll(store(), 10);
      const total = results.reduce((sum, n) => sum + n, 0);
      assert.equal(results[0], 10, 'a call with plenty left to purge uses its whole limit');
      assert.ok(total >= 25 + 6 + 4 + 2, `only ${total} rows reported removed`);
      await assertPurged(store(), first.inboxId, first.events);
      await assertPurged(store(), second.inboxId, second.events);

      const keptList = await store().events.listByInbox(kept.inboxId, { limit: 10 });
      assert.deepEqual(
        keptList.map((e) => e.id),
        kept.events.map((e) => e.id).reverse(),
      );
      const keptEvent = kept.events[0] as CapturedEvent;
      assert.equal((await store().replays.listByEvent(keptEvent.id, { limit: 10 })).length, 1);
      assert.equal(await store().inboxes.purgeDeleted(10), 0);
    });

    it('purges the events and replays of inboxes removed by deleteExpired', async () => {
      const expired = await seedInbox(store(), { events: 5, replays: 2 });
      assert.equal(await store().inboxes.deleteExpired(at(100 * HOUR), 10), 1);
      await purgeAll(store(), 3);
      await assertPurged(store(), expired.inboxId, expired.events);
    });

    it('makes a deleted inbox refuse new events', async () => {
      const { inboxId } = await seedInbox(store(), { events: 1, replays: 0 });
      await store().inboxes.delete(inboxId);
      const event = createEventMaker()(inboxId);
      assert.equal(await insertEvent(store(), event), false);
      assert.equal(await store().events.findById(event.id), null);
    });
  });
}
