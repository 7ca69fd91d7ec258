import type BetterSqlite3 from 'better-sqlite3';

import type { StorageError } from '../../errors.js';
import { storageError } from './attempt.js';
import type { EventParams } from './rows.js';

interface PendingInsert {
  readonly params: EventParams;
  readonly resolve: (stored: boolean) => void;
  readonly reject: (err: StorageError) => void;
}

/** Batches event inserts into shared transactions (group commit). */
export interface GroupCommitWriter {
  /**
   * Queues the insert. Resolves with whether a row was stored, only after the transaction
   * holding it has committed; rejects with StorageError when it could not be committed.
   */
  enqueue(params: EventParams): Promise<boolean>;
  /** Commits everything queued so far, synchronously (used by close()). */
  flush(): void;
}

function isConstraintError(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    'code' in err &&
    typeof err.code === 'string' &&
    err.code.startsWith('SQLITE_CONSTRAINT')
  );
}

/**
 * With synchronous=FULL every commit is an fsync, which caps one-transaction-per-event ingest at
 * the disk's fsync rate. Instead, every insert queued before the next turn of the event loop
 * shares one transaction and one fsync, so batches grow with load while an idle server still
 * commits each event right away. Each promise settles only after COMMIT returned: ingest answers
 * 200 only for durably stored events.
 */
export function createGroupCommitWriter(
  db: BetterSqlite3.Database,
  insert: BetterSqlite3.Statement<[EventParams]>,
): GroupCommitWriter {
  let queue: PendingInsert[] = [];
  let scheduled: NodeJS.Immediate | null = null;

  function insertOne(item: PendingInsert): boolean | StorageError {
    try {
      return insert.run(item.params).changes === 1;
    } catch (err) {
      // A constraint violation (e.g. a duplicate id) undoes only its own statement; the
      // transaction goes on, so one bad event does not fail the whole batch. Anything else (disk
      // full, I/O error) may have rolled the transaction back and must fail every item.
      if (isConstraintError(err) && db.inTransaction) return storageError('insert event', err);
      throw err;
    }
  }

  const commitBatch = db.transaction((batch: readonly PendingInsert[]) => batch.map(insertOne));

  function flush(): void {
    if (scheduled !== null) {
      clearImmediate(scheduled);
      scheduled = null;
    }
    const batch = queue;
    queue = [];
    if (batch.length === 0) return;
    let results: (boolean | StorageError)[];
    try {
      // IMMEDIATE takes the write lock up front, so busy_timeout applies to it instead of the
      // transaction failing with SQLITE_BUSY when it upgrades from read to write.
      results = commitBatch.immediate(batch);
    } catch (err) {
      for (const item of batch) item.reject(storageError('insert event batch', err));
      return;
    }
    batch.forEach((item, index) => {
      const result = results[index];
      if (typeof result === 'boolean') item.resolve(result);
      else item.reject(result ?? storageError('insert event', 'missing batch result'));
    });
  }

  function enqueue(params: EventParams): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      queue.push({ params, resolve, reject });
      scheduled ??= setImmediate(flush);
    });
  }

  return { enqueue, flush };
}
