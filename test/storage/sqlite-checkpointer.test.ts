import assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';

import Database from 'better-sqlite3';

import { WAL_BACKSTOP_FRAMES, WAL_RESTART_FRAMES } from '../../src/storage/sqlite/checkpoint-protocol.js';
import { Checkpointer } from '../../src/storage/sqlite/checkpointer.js';
import { openSqliteStore, type SqliteStore } from '../../src/storage/sqlite/store.js';
import { waitFor } from '../helpers/postgres.js';
import { makeTempDir, type TempDir } from '../helpers/temp-dir.js';
import { anonymousInbox, createEventMaker, insertEvent } from './conformance/fixtures.js';

// WAL checkpoints run on their own thread (src/storage/sqlite/checkpoint-thread.ts), never inside
// an ingest commit on the event loop. These tests check that the work is really done there and
// that the WAL stays bounded, and that SQLite's own checkpoint comes back if the thread is gone.

const walBytes = (path: string): number => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);

describe('SQLite checkpoint thread', () => {
  let dir: TempDir;
  let path: string;
  let store: SqliteStore;

  beforeEach(async () => {
    dir = await makeTempDir('rehook-ckpt-');
    path = join(dir.path, 'rehook.db');
    store = openSqliteStore({ path });
  });

  afterEach(async () => {
    try {
      await store.close();
    } finally {
      await dir.cleanup();
    }
  });

  it('leaves the main connection only a backstop automatic checkpoint, far above the thread\'s', () => {
    assert.equal(store.db.pragma('wal_autocheckpoint', { simple: true }), WAL_BACKSTOP_FRAMES);
    assert.ok(WAL_BACKSTOP_FRAMES > WAL_RESTART_FRAMES);
  });

  it('copies committed events into the database file without the main connection checkpointing', async () => {
    const inbox = anonymousInbox();
    await store.inboxes.insert(inbox);
    const make = createEventMaker();
    const body = Buffer.alloc(16 * 1024, 1);
    await Promise.all(Array.from({ length: 200 }, () => insertEvent(store, make(inbox.id, { body }))));
    // The database file itself only grows when a checkpoint copies pages out of the WAL, and the
    // main connection never checkpoints by itself (its automatic checkpoint is off).
    const before = statSync(path).size;
    // 200 rows of 16 KiB need at least 3 MiB of pages in the database file.
    await waitFor('the checkpoint thread to copy the WAL', async () => statSync(path).size >= before + 3 * 1024 * 1024);
  });

  it('keeps the WAL bounded under a long stream of commits', async () => {
    const inbox = anonymousInbox();
    await store.inboxes.insert(inbox);
    const make = createEventMaker();
    const body = Buffer.alloc(32 * 1024, 2);
    let largest = 0;
    // 48 MiB in 15 commits of 100 events, with the thread free to keep up: it restarts the WAL
    // long before the backstop, so the file stays far below the 48 MiB it would reach without.
    for (let round = 0; round < 15; round += 1) {
      await Promise.all(Array.from({ length: 100 }, () => insertEvent(store, make(inbox.id, { body }))));
      largest = Math.max(largest, walBytes(path));
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    assert.ok(largest < 40 * 1024 * 1024, `the WAL reached ${largest} bytes`);
    const listed = await store.events.listByInbox(inbox.id, { limit: 1000 });
    assert.equal(listed.length, 1000);
  });
});

/**
 * A raw WAL database on `path` with a Checkpointer of the given limits, and a commit of `rows`
 * 16 KiB blobs (4 KiB pages: `rows` 32 is 512 KiB of WAL). Cleans up after `run`.
 */
async function withWalTable(
  prefix: string,
  limits: { restartFrames: number; backstopFrames: number },
  run: (t: { db: Database.Database; path: string; checkpointer: Checkpointer; commit: (rows: number) => void }) => Promise<void>,
): Promise<void> {
  const dir = await makeTempDir(prefix);
  const path = join(dir.path, 'main.db');
  const db = new Database(path);
  const checkpointer = new Checkpointer(db, path, () => undefined, limits);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE t (b BLOB NOT NULL)');
    const insert = db.prepare<[Buffer]>('INSERT INTO t (b) VALUES (?)');
    const commit = db.transaction((rows: number) => {
      for (let i = 0; i < rows; i += 1) insert.run(Buffer.alloc(16 * 1024, i));
    });
    await run({ db, path, checkpointer, commit });
  } finally {
    await checkpointer.close();
    db.close();
    await dir.cleanup();
  }
}

describe('Checkpointer backstop', () => {
  it('bounds the WAL by the main connection\'s own checkpoint when the thread does not keep up', async () => {
    // A thread whose restart limit is never reached does only PASSIVE checkpoints, which under
    // back-to-back commits never catch up with the end of the WAL: only the backstop bounds it.
    await withWalTable('rehook-ckpt-backstop-', { restartFrames: 1_000_000, backstopFrames: 256 }, async ({ db, path, commit }) => {
      let largest = 0;
      // 40 MiB in commits of 512 KiB, back to back; backstop 256 pages (1 MiB of 4 KiB pages).
      for (let round = 0; round < 80; round += 1) {
        commit(32);
        largest = Math.max(largest, walBytes(path));
      }
      assert.ok(largest < 8 * 1024 * 1024, `the WAL reached ${largest} bytes`);
      assert.deepEqual(db.prepare('SELECT count(*) AS n FROM t').get(), { n: 80 * 32 });
    });
  });
});

describe('Checkpointer WAL restart', () => {
  it('starts the WAL over past its limit while commits never pause, without the backstop', async () => {
    // Backstop out of reach: only the thread's checkpoints and the main connection's finishing
    // copy (Checkpointer.finishCheckpoint) can keep the WAL small. A PASSIVE checkpoint alone
    // is always a few commits behind here, so SQLite would never start the WAL over by itself.
    const limits = { restartFrames: 256, backstopFrames: 1_000_000 };
    await withWalTable('rehook-ckpt-restart-', limits, async ({ db, path, checkpointer, commit }) => {
      // The thread is up once a checkpoint has copied a first commit into the database file.
      const empty = statSync(path).size;
      commit(32);
      checkpointer.committed();
      await waitFor('the checkpoint thread to start', async () => statSync(path).size > empty);
      let largest = 0;
      // 80 MiB in commits of 512 KiB, one per turn of the event loop as the group commit makes
      // them: never a pause long enough for a checkpoint to find the WAL fully copied. Without
      // the main connection's part, the WAL holds all 80 MiB at the end; with it, the file stops
      // at what a few checkpoint intervals (50 ms each) of commits add (7-38 MiB seen here, also
      // with both cores busy), because the WAL starts over.
      for (let round = 1; round < 160; round += 1) {
        commit(32);
        checkpointer.committed();
        largest = Math.max(largest, walBytes(path));
        await new Promise((resolve) => setImmediate(resolve));
      }
      assert.ok(largest < 60 * 1024 * 1024, `the WAL reached ${largest} bytes: it never started over`);
      assert.deepEqual(db.prepare('SELECT count(*) AS n FROM t').get(), { n: 160 * 32 });
    });
  });
});

describe('Checkpointer without its thread', () => {
  it('gives the checkpoint back to SQLite when the thread cannot open the database', async () => {
    const dir = await makeTempDir('rehook-ckpt-fail-');
    const db = new Database(join(dir.path, 'main.db'));
    const errors: string[] = [];
    try {
      db.pragma('journal_mode = WAL');
      const checkpointer = new Checkpointer(db, join(dir.path, 'missing', 'other.db'), (message) => errors.push(message));
      assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), WAL_BACKSTOP_FRAMES);
      await waitFor('the automatic checkpoint to come back', async () => db.pragma('wal_autocheckpoint', { simple: true }) === 1000);
      assert.ok(errors.length > 0, 'the failure is reported');
      checkpointer.committed(); // a no-op now, not a throw
      await checkpointer.close();
    } finally {
      db.close();
      await dir.cleanup();
    }
  });
});
