import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import type { Store } from '../../../src/ports/store.js';
import { createEventIdFactory } from '../../../src/domain/ids.js';
import { anonymousInbox, at, createEventMaker, HOUR, ownedInbox, type StoreGetter, T0 } from './fixtures.js';

const DAY = 24 * HOUR;

/** Events of `inboxId` received at each offset from T0 (a UTC midnight), stored oldest first. */
async function eventsAt(store: Store, inboxId: string, offsets: readonly number[]): Promise<CapturedEvent[]> {
  const make = createEventMaker();
  // Ids made at the capture time, as ingest makes them (an id never names a time before its event).
  const nextId = createEventIdFactory();
  const events: CapturedEvent[] = [];
  for (const offset of [...offsets].sort((a, b) => a - b)) {
    const event = make(inboxId, { id: nextId(T0 + offset), receivedAt: at(offset) });
    assert.equal(await store.events.insertIfInboxLive(event, event.receivedAt), true);
    events.push(event);
  }
  return events;
}

async function listedIds(store: Store, inboxId: string): Promise<string[]> {
  return (await store.events.listByInbox(inboxId, { limit: 1000 })).map((e) => e.id);
}

/**
 * Retention (REHOOK_RETENTION_DAYS) and the sweeper's storage upkeep. The upkeep first prepares
 * the days the events fall on (PostgreSQL: day partitions, so whole days go at once; SQLite:
 * nothing), then both stores must show the same result.
 */
export function describeRetentionCases(store: StoreGetter): void {
  describe('events: retention and storage upkeep', () => {
    it('deletes exactly the events received before the cut-off, whole days and the edge, with the counts', async () => {
      await store().events.maintain(at(-3 * DAY), { daysAhead: 4, moveLimit: 0 });
      const inbox = ownedInbox('acc_retention', -4 * DAY);
      await store().inboxes.insert(inbox);
      const offsets = [-3 * DAY + HOUR, -2 * DAY + HOUR, -DAY - HOUR, -DAY + HOUR, -DAY + 3 * HOUR, HOUR];
      const events = await eventsAt(store(), inbox.id, offsets);
      let deleted = 0;
      for (;;) {
        const count = await store().events.deleteReceivedBefore(at(-DAY + 2 * HOUR), 1);
        if (count === 0) break;
        deleted += count;
      }
      assert.equal(deleted, 4);
      const kept = events.slice(4).map((e) => e.id);
      assert.deepEqual(await listedIds(store(), inbox.id), [...kept].reverse());
      assert.deepEqual(
        (await store().inboxes.stats([inbox.id])).map((s) => s.eventCount),
        [2],
      );
      assert.equal(await store().events.findById(events[0]?.id ?? ''), null);
      assert.equal(await store().events.deleteReceivedBefore(at(-DAY + 2 * HOUR), 100), 0);
    });

    it('takes a deleted inbox events with the upkeep and the purge, and leaves other inboxes whole', async () => {
      await store().events.maintain(at(-3 * DAY), { daysAhead: 4, moveLimit: 0 });
      const gone = anonymousInbox({ createdAt: at(-3 * DAY), expiresAt: at(DAY) });
      const kept = ownedInbox('acc_upkeep', -3 * DAY);
      await store().inboxes.insert(gone);
      await store().inboxes.insert(kept);
      await eventsAt(store(), gone.id, [-2 * DAY + HOUR, -2 * DAY + 2 * HOUR]);
      const keptEvents = await eventsAt(store(), kept.id, [-DAY + HOUR, HOUR]);
      assert.equal(await store().inboxes.delete(gone.id), true);
      const upkeep = await store().events.maintain(at(0), { daysAhead: 1, moveLimit: 10 });
      assert.equal(upkeep.eventsMoved, 0);
      while ((await store().inboxes.purgeDeleted(100)) > 0);
      assert.deepEqual(await listedIds(store(), gone.id), []);
      assert.deepEqual(await listedIds(store(), kept.id), keptEvents.map((e) => e.id).reverse());
      assert.deepEqual(
        (await store().inboxes.stats([kept.id])).map((s) => s.eventCount),
        [2],
      );
    });
  });
}
