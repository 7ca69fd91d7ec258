// The SQLite store's checkpoint thread. A WAL checkpoint copies committed pages from the WAL into
// the database file and fsyncs it: milliseconds of I/O that, left to SQLite's automatic
// checkpoint, would run inside an ingest commit on the HTTP event loop, stalling every request
// in flight (measured: p99 of 1 KiB ingest 11-17 ms with it, 8-9 ms without). Here it runs on its
// own connection and thread, while the main thread keeps committing: a PASSIVE checkpoint never
// takes the write lock and never waits.
//
// It never uses RESTART or TRUNCATE: those hold the write lock while they copy, fsync and wait for
// readers, and the main connection, blocked meanwhile, waits in SQLite's busy handler, which
// sleeps in steps of 5 to 25 ms; measured with 64 KiB bodies at 1,000 req/s, every restart stalled
// ingest for 35-55 ms. How the WAL starts over instead is the main thread's part (Checkpointer).

import { parentPort, workerData } from 'node:worker_threads';

import Database from 'better-sqlite3';

import {
  CHECKPOINT_IDLE_INTERVAL_MS,
  CHECKPOINT_MIN_INTERVAL_MS,
  type CheckpointReply,
  type CheckpointRequest,
  type CheckpointThreadData,
  type WalCheckpointRow,
} from './checkpoint-protocol.js';

const { path, restartFrames } = workerData as CheckpointThreadData;
const port = parentPort;

/** At most this many extra checkpoints before the main thread is asked to finish. */
const CATCH_UP_ROUNDS = 3;
/** A tail this short (frames, 512 KiB) is cheap enough for the main thread to copy. */
const CATCH_UP_TAIL_FRAMES = 64;

function passiveCheckpoint(db: Database.Database): WalCheckpointRow {
  const [result] = db.pragma('wal_checkpoint(PASSIVE)') as WalCheckpointRow[];
  return result ?? { busy: 1, log: -1, checkpointed: -1 };
}

/** Whether the checkpoint copied every frame it saw (a reader on an old snapshot stops it short). */
function caughtUp(result: WalCheckpointRow): boolean {
  return result.busy === 0 && result.log >= 0 && result.checkpointed >= result.log;
}

function send(reply: CheckpointReply): void {
  port?.postMessage(reply);
}

function start(): void {
  if (port === null) return;
  let db: Database.Database;
  try {
    db = new Database(path, { fileMustExist: true });
    // PASSIVE checkpoints never wait for a lock; the timeout only covers reading the schema.
    db.pragma('busy_timeout = 1000');
    db.pragma('synchronous = FULL');
  } catch (err) {
    send({ kind: 'failed', message: err instanceof Error ? err.message : String(err) });
    return;
  }
  let last = 0;
  let timer: NodeJS.Timeout | null = null;
  /** `dirty` requests received so far (see CheckpointReply's `seen`). */
  let received = 0;

  const checkpoint = (): void => {
    timer = null;
    last = Date.now();
    const seen = received;
    try {
      let passive = passiveCheckpoint(db);
      // Under sustained writes new commits land while this copies, so SQLite never finds the WAL
      // fully copied when the next write starts and never restarts it: the file would grow
      // until the backstop. Past the limit, the main thread is told to copy the last frames; to
      // leave it as few as possible, the commits that landed meanwhile are copied here first,
      // again while that shortens the tail (each round copies what came in during the last).
      for (let round = 0; round < CATCH_UP_ROUNDS && caughtUp(passive) && passive.log >= restartFrames; round += 1) {
        const before = passive.log;
        passive = passiveCheckpoint(db);
        if (passive.log - before <= CATCH_UP_TAIL_FRAMES) break;
      }
      const restartDue = caughtUp(passive) && passive.log >= restartFrames;
      send(restartDue ? { kind: 'done', seen, restartDue } : { kind: 'done', seen });
    } catch (err) {
      // SQLITE_BUSY and the like: the next request tries again.
      send({ kind: 'done', seen, error: err instanceof Error ? err.message : String(err) });
    }
  };

  // Writes other than event batches (inboxes, replays, purges) do not ask for a checkpoint; this
  // catches them. A checkpoint with nothing to copy only reads the WAL index.
  const sweep = setInterval(() => {
    if (timer === null && Date.now() - last >= CHECKPOINT_IDLE_INTERVAL_MS) checkpoint();
  }, CHECKPOINT_IDLE_INTERVAL_MS);

  port.on('message', (request: CheckpointRequest) => {
    if (request.kind === 'close') {
      clearInterval(sweep);
      if (timer !== null) clearTimeout(timer);
      db.close();
      send({ kind: 'closed' });
      port.close();
      return;
    }
    received += 1;
    if (timer !== null) return;
    // Many small checkpoints would each fsync the database file: at most one per interval.
    timer = setTimeout(checkpoint, Math.max(0, last + CHECKPOINT_MIN_INTERVAL_MS - Date.now()));
  });
}

start();
