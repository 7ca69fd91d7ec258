import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import Database from 'better-sqlite3';

import { clampLimit } from '../../domain/page-limit.js';
import { StorageError } from '../../errors.js';
import type { AccountRepository } from '../../ports/account-repository.js';
import type { EventRepository, EventScope } from '../../ports/event-repository.js';
import type { ReplayRepository } from '../../ports/replay-repository.js';
import type { Store } from '../../ports/store.js';
import type { TokenRepository } from '../../ports/token-repository.js';
import { attempt, storageError } from './attempt.js';
import { Checkpointer } from './checkpointer.js';
import { createSummaryPageReader } from './event-list.js';
import { createFullPageReader } from './full-page.js';
import { createSqliteSearch } from './event-search.js';
import { GroupCommitWriter, UNSAFE_ACK_BEFORE_COMMIT_ENV } from './group-commit.js';
import { createInboxRepository } from './inbox-repository.js';
import type { Migration, MigrationReport } from '../shared/migration-runner.js';
import { applyMigrations, MIGRATIONS } from './migrations.js';
import { SUMMARY_COLUMNS, type EventSummaryRow } from '../shared/event-rows.js';
import { eventInsert, mapper, type SqliteColumns } from './rows.js';
import { createResponseRepository } from './response-repository.js';
import { createReplayJobRepository } from './replay-jobs.js';
import { createSessionRepository } from './session-repository.js';
import { createShareRepository } from './share-repository.js';
import { createSignatureRepository } from './signature-repository.js';
import { createAlertRepository } from './alert-repository.js';
import { createForwardingRepository } from './forwarding-repository.js';
import { createEventTypeRepository } from './event-type-repository.js';
import { prepareStatements, type Statements } from './statements.js';
import { createTeamRepository } from './team-repository.js';
import { createAuditRepository } from './audit-repository.js';
import { createIdentityRepository } from './identity-repository.js';
import { createTokenLookup } from './token-lookup.js';
import { createRetention } from './retention.js';

/** The SQLite Store, plus handles for tests, benchmarks and maintenance. */
export interface SqliteStore extends Store {
  /** The underlying connection. Not for application code: everything else goes through the port. */
  readonly db: Database.Database;
  /** Moves the whole WAL into the database file and truncates the WAL to zero bytes. */
  checkpoint(): void;
  /**
   * For tests: resolves once the checkpoint thread has finished a checkpoint begun after every
   * event batch committed so far (see Checkpointer.checkpointed); at once for an in-memory
   * database, which has no WAL.
   */
  threadCheckpointed(): Promise<void>;
}

/** File name of the SQLite database inside the data directory. */
export const DATABASE_FILE = 'rehook.db';

/** Opens the database file with its settings and brings it to the newest schema. */
function openDatabase(path: string): { db: Database.Database; applied: readonly Migration[] } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new Database(path);
  try {
    // WAL lets readers run during the (batched) writes. synchronous=FULL fsyncs the WAL on every
    // commit: an acknowledged event survives an OS crash or power loss, not only a process crash.
    // 8 KiB pages hold more captured requests per page (measured: 1.64x of the raw request size
    // per stored event with 4 KiB pages, 1.33x with 8 KiB). Only takes effect on a new database,
    // so it must come before WAL mode is switched on.
    db.pragma('page_size = 8192');
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('busy_timeout = 5000');
    // No foreign keys: inbox deletion purges events and replays explicitly, in bounded batches.
    db.pragma('foreign_keys = OFF');
    return { db, applied: applyMigrations(db) };
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * Brings the SQLite database at `path` (created when missing) to the newest schema and closes
 * it again: `rehook migrate`. Throws StorageError as openSqliteStore does.
 */
export function migrateSqliteDatabase(path: string): MigrationReport {
  try {
    const { db, applied } = openDatabase(path);
    db.close();
    return { database: 'sqlite', version: MIGRATIONS.at(-1)?.version ?? 0, applied: applied.map((m) => m.name) };
  } catch (err) {
    throw err instanceof StorageError ? err : storageError(`open ${path}`, err);
  }
}

/**
 * The test-only failpoint of GroupCommitWriter (acknowledge before commit: loses acknowledged
 * events on a crash). Only the exact value `1` enables it, and it never goes unnoticed: a
 * warning goes to stderr every time a store opens with it.
 */
function unsafeAckBeforeCommitRequested(): boolean {
  if (process.env[UNSAFE_ACK_BEFORE_COMMIT_ENV] !== '1') return false;
  process.stderr.write(
    `WARNING: ${UNSAFE_ACK_BEFORE_COMMIT_ENV}=1 is set: ingest acknowledges events BEFORE they are ` +
      'committed and LOSES them on a crash. This is a test-only failpoint for the crash test; ' +
      'never set it in production.\n',
  );
  return true;
}

/**
 * Opens (creating it and its parent directory if needed) the SQLite database at `path`, applies
 * pending migrations and returns the Store. Throws StorageError when the file cannot be opened
 * or migrated. Event inserts are group-committed (see GroupCommitWriter); every other write runs
 * in autocommit. `close()` commits pending inserts before releasing the file.
 */
export function openSqliteStore(opts: { path: string }): SqliteStore {
  let db: Database.Database;
  try {
    ({ db } = openDatabase(opts.path));
  } catch (err) {
    throw err instanceof StorageError ? err : storageError(`open ${opts.path}`, err);
  }
  const s = prepareStatements(db);
  // An in-memory database has no WAL to checkpoint.
  const checkpointer = opts.path === ':memory:' ? null : new Checkpointer(db, opts.path);
  const writer = new GroupCommitWriter(db, s.events, {
    unsafeAckBeforeCommit: unsafeAckBeforeCommitRequested(),
    ...(checkpointer ? { afterCommit: () => checkpointer.committed() } : {}),
  });
  let closing: Promise<void> | null = null;
  return {
    db,
    inboxes: createInboxRepository(db, s),
    events: createEventRepository(db, s, writer),
    replays: createReplayRepository(s),
    accounts: createAccountRepository(db, s),
    tokens: createTokenRepository(db, s),
    shares: createShareRepository(db),
    signatures: createSignatureRepository(db),
    sessions: createSessionRepository(db),
    replayJobs: createReplayJobRepository(db),
    responses: createResponseRepository(db),
    forwarding: createForwardingRepository(db),
    eventTypes: createEventTypeRepository(db),
    alerts: createAlertRepository(db),
    teams: createTeamRepository(db),
    audit: createAuditRepository(db),
    identities: createIdentityRepository(db),
    ping: () => attempt('ping', () => void s.ping.get()),
    checkpoint() {
      db.pragma('wal_checkpoint(TRUNCATE)');
    },
    threadCheckpointed: () => checkpointer?.checkpointed() ?? Promise.resolve(),
    close() {
      // The checkpoint thread's connection goes first, so the main one is the last to close and
      // SQLite folds the WAL into the database file and removes it.
      closing ??= (checkpointer?.close() ?? Promise.resolve()).then(() =>
        attempt('close', () => {
          if (!db.open) return;
          try {
            writer.close();
          } finally {
            db.close();
          }
        }),
      );
      return closing;
    },
  };
}

function createEventRepository(db: Database.Database, s: Statements, writer: GroupCommitWriter): EventRepository {
  const listRows = (inboxId: string, limit: number, before: string | undefined) =>
    before === undefined ? s.events.listNewest.all(inboxId, limit) : s.events.listBefore.all(inboxId, before, limit);
  const listRowsAfter = (inboxId: string, limit: number, after: string | undefined) =>
    after === undefined ? s.events.listOldest.all(inboxId, limit) : s.events.listAfter.all(inboxId, after, limit);
  const summaryPage = createSummaryPageReader(db, listRows);
  const fullPage = createFullPageReader(db);
  const search = createSqliteSearch<EventSummaryRow<SqliteColumns>>(db, SUMMARY_COLUMNS);
  /** Whether the inbox exists with the owner the caller was allowed by (inside a transaction). */
  const ownedAsExpected = (scope: EventScope): boolean => {
    const row = s.events.inboxOwner.get(scope.inboxId);
    return row !== undefined && row.owner_id === scope.expectedOwnerId;
  };
  // An event's delivery and its attempts go with it (docs/decisions.md #29); a clearing step
  // takes up to `limit` of each, found on the inbox indexes (they end with the event id).
  const deleteDelivery = db.prepare<[string]>('DELETE FROM deliveries WHERE event_id = ?');
  const deleteAttempts = db.prepare<[string]>('DELETE FROM delivery_attempts WHERE event_id = ?');
  const clearDeliveries = db.prepare<[string, string, number]>(
    `DELETE FROM deliveries WHERE event_id IN (
       SELECT event_id FROM deliveries WHERE inbox_id = ? AND event_id <= ? LIMIT ?)`,
  );
  const clearAttempts = db.prepare<[string, string, number]>(
    `DELETE FROM delivery_attempts WHERE (event_id, number) IN (
       SELECT event_id, number FROM delivery_attempts WHERE inbox_id = ? AND event_id <= ? LIMIT ?)`,
  );
  const deleteOne = db.transaction((eventId: string, scope: EventScope): boolean => {
    if (!ownedAsExpected(scope)) return false;
    if (s.events.deleteOne.run(eventId, scope.inboxId).changes === 0) return false;
    s.events.deleteReplaysOfEvent.run(eventId);
    deleteDelivery.run(eventId);
    deleteAttempts.run(eventId);
    s.events.addToEventCount.run(-1, scope.inboxId);
    return true;
  });
  const retention = createRetention(db);
  const clearStep = db.transaction((scope: EventScope & { through: string }, limit: number): number | null => {
    if (!ownedAsExpected(scope)) return null;
    const events = s.events.clearEvents.run(scope.inboxId, scope.through, limit).changes;
    if (events > 0) s.events.addToEventCount.run(-events, scope.inboxId);
    return (
      events +
      s.events.clearReplays.run(scope.inboxId, scope.through, limit).changes +
      clearDeliveries.run(scope.inboxId, scope.through, limit).changes +
      clearAttempts.run(scope.inboxId, scope.through, limit).changes
    );
  });
  return {
    insertIfInboxLive(event, now, opts) {
      try {
        return writer.enqueue(
          eventInsert(event, now),
          opts?.maxEventsForAnonymous === undefined ? {} : { keepAnonymous: opts.maxEventsForAnonymous },
        );
      } catch (err) {
        return Promise.reject(storageError('insert event', err));
      }
    },
    findById: (id) =>
      attempt('find event', () => {
        const row = s.events.findById.get(id);
        return row === undefined ? null : mapper.toEvent(row);
      }),
    listByInbox: (inboxId, page) =>
      attempt('list events', () => listRows(inboxId, clampLimit(page.limit), page.before).map(mapper.toEventSummary)),
    listSummaryPageJson: (inboxId, page) =>
      attempt('list events', () => summaryPage(inboxId, page, clampLimit(page.limit))),
    listFullAfter: (inboxId, page) => attempt('list full events', () => fullPage(inboxId, page)),
    async searchByInbox(inboxId, page) {
      try {
        const found = await search(inboxId, page, clampLimit(page.limit));
        return {
          events: found.rows.map(mapper.toEventSummary),
          nextBefore: found.nextBefore,
          outOfTime: found.outOfTime,
        };
      } catch (err) {
        throw storageError('search events', err);
      }
    },
    listAfter: (inboxId, page) =>
      attempt('list events', () =>
        listRowsAfter(inboxId, clampLimit(page.limit), page.after).map(mapper.toEventSummary),
      ),
    delete: (eventId, scope) => attempt('delete event', () => deleteOne.immediate(eventId, scope)),
    clearThrough: (scope, limit) =>
      attempt('clear inbox', () => (limit < 1 ? 0 : clearStep.immediate(scope, Math.floor(limit)))),
    deleteReceivedBefore: (before, limit) => attempt('delete old events', () => retention(before, limit)),
    // One table, no partitions: nothing to keep up.
    maintain: async () => ({ partitionsCreated: 0, eventsDropped: 0, eventsMoved: 0 }),
  };
}

function createReplayRepository(s: Statements): ReplayRepository {
  return {
    insert: (replay) => attempt('insert replay', () => void s.replays.insert.run(...mapper.replayParams(replay))),
    listByEvent: (eventId, opts) =>
      attempt('list replays', () => {
        const limit = clampLimit(opts.limit);
        const rows =
          opts.accountId === undefined
            ? s.replays.listByEvent.all(eventId, limit)
            : s.replays.listByEventAndAccount.all(eventId, opts.accountId, limit);
        return rows.map(mapper.toReplay);
      }),
  };
}

function createAccountRepository(db: Database.Database, s: Statements): AccountRepository {
  const updateProfileTx = db.transaction((id: string, email: string, displayName: string | null) => {
    const owner = s.accounts.emailOwner.get(email);
    if (owner !== undefined && owner.id !== id) return 'email-taken' as const;
    if (s.accounts.updateProfile.run(email, displayName, id).changes !== 1) return null;
    const row = s.accounts.findById.get(id);
    return row === undefined ? null : mapper.toAccount(row);
  });
  const deleteTx = db.transaction((id: string): boolean => {
    s.accounts.deleteTokens.run(id);
    s.accounts.deleteSessions.run(id);
    s.accounts.deleteIdentities.run(id);
    return s.accounts.delete.run(id).changes === 1;
  });
  return {
    updateProfile: (id, profile) =>
      attempt('update account', () => updateProfileTx.immediate(id, profile.email, profile.displayName)),
    delete: (id) => attempt('delete account', () => deleteTx.immediate(id)),
    insert: (account) =>
      attempt('insert account', () => s.accounts.insert.run(...mapper.accountParams(account)).changes === 1),
    findByEmail: (email) =>
      attempt('find account', () => {
        const row = s.accounts.findByEmail.get(email);
        return row === undefined ? null : mapper.toAccount(row);
      }),
    findById: (id) =>
      attempt('find account', () => {
        const row = s.accounts.findById.get(id);
        return row === undefined ? null : mapper.toAccount(row);
      }),
    list: () => attempt('list accounts', () => s.accounts.list.all().map(mapper.toAccount)),
    setPasswordHash: (id, passwordHash) =>
      attempt('set password', () => s.accounts.setPasswordHash.run(passwordHash, id).changes === 1),
  };
}

function createTokenRepository(db: Database.Database, s: Statements): TokenRepository {
  const findByHash = createTokenLookup(db, s.tokens.findByHash);
  return {
    insert: (token) => attempt('insert token', () => void s.tokens.insert.run(...mapper.tokenParams(token))),
    findByHash: (hash) => attempt('find token', () => findByHash(hash)),
    listByAccount: (accountId) =>
      attempt('list tokens', () => s.tokens.listByAccount.all(accountId).map(mapper.toToken)),
    revoke: (id, accountId, now) =>
      attempt('revoke token', () => s.tokens.revoke.run(now.getTime(), id, accountId).changes === 1),
    touch: (id, now) => attempt('touch token', () => void s.tokens.touch.run(now.getTime(), id)),
  };
}
