import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import type { ListPage } from '../../../src/ports/event-repository.js';
import { createEventIdFactory } from '../../../src/domain/ids.js';
import {
  T0,
  anonymousInbox,
  createEventMaker,
  inboxWithEvents as storedEvents,
  insertEvent,
  summaryOf,
  type StoreGetter,
} from './fixtures.js';

/** Conformance cases for EventRepository.listByInbox: order, keyset pagination, shape. */
export function describeListingCases(store: StoreGetter): void {
  describe('listing events', () => {
    const inboxWithEvents = (count: number): Promise<CapturedEvent[]> => storedEvents(store(), count);

    const ids = (items: readonly { id: string }[]): string[] => items.map((item) => item.id);
    const list = (inboxId: string, page: ListPage) => store().events.listByInbox(inboxId, page);

    it('lists newest first with summary fields only (no headers, body or source ip)', async () => {
      const events = await inboxWithEvents(3);
      const [first] = events;
      const listed = await store().events.listByInbox(first?.inboxId ?? '', { limit: 10 });
      assert.deepEqual(listed, events.map(summaryOf).reverse());
      for (const item of listed) {
        assert.equal('headers' in item, false);
        assert.equal('body' in item, false);
        assert.equal('sourceIp' in item, false);
      }
    });

    it('returns all events when the inbox holds exactly limit of them', async () => {
      const events = await inboxWithEvents(5);
      const inboxId = events[0]?.inboxId ?? '';
      const listed = await store().events.listByInbox(inboxId, { limit: 5 });
      assert.deepEqual(ids(listed), ids(events).reverse());
    });

    it('pages through limit + 1 events with before, ending with an empty page', async () => {
      const events = await inboxWithEvents(6);
      const inboxId = events[0]?.inboxId ?? '';
      const page1 = await store().events.listByInbox(inboxId, { limit: 5 });
      assert.deepEqual(ids(page1), ids(events.slice(1)).reverse());
      const page2 = await list(inboxId, { limit: 5, before: page1.at(-1)?.id ?? '' });
      assert.deepEqual(ids(page2), [events[0]?.id]);
      const page3 = await list(inboxId, { limit: 5, before: page2.at(-1)?.id ?? '' });
      assert.deepEqual(page3, []);
    });

    it('walks every event exactly once with small pages', async () => {
      const events = await inboxWithEvents(7);
      const inboxId = events[0]?.inboxId ?? '';
      const seen: string[] = [];
      let before: string | undefined;
      for (let pages = 0; pages < 10; pages += 1) {
        const page = await list(inboxId, { limit: 2, ...(before === undefined ? {} : { before }) });
        assert.ok(page.length <= 2);
        if (page.length === 0) break;
        seen.push(...ids(page));
        before = page.at(-1)?.id;
      }
      assert.deepEqual(seen, ids(events).reverse());
    });

    it('returns an empty page when before is the oldest event', async () => {
      const events = await inboxWithEvents(3);
      const oldest = events[0] as CapturedEvent;
      assert.deepEqual(await list(oldest.inboxId, { limit: 10, before: oldest.id }), []);
    });

    it('orders by id when before is an id that was never stored', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const nextId = createEventIdFactory();
      const make = createEventMaker();
      const tooOld = nextId(T0 - 10);
      const older = [make(inbox.id), make(inbox.id)];
      const between = nextId(T0 + 100);
      const newer = [T0 + 200, T0 + 300].map((ms) => make(inbox.id, { id: nextId(ms) }));
      const tooNew = nextId(T0 + 1000);
      for (const event of [...older, ...newer]) {
        assert.equal(await insertEvent(store(), event), true);
      }

      const before = (id: string) => list(inbox.id, { limit: 10, before: id });
      assert.deepEqual(ids(await before(between)), ids(older).reverse());
      assert.deepEqual(ids(await before(tooNew)), ids([...older, ...newer]).reverse());
      assert.deepEqual(await before(tooOld), []);
    });

    it('respects the limit and lists only the requested inbox', async () => {
      const mine = await inboxWithEvents(4);
      const theirs = await inboxWithEvents(4);
      const inboxId = mine[0]?.inboxId ?? '';
      const listed = await store().events.listByInbox(inboxId, { limit: 3 });
      assert.deepEqual(ids(listed), ids(mine.slice(1)).reverse());
      assert.ok(listed.every((item) => item.inboxId === inboxId));
      assert.equal(
        ids(listed).some((id) => ids(theirs).includes(id)),
        false,
      );
    });
  });
}
