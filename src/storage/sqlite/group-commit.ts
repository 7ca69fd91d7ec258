import type BetterSqlite3 from 'better-sqlite3';

import { StorageError } from '../../errors.js';
import { storageError } from './attempt.js';
import type { EventParams } from './rows.js';

interface PendingInsert {
  readonly params: EventParams;
  readonly resolve: (stored: boolean) => void;
  readonly reject: (err: StorageError) => void;
}

type BatchResult = boolean | StorageError;

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
 * Group commit for event inserts. With synchronous=FULL every commit is an fsync, which would cap
 * one-transaction-per-event ingest at the disk's fsync rate. Instead, every insert queued before
 * the next turn of the event loop shares one transaction and one fsync: batches grow with load,
 * while an idle server still commits each event at once. Each promise settles only after COMMIT
 * returned, so ingest answers 200 only for durably stored events.
 */
export class GroupCommitWriter {
  private queue: PendingInsert[] = [];
  private scheduled: NodeJS.Immediate | null = null;
  private closed = false;
  private readonly db: BetterSqlite3.Database;
  private readonly insert: BetterSqlite3.Statement<[EventParams]>;
  private readonly commitBatch: BetterSqlite3.Transaction<
    (batch: readonly PendingInsert[]) => BatchResult[]
  >;

  /** `insert` is the conditional INSERT ... SELECT ... WHERE EXISTS(live inbox) statement. */
  constructor(db: BetterSqlite3.Database, insert: BetterSqlite3.Statement<[EventParams]>) {
    this.db = db;
    this.insert = insert;
    this.commitBatch = db.transaction((batch: readonly PendingInsert[]) =>
      batch.map((item) => this.insertOne(item)),
    );
  }

  /**
   * Queues the insert. Resolves with whether a row was stored, only after the transaction holding
   * it has committed; rejects with StorageError when it was not committed or the writer is closed.
   */
  enqueue(params: EventParams): Promise<boolean> {
    if (this.closed) return Promise.reject(new StorageError('sqlite: store is closed'));
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ params, resolve, reject });
      this.scheduled ??= setImmediate(() => {
        this.flush();
      });
    });
  }

  /** Commits everything queued so far, then refuses new inserts (the store is closing). */
  close(): void {
    this.closed = true;
    this.flush();
  }

  /** Commits everything queued so far in one transaction and settles every promise of it. */
  flush(): void {
    if (this.scheduled !== null) clearImmediate(this.scheduled);
    this.scheduled = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let results: BatchResult[];
    try {
      // IMMEDIATE takes the write lock up front, so busy_timeout applies to it instead of the
      // transaction failing with SQLITE_BUSY when it upgrades from read to write.
      results = this.commitBatch.immediate(batch);
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

  private insertOne(item: PendingInsert): BatchResult {
    try {
      return this.insert.run(item.params).changes === 1;
    } catch (err) {
      // A constraint violation (e.g. a duplicate id) undoes only its own statement and the
      // transaction goes on, so one bad event does not fail the batch. Anything else (disk full,
      // I/O error) may have rolled the transaction back and must fail every item.
      if (isConstraintError(err) && this.db.inTransaction) return storageError('insert event', err);
      throw err;
    }
  }
}
