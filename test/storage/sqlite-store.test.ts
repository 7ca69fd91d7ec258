import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';

import Database from 'better-sqlite3';

import type { CapturedEvent } from '../../src/domain/captured-event.js';
import { StorageError } from '../../src/errors.js';
import { MIGRATIONS, applyMigrations } from '../../src/storage/sqlite/migrations.js';
import { openSqliteStore, type SqliteStore } from '../../src/storage/sqlite/store.js';
import { makeTempDir, type TempDir } from '../helpers/temp-dir.js';
import {
  anonymousInbox,
  createEventMaker,
  insertEvent,
  makeAccount,
  makeReplay,
  type EventMaker,
} from './conformance/fixtures.js';
import { describeStoreConformance } from './store-conformance.js';

describeStoreConformance('sqlite', async () => {
  const dir = await makeTempDir('rehook-sqlite-');
  const store = openSqliteStore({ path: join(dir.path, 'rehook.db') });
  return {
    store,
    cleanup: async () => {
      try {
        await store.close();
      } finally {
        await dir.cleanup();
      }
    },
  };
});

type MigrationRow = { version: number; name: string; applied_at: number };

describe('SQLite store', () => {
  let dir: TempDir;
  let path: string;
  let store: SqliteStore;
  let make: EventMaker;

  beforeEach(async () => {
    dir = await makeTempDir('rehook-sqlite-');
    // A missing parent directory is created on open.
    path = join(dir.path, 'nested', 'data', 'rehook.db');
    store = openSqliteStore({ path });
    make = createEventMaker();
  });

  afterEach(async () => {
    try {
      await store.close();
    } finally {
      await dir.cleanup();
    }
  });

  async function liveInboxId(): Promise<string> {
    const inbox = anonymousInbox();
    await store.inboxes.insert(inbox);
    return inbox.id;
  }

  const countEvents = (): number => (store.db.prepare('SELECT count(*) AS n FROM events').get() as { n: number }).n;

  it('runs in WAL mode with synchronous FULL and a busy timeout', () => {
    assert.equal(store.db.pragma('journal_mode', { simple: true }), 'wal');
    assert.equal(store.db.pragma('synchronous', { simple: true }), 2);
    assert.equal(store.db.pragma('busy_timeout', { simple: true }), 5000);
    assert.equal(store.db.pragma('foreign_keys', { simple: true }), 0);
  });

  it('records each migration once, so re-running and reopening change nothing', async () => {
    const applied = (db: SqliteStore['db']) =>
      db.prepare('SELECT version, name, applied_at FROM schema_migrations ORDER BY version').all() as MigrationRow[];
    const before = applied(store.db);
    assert.deepEqual(
      before.map(({ version, name }) => ({ version, name })),
      MIGRATIONS.map(({ version, name }) => ({ version, name })),
    );
    applyMigrations(store.db);
    assert.deepEqual(applied(store.db), before);
    await store.close();
    store = openSqliteStore({ path });
    assert.deepEqual(applied(store.db), before);
  });

  it('refuses to open a database migrated by a newer version', async () => {
    store.db.prepare("INSERT INTO schema_migrations VALUES (9999, '9999_future', 0)").run();
    await store.close();
    assert.throws(() => openSqliteStore({ path }), StorageError);
    const raw = new Database(path);
    raw.exec('DELETE FROM schema_migrations WHERE version = 9999');
    raw.close();
    store = openSqliteStore({ path }); // afterEach closes it
  });

  it('migration 3 counts the events of the inboxes a database already holds', async () => {
    // A database of Rehook before migration 3: the first migration only, then rows.
    const oldPath = join(dir.path, 'old.db');
    const raw = new Database(oldPath);
    const [first] = MIGRATIONS;
    raw.exec(`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL);
      ${first?.sql ?? ''}`);
    raw.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(first?.version, first?.name);
    const busy = anonymousInbox();
    const quiet = anonymousInbox();
    const insertInbox = raw.prepare(
      'INSERT INTO inboxes (id, owner_id, created_at, expires_at) VALUES (?, NULL, 0, NULL)',
    );
    for (const inbox of [busy, quiet]) insertInbox.run(inbox.id);
    const insertEventRow = raw.prepare(
      `INSERT INTO events (id, inbox_id, received_at, method, path, query, content_type, size, source_ip, headers, body)
       VALUES (?, ?, ?, 'POST', '/', '', NULL, 0, '127.0.0.1', '[]', x'')`,
    );
    for (let i = 0; i < 3; i += 1) insertEventRow.run(make(busy.id).id, busy.id, i);
    // Events of an inbox deleted before the upgrade (waiting for the purge) count nowhere.
    insertEventRow.run(make(busy.id).id, 'inb_deleted_before_upgrade', 9);
    raw.close();

    const upgraded = openSqliteStore({ path: oldPath });
    try {
      assert.deepEqual(await upgraded.inboxes.stats([busy.id, quiet.id]), [
        { eventCount: 3, lastEventAt: new Date(2) },
        { eventCount: 0, lastEventAt: null },
      ]);
      assert.equal((await upgraded.inboxes.findLive(busy.id, new Date(0)))?.name, null);
    } finally {
      await upgraded.close();
    }
  });

  it('migration 5 rebuilds the events table keeping every event, seq and index', async () => {
    // A database of Rehook before migration 5: migrations 1 to 4, then rows.
    const oldPath = join(dir.path, 'before-5.db');
    const raw = new Database(oldPath);
    raw.exec(
      'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
    );
    for (const migration of MIGRATIONS.filter((m) => m.version < 5)) {
      raw.exec(migration.sql);
      raw.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(migration.version, migration.name);
    }
    const inbox = anonymousInbox();
    raw.prepare('INSERT INTO inboxes (id, owner_id, created_at, expires_at) VALUES (?, NULL, 0, NULL)').run(inbox.id);
    const insertEventRow = raw.prepare(
      `INSERT INTO events (id, inbox_id, received_at, method, path, query, content_type, size, source_ip, headers, body)
       VALUES (?, ?, ?, 'PUT', '/i/x', 'a=1', 'text/plain', 3, '127.0.0.1', '[["X-A","1"]]', x'00ff41')`,
    );
    const ids = [make(inbox.id).id, make(inbox.id).id];
    for (const [i, id] of ids.entries()) insertEventRow.run(id, inbox.id, i);
    const seqsBefore = raw.prepare('SELECT seq FROM events ORDER BY seq').pluck().all();
    raw.close();

    const upgraded = openSqliteStore({ path: oldPath });
    try {
      const found = await upgraded.events.findById(ids[1] ?? '');
      assert.deepEqual(found?.body, Buffer.from([0x00, 0xff, 0x41]));
      assert.deepEqual(found?.headers, [['X-A', '1']]);
      assert.equal(found?.signature, null);
      assert.equal(found?.answer, null);
      const page = JSON.parse((await upgraded.events.listSummaryPageJson(inbox.id, { limit: 10 })).json) as {
        id: string;
      }[];
      assert.deepEqual(
        page.map((e) => e.id),
        [...ids].reverse(),
      );
      assert.deepEqual(upgraded.db.prepare('SELECT seq FROM events ORDER BY seq').pluck().all(), seqsBefore);
      const indexes = upgraded.db
        .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'events'")
        .pluck()
        .all();
      assert.ok(indexes.includes('events_inbox'), String(indexes));
      // The list columns sit before headers and body (see the migration's comment).
      const columns = upgraded.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('events') as string[];
      assert.ok(
        columns.indexOf('answer') < columns.indexOf('headers') &&
          columns.indexOf('signature') < columns.indexOf('body'),
      );
    } finally {
      await upgraded.close();
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

    store = openSqliteStore({ path });
    assert.deepEqual(await store.inboxes.findLive(inbox.id, event.receivedAt), inbox);
    assert.deepEqual(await store.events.findById(event.id), event);
    assert.deepEqual(await store.accounts.findById(account.id), account);
  });

  it('commits concurrent inserts together in one transaction, after the current tick', async () => {
    const inboxId = await liveInboxId();
    store.checkpoint();
    const pending = Array.from({ length: 100 }, () => insertEvent(store, make(inboxId)));
    assert.equal(countEvents(), 0, 'inserts are queued, not written synchronously');
    assert.deepEqual(
      await Promise.all(pending),
      pending.map(() => true),
    );
    assert.equal(countEvents(), 100);
    // One transaction writes each touched page once; 100 transactions would write >= 100 frames.
    // A checkpoint running on the checkpoint thread would make this one answer busy (log -1):
    // wait for the thread's first.
    await store.threadCheckpointed();
    const [walInfo] = store.db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number }[];
    assert.equal(walInfo?.busy, 0);
    assert.ok(walInfo !== undefined && walInfo.log < 50, `WAL holds ${walInfo?.log} frames`);
  });

  it('rejects every insert of a batch that cannot commit, and stores none', async () => {
    const inboxId = await liveInboxId();
    const pageCount = store.db.pragma('page_count', { simple: true }) as number;
    store.db.pragma(`max_page_count = ${pageCount}`); // the next page allocation fails: SQLITE_FULL
    const body = Buffer.alloc(64 * 1024, 7);
    const events = Array.from({ length: 10 }, () => make(inboxId, { body }));
    const settled = await Promise.allSettled(events.map((event) => insertEvent(store, event)));

    for (const result of settled) {
      assert.equal(result.status, 'rejected', 'an uncommitted event was reported as stored');
      assert.ok(result.reason instanceof StorageError);
      assert.equal((result.reason.cause as { code?: string }).code, 'SQLITE_FULL');
    }
    store.db.pragma('max_page_count = 1073741823');
    assert.equal(countEvents(), 0);
    assert.equal(await insertEvent(store, make(inboxId)), true, 'the store recovers');
  });

  it('fails only the event whose id is taken when a batch hits a constraint', async () => {
    const inboxId = await liveInboxId();
    const existing = make(inboxId);
    assert.equal(await insertEvent(store, existing), true);
    const [before, after] = [make(inboxId), make(inboxId)];
    const duplicate: CapturedEvent = { ...make(inboxId), id: existing.id };
    const batch = [before, duplicate, after].map((e) => insertEvent(store, e));
    const settled = await Promise.allSettled(batch);

    assert.deepEqual(settled[0], { status: 'fulfilled', value: true });
    assert.equal(settled[1]?.status, 'rejected');
    assert.ok(settled[1]?.status === 'rejected' && settled[1].reason instanceof StorageError);
    assert.deepEqual(settled[2], { status: 'fulfilled', value: true });
    assert.deepEqual(await store.events.findById(existing.id), existing);
    assert.equal(countEvents(), 3);
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

    store = openSqliteStore({ path });
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
    store = openSqliteStore({ path }); // afterEach closes it
  });

  it('wraps driver errors of autocommit writes in StorageError with the cause', async () => {
    store.db.exec('DROP TABLE replays');
    const replay = makeReplay(make(await liveInboxId()), 'acc_x');
    await assert.rejects(store.replays.insert(replay), (err: unknown) => {
      assert.ok(err instanceof StorageError);
      assert.match(String((err.cause as { code?: string }).code), /^SQLITE_/);
      return true;
    });
  });

  it('counts purge-queue entries as purged rows, so 0 means the queue is empty', async () => {
    for (let i = 0; i < 5; i += 1) await store.inboxes.delete(await liveInboxId());
    const queued = () => (store.db.prepare('SELECT count(*) AS n FROM purge_queue').get() as { n: number }).n;
    assert.equal(queued(), 5);
    const results: number[] = [];
    for (let removed = -1; removed !== 0; ) {
      removed = await store.inboxes.purgeDeleted(2);
      results.push(removed);
    }
    assert.deepEqual(results, [2, 2, 1, 0]);
    assert.equal(queued(), 0);
  });

  it('checkpoint() moves the WAL into the database and truncates it', async () => {
    const inboxId = await liveInboxId();
    assert.equal(await insertEvent(store, make(inboxId, { body: Buffer.alloc(100_000) })), true);
    assert.ok(statSync(`${path}-wal`).size > 0);
    // SQLite answers a checkpoint busy at once, without waiting, while another one runs: let
    // the checkpoint thread finish the one this commit asked for.
    await store.threadCheckpointed();
    store.checkpoint();
    assert.equal(statSync(`${path}-wal`).size, 0);
    const [newest] = await store.events.listByInbox(inboxId, { limit: 1 });
    assert.equal(newest?.size, 100_000, 'data is still readable after the checkpoint');
  });
});
