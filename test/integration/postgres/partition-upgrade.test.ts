import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';

import pg from 'pg';

import { createEventIdFactory, newId } from '../../../src/domain/ids.js';
import { MIGRATIONS } from '../../../src/storage/postgres/migrations.js';
import { openPostgresStore, type PostgresStore } from '../../../src/storage/postgres/store.js';
import type { Store } from '../../../src/ports/store.js';
import { connectTestPostgres } from '../../helpers/postgres.js';
import { createEventMaker } from '../../storage/conformance/fixtures.js';

const pgTest = await connectTestPostgres();
const skip = pgTest.available ? false : `PostgreSQL unavailable: ${pgTest.reason}`;

after(async () => {
  if (pgTest.available) await pgTest.close();
});

const HOUR = 60 * 60 * 1000;
const OLD_EVENTS = 600;

/** The schema as the previous release left it: migrations 1 to 12, recorded in the ledger. */
async function migrateToPreviousRelease(client: pg.Client): Promise<void> {
  await client.query(`CREATE TABLE schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  for (const migration of MIGRATIONS.filter((m) => m.version <= 12)) {
    await client.query(migration.sql);
    await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
      migration.version,
      migration.name,
    ]);
  }
}

/** Events written by the previous schema's insert: spread over the last three days, with their counts. */
async function writeOldEvents(client: pg.Client, inboxId: string): Promise<string[]> {
  const nextId = createEventIdFactory();
  const start = Date.now() - 3 * 24 * HOUR;
  const ids: string[] = [];
  for (let i = 0; i < OLD_EVENTS; i += 1) {
    const ms = start + Math.floor((i * 3 * 24 * HOUR) / OLD_EVENTS);
    const id = nextId(ms);
    ids.push(id);
    await client.query(
      `INSERT INTO events (id, inbox_id, received_at, method, path, query, content_type, size, source_ip, headers, body)
       VALUES ($1, $2, $3, 'POST', '/hook', '', 'text/plain', 9, '127.0.0.1', '[]', $4)`,
      [id, inboxId, new Date(ms).toISOString(), Buffer.from(i % 2 === 0 ? 'old-even!' : 'old-odd!!')],
    );
  }
  await client.query('INSERT INTO inbox_counters (inbox_id, event_count) VALUES ($1, $2)', [inboxId, OLD_EVENTS]);
  return ids;
}

/** Every event id of the inbox, newest first, paging through the list. */
async function allIds(store: Store, inboxId: string): Promise<string[]> {
  const ids: string[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await store.events.listByInbox(
      inboxId,
      before === undefined ? { limit: 250 } : { limit: 250, before },
    );
    ids.push(...page.map((e) => e.id));
    if (page.length < 250) return ids;
    before = page.at(-1)?.id;
  }
}

function assertListed(listed: readonly string[], expected: ReadonlySet<string>, when: string): void {
  assert.equal(new Set(listed).size, listed.length, `no event listed twice ${when}`);
  const missing = [...expected].filter((id) => !listed.includes(id));
  assert.deepEqual(missing, [], `no event missing ${when}`);
}

describe('upgrading a database of the previous schema to day partitions', { skip }, () => {
  it('keeps serving while the sweeper moves old events across: nothing lost, nothing twice', async () => {
    if (!pgTest.available) return;
    const schema = await pgTest.createSchema();
    const inboxId = newId('inbox');
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    let oldIds: string[];
    try {
      await migrateToPreviousRelease(client);
      await client.query(
        `INSERT INTO inboxes (id, owner_id, created_at, expires_at) VALUES ($1, 'acc_upgrade', now() - interval '4 days', NULL)`,
        [inboxId],
      );
      oldIds = await writeOldEvents(client, inboxId);
    } finally {
      await client.end();
    }

    const store: PostgresStore = await openPostgresStore({ url: schema.url, poolSize: 4 });
    try {
      // Right after the migration, before anything moved, the old events are all there.
      assertListed(await allIds(store, inboxId), new Set(oldIds), 'after the migration');
      const deleted = oldIds[5] as string;
      assert.equal(await store.events.delete(deleted, { inboxId, expectedOwnerId: 'acc_upgrade' }), true);
      const expected = new Set(oldIds.filter((id) => id !== deleted));

      const make = createEventMaker();
      const nextId = createEventIdFactory();
      const newIds: string[] = [];
      let ingesting = true;
      const ingest = (async () => {
        while (ingesting || newIds.length < 50) {
          const now = new Date();
          const event = make(inboxId, { id: nextId(now.getTime()), receivedAt: now });
          assert.equal(await store.events.insertIfInboxLive(event, now), true);
          newIds.push(event.id);
        }
      })();

      let moved = 0;
      for (;;) {
        const upkeep = await store.events.maintain(new Date(), { daysAhead: 3, moveLimit: 100 });
        moved += upkeep.eventsMoved;
        const stored = new Set([...expected, ...newIds]);
        assertListed(await allIds(store, inboxId), stored, `after ${moved} moved`);
        if (upkeep.eventsMoved === 0) break;
      }
      ingesting = false;
      await ingest;
      assert.equal(moved, OLD_EVENTS - 1);

      const listed = await allIds(store, inboxId);
      assert.deepEqual(new Set(listed), new Set([...expected, ...newIds]));
      assert.equal(listed.length, expected.size + newIds.length);
      assert.deepEqual(
        (await store.inboxes.stats([inboxId])).map((s) => s.eventCount),
        [listed.length],
      );
      const found = await store.events.searchByInbox(inboxId, { limit: 1000, filter: { text: 'old-odd' } });
      // Odd positions hold old-odd; the deleted one (position 5) was one of them.
      assert.equal(found.events.length, OLD_EVENTS / 2 - 1);
      const some = await store.events.findById(oldIds[10] as string);
      assert.equal(some?.body.toString(), 'old-even!');

      // Every moved row sits in its day's partition; the old table and the default one are empty.
      const { rows } = await store.pool.query<{ legacy: string; fallback: string; days: string }>(
        `SELECT (SELECT count(*) FROM events_legacy) AS legacy, (SELECT count(*) FROM events_default) AS fallback,
           (SELECT count(*) FROM pg_inherits WHERE inhparent = 'events'::regclass) AS days`,
      );
      assert.deepEqual(rows[0] && { legacy: rows[0].legacy, fallback: rows[0].fallback }, {
        legacy: '0',
        fallback: '0',
      });
      assert.ok(Number(rows[0]?.days) >= 8, 'partitions for the old days, today and three ahead, plus the default');
    } finally {
      await store.close();
    }
  });

  it('event types (migration 17) mark events in both tables and keep their marks when the sweeper moves them', async () => {
    if (!pgTest.available) return;
    const schema = await pgTest.createSchema();
    const inboxId = newId('inbox');
    const nextId = createEventIdFactory();
    const day = 24 * HOUR;
    const oldIds = [nextId(Date.now() - 2 * day), nextId(Date.now() - day)];
    const client = new pg.Client({ connectionString: schema.url });
    await client.connect();
    try {
      await migrateToPreviousRelease(client);
      await client.query(
        `INSERT INTO inboxes (id, owner_id, created_at, expires_at) VALUES ($1, 'acc_upgrade', now() - interval '4 days', NULL)`,
        [inboxId],
      );
      for (const [i, id] of oldIds.entries()) {
        await client.query(
          `INSERT INTO events (id, inbox_id, received_at, method, path, query, content_type, size, source_ip, headers, body)
           VALUES ($1, $2, $3, 'POST', '/hook', '', 'application/json', 7, '127.0.0.1', '[]', $4)`,
          [id, inboxId, new Date(Date.now() - (2 - i) * day).toISOString(), Buffer.from('{"a":1}')],
        );
      }
      await client.query('INSERT INTO inbox_counters (inbox_id, event_count) VALUES ($1, 2)', [inboxId]);
    } finally {
      await client.end();
    }

    const store: PostgresStore = await openPostgresStore({ url: schema.url, poolSize: 2 });
    try {
      const now = new Date();
      const fresh = createEventMaker()(inboxId, { id: nextId(now.getTime()), receivedAt: now });
      assert.equal(await store.events.insertIfInboxLive(fresh, now), true);
      const untyped = await store.eventTypes.listUntyped(10, 1024);
      // Oldest first across both tables: the legacy rows, then the new one.
      assert.deepEqual(
        untyped.map((e) => e.id),
        [...oldIds, fresh.id],
      );
      const drift = JSON.stringify([{ kind: 'new-property', path: '/b' }]);
      await store.eventTypes.applyBatch({
        events: [
          { id: oldIds[0] as string, eventType: 'POST /hook', drift: null },
          { id: oldIds[1] as string, eventType: 'POST /hook', drift },
          { id: fresh.id, eventType: '', drift: null },
        ],
        summaries: [],
      });
      assert.deepEqual(await store.eventTypes.listUntyped(10, 1024), []);
      const page = await store.eventTypes.listDrifted(inboxId, { limit: 10 });
      assert.deepEqual(
        page.events.map((e) => e.id),
        [oldIds[1]],
      );

      // The sweeper moves the legacy rows into their day partitions with their marks.
      for (;;) {
        const upkeep = await store.events.maintain(new Date(), { daysAhead: 3, moveLimit: 100 });
        if (upkeep.eventsMoved === 0) break;
      }
      const { rows } = await store.pool.query<{ legacy: string }>('SELECT count(*) AS legacy FROM events_legacy');
      assert.equal(rows[0]?.legacy, '0');
      assert.equal((await store.events.findById(oldIds[0] as string))?.eventType, 'POST /hook');
      assert.deepEqual((await store.events.findById(oldIds[1] as string))?.drift, JSON.parse(drift));

      // A rebuild's reset clears the marks wherever the rows are.
      assert.equal(await store.eventTypes.resetStep({ inboxId, eventType: 'POST /hook' }, 100), 2);
      assert.deepEqual(
        (await store.eventTypes.listUntyped(10, 1024)).map((e) => e.id),
        oldIds,
      );
    } finally {
      await store.close();
    }
  });
});
