import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import { createEventIdFactory } from '../../../src/domain/ids.js';
import type { AfterPage } from '../../../src/ports/event-repository.js';
import {
  T0,
  anonymousInbox,
  createEventMaker,
  inboxWithEvents as storedEvents,
  insertEvent,
  summaryOf,
  type StoreGetter,
} from './fixtures.js';

/** Conformance cases for EventRepository.listAfter: oldest first, strictly after, limit, shape. */
export function describeListAfterCases(store: StoreGetter): void {
  describe('listing events after an id (oldest first)', () => {
    const inboxWithEvents = (count: number): Promise<CapturedEvent[]> => storedEvents(store(), count);

    const ids = (items: readonly { id: string }[]): string[] => items.map((item) => item.id);
    const after = (inboxId: string, page: AfterPage) => store().events.listAfter(inboxId, page);
    const idAt = (events: readonly CapturedEvent[], index: number): string => (events[index] as CapturedEvent).id;

    it('without after: the oldest events first, with summary fields only', async () => {
      const events = await inboxWithEvents(4);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      const listed = await after(inboxId, { limit: 10 });
      assert.deepEqual(listed, events.map(summaryOf));
      for (const item of listed) {
        assert.equal('headers' in item, false);
        assert.equal('body' in item, false);
        assert.equal('sourceIp' in item, false);
      }
      assert.deepEqual(ids(await after(inboxId, { limit: 2 })), ids(events.slice(0, 2)));
    });

    it('with after: only strictly newer events, lowest id first, at most limit', async () => {
      const events = await inboxWithEvents(6);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      assert.deepEqual(ids(await after(inboxId, { limit: 10, after: idAt(events, 1) })), ids(events.slice(2)));
      assert.deepEqual(ids(await after(inboxId, { limit: 1, after: idAt(events, 1) })), [idAt(events, 2)]);
      assert.deepEqual(ids(await after(inboxId, { limit: 3, after: idAt(events, 0) })), ids(events.slice(1, 4)));
    });

    it('returns an empty page after the newest event and for an inbox without events', async () => {
      const events = await inboxWithEvents(3);
      const newest = events[2] as CapturedEvent;
      assert.deepEqual(await after(newest.inboxId, { limit: 10, after: newest.id }), []);
      const empty = anonymousInbox();
      await store().inboxes.insert(empty);
      assert.deepEqual(await after(empty.id, { limit: 10 }), []);
      assert.deepEqual(await after(empty.id, { limit: 10, after: newest.id }), []);
    });

    it('walks every event exactly once, in ascending order, with small pages', async () => {
      const events = await inboxWithEvents(7);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let pages = 0; pages < 10; pages += 1) {
        const page = await after(inboxId, { limit: 3, ...(cursor === undefined ? {} : { after: cursor }) });
        assert.ok(page.length <= 3);
        if (page.length === 0) break;
        seen.push(...ids(page));
        cursor = page.at(-1)?.id;
      }
      assert.deepEqual(seen, ids(events));
    });

    it('orders by id when after is an id that was never stored', async () => {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const nextId = createEventIdFactory();
      const make = createEventMaker();
      const tooOld = nextId(T0 - 10);
      const older = [make(inbox.id), make(inbox.id)];
      const between = nextId(T0 + 100);
      const newer = [T0 + 200, T0 + 300].map((ms) => make(inbox.id, { id: nextId(ms) }));
      const tooNew = nextId(T0 + 1000);
      // Stored newest first: the order of the answer must come from the ids, not the inserts.
      for (const event of [...newer, ...older].reverse()) {
        assert.equal(await insertEvent(store(), event), true);
      }
      assert.deepEqual(ids(await after(inbox.id, { limit: 10, after: between })), ids(newer));
      assert.deepEqual(ids(await after(inbox.id, { limit: 10, after: tooOld })), ids([...older, ...newer]));
      assert.deepEqual(await after(inbox.id, { limit: 10, after: tooNew }), []);
    });

    it('lists only the requested inbox', async () => {
      const mine = await inboxWithEvents(3);
      const theirs = await inboxWithEvents(3);
      const inboxId = (mine[0] as CapturedEvent).inboxId;
      const listed = await after(inboxId, { limit: 10, after: idAt(mine, 0) });
      assert.deepEqual(ids(listed), ids(mine.slice(1)));
      assert.ok(listed.every((item) => item.inboxId === inboxId));
      const theirsListed = await after((theirs[0] as CapturedEvent).inboxId, { limit: 10 });
      assert.deepEqual(ids(theirsListed), ids(theirs));
    });
  });
}
