import type BetterSqlite3 from 'better-sqlite3';

import { StorageError } from '../../errors.js';
import { storageError } from './attempt.js';
import type { EventInsert, SqliteParam } from './rows.js';

interface PendingInsert {
  readonly params: EventInsert;
  /** Keep only this many newest events when the inbox is anonymous (REHOOK_ANON_MAX_EVENTS). */
  readonly keepAnonymous: number | undefined;
  readonly resolve: (stored: boolean) => void;
  readonly reject: (err: StorageError) => void;
}

type BatchResult = boolean | StorageError;

/** What a batch needs to know about an inbox, read once per batch inside its transaction. */
interface InboxState {
  /** ms since the epoch; null: never expires. */
  readonly expiresAt: number | null;
  readonly anonymous: boolean;
  /** Its count in inbox_counters when the batch began. */
  readonly eventCount: number;
  /** Its forwarding is enabled: each stored event gets a delivery in the same transaction. */
  readonly forwarded: boolean;
}

/** The statements the writer runs (prepared by statements.ts). */
export interface WriterStatements {
  /** A plain INSERT of one event row. */
  readonly insert: BetterSqlite3.Statement<SqliteParam[]>;
  /** The inbox's expiry, whether it is anonymous, and its event count; undefined: no inbox. */
  readonly inboxState: BetterSqlite3.Statement<
    [string],
    { expires_at: number | null; anonymous: number; event_count: number; forwarded: number }
  >;
  /** Queues the delivery of a stored event (forwarded inboxes only). */
  readonly enqueueDelivery: BetterSqlite3.Statement<[{ event_id: string; inbox_id: string; now: number }]>;
  /** Sets the inbox's count in inbox_counters (inserting its row the first time). */
  readonly setEventCount: BetterSqlite3.Statement<[string, number]>;
}

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
  private readonly statements: WriterStatements;
  /**
   * Each inbox met by the running batch (undefined: no such inbox), read once per batch inside
   * its transaction, so a delete cannot slip in between.
   */
  private readonly inboxes = new Map<string, InboxState | undefined>();
  private readonly commitBatch: BetterSqlite3.Transaction<(batch: readonly PendingInsert[]) => BatchResult[]>;

  /** The test-only failpoint above; false unless the store was opened with it set. */
  private readonly unsafeAckBeforeCommit: boolean;

  /** Called after every committed batch (the store asks for a WAL checkpoint then). */
  private readonly afterCommit: () => void;

  constructor(
    db: BetterSqlite3.Database,
    statements: WriterStatements,
    opts: { unsafeAckBeforeCommit?: boolean; afterCommit?: () => void } = {},
  ) {
    this.db = db;
    this.statements = statements;
    this.unsafeAckBeforeCommit = opts.unsafeAckBeforeCommit === true;
    this.afterCommit = opts.afterCommit ?? (() => undefined);
    // Eviction of the oldest events of capped anonymous inboxes runs in the batch's transaction,
    // after its inserts: the commit that stores an event also trims its inbox and updates its
    // count, never one without the others.
    this.evict = {
      oldest: db.prepare<[string, number]>(
        `DELETE FROM events WHERE seq IN (
           SELECT seq FROM events WHERE inbox_id = ? ORDER BY id LIMIT ?)`,
      ),
      byOffset: db.prepare<[{ inbox_id: string; offset: number }]>(
        `DELETE FROM events WHERE inbox_id = @inbox_id
           AND id < (SELECT id FROM events WHERE inbox_id = @inbox_id ORDER BY id DESC LIMIT 1 OFFSET @offset)`,
      ),
      count: db.prepare<[string], number>('SELECT count(*) FROM events WHERE inbox_id = ?').pluck(true),
    };
    this.commitBatch = db.transaction((batch: readonly PendingInsert[]) => {
      this.inboxes.clear();
      const results = batch.map((item) => this.insertOne(item));
      this.updateCounts(batch, results);
      return results;
    });
  }

  private readonly evict: {
    readonly oldest: BetterSqlite3.Statement<[string, number]>;
    readonly byOffset: BetterSqlite3.Statement<[{ inbox_id: string; offset: number }]>;
    readonly count: BetterSqlite3.Statement<[string], number>;
  };

  /** Runs the batch transaction, then tells the checkpointer. */
  private runBatch(batch: readonly PendingInsert[]): BatchResult[] {
    const results = this.commitBatch.immediate(batch);
    this.afterCommit();
    return results;
  }

  /**
   * Adds what the batch stored to each inbox's event count: one upsert per inbox per batch, never
   * one per event. A capped anonymous inbox that went past its cap first loses its oldest events
   * (REHOOK_ANON_MAX_EVENTS), by the count, so no scan of the inbox is needed.
   */
  private updateCounts(batch: readonly PendingInsert[], results: readonly BatchResult[]): void {
    const added = new Map<string, { n: number; keep: number | undefined }>();
    batch.forEach((item, index) => {
      if (results[index] !== true) return;
      const inboxId = item.params.inboxId;
      const seen = added.get(inboxId);
      const keep = item.keepAnonymous === undefined ? seen?.keep : Math.min(seen?.keep ?? Infinity, item.keepAnonymous);
      added.set(inboxId, { n: (seen?.n ?? 0) + 1, keep });
    });
    for (const [inboxId, { n, keep }] of added) {
      // Present: an event was stored, so the batch has read the inbox.
      const state = this.inboxes.get(inboxId) as InboxState;
      let count = state.eventCount + n;
      if (keep !== undefined && state.anonymous && count > keep) {
        const excess = count - keep;
        const removed = this.evict.oldest.run(inboxId, excess).changes;
        count -= removed;
        if (removed !== excess) {
          // The count was off (the file was changed behind Rehook's back): trim exactly and count again.
          this.evict.byOffset.run({ inbox_id: inboxId, offset: Math.max(0, keep - 1) });
          count = this.evict.count.get(inboxId) ?? 0;
        }
      }
      this.statements.setEventCount.run(inboxId, count);
    }
  }

  /**
   * Queues the insert. Resolves with whether a row was stored, only after the transaction holding
   * it has committed; rejects with StorageError when it was not committed or the writer is closed.
   */
  enqueue(params: EventInsert, opts: { keepAnonymous?: number } = {}): Promise<boolean> {
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
    const inboxId = item.params.inboxId;
    let state = this.inboxes.get(inboxId);
    if (!this.inboxes.has(inboxId)) {
      const row = this.statements.inboxState.get(inboxId);
      state = row && {
        expiresAt: row.expires_at,
        anonymous: row.anonymous === 1,
        eventCount: row.event_count,
        forwarded: row.forwarded === 1,
      };
      this.inboxes.set(inboxId, state);
    }
    return state !== undefined && (state.expiresAt === null || state.expiresAt > item.params.now);
  }

  private insertOne(item: PendingInsert): BatchResult {
    try {
      if (!this.inboxLive(item)) return false;
      if (this.statements.insert.run(...item.params.values).changes !== 1) return false;
      // Forwarded inbox (read with the inbox, once per batch): its delivery commits with the event.
      if (this.inboxes.get(item.params.inboxId)?.forwarded === true) {
        this.statements.enqueueDelivery.run({
          event_id: item.params.id,
          inbox_id: item.params.inboxId,
          now: item.params.now,
        });
      }
      return true;
    } catch (err) {
      // A constraint violation (e.g. a duplicate id) undoes only its own statement and the
      // transaction goes on, so one bad event does not fail the batch. Anything else (disk full,
      // I/O error) may have rolled the transaction back and must fail every item.
      if (isConstraintError(err) && this.db.inTransaction) return storageError('insert event', err);
      throw err;
    }
  }
}
