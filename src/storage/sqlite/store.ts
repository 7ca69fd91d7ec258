import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

import Database from 'better-sqlite3';

import { StorageError } from '../../errors.js';
import type { Store } from '../../ports/store.js';
import { attempt, storageError } from './attempt.js';
import { Checkpointer } from './checkpointer.js';
import { GroupCommitWriter, UNSAFE_ACK_BEFORE_COMMIT_ENV } from './group-commit.js';
import { createEventRepository } from './event-repository.js';
import { createReplayRepository } from './replay-repository.js';
import { createAccountRepository } from './account-repository.js';
import { createTokenRepository } from './token-repository.js';
import { createInboxRepository } from './inbox-repository.js';
import type { Migration, MigrationReport } from '../shared/migration-runner.js';
import { applyMigrations, MIGRATIONS } from './migrations.js';
import { createResponseRepository } from './inbox-response-repository.js';
import { createReplayJobRepository } from './replay-job-repository.js';
import { createSessionRepository } from './session-repository.js';
import { createShareRepository } from './share-repository.js';
import { createSignatureRepository } from './signature-settings-repository.js';
import { createAlertRepository } from './alert-repository.js';
import { createForwardingRepository } from './forwarding-repository.js';
import { createEventTypeRepository } from './event-type-repository.js';
import { prepareStatements } from './statements.js';
import { createTeamRepository } from './team-repository.js';
import { createAuditRepository } from './audit-repository.js';
import { createIdentityRepository } from './account-identity-repository.js';

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
