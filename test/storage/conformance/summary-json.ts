import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import { createEventIdFactory } from '../../../src/domain/ids.js';
import { eventSummaryPageJson } from '../../../src/http/api/core/present.js';
import type { ListPage } from '../../../src/ports/event-repository.js';
import { T0, createEventMaker, insertEvent, ownedInbox, summaryOf, type StoreGetter } from './fixtures.js';

/**
 * Conformance cases for EventRepository.listSummaryPageJson: the page must be byte for byte
 * what the API's own encoder (eventSummaryPageJson, i.e. eventSummaryJson) makes of the same
 * events, whatever the adapter does to build it, with the same paging as listByInbox.
 */
export function describeSummaryJsonCases(store: StoreGetter): void {
  describe('listing events as JSON', () => {
    /** Stores the events (each built by `make`) in a new owned inbox; returns them oldest first. */
    async function stored(build: (make: ReturnType<typeof createEventMaker>, inboxId: string) => CapturedEvent[]) {
      const inbox = ownedInbox('acc_conformance');
      await store().inboxes.insert(inbox);
      const events = build(createEventMaker(), inbox.id);
      for (const event of events) assert.equal(await insertEvent(store(), event), true);
      return { inboxId: inbox.id, events };
    }

    /** The page the API must send: newest first, `limit` of them, older than `before`. */
    function expectedPage(events: readonly CapturedEvent[], page: ListPage) {
      const older = events.filter((e) => page.before === undefined || e.id < page.before).reverse();
      const listed = older.slice(0, page.limit);
      const last = listed.at(-1);
      return {
        json: eventSummaryPageJson(listed.map(summaryOf)),
        count: listed.length,
        nextBefore: older.length > page.limit && last !== undefined ? last.id : null,
      };
    }

    async function assertPage(inboxId: string, events: readonly CapturedEvent[], page: ListPage) {
      const actual = await store().events.listSummaryPageJson(inboxId, page);
      assert.deepEqual(actual, expectedPage(events, page));
      // The same events, in the same order, as the object listing.
      const objects = await store().events.listByInbox(inboxId, page);
      assert.equal(actual.json, eventSummaryPageJson(objects));
    }

    it('encodes an empty inbox as an empty array', async () => {
      const { inboxId } = await stored(() => []);
      assert.deepEqual(await store().events.listSummaryPageJson(inboxId, { limit: 50 }), {
        json: '[]',
        count: 0,
        nextBefore: null,
      });
    });

    it("carries each event's signature check and answer, stored or absent, byte for byte", async () => {
      const awkward = 'mismatch: "v1" \\ \u2028 é \u0001';
      const { inboxId, events } = await stored((make, id) => [
        make(id),
        make(id, { signature: { scheme: 'stripe', status: 'valid', reason: null } }),
        make(id, {
          signature: { scheme: 'github', status: 'invalid', reason: awkward },
          answer: { rule: 2, status: 503 },
        }),
        make(id, { answer: { rule: null, status: 418 } }),
        // A templated answer that failed to render: the error travels with the record.
        make(id, { answer: { rule: null, status: 202, error: `rule 1: body: ${awkward}, line:1, col:4` } }),
        make(id, { signature: { scheme: 'slack', status: 'unchecked', reason: 'secret could not be opened' } }),
      ]);
      await assertPage(inboxId, events, { limit: 50 });
      const listed = JSON.parse((await store().events.listSummaryPageJson(inboxId, { limit: 50 })).json) as {
        signature: unknown;
        answer: unknown;
      }[];
      assert.deepEqual(
        listed.map((e) => e.signature),
        [
          { scheme: 'slack', status: 'unchecked', reason: 'secret could not be opened' },
          { scheme: null, status: 'unchecked', reason: 'no signature secret was set when it arrived' },
          { scheme: null, status: 'unchecked', reason: 'no signature secret was set when it arrived' },
          { scheme: 'github', status: 'invalid', reason: awkward },
          { scheme: 'stripe', status: 'valid', reason: null },
          { scheme: null, status: 'unchecked', reason: 'no signature secret was set when it arrived' },
        ],
      );
      assert.deepEqual(
        listed.map((e) => e.answer),
        [
          { rule: null, status: 200 },
          { rule: null, status: 202, error: `rule 1: body: ${awkward}, line:1, col:4` },
          { rule: null, status: 418 },
          { rule: 2, status: 503 },
          { rule: null, status: 200 },
          { rule: null, status: 200 },
        ],
      );
      // The full event and the forwards listing keep them too.
      for (const event of events) {
        const found = await store().events.findById(event.id);
        assert.deepEqual(found?.signature, event.signature);
        assert.deepEqual(found?.answer, event.answer);
      }
      const after = await store().events.listAfter(inboxId, { limit: 50 });
      assert.deepEqual(
        after.map((e) => [e.signature, e.answer]),
        events.map((e) => [e.signature, e.answer]),
      );
    });

    it('pages newest first with the cursor only when an older page exists', async () => {
      const { inboxId, events } = await stored((make, id) => Array.from({ length: 7 }, () => make(id)));
      await assertPage(inboxId, events, { limit: 50 });
      await assertPage(inboxId, events, { limit: 7 }); // exactly limit: no next page
      await assertPage(inboxId, events, { limit: 6 }); // limit + 1: a next page of one
      await assertPage(inboxId, events, { limit: 1 });
      let before: string | undefined;
      const seen: string[] = [];
      for (let pages = 0; pages < 10; pages += 1) {
        const page: ListPage = { limit: 3, ...(before === undefined ? {} : { before }) };
        await assertPage(inboxId, events, page);
        const { json, nextBefore } = await store().events.listSummaryPageJson(inboxId, page);
        seen.push(...(JSON.parse(json) as { id: string }[]).map((e) => e.id));
        if (nextBefore === null) break;
        before = nextBefore;
      }
      assert.deepEqual(seen, events.map((e) => e.id).reverse());
    });

    it('encodes awkward strings, null content type, size 0 and millisecond edges exactly', async () => {
      // NUL is left out: PostgreSQL text cannot hold it (and no HTTP request carries it there).
      const controls = Array.from({ length: 31 }, (_, c) => String.fromCharCode(c + 1)).join('');
      const { inboxId, events } = await stored((make, id) => [
        make(id, { path: `/i/${id}/"quoted"\\back\\slash`, query: 'q="a\\b"&c=\'d\'' }),
        make(id, {
          path: `/i/${id}/ctl${controls}\u007f`,
          query: controls,
          contentType: `text/plain; x="${controls}"`,
        }),
        make(id, { path: `/i/${id}/unicode/é/ü/😀/\u2028\u2029/\ufeff`, query: 'ä=ö&€=😀' }),
        make(id, {
          path: `/i/${id}/latin1/\u00e9\u00ff\u0080\u009f`,
          query: '\u00a0=\u00bf',
          contentType: 'text/\u00e9',
        }),
        make(id, { contentType: null, body: Buffer.alloc(0) }),
        make(id, { method: 'PATCH', contentType: '', query: '' }),
        make(id, { receivedAt: new Date(T0 + 5_000) }), // .000
        make(id, { receivedAt: new Date(T0 + 5_999) }), // .999
        make(id, { receivedAt: new Date(T0 + 86_400_000 - 1) }), // 23:59:59.999
        make(id, { receivedAt: new Date(Date.UTC(2000, 1, 29, 12, 0, 0, 7)) }), // leap day, .007
        make(id, { receivedAt: new Date(0) }), // the epoch
        make(id, { receivedAt: new Date(-1) }), // before 1970: encoders may fall back, bytes may not differ
        make(id, { size: 123_456_789 }),
      ]);
      await assertPage(inboxId, events, { limit: 50 });
      await assertPage(inboxId, events, { limit: 4 });
      await assertPage(inboxId, events, { limit: 4, before: events[6]?.id ?? '' });
    });

    it('shows a page changed by a new event at once', async () => {
      const { inboxId, events } = await stored((make, id) => Array.from({ length: 3 }, () => make(id)));
      await assertPage(inboxId, events, { limit: 2 });
      await assertPage(inboxId, events, { limit: 2 }); // asked again, unchanged
      const at = T0 + 60_000; // ids sort by time: newer than every event above
      const newer = createEventMaker()(inboxId, { id: createEventIdFactory()(at), receivedAt: new Date(at) });
      assert.equal(await insertEvent(store(), newer), true);
      await assertPage(inboxId, [...events, newer], { limit: 2 });
    });

    it('lists nothing once the inbox is deleted and purged', async () => {
      const { inboxId, events } = await stored((make, id) => Array.from({ length: 3 }, () => make(id)));
      await assertPage(inboxId, events, { limit: 50 });
      assert.equal(await store().inboxes.delete(inboxId), true);
      while ((await store().inboxes.purgeDeleted(100)) > 0);
      assert.equal((await store().events.listSummaryPageJson(inboxId, { limit: 50 })).json, '[]');
    });
  });
}
