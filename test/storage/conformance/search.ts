import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import { eventMatchesFilter, type EventFilter } from '../../../src/domain/event-filter.js';
import { firstEventIdAt } from '../../../src/domain/ids.js';
import type { SearchPage } from '../../../src/ports/event-repository.js';
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
      assert.deepEqual({ events: empty.events, nextBefore: empty.nextBefore }, { events: [], nextBefore: null });
      assert.notEqual(empty.outOfTime, true);
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

    it('JSON filters read bodies nested up to 1,000 levels and skip deeper ones, as the reference does', async () => {
      // SQLite's JSON reader refuses nesting past 1,000 levels, PostgreSQL's jsonb cast fails
      // somewhere past 10,000 ("stack depth limit exceeded") and JSON.parse takes 100,000: one
      // limit for all, and no hostile body may turn a search into an error.
      const box = anonymousInbox();
      await store().inboxes.insert(box);
      const make = createEventMaker();
      const nested = (levels: number) => `{"k":"v","d":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
      const bodies: [string, Buffer, boolean][] = [
        ['1,000 levels', Buffer.from(nested(1_000)), true],
        ['1,001 levels', Buffer.from(nested(1_001)), false],
        ['12,000 levels (parses on PostgreSQL)', Buffer.from(nested(12_000)), false],
        ['100,000 levels', Buffer.from(nested(100_000)), false],
        ['brackets in strings', Buffer.from(`{"k":"v","s":"${'['.repeat(5_000)}"}`), true],
        ['a 2 MB line', Buffer.from(JSON.stringify({ k: 'v', s: 'x'.repeat(2 * 1024 * 1024) })), true],
        [
          'invalid UTF-8',
          Buffer.concat([Buffer.from('{"k":"v","s":"'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]),
          false,
        ],
        ['50,000 form fields', Buffer.from(Array.from({ length: 50_000 }, (_, i) => `k${i}=v`).join('&')), false],
      ];
      const events: CapturedEvent[] = [];
      for (const [, body] of bodies) {
        const event = make(box.id, { body });
        assert.ok(await insertEvent(store(), event));
        events.push(event);
      }
      const filter: EventFilter = { json: [{ path: ['k'], value: 'v' }] };
      const expected = events.filter((_, i) => bodies[i]?.[2]).reverse();
      const page = await search(box.id, filter, { limit: 20 });
      assert.deepEqual(
        page.events.map((e) => bodies[events.findIndex((x) => x.id === e.id)]?.[0]),
        expected.map((e) => bodies[events.indexOf(e)]?.[0]),
      );
      assert.deepEqual(
        events.filter((e) => eventMatchesFilter(e, filter)).map((e) => e.id),
        ids(expected).reverse(),
        'the reference matcher agrees',
      );
      const exists = await search(box.id, { json: [{ path: ['d'] }] }, { limit: 20 });
      assert.deepEqual(ids(exists.events), ids([events[0] as CapturedEvent]));
      const text = await search(box.id, { text: '"k"' }, { limit: 20 });
      assert.equal(text.events.length, 7, 'every body but the form holds "k"');
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
