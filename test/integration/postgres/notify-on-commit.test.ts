import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';

import pg from 'pg';

import { buildBus } from '../../../src/compose.js';
import { decodePayload } from '../../../src/live/pg-notify-bus.js';
import type { EventSummary } from '../../../src/domain/captured-event.js';
import { openPostgresStore } from '../../../src/storage/postgres/store.js';
import { connectTestPostgres } from '../../helpers/postgres.js';
import { anonymousInbox, createEventMaker, summaryOf } from '../../storage/conformance/fixtures.js';

const pgTest = await connectTestPostgres();
const skip = pgTest.available ? false : `PostgreSQL unavailable: ${pgTest.reason}`;

after(async () => {
  if (pgTest.available) await pgTest.close();
});

const SILENT = { info: () => undefined, warn: () => undefined };

describe('live notifications sent by the event insert', { skip }, () => {
  it('announces each stored event once, in its commit, and never an event that was not stored', async () => {
    if (!pgTest.available) return;
    const schema = await pgTest.createSchema();
    const store = await openPostgresStore({ url: schema.url, poolSize: 3 });
    const bus = await buildBus({ databaseUrl: schema.url }, store, { logger: SILENT, listen: false });
    const listener = new pg.Client({ connectionString: schema.url });
    try {
      const channel = (bus as { channel?: string }).channel;
      assert.ok(channel);
      await listener.connect();
      const heard: string[] = [];
      let wake: () => void = () => undefined;
      listener.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) heard.push(message.payload);
        wake();
      });
      await listener.query(`LISTEN "${channel}"`);

      const inbox = anonymousInbox();
      await store.inboxes.insert(inbox);
      const make = createEventMaker();
      const stored = [make(inbox.id), make(inbox.id)];
      const dead = make('inb_doesnotexist00000000');
      const now = stored[0]?.receivedAt ?? new Date();
      const results = await Promise.all([
        store.events.insertIfInboxLive(dead, now),
        ...stored.map((event) => store.events.insertIfInboxLive(event, now)),
      ]);
      assert.deepEqual(results, [false, true, true]);
      // The service still calls publish: with the store announcing, it must add nothing.
      for (const event of stored) bus.publish(summaryOf(event));

      // A marker sent after everything else: once it arrives, every earlier notification has.
      await listener.query('SELECT pg_notify($1, $2)', [channel, 'marker']);
      while (!heard.includes('marker')) await new Promise<void>((resolve) => (wake = resolve));
      const events = heard
        .filter((payload) => payload !== 'marker')
        .map((payload) => {
          const decoded = decodePayload(payload);
          assert.equal(decoded?.kind, 'event');
          return (decoded as { event: EventSummary }).event;
        });
      assert.deepEqual(events, stored.map(summaryOf));
    } finally {
      await listener.end();
      await bus.close?.();
      await store.close();
    }
  });
});
