/**
 * Search property test: a few hundred varied events (methods, paths below the
 * inbox, mixed-case and duplicated headers with quotes and backslashes, JSON bodies with nested
 * objects, arrays, unicode, numbers and escaped keys, JSON-looking bodies that are not JSON,
 * binary bodies with NUL bytes and invalid UTF-8, a BOM, empty bodies) are stored in one inbox
 * of each database; fast-check then draws filter combinations (mostly from values present in the
 * events, so results are not all empty) and a page size and a scan budget, pages through
 * EventRepository.searchByInbox by its nextBefore until the end, and compares the ids with a
 * brute-force filter in TypeScript (eventMatchesFilter, the reference semantics written from
 * docs/search.md). The same filters run on SQLite and, when it answers, PostgreSQL.
 *
 * Runs: REHOOK_SEARCH_RUNS (default 150 per database). A failure prints fast-check's seed and
 * path: rerun with REHOOK_SEARCH_SEED / REHOOK_SEARCH_PATH.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import type { CapturedEvent } from '../../src/domain/captured-event.js';
import { eventMatchesFilter, parseEventFilter, type EventFilter } from '../../src/domain/event-filter.js';
import { newId } from '../../src/domain/ids.js';
import type { Store } from '../../src/ports/store.js';
import { openPostgresStore } from '../../src/storage/postgres/store.js';
import { openSqliteStore } from '../../src/storage/sqlite/store.js';
import { connectTestPostgres } from '../helpers/postgres.js';
import { buildEvents, EVENT_COUNT, filterQueryArb, T0 } from './search-arbitraries.js';

const RUNS = Number(process.env['REHOOK_SEARCH_RUNS'] ?? 150);
const SEED = process.env['REHOOK_SEARCH_SEED'];
const PATH = process.env['REHOOK_SEARCH_PATH'];

// ---------------------------------------------------------------- the property

async function searchAll(
  store: Store,
  inboxId: string,
  filter: EventFilter,
  limit: number,
  scanLimit: number | undefined,
) {
  const ids: string[] = [];
  let before: string | undefined;
  for (let pages = 0; pages < 10 * EVENT_COUNT; pages += 1) {
    const page = await store.events.searchByInbox(inboxId, {
      limit,
      filter,
      ...(before !== undefined ? { before } : {}),
      ...(scanLimit !== undefined ? { scanLimit } : {}),
    });
    assert.ok(page.events.length <= limit, `a page of ${page.events.length} events for limit ${limit}`);
    ids.push(...page.events.map((e) => e.id));
    if (page.nextBefore === null) return ids;
    assert.ok(before === undefined || page.nextBefore < before, 'the cursor moves on');
    before = page.nextBefore;
  }
  assert.fail('the pages never ended');
}

function describeSearchProperty(name: string, open: () => Promise<{ store: Store; close: () => Promise<void> }>) {
  describe(`search on ${name}: pages of searchByInbox equal a brute-force filter`, () => {
    let store: Store;
    let close: () => Promise<void>;
    let events: CapturedEvent[];
    let inboxId: string;
    before(async () => {
      ({ store, close } = await open());
      inboxId = newId('inbox');
      await store.inboxes.insert({
        id: inboxId,
        ownerId: null,
        name: null,
        createdAt: new Date(T0 - 1000),
        expiresAt: new Date(T0 + 48 * 3600_000),
      });
      events = buildEvents(inboxId);
      for (const event of events) assert.ok(await store.events.insertIfInboxLive(event, event.receivedAt));
      // Another inbox's events never show up.
      const other = newId('inbox');
      await store.inboxes.insert({
        id: other,
        ownerId: null,
        name: null,
        createdAt: new Date(T0 - 1000),
        expiresAt: new Date(T0 + 48 * 3600_000),
      });
      for (const event of buildEvents(other).slice(0, 20))
        await store.events.insertIfInboxLive(event, event.receivedAt);
    });
    after(() => close());

    it('generates events of every kind (the property would be vacuous otherwise)', () => {
      const json = events.filter((e) => eventMatchesFilter(e, { json: [{ path: ['data', 'object', 'status'] }] }));
      const binary = events.filter((e) => !e.body.equals(Buffer.from(e.body.toString('utf8'))));
      assert.ok(json.length > 30, `${json.length} webhook-shaped bodies`);
      assert.ok(binary.length > 10, `${binary.length} non-UTF-8 bodies`);
      assert.ok(new Set(events.map((e) => e.method)).size >= 6);
    });

    it('every filter combination, page size and scan budget', async () => {
      const newestFirst = [...events].reverse();
      await fc.assert(
        fc.asyncProperty(
          filterQueryArb(events, inboxId),
          fc.integer({ min: 1, max: 9 }),
          fc.option(fc.integer({ min: 1, max: 120 }), { nil: undefined }),
          async (query, limit, scanLimit) => {
            const parsed = parseEventFilter(query, { inboxId });
            if (!parsed.ok) throw new Error(`generated filter refused: ${parsed.message} (${JSON.stringify(query)})`);
            const expected = newestFirst.filter((e) => eventMatchesFilter(e, parsed.filter)).map((e) => e.id);
            const actual = await searchAll(store, inboxId, parsed.filter, limit, scanLimit);
            assert.deepEqual(actual, expected, `filter ${JSON.stringify(parsed.filter)}`);
          },
        ),
        {
          numRuns: RUNS,
          ...(SEED !== undefined ? { seed: Number(SEED) } : {}),
          ...(PATH !== undefined ? { path: PATH } : {}),
        },
      );
    });

    it('the summaries of a search page are those of the plain listing', async () => {
      const filter: EventFilter = { methods: ['POST'] };
      const page = await store.events.searchByInbox(inboxId, { limit: 20, filter });
      const listed = await store.events.listByInbox(inboxId, { limit: 1000 });
      const byId = new Map(listed.map((e) => [e.id, e]));
      assert.ok(page.events.length > 0);
      for (const e of page.events) assert.deepEqual(e, byId.get(e.id));
    });
  });
}

describeSearchProperty('SQLite', async () => {
  const store = openSqliteStore({ path: ':memory:' });
  return { store, close: () => store.close() };
});

const pg = await connectTestPostgres();
if (!pg.available) {
  it('search on PostgreSQL', { skip: pg.reason }, () => undefined);
} else {
  describeSearchProperty('PostgreSQL', async () => {
    const schema = await pg.createSchema();
    const store = await openPostgresStore({ url: schema.url, poolSize: 4 });
    return {
      store,
      close: async () => {
        try {
          await store.close();
        } finally {
          await schema.drop();
          await pg.close();
        }
      },
    };
  });
}
