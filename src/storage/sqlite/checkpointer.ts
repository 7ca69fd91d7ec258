import type { Worker } from 'node:worker_threads';

import type BetterSqlite3 from 'better-sqlite3';

import { spawnThread } from '../../threads/spawn-thread.js';
import {
  WAL_BACKSTOP_FRAMES,
  WAL_RESTART_FRAMES,
  type CheckpointReply,
  type CheckpointRequest,
  type CheckpointThreadData,
} from './checkpoint-protocol.js';

/** SQLite's own default, restored on the main connection when the checkpoint thread is gone. */
const DEFAULT_AUTOCHECKPOINT_PAGES = 1000;

/** Starts the checkpoint thread (from dist/, or from the sources under the TypeScript loader). */
function spawnCheckpointThread(data: CheckpointThreadData): Worker {
  return spawnThread(
    { from: import.meta.url, entry: './checkpoint-thread', sources: ['./checkpoint-protocol'] },
    { workerData: data },
  );
}

/** WAL sizes in frames (pages); tests make them small to reach them quickly. */
export interface WalLimits {
  /** Past this, the main connection finishes the thread's checkpoint (default WAL_RESTART_FRAMES). */
  readonly restartFrames?: number;
  /** The main connection's own automatic checkpoint (default WAL_BACKSTOP_FRAMES). */
  readonly backstopFrames?: number;
}

/**
 * Moves WAL checkpoints off the event loop (see checkpoint-thread.ts). While the thread runs, the
 * main connection's automatic checkpoint waits for a WAL far larger than the thread lets it grow
 * (a backstop for a thread starved of CPU); after each commit the store calls `committed()`,
 * which asks the thread for a checkpoint unless one is already on its way. If the thread cannot
 * start or dies, SQLite's default automatic checkpoint comes back, so the WAL never grows
 * without bound. Past WAL_RESTART_FRAMES the main connection copies the last few frames itself,
 * so that the WAL starts over (see finishCheckpoint).
 */
export class Checkpointer {
  private worker: Worker | null;
  private requested = false;
  /** Calls of committed(), and how many of them had been made when the last request was sent. */
  private commits = 0;
  private requestedAt = 0;
  /** `dirty` requests sent, and the most of them the thread had seen when a checkpoint began. */
  private sent = 0;
  private answered = 0;
  /** Callers of checkpointed(), each waiting for `answered` to reach `upTo`. */
  private waiters: { readonly upTo: number; readonly resolve: () => void; readonly reject: (err: Error) => void }[] =
    [];
  private closing: Promise<void> | null = null;
  private readonly db: BetterSqlite3.Database;

  constructor(
    db: BetterSqlite3.Database,
    path: string,
    onError: (message: string) => void = () => undefined,
    limits: WalLimits = {},
  ) {
    this.db = db;
    const restartFrames = limits.restartFrames ?? WAL_RESTART_FRAMES;
    db.pragma(`wal_autocheckpoint = ${Math.floor(limits.backstopFrames ?? WAL_BACKSTOP_FRAMES)}`);
    const worker = spawnCheckpointThread({ path, restartFrames });
    // Checkpoints are housekeeping: they never keep the process alive.
    worker.unref();
    worker.on('message', (reply: CheckpointReply) => {
      if (reply.kind === 'done') {
        this.requested = false;
        if (reply.error !== undefined) onError(reply.error);
        if (reply.restartDue === true) this.finishCheckpoint(onError);
        this.answered = Math.max(this.answered, reply.seen);
        this.settleWaiters();
      } else if (reply.kind === 'failed') {
        onError(reply.message);
        this.fallBack(worker);
      }
    });
    worker.on('error', (err) => {
      onError(err instanceof Error ? err.message : String(err));
      this.fallBack(worker);
    });
    worker.on('exit', () => this.fallBack(worker));
    this.worker = worker;
  }

  /**
   * The main connection's part in starting the WAL over. SQLite restarts the WAL at the start of
   * a write only if every frame in it has been copied; under sustained ingest the thread's copy
   * is always a few commits behind, so that never happens by itself. Here, between two commits
   * (this runs as a message on the event loop, never inside a transaction), the main connection
   * copies the frames committed since the thread's checkpoint and the next write starts the WAL
   * from its beginning. Measured with 64 KiB bodies at 1,000 req/s: a few ms once per 64 MiB of
   * WAL, where RESTART from the thread stalled commits for 35-55 ms (see checkpoint-thread.ts).
   */
  private finishCheckpoint(onError: (message: string) => void): void {
    if (!this.db.open || this.db.inTransaction) return;
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch (err) {
      onError(err instanceof Error ? err.message : String(err));
    }
  }

  /** A commit added frames to the WAL. Cheap: at most one message per checkpoint. */
  committed(): void {
    this.commits += 1;
    if (this.requested || this.worker === null) return;
    this.request(this.worker);
  }

  private request(worker: Worker): void {
    this.requested = true;
    this.sent += 1;
    this.requestedAt = this.commits;
    worker.postMessage({ kind: 'dirty' } satisfies CheckpointRequest);
  }

  /**
   * For tests, which step the checkpointer with it instead of sleeping: resolves once the thread
   * has finished a checkpoint that began after every commit reported to committed() so far, and
   * this side has handled its answer (finishCheckpoint included). The checkpoint is the one
   * committed() asked for; only if a commit came while a request was already on its way (which
   * committed() does not repeat) is one more request sent here. Resolves at once when every
   * commit is covered; rejects when the thread is gone. Nothing on the request path waits for it.
   */
  checkpointed(): Promise<void> {
    if (this.worker === null) return Promise.reject(new Error('the checkpoint thread is not running'));
    if (this.requestedAt < this.commits) this.request(this.worker);
    if (this.answered >= this.sent) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ upTo: this.sent, resolve, reject });
    });
  }

  private settleWaiters(): void {
    const waiting = this.waiters;
    this.waiters = waiting.filter((waiter) => waiter.upTo > this.answered);
    for (const waiter of waiting) if (waiter.upTo <= this.answered) waiter.resolve();
  }

  private rejectWaiters(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) waiter.reject(new Error('the checkpoint thread stopped'));
  }

  /** Stops the thread (its connection closes first). Safe to call twice. */
  close(): Promise<void> {
    if (this.closing !== null) return this.closing;
    const worker = this.worker;
    this.worker = null;
    this.rejectWaiters();
    if (worker === null) {
      this.closing = Promise.resolve();
      return this.closing;
    }
    this.closing = new Promise<void>((resolve) => {
      // Held until it has exited: whoever awaits close() must not see the process end first.
      worker.ref();
      worker.once('exit', () => resolve());
      worker.postMessage({ kind: 'close' } satisfies CheckpointRequest);
    });
    return this.closing;
  }

  private fallBack(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = null;
    this.rejectWaiters();
    if (this.db.open) this.db.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`);
  }
}
