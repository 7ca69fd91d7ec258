import type { Pool, PoolClient } from 'pg';

import { StorageError } from '../../errors.js';
import { type Migration, type MigrationLedger, migrate, readMigrations, runAsync } from '../shared/migration-runner.js';
import { inTransaction, storageError } from './attempt.js';

export type { Migration } from '../shared/migration-runner.js';

/** This adapter's schema steps: the files of ./migrations/ (see its README.md). */
export const MIGRATIONS: readonly Migration[] = readMigrations(new URL('./migrations/', import.meta.url));

/**
 * First key of every advisory lock Rehook takes ('RHK\0'); the second key says what is locked.
 * Locks on one bigint key live in a separate key space and never collide with these.
 */
export const ADVISORY_LOCK_CLASS = 0x52484b00;

/**
 * Serialises migrations of one schema across processes: two instances starting together queue
 * here instead of racing on CREATE TABLE. Keyed by schema, so deployments (or test runs) in
 * different schemas of one database do not wait for each other. The lock ends with the
 * transaction, also when the connection dies.
 */
const LOCK_SQL = `SELECT pg_advisory_xact_lock(${ADVISORY_LOCK_CLASS},
  hashtext(coalesce(current_schema(), '')))`;

const CREATE_LEDGER_SQL = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version    integer PRIMARY KEY,
  name       text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
)`;

/** The ledger on PostgreSQL, on the connection of the run's transaction. */
function postgresLedger(client: PoolClient): MigrationLedger {
  return {
    appliedVersions: async () => {
      const { rows } = await client.query<{ version: number }>('SELECT version FROM schema_migrations');
      return new Set(rows.map((row) => row.version));
    },
    apply: async (migration) => {
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
    },
    // Already inside the run's transaction (applyMigrations), which holds the lock.
    transaction: (steps) => runAsync(steps),
  };
}

/**
 * Brings the schema (the first one on the connection's search_path) up to the newest version
 * and returns the migrations it applied (empty when it was up to date). Everything runs in one
 * transaction holding an advisory lock, so a crash leaves the old or the new schema, and
 * re-running it, or several processes running it at once, is harmless.
 * Throws StorageError when the database holds a migration this code does not know (it was
 * written by a newer Rehook), when a migration fails, or when the database is unreachable.
 */
export async function applyMigrations(pool: Pool): Promise<readonly Migration[]> {
  try {
    return await inTransaction(pool, async (client) => {
      await client.query(LOCK_SQL);
      await client.query(CREATE_LEDGER_SQL);
      return runAsync(migrate(postgresLedger(client), MIGRATIONS));
    });
  } catch (err) {
    throw err instanceof StorageError ? err : storageError('migrate', err);
  }
}
