import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import { newId } from '../../../src/domain/ids.js';
import type { InboxStats } from '../../../src/domain/inbox.js';
import type { Store } from '../../../src/ports/store.js';
import {
  HOUR,
  anonymousInbox,
  at,
  createEventMaker,
  insertEvent,
  makeReplay,
  ownedInbox,
  type StoreGetter,
} from './fixtures.js';

async function statsOf(store: Store, inboxId: string): Promise<InboxStats> {
  const [stats] = await store.inboxes.stats([inboxId]);
  assert.ok(stats, 'stats() answers one entry per id');
  return stats;
}

async function listedIds(store: Store, inboxId: string): Promise<string[]> {
  return (await store.events.listByInbox(inboxId, { limit: 1000 })).map((event) => event.id);
}

/** Newest event's receive time of a list of events (oldest first), as stats() reports it. */
function newest(events: readonly CapturedEvent[]): Date | null {
  return events.at(-1)?.receivedAt ?? null;
}

/** Inserts `count` events into the inbox one at a time; returns them oldest first. */
async function fill(store: Store, inboxId: string, count: number, make = createEventMaker()): Promise<CapturedEvent[]> {
  const events = Array.from({ length: count }, () => make(inboxId));
  for (const event of events) assert.equal(await insertEvent(store, event), true);
  return events;
}

/** Calls clearThrough(limit) until it returns 0; returns every result before that. */
async function clearAll(
  store: Store,
  scope: { inboxId: string; expectedOwnerId: string | null; through: string },
  limit: number,
): Promise<number[]> {
  const results: number[] = [];
  for (let calls = 0; calls < 1000; calls += 1) {
    const removed = await store.events.clearThrough(scope, limit);
    assert.notEqual(removed, null, 'clearThrough refused a scope that matches the inbox');
    assert.ok(removed !== null && removed >= 0 && removed <= 2 * limit, `clearThrough(${limit}) returned ${removed}`);
    if (removed === 0) return results;
    results.push(removed);
  }
  assert.fail('clearThrough never reported that nothing is left');
}

/** Conformance cases of inbox names (migration 3), counts, and deleting events. */
export function describeInboxNameAndCountCases(store: StoreGetter): void {
  describe('inbox names', () => {
    it('keeps the name given at insert, awkward characters included, in findLive and listByOwner', async () => {
      const owner = newId('account');
      const names = ['Stripe (prod)', 'ünïcödé ✓ 🚀 "quotes" \\ back', 'x'.repeat(100)];
      const inboxes = names.map((name, i) => ({ ...ownedInbox(owner, i), name }));
      for (const inbox of inboxes) await store().inboxes.insert(inbox);
      for (const inbox of inboxes) assert.deepEqual(await store().inboxes.findLive(inbox.id, at(0)), inbox);
      assert.deepEqual(await store().inboxes.listByOwner(owner, at(0)), [...inboxes].reverse());
    });

    it('rename sets and removes the name of a live inbox that still has the expected owner', async () => {
      const inbox = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(inbox);
      const renamed = await store().inboxes.rename(inbox.id, 'GitHub hooks', null, at(1));
      assert.deepEqual(renamed, { ...inbox, name: 'GitHub hooks' });
      assert.deepEqual(await store().inboxes.findLive(inbox.id, at(1)), { ...inbox, name: 'GitHub hooks' });
      assert.deepEqual(await store().inboxes.rename(inbox.id, null, null, at(2)), inbox);
      assert.deepEqual(await store().inboxes.findLive(inbox.id, at(2)), inbox);

      const owner = newId('account');
      const owned = ownedInbox(owner);
      await store().inboxes.insert(owned);
      assert.deepEqual(await store().inboxes.rename(owned.id, 'mine', owner, at(0)), { ...owned, name: 'mine' });
    });

    it('rename changes nothing for another owner, an expired, deleted or unknown inbox', async () => {
      const owner = newId('account');
      const inbox = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(inbox);
      // Saved by another account since the caller was allowed: the rename must not win.
      assert.ok(await store().inboxes.save(inbox.id, owner, at(0)));
      assert.equal(await store().inboxes.rename(inbox.id, 'late', null, at(1)), null);
      assert.equal(await store().inboxes.rename(inbox.id, 'other', newId('account'), at(1)), null);
      assert.equal((await store().inboxes.findLive(inbox.id, at(1)))?.name, null);

      const expiring = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(expiring);
      assert.equal(await store().inboxes.rename(expiring.id, 'too late', null, at(HOUR)), null);
      assert.equal((await store().inboxes.findLive(expiring.id, at(HOUR - 1)))?.name, null);

      const deleted = anonymousInbox();
      await store().inboxes.insert(deleted);
      await store().inboxes.delete(deleted.id);
      assert.equal(await store().inboxes.rename(deleted.id, 'gone', null, at(0)), null);
      assert.equal(await store().inboxes.rename(newId('inbox'), 'nobody', null, at(0)), null);
    });
  });

  describe('inbox counts (stats)', () => {
    it('counts every stored event, one by one and in batches, with the newest receive time', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 0, lastEventAt: null });
      const make = createEventMaker();
      const first = await fill(store(), inbox.id, 3, make);
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 3, lastEventAt: newest(first) });

      const burst = Array.from({ length: 20 }, () => make(inbox.id));
      assert.deepEqual(
        await Promise.all(burst.map((event) => insertEvent(store(), event))),
        burst.map(() => true),
      );
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 23, lastEventAt: newest(burst) });
      // An event refused (unknown inbox) counts nowhere.
      assert.equal(await insertEvent(store(), make(newId('inbox'))), false);
      assert.equal((await statsOf(store(), inbox.id)).eventCount, 23);
    });

    it('answers in the order asked, with 0 and null for unknown and deleted inboxes', async () => {
      const a = anonymousInbox();
      const b = ownedInbox(newId('account'));
      const deleted = anonymousInbox();
      for (const inbox of [a, b, deleted]) await store().inboxes.insert(inbox);
      const inA = await fill(store(), a.id, 2);
      const inB = await fill(store(), b.id, 5);
      await fill(store(), deleted.id, 4);
      assert.equal(await store().inboxes.delete(deleted.id), true);
      const empty = { eventCount: 0, lastEventAt: null };
      assert.deepEqual(await store().inboxes.stats([b.id, newId('inbox'), a.id, deleted.id]), [
        { eventCount: 5, lastEventAt: newest(inB) },
        empty,
        { eventCount: 2, lastEventAt: newest(inA) },
        empty,
      ]);
      assert.deepEqual(await store().inboxes.stats([]), []);
    });

    it('keeps the count of a capped anonymous inbox right while it evicts, and after it is saved', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const make = createEventMaker();
      const capped = (event: CapturedEvent) =>
        store().events.insertIfInboxLive(event, event.receivedAt, { maxEventsForAnonymous: 4 });
      const events = Array.from({ length: 9 }, () => make(inbox.id));
      for (const event of events) assert.equal(await capped(event), true);
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 4, lastEventAt: newest(events) });
      const burst = Array.from({ length: 10 }, () => make(inbox.id));
      await Promise.all(burst.map(capped));
      // One more single insert settles batches committed side by side (PostgreSQL).
      const last = make(inbox.id);
      assert.equal(await capped(last), true);
      const listed = await listedIds(store(), inbox.id);
      assert.equal(listed.length, 4);
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 4, lastEventAt: last.receivedAt });

      assert.ok(await store().inboxes.save(inbox.id, newId('account'), at(0)));
      for (let i = 0; i < 3; i += 1) assert.equal(await capped(make(inbox.id)), true);
      assert.equal((await statsOf(store(), inbox.id)).eventCount, 7);
      assert.equal((await listedIds(store(), inbox.id)).length, 7);
    });
  });

  describe('deleting events', () => {
    it('delete removes one event with its replays, and its inbox counts one less', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const events = await fill(store(), inbox.id, 3);
      const [oldest, middle, youngest] = events as [CapturedEvent, CapturedEvent, CapturedEvent];
      await store().replays.insert(makeReplay(middle, newId('account')));
      await store().replays.insert(makeReplay(middle, newId('account')));
      await store().replays.insert(makeReplay(oldest, newId('account')));
      const scope = { inboxId: inbox.id, expectedOwnerId: null };

      assert.equal(await store().events.delete(middle.id, scope), true);
      assert.equal(await store().events.findById(middle.id), null);
      assert.deepEqual(await store().replays.listByEvent(middle.id, { limit: 10 }), []);
      assert.equal((await store().replays.listByEvent(oldest.id, { limit: 10 })).length, 1);
      assert.deepEqual(await listedIds(store(), inbox.id), [youngest.id, oldest.id]);
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 2, lastEventAt: youngest.receivedAt });
      assert.equal(await store().events.delete(middle.id, scope), false, 'a second delete finds nothing');

      // The newest one: the last receive time moves back; the last one: none is left.
      assert.equal(await store().events.delete(youngest.id, scope), true);
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 1, lastEventAt: oldest.receivedAt });
      assert.equal(await store().events.delete(oldest.id, scope), true);
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 0, lastEventAt: null });
    });

    it('delete leaves the event alone in another inbox, with another owner, or once the inbox is gone', async () => {
      const owner = newId('account');
      const inbox = anonymousInbox();
      const other = anonymousInbox();
      await store().inboxes.insert(inbox);
      await store().inboxes.insert(other);
      const [event] = (await fill(store(), inbox.id, 1)) as [CapturedEvent];
      assert.equal(await store().events.delete(event.id, { inboxId: other.id, expectedOwnerId: null }), false);
      assert.equal(
        await store().events.delete('evt_01aaaaaaaaaaaaaaaaaaaaaaaa', { inboxId: inbox.id, expectedOwnerId: null }),
        false,
      );
      // Saved by another account after the caller was allowed: nothing is deleted.
      assert.ok(await store().inboxes.save(inbox.id, owner, at(0)));
      assert.equal(await store().events.delete(event.id, { inboxId: inbox.id, expectedOwnerId: null }), false);
      assert.deepEqual(await store().events.findById(event.id), event);
      assert.equal((await statsOf(store(), inbox.id)).eventCount, 1);
      assert.equal(await store().events.delete(event.id, { inboxId: inbox.id, expectedOwnerId: owner }), true);

      const [kept] = (await fill(store(), other.id, 1)) as [CapturedEvent];
      assert.equal(await store().inboxes.delete(other.id), true);
      assert.equal(await store().events.delete(kept.id, { inboxId: other.id, expectedOwnerId: null }), false);
    });

    it('clearThrough deletes up to `through` in bounded steps, with replays, and keeps newer events', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const make = createEventMaker();
      const events = await fill(store(), inbox.id, 25, make);
      const cleared = events.slice(0, 20);
      const kept = events.slice(20);
      for (const event of [...cleared.slice(0, 5), ...kept.slice(0, 1)]) {
        await store().replays.insert(makeReplay(event, newId('account')));
      }
      const through = (cleared.at(-1) as CapturedEvent).id;
      const results = await clearAll(store(), { inboxId: inbox.id, expectedOwnerId: null, through }, 7);
      assert.ok(results.reduce((sum, n) => sum + n, 0) >= 20 + 5, `only ${String(results)} rows reported removed`);
      assert.deepEqual(await listedIds(store(), inbox.id), kept.map((event) => event.id).reverse());
      for (const event of cleared) {
        assert.equal(await store().events.findById(event.id), null);
        assert.deepEqual(await store().replays.listByEvent(event.id, { limit: 10 }), []);
      }
      assert.equal((await store().replays.listByEvent((kept[0] as CapturedEvent).id, { limit: 10 })).length, 1);
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 5, lastEventAt: newest(kept) });

      // The inbox keeps capturing, and counting, at once.
      const more = make(inbox.id);
      assert.equal(await insertEvent(store(), more), true);
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 6, lastEventAt: more.receivedAt });
    });

    it('clearThrough refuses (null) another owner or a deleted inbox, and answers 0 when nothing is left', async () => {
      const owner = newId('account');
      const inbox = ownedInbox(owner);
      await store().inboxes.insert(inbox);
      const events = await fill(store(), inbox.id, 3);
      const through = (events.at(-1) as CapturedEvent).id;
      assert.equal(await store().events.clearThrough({ inboxId: inbox.id, expectedOwnerId: null, through }, 10), null);
      assert.equal(
        await store().events.clearThrough({ inboxId: inbox.id, expectedOwnerId: newId('account'), through }, 10),
        null,
      );
      assert.equal((await listedIds(store(), inbox.id)).length, 3);
      assert.equal((await statsOf(store(), inbox.id)).eventCount, 3);

      await clearAll(store(), { inboxId: inbox.id, expectedOwnerId: owner, through }, 10);
      assert.equal(await store().events.clearThrough({ inboxId: inbox.id, expectedOwnerId: owner, through }, 10), 0);
      assert.deepEqual(await statsOf(store(), inbox.id), { eventCount: 0, lastEventAt: null });

      assert.equal(await store().inboxes.delete(inbox.id), true);
      assert.equal(await store().events.clearThrough({ inboxId: inbox.id, expectedOwnerId: owner, through }, 10), null);
    });
  });
}
