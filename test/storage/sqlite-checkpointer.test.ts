import assert from 'node:assert/strict';
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';

import Database from 'better-sqlite3';

import { WAL_BACKSTOP_FRAMES, WAL_RESTART_FRAMES } from '../../src/storage/sqlite/checkpoint-protocol.js';
import { Checkpointer } from '../../src/storage/sqlite/checkpointer.js';
import { openSqliteStore, type SqliteStore } from '../../src/storage/sqlite/store.js';
import { makeTempDir, type TempDir } from '../helpers/temp-dir.js';
import { anonymousInbox, createEventMaker, insertEvent } from './conformance/fixtures.js';

// WAL checkpoints run on their own thread (src/storage/sqlite/checkpoint-thread.ts), never inside
// an ingest commit on the event loop. These tests check that the work is really done there and
// that the WAL stays bounded, and that SQLite's own checkpoint comes back if the thread is gone.
//
// None of them sleeps for the thread: how much CPU it gets depends on the machine's load. They
// wait for its answers instead (Checkpointer.checkpointed, SqliteStore.threadCheckpointed), or
// for what they check to happen, with a limit that only catches a hang.

const walBytes = (path: string): number => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);

/**
 * The WAL header's checkpoint sequence number (bytes 12-15, big-endian): SQLite adds one each
 * time a write starts the WAL over from its beginning, so it counts restarts.
 */
function walRestarts(path: string): number {
  const fd = openSync(`${path}-wal`, 'r');
  try {
    const header = Buffer.alloc(32);
    assert.equal(readSync(fd, header, 0, 32, 0), 32, 'a WAL header');
    assert.equal(header.readUInt32BE(0) & 0xfffffffe, 0x377f0682, 'the WAL magic number');
    return header.readUInt32BE(12);
  } finally {
    closeSync(fd);
  }
}

/** Only bounds a hang (a thread that never answers): nothing here waits on the clock. */
const HANG_LIMIT = { timeout: 120_000 };

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

  it("leaves the main connection only a backstop automatic checkpoint, far above the thread's", () => {
    assert.equal(store.db.pragma('wal_autocheckpoint', { simple: true }), WAL_BACKSTOP_FRAMES);
    assert.ok(WAL_BACKSTOP_FRAMES > WAL_RESTART_FRAMES);
  });

  it(
    'copies committed events into the database file without the main connection checkpointing',
    HANG_LIMIT,
    async () => {
      const inbox = anonymousInbox();
      await store.inboxes.insert(inbox);
      // In WAL mode the database file only grows when a checkpoint copies pages out of the WAL, and
      // the main connection does not checkpoint by itself here: its automatic checkpoint waits for
      // 128 MiB of WAL (see above) and its finishing copy for 64 MiB, against 3 MiB written here.
      // So whatever the file gains is the thread's work. (Measured from before the commit: after
      // it, the thread may already be copying.)
      const before = statSync(path).size;
      const make = createEventMaker();
      const body = Buffer.alloc(16 * 1024, 1);
      await Promise.all(Array.from({ length: 200 }, () => insertEvent(store, make(inbox.id, { body }))));
      await store.threadCheckpointed();
      // 200 rows of 16 KiB need at least 3 MiB of pages in the database file.
      const grown = statSync(path).size - before;
      assert.ok(grown >= 3 * 1024 * 1024, `the database file grew by ${grown} bytes only`);
    },
  );

  it('keeps the WAL bounded under a long stream of commits', HANG_LIMIT, async () => {
    const inbox = anonymousInbox();
    await store.inboxes.insert(inbox);
    const make = createEventMaker();
    const body = Buffer.alloc(32 * 1024, 2);
    let largest = 0;
    // 48 MiB in 15 commits of 100 events (3.5 MiB of WAL each), each followed by the checkpoint
    // it asks the thread for, as when ingest pauses for longer than the thread takes: each
    // commit then finds the WAL fully copied and writes it from its beginning, so the file
    // stays at about one commit's size. Without the thread's checkpoints it holds all 48 MiB
    // (the backstop is at 128 MiB). The limit leaves room for a second commit's worth: the
    // thread's once-a-second checkpoint may be busy when a commit starts, which then appends.
    for (let round = 0; round < 15; round += 1) {
      await Promise.all(Array.from({ length: 100 }, () => insertEvent(store, make(inbox.id, { body }))));
      largest = Math.max(largest, walBytes(path));
      await store.threadCheckpointed();
    }
    assert.ok(largest < 12 * 1024 * 1024, `the WAL reached ${largest} bytes`);
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
  run: (t: {
    db: Database.Database;
    path: string;
    checkpointer: Checkpointer;
    commit: (rows: number) => void;
  }) => Promise<void>,
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
  // Deterministic as it stands: the commits run back to back on this thread without yielding, so
  // the checkpoint thread's answers are never even handled; the backstop, inside the commits,
  // is the only thing that can bound the WAL, whatever the thread gets done meanwhile.
  it("bounds the WAL by the main connection's own checkpoint when the thread does not keep up", async () => {
    // A thread whose restart limit is never reached does only PASSIVE checkpoints, which under
    // back-to-back commits never catch up with the end of the WAL: only the backstop bounds it.
    await withWalTable(
      'rehook-ckpt-backstop-',
      { restartFrames: 1_000_000, backstopFrames: 256 },
      async ({ db, path, commit }) => {
        let largest = 0;
        // 40 MiB in commits of 512 KiB, back to back; backstop 256 pages (1 MiB of 4 KiB pages).
        for (let round = 0; round < 80; round += 1) {
          commit(32);
          largest = Math.max(largest, walBytes(path));
        }
        assert.ok(largest < 8 * 1024 * 1024, `the WAL reached ${largest} bytes`);
        assert.deepEqual(db.prepare('SELECT count(*) AS n FROM t').get(), { n: 80 * 32 });
      },
    );
  });
});

describe('Checkpointer WAL restart', () => {
  it('starts the WAL over past its limit while commits never pause, without the backstop', HANG_LIMIT, async () => {
    // Backstop out of reach: only the thread's checkpoints and the main connection's finishing
    // copy (Checkpointer.finishCheckpoint) can keep the WAL small. A PASSIVE checkpoint alone
    // is always a few commits behind here, so SQLite would never start the WAL over by itself.
    const limits = { restartFrames: 256, backstopFrames: 1_000_000 };
    await withWalTable('rehook-ckpt-restart-', limits, async ({ db, path, checkpointer, commit }) => {
      // The thread is up once it has answered for a first commit.
      commit(32);
      checkpointer.committed();
      await checkpointer.checkpointed();
      // That checkpoint copied the whole WAL, so this commit may start it over: count from here.
      commit(32);
      checkpointer.committed();
      const first = walRestarts(path);
      let commits = 2;
      // Commits of 512 KiB, one per turn of the event loop as the group commit makes them: never
      // a pause long enough for a checkpoint to find the WAL fully copied. They go on until the
      // WAL has started over twice, however long the thread takes to get there (on an idle
      // machine after 7-38 MiB); without the main connection's part it never starts over and
      // the WAL reaches the limit below, which only bounds a hang (and the disk space used).
      const limit = 512 * 1024 * 1024;
      while (walRestarts(path) < first + 2) {
        const size = walBytes(path);
        assert.ok(size < limit, `the WAL reached ${size} bytes after ${commits} commits: it never started over`);
        commit(32);
        checkpointer.committed();
        commits += 1;
        await new Promise((resolve) => setImmediate(resolve));
      }
      assert.deepEqual(db.prepare('SELECT count(*) AS n FROM t').get(), { n: commits * 32 });
    });
  });
});

describe('Checkpointer without its thread', () => {
  it('gives the checkpoint back to SQLite when the thread cannot open the database', HANG_LIMIT, async () => {
    const dir = await makeTempDir('rehook-ckpt-fail-');
    const db = new Database(join(dir.path, 'main.db'));
    const errors: string[] = [];
    try {
      db.pragma('journal_mode = WAL');
      const checkpointer = new Checkpointer(db, join(dir.path, 'missing', 'other.db'), (message) =>
        errors.push(message),
      );
      assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), WAL_BACKSTOP_FRAMES);
      // A checkpoint asked for is never answered: the wait for it ends when the Checkpointer gives
      // up on the thread (after its start-up, however long that takes on a busy machine).
      checkpointer.committed();
      await assert.rejects(checkpointer.checkpointed(), /checkpoint thread/);
      assert.equal(db.pragma('wal_autocheckpoint', { simple: true }), 1000, 'the automatic checkpoint is back');
      assert.ok(errors.length > 0, 'the failure is reported');
      checkpointer.committed(); // a no-op now, not a throw
      await checkpointer.close();
    } finally {
      db.close();
      await dir.cleanup();
    }
  });
});
