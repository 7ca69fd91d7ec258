import { Pool } from 'pg';

import type { Store } from '../../ports/store.js';
import { attempt, storageError } from './attempt.js';
import { type EventAnnouncer, PgGroupCommitWriter, type GroupCommitLimits } from './group-commit.js';
import { createInboxRepository } from './inbox-repository.js';
import type { MigrationReport } from '../shared/migration-runner.js';
import { applyMigrations, MIGRATIONS } from './migrations.js';
import { createEventRepository } from './event-repository.js';
import { createReplayRepository } from './replay-repository.js';
import { createAccountRepository } from './account-repository.js';
import { createTokenRepository } from './token-repository.js';
import { createShareRepository } from './share-repository.js';
import { createSignatureRepository } from './signature-settings-repository.js';
import { createReplayJobRepository } from './replay-job-repository.js';
import { createSessionRepository } from './session-repository.js';
import { createResponseRepository } from './inbox-response-repository.js';
import { createAlertRepository } from './alert-repository.js';
import { createForwardingRepository } from './forwarding-repository.js';
import { createEventTypeRepository } from './event-type-repository.js';
import { createTeamRepository } from './team-repository.js';
import { createAuditRepository } from './audit-repository.js';
import { createIdentityRepository } from './account-identity-repository.js';

export interface PostgresStoreOptions {
  /** postgres:// or postgresql:// connection URL (node-postgres syntax; it may hold a password). */
  readonly url: string;
  /** Most connections the pool opens (default 10). */
  readonly poolSize?: number;
  /**
   * Told about errors of idle pooled connections (database restarted, connection cut). They are
   * harmless: the pool drops the connection and opens a new one when it next needs one. Without
   * a listener node-postgres would re-throw them and crash the process; the store always listens.
   */
  readonly onPoolError?: (err: Error) => void;
}

/** The PostgreSQL Store, plus its pool for tests, health metrics and maintenance. */
export interface PostgresStore extends Store {
  /** The connection pool. Not for application code: everything else goes through the port. */
  readonly pool: Pool;
  /**
   * Makes every later event insert send its live-bus notification in its own commit (see
   * PgGroupCommitWriter): the bus then publishes no events itself (src/compose.ts).
   */
  announceEventsWith(announcer: EventAnnouncer): void;
}

export const DEFAULT_POOL_SIZE = 10;

/**
 * Raises synchronous_commit back to `on` for the session when the server or the role defaults
 * to `off`: with `off` a COMMIT returns before its WAL is flushed, and ingest would acknowledge
 * events a crash can lose. Stronger settings (remote_write, remote_apply) are left alone.
 */
const DURABLE_COMMIT_SQL = `SELECT set_config('synchronous_commit', 'on', false)
  WHERE current_setting('synchronous_commit') = 'off'`;

function groupCommitLimits(poolSize: number): GroupCommitLimits {
  return {
    maxBatchRows: 500,
    maxBatchBytes: 16 * 1024 * 1024,
    // Leave connections for reads; with one connection, inserts and reads take turns.
    maxInFlight: Math.max(1, Math.min(4, poolSize - 1)),
  };
}

/**
 * The pool. Connection attempts time out after 5 s instead of hanging a request forever when
 * the database host is unreachable; TCP keep-alive detects connections cut by the network.
 * node-postgres re-throws an error of an idle client that nobody listens to, so both the pool
 * and every client get an 'error' listener: a database restart never crashes the process, and
 * broken connections are discarded and replaced on demand, so the pool recovers by itself.
 */
export function createPool(opts: PostgresStoreOptions): Pool {
  const pool = new Pool({
    connectionString: opts.url,
    max: opts.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    application_name: 'rehook',
    // Awaited before the new connection is handed out; when it fails, so does the checkout.
    onConnect: async (client) => {
      // Errors of a checked-out connection also reach its running (or next) query, which fails,
      // and the pool discards the connection when it is released.
      client.on('error', () => undefined);
      await client.query(DURABLE_COMMIT_SQL);
    },
  });
  pool.on('error', (err) => opts.onPoolError?.(err));
  return pool;
}

function checkPoolSize(poolSize: number | undefined): void {
  if (poolSize !== undefined && (!Number.isSafeInteger(poolSize) || poolSize < 1)) {
    throw new RangeError(`poolSize must be a positive integer, got ${poolSize}`);
  }
}

/**
 * Brings the PostgreSQL schema at `url` to the newest version over one connection and closes
 * it: `rehook migrate`. Rejects with StorageError as openPostgresStore does.
 */
export async function migratePostgresDatabase(url: string): Promise<MigrationReport> {
  const pool = createPool({ url, poolSize: 1 });
  try {
    const applied = await applyMigrations(pool);
    return { database: 'postgres', version: MIGRATIONS.at(-1)?.version ?? 0, applied: applied.map((m) => m.name) };
  } finally {
    await pool.end().catch(() => undefined);
  }
}

/**
 * Connects to PostgreSQL, applies pending migrations (see applyMigrations) and returns the
 * Store. Rejects with StorageError when the database is unreachable or cannot be migrated.
 * Event inserts are group-committed (see PgGroupCommitWriter); every other write is one
 * autocommit statement, or one transaction for purging. `close()` commits pending inserts,
 * then closes every connection; afterwards every method rejects with StorageError.
 */
export async function openPostgresStore(opts: PostgresStoreOptions): Promise<PostgresStore> {
  checkPoolSize(opts.poolSize);
  const pool = createPool(opts);
  try {
    await applyMigrations(pool);
  } catch (err) {
    await pool.end().catch(() => undefined);
    throw err;
  }
  const limits = groupCommitLimits(opts.poolSize ?? DEFAULT_POOL_SIZE);
  const writer = new PgGroupCommitWriter(pool, limits);
  let closing: Promise<void> | null = null;
  return {
    pool,
    announceEventsWith: (announcer) => writer.announceWith(announcer),
    inboxes: createInboxRepository(pool),
    events: createEventRepository(pool, writer),
    replays: createReplayRepository(pool),
    accounts: createAccountRepository(pool),
    tokens: createTokenRepository(pool),
    shares: createShareRepository(pool),
    signatures: createSignatureRepository(pool),
    sessions: createSessionRepository(pool),
    replayJobs: createReplayJobRepository(pool),
    responses: createResponseRepository(pool),
    forwarding: createForwardingRepository(pool),
    eventTypes: createEventTypeRepository(pool),
    alerts: createAlertRepository(pool),
    teams: createTeamRepository(pool),
    audit: createAuditRepository(pool),
    identities: createIdentityRepository(pool),
    ping: () =>
      attempt('ping', async () => {
        await pool.query('SELECT 1');
      }),
    close() {
      closing ??= (async () => {
        await writer.close();
        try {
          await pool.end();
        } catch (err) {
          throw storageError('close', err);
        }
      })();
      return closing;
    },
  };
}
