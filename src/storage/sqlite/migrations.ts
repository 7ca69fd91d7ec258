import type BetterSqlite3 from 'better-sqlite3';

import { type Migration, type MigrationLedger, migrate, readMigrations, runSync } from '../shared/migration-runner.js';

export type { Migration } from '../shared/migration-runner.js';

/** This adapter's schema steps: the files of ./migrations/ (see its README.md). */
export const MIGRATIONS: readonly Migration[] = readMigrations(new URL('./migrations/', import.meta.url));

/** The ledger on SQLite: the applied_at column holds INTEGER milliseconds. */
function sqliteLedger(db: BetterSqlite3.Database): MigrationLedger {
  const versions = db.prepare<[], number>('SELECT version FROM schema_migrations').pluck(true);
  const record = db.prepare<[number, string, number]>(
    'INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)',
  );
  return {
    appliedVersions: () => new Set(versions.all()),
    apply: (migration) => {
      db.exec(migration.sql);
      record.run(migration.version, migration.name, Date.now());
    },
    transaction: (steps) => db.transaction(() => runSync(steps)).immediate(),
  };
}

/**
 * Brings the database up to the newest schema (see migrate) and returns the migrations it
 * applied: each missing one runs in its own IMMEDIATE transaction together with its
 * schema_migrations row. Throws StorageError when the database holds a migration this code does
 * not know (it was written by a newer Rehook) or when a migration fails.
 */
export function applyMigrations(db: BetterSqlite3.Database): readonly Migration[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    INTEGER PRIMARY KEY,
    name       TEXT NOT NULL,
    applied_at INTEGER NOT NULL
  )`);
  return runSync(migrate(sqliteLedger(db), MIGRATIONS));
}
