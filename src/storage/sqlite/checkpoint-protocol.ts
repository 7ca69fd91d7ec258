// Messages and limits shared by the checkpointer (main thread) and its thread.

/** What the main thread passes to the checkpoint thread. */
export interface CheckpointThreadData {
  readonly path: string;
  /** See WAL_RESTART_FRAMES. */
  readonly restartFrames: number;
}

/** A row of `PRAGMA wal_checkpoint`: busy 1 if it could not run, WAL frames, frames copied. */
export interface WalCheckpointRow {
  readonly busy: number;
  readonly log: number;
  readonly checkpointed: number;
}

/** Main thread → checkpoint thread: new commits to copy, or stop. */
export type CheckpointRequest = { readonly kind: 'dirty' } | { readonly kind: 'close' };

/**
 * Checkpoint thread → main thread. `restartDue`: the WAL has grown past `restartFrames` and the
 * thread's checkpoint copied all of it that it saw, so the main connection can finish the job
 * (see Checkpointer). `seen`: how many `dirty` requests the thread had received when this
 * checkpoint began (it copied every commit made before the last of them was sent), so that tests
 * can wait for the checkpoint that follows a commit (Checkpointer.checkpointed).
 */
export type CheckpointReply =
  | { readonly kind: 'done'; readonly seen: number; readonly error?: string; readonly restartDue?: boolean }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'closed' };

/** At most one checkpoint per this many milliseconds: each one fsyncs the database file. */
export const CHECKPOINT_MIN_INTERVAL_MS = 50;

/** A checkpoint at least this often, for writes that do not ask for one. */
export const CHECKPOINT_IDLE_INTERVAL_MS = 1000;

/**
 * WAL frames (pages) beyond which the main connection helps the WAL start over from its beginning
 * (see Checkpointer): 8,192 pages of 8 KiB, 64 MiB.
 */
export const WAL_RESTART_FRAMES = 8192;

/**
 * The main connection's own automatic checkpoint stays on at this many frames (128 MiB): a
 * backstop that bounds the WAL even when the checkpoint thread is starved of CPU and falls
 * behind. The thread normally keeps the WAL far below it, so it costs nothing on the request path.
 */
export const WAL_BACKSTOP_FRAMES = 2 * WAL_RESTART_FRAMES;
