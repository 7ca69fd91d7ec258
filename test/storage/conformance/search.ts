import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-request.js';
import type { EventFilter } from '../../../src/domain/event-filter.js';
import { firstEventIdAt } from '../../../src/domain/ids.js';
import type { SearchPage } from '../../../src/ports/store.js';
import { anonymousInbox, createEventMaker, insertEvent, summaryOf, type StoreGetter } from './fixtures.js';

/**
 * Conformance cases for EventRepository.searchByInbox (the filter's meaning in depth is the
 * property test's, test/property/search.test.ts): the page contract (newest first, at most
 * `limit`, nextBefore), the scan budget, the bounds, and that bodies of every kind are safe.
 */
export function describeSearchCases(store: StoreGetter): void {
  describe('searching an inbox', () => {
    /** An inbox whose events alternate POST (JSON, `/hooks/a`) and GET (binary, `/other`). */
    async function inbox(count: number): Promise<CapturedEvent[]> {
      const box = anonymousInbox();
      await store().inboxes.insert(box);
      const make = createEventMaker();
      const events: CapturedEvent[] = [];
      for (let i = 0; i < count; i += 1) {
        const post = i % 2 === 0;
        const event = make(box.id, {
          method: post ? 'POST' : 'GET',
          path: post ? `/i/${box.id}/hooks/a` : `/i/${box.id}/other`,
          body: post
            ? Buffer.from(JSON.stringify({ n: i, status: i % 4 === 0 ? 'paid' : 'open' }))
            : Buffer.from([0, 0xff, i & 0xff, 0x7b]),
        });
        assert.ok(await insertEvent(store(), event));
        events.push(event);
      }
      return events;
    }
    const search = (inboxId: string, filter: EventFilter, page: Omit<SearchPage, 'filter'>) =>
      store().events.searchByInbox(inboxId, { ...page, filter });
    const ids = (items: readonly { id: string }[]) => items.map((e) => e.id);

    it('returns matching summaries newest first, at most limit, and the next page goes on from the last', async () => {
      const events = await inbox(10);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      const posts = events.filter((e) => e.method === 'POST').reverse();
      const first = await search(inboxId, { methods: ['POST'] }, { limit: 3 });
      assert.deepEqual(first.events, posts.slice(0, 3).map(summaryOf));
      assert.equal(first.nextBefore, (posts[2] as CapturedEvent).id);
      const second = await search(inboxId, { methods: ['POST'] }, { limit: 3, before: first.nextBefore as string });
      assert.deepEqual(ids(second.events), ids(posts.slice(3)));
      assert.equal(second.nextBefore, null);
    });

    it('a scan budget ends a page early; following nextBefore still finds every match once', async () => {
      const events = await inbox(12);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      const filter: EventFilter = { json: [{ path: ['status'], value: 'paid' }] };
      const expected = ids(
        events.filter((e) => e.method === 'POST' && JSON.parse(e.body.toString()).status === 'paid').reverse(),
      );
      const first = await search(inboxId, filter, { limit: 10, scanLimit: 2 });
      // The two newest events (11: GET, 10: POST open) hold no match: an empty page that goes on.
      assert.deepEqual(first.events, []);
      assert.equal(first.nextBefore, (events[10] as CapturedEvent).id);
      const found: string[] = [];
      let before: string | undefined;
      for (let pages = 0; pages < 20; pages += 1) {
        const page = await search(inboxId, filter, { limit: 10, scanLimit: 3, ...(before ? { before } : {}) });
        found.push(...ids(page.events));
        if (page.nextBefore === null) break;
        before = page.nextBefore;
      }
      assert.deepEqual(found, expected);
    });

    it('since is inclusive and until exclusive; other inboxes never show', async () => {
      const events = await inbox(8);
      const other = await inbox(3);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      const since = (events[2] as CapturedEvent).id;
      const until = (events[6] as CapturedEvent).id;
      const page = await search(inboxId, { sinceId: since, untilId: until }, { limit: 100 });
      assert.deepEqual(ids(page.events), ids(events.slice(2, 6).reverse()));
      assert.equal(page.nextBefore, null);
      const byTime = await search(
        inboxId,
        { sinceId: firstEventIdAt((events[5] as CapturedEvent).receivedAt.getTime()) },
        { limit: 100 },
      );
      assert.deepEqual(ids(byTime.events), ids(events.slice(5).reverse()));
      const empty = await search(inboxId, { sinceId: until, untilId: since }, { limit: 10 });
      assert.deepEqual(empty, { events: [], nextBefore: null });
      assert.ok(other.every((e) => !ids(byTime.events).includes(e.id)));
    });

    it('text and JSON filters run over binary bodies without an error', async () => {
      const events = await inbox(6);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      const binary = await search(inboxId, { text: '\u00ff' }, { limit: 10 });
      assert.deepEqual(binary.events, []);
      const json = await search(inboxId, { json: [{ path: ['n'] }], pathPrefix: '/hooks' }, { limit: 10 });
      assert.deepEqual(ids(json.events), ids(events.filter((e) => e.method === 'POST').reverse()));
      const bytes = await search(inboxId, { text: '"status":"paid"' }, { limit: 10 });
      assert.deepEqual(ids(bytes.events), ids([events[4], events[0]] as CapturedEvent[]));
    });

    it('a filter holding NUL matches body bytes and nothing else, without an error', async () => {
      // PostgreSQL text cannot hold NUL: binding one failed the whole statement (found by the
      // property test). Bodies can hold it; paths, queries and headers never do.
      const events = await inbox(4);
      const inboxId = (events[0] as CapturedEvent).inboxId;
      const withNul = await search(inboxId, { text: '\u0000' }, { limit: 10 });
      assert.deepEqual(ids(withNul.events), ids(events.filter((e) => e.method === 'GET').reverse()));
      assert.deepEqual(
        (await search(inboxId, { headers: [{ name: 'x-request-id', value: 'r\u0000' }] }, { limit: 10 })).events,
        [],
      );
      assert.deepEqual((await search(inboxId, { pathPrefix: '/hooks\u0000' }, { limit: 10 })).events, []);
      assert.deepEqual(
        (await search(inboxId, { json: [{ path: ['status'], value: 'pa\u0000id' }] }, { limit: 10 })).events,
        [],
      );
    });
  });
}
