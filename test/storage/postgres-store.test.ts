import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import type { CapturedEvent } from '../../src/domain/captured-event.js';
import { StorageError } from '../../src/errors.js';
import { openPostgresStore, type PostgresStore } from '../../src/storage/postgres/store.js';
import { connectTestPostgres, startTcpProxy, waitFor, type TestSchema } from '../helpers/postgres.js';
import {
  anonymousInbox,
  at,
  createEventMaker,
  insertEvent,
  makeAccount,
  makeReplay,
  ownedInbox,
  type EventMaker,
} from './conformance/fixtures.js';

const pg = await connectTestPostgres();

if (!pg.available) {
  it('PostgreSQL store suites', { skip: pg.reason }, () => undefined);
} else {
  after(() => pg.close());
  const { admin } = pg;

  /** The schema's URL with a unique application_name, so tests can find its backends. */
  function urlOf(schema: TestSchema, appName: string, extraOptions = ''): string {
    const url = new URL(schema.url);
    url.searchParams.set('application_name', appName);
    if (extraOptions !== '') {
      url.searchParams.set('options', `${url.searchParams.get('options') ?? ''} ${extraOptions}`);
    }
    return url.href;
  }

  /** Resolves once a backend of `appName` waits for a lock. */
  function lockWaitOf(appName: string): Promise<void> {
    return waitFor(`${appName} to wait for a lock`, async () => {
      const { rowCount } = await admin.query(
        "SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND wait_event_type = 'Lock'",
        [appName],
      );
      return rowCount !== null && rowCount > 0;
    });
  }

  function assertAllRejectedWithStorageError(settled: PromiseSettledResult<boolean>[]): void {
    for (const result of settled) {
      assert.equal(result.status, 'rejected', 'an uncommitted event was reported as stored');
      assert.ok(result.status === 'rejected' && result.reason instanceof StorageError);
    }
  }

  describe('PostgreSQL store', () => {
    let schema: TestSchema;
    let appName: string;
    let store: PostgresStore;
    let make: EventMaker;
    const poolErrors: Error[] = [];

    const open = (url = urlOf(schema, appName)) =>
      openPostgresStore({ url, poolSize: 4, onPoolError: (err) => poolErrors.push(err) });
    const table = (name: string) => `"${schema.name}".${name}`;
    const countEvents = async (): Promise<number> =>
      (await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table('events')}`)).rows[0]?.n ?? -1;

    async function liveInboxId(): Promise<string> {
      const inbox = anonymousInbox();
      await store.inboxes.insert(inbox);
      return inbox.id;
    }

    beforeEach(async () => {
      schema = await pg.createSchema();
      appName = `rehook_test_${randomBytes(4).toString('hex')}`;
      poolErrors.length = 0;
      store = await open();
      make = createEventMaker();
    });

    afterEach(async () => {
      try {
        await store.close();
      } finally {
        await schema.drop();
      }
    });

    it('keeps synchronous_commit on even when the connection asks for off', async () => {
      await store.close();
      store = await open(urlOf(schema, appName, '-c synchronous_commit=off'));
      const client = await store.pool.connect();
      try {
        const { rows } = await client.query<{ value: string }>("SELECT current_setting('synchronous_commit') AS value");
        assert.deepEqual(rows, [{ value: 'on' }]);
      } finally {
        client.release();
      }
    });

    it('keeps inboxes, events and accounts across close and reopen', async () => {
      const inbox = anonymousInbox();
      await store.inboxes.insert(inbox);
      const event = make(inbox.id, { body: Buffer.from([0, 255, 10, 13]) });
      assert.equal(await insertEvent(store, event), true);
      const account = makeAccount();
      assert.equal(await store.accounts.insert(account), true);
      await store.close();

      store = await open();
      assert.deepEqual(await store.inboxes.findLive(inbox.id, event.receivedAt), inbox);
      assert.deepEqual(await store.events.findById(event.id), event);
      assert.deepEqual(await store.accounts.findById(account.id), account);
    });

    it('commits concurrent inserts together in a few multi-row statements', async () => {
      const inboxId = await liveInboxId();
      const statements = countEventInserts(store);
      const pending = Array.from({ length: 300 }, () => insertEvent(store, make(inboxId)));
      assert.deepEqual(
        await Promise.all(pending),
        pending.map(() => true),
      );
      assert.equal(await countEvents(), 300);
      assert.ok(statements() >= 1 && statements() <= 4, `${statements()} INSERT statements for 300 events`);
    });

    it('sends every event batch as one prepared statement, whatever the batch size', async () => {
      const inboxId = await liveInboxId();
      const sent = recordQueries(store);
      assert.equal(await insertEvent(store, make(inboxId)), true);
      const many = await Promise.all(Array.from({ length: 40 }, () => insertEvent(store, make(inboxId))));
      assert.deepEqual(
        many,
        many.map(() => true),
      );
      const inserts = sent.filter((query) => query.text.includes('INSERT INTO events'));
      assert.ok(inserts.length >= 2, `${inserts.length} INSERT statements`);
      assert.equal(new Set(inserts.map((query) => `${query.name}\n${query.text}`)).size, 1);
      assert.ok(inserts[0]?.name !== undefined, 'the batch insert is not a named (prepared) statement');
    });

    it('sends the eviction of capped anonymous inboxes only for batches that reach one', async () => {
      const owned = ownedInbox(makeAccount().id);
      await store.inboxes.insert(owned);
      const anonymous = await liveInboxId();
      const sent = recordQueries(store);
      const evictions = (): number => sent.filter((query) => query.text.includes('DELETE FROM events')).length;
      for (let i = 0; i < 3; i += 1) {
        assert.equal(await store.events.insertIfInboxLive(make(owned.id), at(0), { maxEventsForAnonymous: 1 }), true);
      }
      assert.equal(evictions(), 0);
      for (let i = 0; i < 3; i += 1) {
        assert.equal(await store.events.insertIfInboxLive(make(anonymous), at(0), { maxEventsForAnonymous: 1 }), true);
      }
      assert.ok(evictions() >= 1, 'no eviction for the anonymous inbox');
      assert.equal((await store.events.listByInbox(owned.id, { limit: 10 })).length, 3);
      assert.equal((await store.events.listByInbox(anonymous, { limit: 10 })).length, 1);
    });

    it('fails only the event whose id is taken when a batch hits a constraint', async () => {
      const inboxId = await liveInboxId();
      const existing = make(inboxId);
      assert.equal(await insertEvent(store, existing), true);
      const [before, after] = [make(inboxId), make(inboxId)];
      // The same event again (id and capture time: a retry); the key is (id, received_at) since
      // events are partitioned by day, and ids are unique by construction (createEventIdFactory).
      const duplicate: CapturedEvent = { ...make(inboxId), id: existing.id, receivedAt: existing.receivedAt };
      const twin: CapturedEvent = { ...make(inboxId), id: after.id, receivedAt: after.receivedAt };
      const batch = [before, duplicate, after, twin].map((e) => insertEvent(store, e));
      const settled = await Promise.allSettled(batch);

      assert.deepEqual(settled[0], { status: 'fulfilled', value: true });
      assert.ok(settled[1]?.status === 'rejected' && settled[1].reason instanceof StorageError);
      assert.deepEqual(settled[2], { status: 'fulfilled', value: true });
      assert.ok(settled[3]?.status === 'rejected' && settled[3].reason instanceof StorageError);
      assert.deepEqual(await store.events.findById(existing.id), existing);
      assert.deepEqual(await store.events.findById(after.id), after);
      assert.equal(await countEvents(), 3);
    });

    it('rejects every insert of a batch the database fails, and stores none', async () => {
      const inboxId = await liveInboxId();
      await admin.query(`
        CREATE FUNCTION ${table('fail_insert')}() RETURNS trigger LANGUAGE plpgsql AS
          $$ BEGIN RAISE EXCEPTION 'simulated' USING ERRCODE = 'disk_full'; END $$;
        CREATE TRIGGER fail_insert BEFORE INSERT ON ${table('events')}
          FOR EACH ROW EXECUTE FUNCTION ${table('fail_insert')}()`);
      const events = Array.from({ length: 10 }, (_, i) => make(i < 8 ? inboxId : anonymousInbox().id));
      const settled = await Promise.allSettled(events.map((event) => insertEvent(store, event)));
      assertAllRejectedWithStorageError(settled);
      for (const result of settled) {
        if (result.status === 'rejected') assert.equal(result.reason.cause.code, '53100');
      }
      await admin.query(`DROP TRIGGER fail_insert ON ${table('events')}`);
      assert.equal(await countEvents(), 0);
      assert.equal(await insertEvent(store, make(inboxId)), true, 'the store recovers');
    });

    it('rejects a batch whose connection is terminated mid-statement, then recovers', async () => {
      const inboxId = await liveInboxId();
      const locker = await admin.connect();
      try {
        await locker.query('BEGIN');
        await locker.query(`LOCK TABLE ${table('events')} IN SHARE MODE`);
        const settled = Promise.allSettled(Array.from({ length: 10 }, () => insertEvent(store, make(inboxId))));
        await lockWaitOf(appName);
        await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
          appName,
        ]);
        assertAllRejectedWithStorageError(await settled);
      } finally {
        await locker.query('ROLLBACK');
        locker.release();
      }
      assert.equal(await countEvents(), 0);
      assert.equal(await insertEvent(store, make(inboxId)), true, 'the pool reconnects');
    });

    it('survives pg_terminate_backend of its idle connections and reconnects', async () => {
      const inboxId = await liveInboxId();
      await Promise.all(Array.from({ length: 4 }, () => store.ping()));
      const { rows } = await admin.query<{ n: number }>(
        `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
         WHERE application_name = $1`,
        [appName],
      );
      const terminated = rows[0]?.n ?? 0;
      assert.ok(terminated >= 1);
      // Every idle connection reports its death to the pool's listener instead of crashing.
      const dropped = async () => poolErrors.length >= terminated;
      await waitFor('the pool to drop its dead connections', dropped);
      assert.equal(await insertEvent(store, make(inboxId)), true);
      await store.ping();
    });

    it('rejects with StorageError while the database is unreachable, then recovers', async () => {
      const proxy = await startTcpProxy();
      try {
        await store.close();
        store = await open(proxy.urlFor(urlOf(schema, appName)));
        const inboxId = await liveInboxId();
        assert.equal(await insertEvent(store, make(inboxId)), true);

        await proxy.cut();
        const settled = await Promise.allSettled(Array.from({ length: 10 }, () => insertEvent(store, make(inboxId))));
        assertAllRejectedWithStorageError(settled);
        await assert.rejects(store.ping(), StorageError);
        await assert.rejects(store.events.listByInbox(inboxId, { limit: 10 }), StorageError);

        await proxy.restore();
        await store.ping();
        assert.equal(await insertEvent(store, make(inboxId)), true);
        assert.equal(await countEvents(), 2);
      } finally {
        await store.close();
        await proxy.close();
        store = await open(); // afterEach closes it
      }
    });

    it('makes an insert racing an inbox deletion wait, then store nothing', async () => {
      const inboxId = await liveInboxId();
      const deleter = await admin.connect();
      try {
        await deleter.query('BEGIN');
        await deleter.query(`DELETE FROM ${table('inboxes')} WHERE id = $1`, [inboxId]);
        const event = make(inboxId);
        const pending = insertEvent(store, event);
        await lockWaitOf(appName);
        await deleter.query('COMMIT');
        assert.equal(await pending, false);
        assert.equal(await store.events.findById(event.id), null);
      } finally {
        deleter.release();
      }
    });

    it('close() commits inserts still waiting for their batch', async () => {
      const inboxId = await liveInboxId();
      const events = Array.from({ length: 10 }, () => make(inboxId));
      const pending = events.map((event) => insertEvent(store, event));
      await store.close();
      assert.deepEqual(
        await Promise.all(pending),
        events.map(() => true),
      );
      await store.close(); // closing twice is harmless

      store = await open();
      const listed = await store.events.listByInbox(inboxId, { limit: 100 });
      assert.deepEqual(
        listed.map((e) => e.id),
        events.map((e) => e.id).reverse(),
      );
    });

    it('rejects with StorageError after close instead of throwing synchronously', async () => {
      const inboxId = await liveInboxId();
      await store.close();
      const calls: (() => Promise<unknown>)[] = [
        () => insertEvent(store, make(inboxId)),
        () => store.ping(),
        () => store.inboxes.findLive(inboxId, new Date()),
        () => store.inboxes.purgeDeleted(10),
        () => store.accounts.insert(makeAccount()),
        () => store.tokens.touch('tok_x', new Date()),
      ];
      for (const call of calls) {
        let promise: Promise<unknown> | undefined;
        assert.doesNotThrow(() => {
          promise = call();
        });
        await assert.rejects(promise ?? Promise.resolve(), StorageError);
      }
      store = await open(); // afterEach closes it
    });

    it('wraps driver errors of autocommit writes in StorageError with the cause', async () => {
      await admin.query(`DROP TABLE ${table('replays')}`);
      const replay = makeReplay(make(await liveInboxId()), 'acc_x');
      await assert.rejects(store.replays.insert(replay), (err: unknown) => {
        assert.ok(err instanceof StorageError);
        assert.equal((err.cause as { code?: string }).code, '42P01');
        return true;
      });
    });

    it('counts purge-queue entries as purged rows, so 0 means the queue is empty', async () => {
      for (let i = 0; i < 5; i += 1) await store.inboxes.delete(await liveInboxId());
      const queued = async () =>
        (await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table('purge_queue')}`)).rows[0]?.n;
      assert.equal(await queued(), 5);
      const results: number[] = [];
      for (let removed = -1; removed !== 0; ) {
        removed = await store.inboxes.purgeDeleted(2);
        results.push(removed);
      }
      assert.deepEqual(results, [2, 2, 1, 0]);
      assert.equal(await queued(), 0);
    });
  });
}

/** The text and name of a pool.query call, whether given as a string or as a query config. */
function queryOf(args: readonly unknown[]): { text: string; name: string | undefined } {
  const first = args[0];
  if (typeof first === 'string') return { text: first, name: undefined };
  const config = first as { text?: unknown; name?: unknown };
  return { text: String(config.text), name: typeof config.name === 'string' ? config.name : undefined };
}

/** Records every query the store sends through its pool from now on. */
function recordQueries(store: PostgresStore): { text: string; name: string | undefined }[] {
  const sent: { text: string; name: string | undefined }[] = [];
  const original = store.pool.query.bind(store.pool) as (...args: unknown[]) => unknown;
  const spy = (...args: unknown[]): unknown => {
    sent.push(queryOf(args));
    return original(...args);
  };
  (store.pool as unknown as { query: typeof spy }).query = spy;
  return sent;
}

/** Counts the multi-row event INSERT statements the store sends from now on. */
function countEventInserts(store: PostgresStore): () => number {
  const sent = recordQueries(store);
  return () => sent.filter((query) => query.text.includes('INSERT INTO events')).length;
}
