import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import type { FullPage } from '../../../src/ports/event-repository.js';
import { anonymousInbox, createEventMaker, insertEvent, type StoreGetter } from './fixtures.js';

/**
 * Conformance cases for EventRepository.listFullAfter (the export's pages): full events oldest
 * first, strictly after `after`, at most `through`, bounded by count and by body bytes.
 */
export function describeFullPageCases(store: StoreGetter): void {
  describe('listing full events after an id (export pages)', () => {
    const ids = (items: readonly { id: string }[]): string[] => items.map((item) => item.id);
    const page = (inboxId: string, p: FullPage) => store().events.listFullAfter(inboxId, p);

    /** An inbox with events whose bodies have these sizes (binary, every byte value), oldest first. */
    async function inboxWithBodies(sizes: readonly number[]): Promise<CapturedEvent[]> {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const make = createEventMaker();
      const events: CapturedEvent[] = [];
      for (const [i, size] of sizes.entries()) {
        const body = Buffer.from(Array.from({ length: size }, (_, j) => (j * 31 + i) % 256));
        const event = make(inbox.id, {
          body,
          contentType: 'application/octet-stream',
          headers: [
            ['Content-Type', 'application/octet-stream'],
            ['X-Dup', 'one'],
            ['x-dup', `two ${i}`],
            ['X-Latin1', 'caf\u00e9\u00ff'],
          ],
        });
        assert.equal(await insertEvent(store(), event), true);
        events.push(event);
      }
      return events;
    }

    it('returns whole events (headers in order, exact bodies, source address), oldest first', async () => {
      const events = await inboxWithBodies([0, 1, 256, 3000]);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      const listed = await page(inboxId, { limit: 10, maxBytes: 1 << 20 });
      assert.deepEqual(listed, events);
      assert.ok(listed.every((event) => Buffer.isBuffer(event.body)));
    });

    it('pages forwards with after, within since (inclusive) and until (exclusive)', async () => {
      const events = await inboxWithBodies([10, 10, 10, 10, 10, 10]);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      const at = (i: number) => (events[i] as CapturedEvent).id;
      assert.deepEqual(ids(await page(inboxId, { limit: 2, maxBytes: 1000 })), [at(0), at(1)]);
      assert.deepEqual(ids(await page(inboxId, { limit: 10, after: at(1), maxBytes: 1000 })), ids(events.slice(2)));
      assert.deepEqual(ids(await page(inboxId, { limit: 10, after: at(1), until: at(4), maxBytes: 1000 })), [
        at(2),
        at(3),
      ]);
      assert.deepEqual(ids(await page(inboxId, { limit: 10, since: at(2), until: at(4), maxBytes: 1000 })), [
        at(2),
        at(3),
      ]);
      assert.deepEqual(
        ids(await page(inboxId, { limit: 10, since: at(2), after: at(3), maxBytes: 1000 })),
        ids(events.slice(4)),
      );
      assert.deepEqual(ids(await page(inboxId, { limit: 10, since: at(4), after: at(0), maxBytes: 1000 })), [
        at(4),
        at(5),
      ]);
      assert.deepEqual(await page(inboxId, { limit: 10, after: at(5), maxBytes: 1000 }), []);
      assert.deepEqual(await page(inboxId, { limit: 10, until: at(0), maxBytes: 1000 }), []);
    });

    it('holds at most maxBytes of bodies, but always the first event, so paging advances', async () => {
      const events = await inboxWithBodies([400, 400, 400, 5000, 100]);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      const at = (i: number) => (events[i] as CapturedEvent).id;
      assert.deepEqual(ids(await page(inboxId, { limit: 10, maxBytes: 1000 })), [at(0), at(1)]);
      assert.deepEqual(ids(await page(inboxId, { limit: 10, maxBytes: 1200 })), [at(0), at(1), at(2)]);
      // Larger than the budget on its own: returned alone.
      assert.deepEqual(ids(await page(inboxId, { limit: 10, after: at(2), maxBytes: 1000 })), [at(3)]);
      assert.deepEqual(ids(await page(inboxId, { limit: 10, after: at(3), maxBytes: 1000 })), [at(4)]);
      // Walking the whole inbox with a small budget sees every event once, in order.
      const seen: string[] = [];
      let after: string | undefined;
      for (let n = 0; n < 20; n += 1) {
        const next = await page(inboxId, { limit: 3, maxBytes: 500, ...(after === undefined ? {} : { after }) });
        if (next.length === 0) break;
        seen.push(...ids(next));
        after = next.at(-1)?.id;
      }
      assert.deepEqual(seen, ids(events));
    });

    it('reads only the requested inbox', async () => {
      const mine = await inboxWithBodies([5, 5]);
      const theirs = await inboxWithBodies([5, 5, 5]);
      const listed = await page((mine[0] as CapturedEvent).inboxId, { limit: 10, maxBytes: 1000 });
      assert.deepEqual(ids(listed), ids(mine));
      assert.deepEqual(
        ids(await page((theirs[0] as CapturedEvent).inboxId, { limit: 10, maxBytes: 1000 })),
        ids(theirs),
      );
      const empty = anonymousInbox();
      await store().inboxes.insert(empty);
      assert.deepEqual(await page(empty.id, { limit: 10, maxBytes: 1000 }), []);
    });
  });
}
