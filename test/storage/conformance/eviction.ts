import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import type { Store } from '../../../src/ports/store.js';
import { anonymousInbox, createEventMaker, ownedInbox, type StoreGetter } from './fixtures.js';

function insertCapped(store: Store, event: CapturedEvent, keep: number): Promise<boolean> {
  return store.events.insertIfInboxLive(event, event.receivedAt, { maxEventsForAnonymous: keep });
}

async function listedIds(store: Store, inboxId: string): Promise<string[]> {
  return (await store.events.listByInbox(inboxId, { limit: 1000 })).map((e) => e.id);
}

/** REHOOK_ANON_MAX_EVENTS: an anonymous inbox keeps its newest N events, evicting the oldest. */
export function describeEvictionCases(store: StoreGetter): void {
  describe('events: anonymous inbox cap (maxEventsForAnonymous)', () => {
    it('keeps exactly the newest N events of an anonymous inbox, one insert at a time', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const make = createEventMaker();
      const events = Array.from({ length: 8 }, () => make(inbox.id));
      for (const event of events) assert.equal(await insertCapped(store(), event, 3), true);
      assert.deepEqual(
        await listedIds(store(), inbox.id),
        events
          .slice(-3)
          .map((e) => e.id)
          .reverse(),
      );
      assert.equal(await store().events.findById(events[0]?.id ?? ''), null);
      assert.deepEqual(await store().events.findById(events[7]?.id ?? ''), events[7]);
    });

    it('keeps exactly the newest N when many inserts are committed together', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const make = createEventMaker();
      const first = Array.from({ length: 4 }, () => make(inbox.id));
      for (const event of first) assert.equal(await insertCapped(store(), event, 5), true);
      const burst = Array.from({ length: 12 }, () => make(inbox.id));
      const results = await Promise.all(burst.map((event) => insertCapped(store(), event, 5)));
      assert.deepEqual(
        results,
        burst.map(() => true),
      );
      // One more single insert settles any batch that committed side by side with another.
      const last = make(inbox.id);
      assert.equal(await insertCapped(store(), last, 5), true);
      const all = [...first, ...burst, last];
      assert.deepEqual(
        await listedIds(store(), inbox.id),
        all
          .slice(-5)
          .map((e) => e.id)
          .reverse(),
      );
    });

    it('evicts nothing below the cap, in owned inboxes, or without the option', async () => {
      const make = createEventMaker();
      const small = anonymousInbox();
      const owned = ownedInbox('acct_owner');
      const uncapped = anonymousInbox();
      for (const inbox of [small, owned, uncapped]) await store().inboxes.insert(inbox);
      for (let i = 0; i < 3; i += 1) assert.equal(await insertCapped(store(), make(small.id), 5), true);
      for (let i = 0; i < 6; i += 1) assert.equal(await insertCapped(store(), make(owned.id), 2), true);
      for (let i = 0; i < 6; i += 1) {
        const event = make(uncapped.id);
        assert.equal(await store().events.insertIfInboxLive(event, event.receivedAt), true);
      }
      assert.equal((await listedIds(store(), small.id)).length, 3);
      assert.equal((await listedIds(store(), owned.id)).length, 6);
      assert.equal((await listedIds(store(), uncapped.id)).length, 6);
    });

    it('stops trimming an inbox once it is saved, and keeps trimming an anonymous one', async () => {
      const make = createEventMaker();
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      for (let i = 0; i < 4; i += 1) assert.equal(await insertCapped(store(), make(inbox.id), 2), true);
      assert.equal((await listedIds(store(), inbox.id)).length, 2);
      assert.notEqual(await store().inboxes.save(inbox.id, 'acct_saver', inbox.createdAt), null);
      for (let i = 0; i < 5; i += 1) assert.equal(await insertCapped(store(), make(inbox.id), 2), true);
      assert.equal((await listedIds(store(), inbox.id)).length, 7);
    });

    it('trims only the inbox that received the event', async () => {
      const make = createEventMaker();
      const a = anonymousInbox();
      const b = anonymousInbox();
      await store().inboxes.insert(a);
      await store().inboxes.insert(b);
      for (let i = 0; i < 4; i += 1) assert.equal(await insertCapped(store(), make(b.id), 10), true);
      for (let i = 0; i < 6; i += 1) assert.equal(await insertCapped(store(), make(a.id), 2), true);
      assert.equal((await listedIds(store(), a.id)).length, 2);
      assert.equal((await listedIds(store(), b.id)).length, 4);
    });

    it('stores nothing and evicts nothing for an event aimed at a missing inbox', async () => {
      const make = createEventMaker();
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      for (let i = 0; i < 2; i += 1) assert.equal(await insertCapped(store(), make(inbox.id), 2), true);
      const stray = { ...make(inbox.id), inboxId: 'inbox_missing' };
      assert.equal(await insertCapped(store(), stray, 2), false);
      assert.equal((await listedIds(store(), inbox.id)).length, 2);
    });
  });
}
