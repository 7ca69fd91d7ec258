import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';

import type { HeaderPair } from '../../../src/domain/captured-event.js';
import { newId } from '../../../src/domain/ids.js';
import { HOUR, anonymousInbox, at, createEventMaker, insertEvent, type StoreGetter } from './fixtures.js';

const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
const ALL_LATIN1 = ALL_BYTES.toString('latin1');

/** Conformance cases for storing and reading single events (listing has its own file). */
export function describeEventCases(store: StoreGetter): void {
  describe('events', () => {
    async function liveInbox(): Promise<string> {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      return inbox.id;
    }

    it('stores an event for a live inbox and returns it whole from findById', async () => {
      const event = createEventMaker()(await liveInbox(), { contentType: null, query: '' });
      assert.equal(await insertEvent(store(), event), true);
      assert.deepEqual(await store().events.findById(event.id), event);
    });

    it('returns null from findById for an unknown id', async () => {
      const make = createEventMaker();
      assert.equal(await store().events.findById(make(newId('inbox')).id), null);
    });

    it('refuses an event for an unknown inbox and stores nothing', async () => {
      const event = createEventMaker()(newId('inbox'));
      assert.equal(await insertEvent(store(), event), false);
      assert.equal(await store().events.findById(event.id), null);
      assert.deepEqual(await store().events.listByInbox(event.inboxId, { limit: 10 }), []);
    });

    it('refuses an event for an inbox expired at now and accepts it 1 ms before', async () => {
      const inbox = anonymousInbox({ expiresAt: at(HOUR) });
      await store().inboxes.insert(inbox);
      const make = createEventMaker();
      const late = make(inbox.id);
      assert.equal(await store().events.insertIfInboxLive(late, at(HOUR)), false);
      assert.equal(await store().events.findById(late.id), null);
      const onTime = make(inbox.id);
      assert.equal(await store().events.insertIfInboxLive(onTime, at(HOUR - 1)), true);
      assert.notEqual(await store().events.findById(onTime.id), null);
    });

    it('keeps every byte value of a binary body', async () => {
      const event = createEventMaker()(await liveInbox(), { body: ALL_BYTES });
      assert.equal(await insertEvent(store(), event), true);
      const found = await store().events.findById(event.id);
      assert.ok(found !== null && Buffer.isBuffer(found.body));
      assert.deepEqual([...found.body], [...ALL_BYTES]);
      assert.equal(found.size, 256);
    });

    it('keeps a random 5 MiB body byte for byte', async () => {
      const body = randomBytes(5 * 1024 * 1024);
      const event = createEventMaker()(await liveInbox(), { body });
      assert.equal(await insertEvent(store(), event), true);
      const found = await store().events.findById(event.id);
      assert.ok(found !== null);
      assert.equal(found.body.length, body.length);
      assert.ok(found.body.equals(body), 'body bytes differ');
    });

    it('returns an empty body as an empty Buffer', async () => {
      const event = createEventMaker()(await liveInbox(), { body: Buffer.alloc(0), method: 'GET' });
      assert.equal(await insertEvent(store(), event), true);
      const found = await store().events.findById(event.id);
      assert.ok(found !== null);
      assert.ok(Buffer.isBuffer(found.body), 'body is not a Buffer');
      assert.equal(found.body.length, 0);
      assert.equal(found.size, 0);
    });

    it('keeps header order, duplicates, name case and latin1 values', async () => {
      const headers: HeaderPair[] = [
        ['X-Dup', 'first'],
        ['Content-Type', 'text/plain; charset=latin1'],
        ['x-dup', 'second'],
        ['X-DUP', 'first'],
        ['X-Cafe', 'caf\u00e9'],
        ['X-Max', '\u00ff'],
        ['X-Empty', ''],
        ['X-Json-Like', '["a","b"]\\"'],
        ['X-All-Latin1', ALL_LATIN1],
      ];
      const event = createEventMaker()(await liveInbox(), { headers });
      assert.equal(await insertEvent(store(), event), true);
      const found = await store().events.findById(event.id);
      assert.deepEqual(found?.headers, headers);
      const allLatin1 = found?.headers.at(-1)?.[1] ?? '';
      assert.ok(Buffer.from(allLatin1, 'latin1').equals(ALL_BYTES), 'latin1 value changed');
    });

    it('stores 200 concurrent inserts, all with distinct ids', async () => {
      const inboxId = await liveInbox();
      const make = createEventMaker();
      const events = Array.from({ length: 200 }, () => make(inboxId));
      const results = await Promise.all(events.map((event) => insertEvent(store(), event)));
      assert.deepEqual(
        results,
        events.map(() => true),
      );
      const listed = await store().events.listByInbox(inboxId, { limit: 1000 });
      assert.equal(new Set(listed.map((e) => e.id)).size, 200);
      assert.deepEqual(
        listed.map((e) => e.id),
        events.map((e) => e.id).reverse(),
      );
      const sample = events[137];
      assert.deepEqual(await store().events.findById(sample?.id ?? ''), sample);
    });

    it('keeps each field of events inserted together apart, byte for byte', async () => {
      const [first, second] = [await liveInbox(), await liveInbox()];
      const make = createEventMaker();
      // Sizes and values chosen to catch a body or a field landing in its neighbour's row, and
      // strings that look like NULL, array or JSON syntax.
      const bodies = [
        Buffer.alloc(0),
        Buffer.from([0]),
        ALL_BYTES,
        randomBytes(3000),
        Buffer.alloc(0),
        randomBytes(70_000),
      ];
      const events = bodies.map((body, i) =>
        make(i % 2 === 0 ? first : second, {
          body,
          size: body.length,
          method: i % 2 === 0 ? 'POST' : 'PUT',
          path: `/p/{${i}},"x"\\`,
          query: i === 1 ? 'NULL' : `a=${i}&b={}`,
          contentType: i === 3 ? null : i === 4 ? 'NULL' : `text/plain; n="${i}"`,
          headers: [
            ['X-Row', String(i)],
            ['X-Quote', '"{a,b}"\\'],
          ],
        }),
      );
      const results = await Promise.all(events.map((event) => insertEvent(store(), event)));
      assert.deepEqual(
        results,
        events.map(() => true),
      );
      for (const event of events) assert.deepEqual(await store().events.findById(event.id), event);
    });

    it('reports false only for the concurrent inserts aimed at a missing inbox', async () => {
      const inboxId = await liveInbox();
      const make = createEventMaker();
      const missing = newId('inbox');
      const events = Array.from({ length: 20 }, (_, i) => make(i % 2 === 0 ? inboxId : missing));
      const results = await Promise.all(events.map((event) => insertEvent(store(), event)));
      assert.deepEqual(
        results,
        events.map((_, i) => i % 2 === 0),
      );
      assert.equal((await store().events.listByInbox(inboxId, { limit: 100 })).length, 10);
    });
  });
}
