import type BetterSqlite3 from 'better-sqlite3';

import { StorageError } from '../../errors.js';
import { storageError } from './attempt.js';
import { eventInsertParams, type EventInsertParams, type EventParams } from './rows.js';

interface PendingInsert {
  readonly params: EventParams;
  /** Keep only this many newest events when the inbox is anonymous (REHOOK_ANON_MAX_EVENTS). */
  readonly keepAnonymous: number | undefined;
  readonly resolve: (stored: boolean) => void;
  readonly reject: (err: StorageError) => void;
}

type BatchResult = boolean | StorageError;

/** Inboxes whose event count the writer keeps for the anonymous cap (see GroupCommitWriter). */
const MAX_COUNTED_INBOXES = 10_000;
/** Count marker of a saved inbox: never trimmed. */
const OWNED = -1;

/**
 * TEST-ONLY FAILPOINT, NEVER SET IN PRODUCTION. With `REHOOK_UNSAFE_ACK_BEFORE_COMMIT=1` the
 * writer acknowledges every insert BEFORE its transaction runs and commits the batch only after
 * {@link UNSAFE_COMMIT_DELAY_MS}: a deliberately broken mode that the crash test
 * (test/crash/crash-short.test.ts) must catch losing acknowledged events. Only the exact value
 * `1` enables it, and the store prints a warning at start-up when it is on (see SECURITY.md).
 */
export const UNSAFE_ACK_BEFORE_COMMIT_ENV = 'REHOOK_UNSAFE_ACK_BEFORE_COMMIT';
const UNSAFE_COMMIT_DELAY_MS = 100;

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
  private readonly insert: BetterSqlite3.Statement<EventInsertParams>;
  private readonly inboxExpiry: BetterSqlite3.Statement<[string], number | null>;
  /**
   * Expiry of each inbox met by the running batch (null: never expires, undefined: no inbox),
   * read once per batch inside its transaction, so a delete cannot slip in between.
   */
  private readonly expiries = new Map<string, number | null | undefined>();
  private readonly commitBatch: BetterSqlite3.Transaction<
    (batch: readonly PendingInsert[]) => BatchResult[]
  >;

  /** The test-only failpoint above; false unless the store was opened with it set. */
  private readonly unsafeAckBeforeCommit: boolean;

  /** Called after every committed batch (the store asks for a WAL checkpoint then). */
  private readonly afterCommit: () => void;

  /**
   * `statements.insert` is a plain INSERT of one event row; `statements.inboxExpiry` reads an
   * inbox's expires_at (undefined: no such inbox).
   */
  constructor(
    db: BetterSqlite3.Database,
    statements: {
      insert: BetterSqlite3.Statement<EventInsertParams>;
      inboxExpiry: BetterSqlite3.Statement<[string], number | null>;
    },
    opts: { unsafeAckBeforeCommit?: boolean; afterCommit?: () => void } = {},
  ) {
    this.db = db;
    this.insert = statements.insert;
    this.inboxExpiry = statements.inboxExpiry;
    this.unsafeAckBeforeCommit = opts.unsafeAckBeforeCommit === true;
    this.afterCommit = opts.afterCommit ?? (() => undefined);
    // Eviction of the oldest events of capped anonymous inboxes runs in the batch's transaction,
    // after its inserts: the commit that stores an event also trims its inbox, never one without
    // the other. The first time the writer meets an inbox it trims by offset (a scan of up to
    // `keep` index entries) and counts what is left; from then on it keeps the count itself and
    // deletes just the few oldest rows a batch pushes past the cap (see evictOldest).
    this.evict = {
      byOffset: db.prepare<[{ inbox_id: string; offset: number }]>(
        `DELETE FROM events WHERE inbox_id = @inbox_id
           AND id < (SELECT id FROM events WHERE inbox_id = @inbox_id ORDER BY id DESC LIMIT 1 OFFSET @offset)
           AND EXISTS (SELECT 1 FROM inboxes WHERE id = @inbox_id AND owner_id IS NULL)`,
      ),
      countUpTo: db.prepare<[string, number], { n: number }>(
        'SELECT count(*) AS n FROM (SELECT 1 FROM events WHERE inbox_id = ? LIMIT ?)',
      ),
      oldest: db.prepare<[{ inbox_id: string; n: number }]>(
        `DELETE FROM events WHERE seq IN (
           SELECT seq FROM events WHERE inbox_id = @inbox_id ORDER BY id LIMIT @n)
         AND EXISTS (SELECT 1 FROM inboxes WHERE id = @inbox_id AND owner_id IS NULL)`,
      ),
      isAnonymous: db.prepare<[string], { anonymous: number }>(
        'SELECT owner_id IS NULL AS anonymous FROM inboxes WHERE id = ?',
      ),
    };
    this.commitBatch = db.transaction((batch: readonly PendingInsert[]) => {
      this.expiries.clear();
      const results = batch.map((item) => this.insertOne(item));
      this.evictOldest(batch, results);
      return results;
    });
  }

  private readonly evict: {
    readonly byOffset: BetterSqlite3.Statement<[{ inbox_id: string; offset: number }]>;
    readonly countUpTo: BetterSqlite3.Statement<[string, number], { n: number }>;
    readonly oldest: BetterSqlite3.Statement<[{ inbox_id: string; n: number }]>;
    readonly isAnonymous: BetterSqlite3.Statement<[string], { anonymous: number }>;
  };

  /**
   * Events per capped inbox as this writer counted them (OWNED: a saved inbox, never trimmed).
   * Only this writer inserts events and only inbox deletion removes them otherwise (after which
   * the inbox takes no more inserts), so the count stays exact; it is updated only after a
   * commit, dropped when a commit fails or a delete disagrees with it, and bounded in size
   * (a forgotten inbox is counted again).
   */
  private readonly counts = new Map<string, number>();
  /** Counts computed by the running batch, applied once it committed. */
  private staged = new Map<string, number>();

  /** Runs the batch transaction and then publishes the counts it computed. */
  private runBatch(batch: readonly PendingInsert[]): BatchResult[] {
    this.staged = new Map();
    try {
      const results = this.commitBatch.immediate(batch);
      this.afterCommit();
      for (const [inboxId, count] of this.staged) {
        this.counts.delete(inboxId);
        this.counts.set(inboxId, count);
        if (this.counts.size > MAX_COUNTED_INBOXES) {
          const oldest = this.counts.keys().next().value;
          if (oldest !== undefined) this.counts.delete(oldest);
        }
      }
      return results;
    } catch (err) {
      for (const inboxId of this.staged.keys()) this.counts.delete(inboxId);
      throw err;
    } finally {
      this.staged = new Map();
    }
  }

  /** Trims each capped inbox that received an event in this batch to its newest `keep` events. */
  private evictOldest(batch: readonly PendingInsert[], results: readonly BatchResult[]): void {
    let added: Map<string, { keep: number; n: number }> | undefined;
    batch.forEach((item, index) => {
      if (item.keepAnonymous === undefined || results[index] !== true) return;
      added ??= new Map();
      const inboxId = item.params.inbox_id;
      const seen = added.get(inboxId);
      added.set(inboxId, { keep: Math.min(seen?.keep ?? Infinity, item.keepAnonymous), n: (seen?.n ?? 0) + 1 });
    });
    for (const [inboxId, { keep, n }] of added ?? []) {
      const known = this.counts.get(inboxId);
      if (known === OWNED) continue;
      if (known !== undefined && known + n <= keep) {
        this.staged.set(inboxId, known + n);
        continue;
      }
      if (known !== undefined) {
        const excess = known + n - keep;
        const removed = this.evict.oldest.run({ inbox_id: inboxId, n: excess }).changes;
        if (removed === excess) {
          this.staged.set(inboxId, keep);
          continue;
        }
        if (removed === 0 && this.evict.isAnonymous.get(inboxId)?.anonymous === 0) {
          this.staged.set(inboxId, OWNED);
          continue;
        }
        // The count was off (another writer on the file?): fall back to the exact trim.
      }
      this.evict.byOffset.run({ inbox_id: inboxId, offset: Math.max(0, keep - 1) });
      const left = this.evict.countUpTo.get(inboxId, keep + 1)?.n ?? 0;
      this.staged.set(inboxId, left > keep ? OWNED : left);
    }
  }

  /**
   * Queues the insert. Resolves with whether a row was stored, only after the transaction holding
   * it has committed; rejects with StorageError when it was not committed or the writer is closed.
   */
  enqueue(params: EventParams, opts: { keepAnonymous?: number } = {}): Promise<boolean> {
    if (this.closed) return Promise.reject(new StorageError('sqlite: store is closed'));
    const keepAnonymous = opts.keepAnonymous !== undefined && opts.keepAnonymous > 0 ? opts.keepAnonymous : undefined;
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ params, keepAnonymous, resolve, reject });
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
    if (this.unsafeAckBeforeCommit && !this.closed) {
      // TEST-ONLY FAILPOINT (see UNSAFE_ACK_BEFORE_COMMIT_ENV): acknowledge first, commit later.
      for (const item of batch) item.resolve(true);
      setTimeout(() => {
        try {
          if (this.db.open) this.runBatch(batch);
        } catch {
          // The mutant has already answered 200; a failed late commit is exactly its bug.
        }
      }, UNSAFE_COMMIT_DELAY_MS);
      return;
    }
    let results: BatchResult[];
    try {
      // IMMEDIATE takes the write lock up front, so busy_timeout applies to it instead of the
      // transaction failing with SQLITE_BUSY when it upgrades from read to write.
      results = this.runBatch(batch);
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

  /** Whether the item's inbox exists and has not expired at the item's `now`. */
  private inboxLive(item: PendingInsert): boolean {
    const inboxId = item.params.inbox_id;
    let expiry = this.expiries.get(inboxId);
    if (!this.expiries.has(inboxId)) {
      expiry = this.inboxExpiry.get(inboxId);
      this.expiries.set(inboxId, expiry);
    }
    return expiry === null || (expiry !== undefined && expiry > item.params.now);
  }

  private insertOne(item: PendingInsert): BatchResult {
    try {
      if (!this.inboxLive(item)) return false;
      return this.insert.run(...eventInsertParams(item.params)).changes === 1;
    } catch (err) {
      // A constraint violation (e.g. a duplicate id) undoes only its own statement and the
      // transaction goes on, so one bad event does not fail the batch. Anything else (disk full,
      // I/O error) may have rolled the transaction back and must fail every item.
      if (isConstraintError(err) && this.db.inTransaction) return storageError('insert event', err);
      throw err;
    }
  }
}
