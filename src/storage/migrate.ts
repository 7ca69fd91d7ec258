import { existsSync } from 'node:fs';
import { join } from 'node:path';

import Database from 'better-sqlite3';

import { DATABASE_FILE } from '../compose.js';
import type { Config } from '../config/schema.js';
import {
  MIGRATIONS as POSTGRES_MIGRATIONS,
  applyMigrations as applyPostgresMigrations,
} from './postgres/migrations.js';
import { createPool } from './postgres/store.js';
import { MIGRATIONS as SQLITE_MIGRATIONS } from './sqlite/migrations.js';
import { openSqliteStore } from './sqlite/store.js';

/** What `runMigrations` did. */
export interface MigrationReport {
  readonly database: 'postgres' | 'sqlite';
  /** Schema version after the run: the newest this Rehook knows. */
  readonly version: number;
  /** Names of the migrations this run applied (e.g. `0001_init`); empty when up to date. */
  readonly applied: readonly string[];
}

/**
 * Brings the configured database (PostgreSQL when `databaseUrl` is set, else the SQLite file in
 * `dataDir`) to the newest schema and closes it again: the work of `rehook migrate`. Opening a
 * store does the same, so running it before `serve` is optional; running it twice, or while
 * instances start, is harmless (migrations are versioned, transactional and locked).
 * Rejects with StorageError when the database is unreachable, a migration fails, or the schema
 * is newer than this Rehook knows.
 */
export async function runMigrations(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<MigrationReport> {
  return config.databaseUrl === null
    ? migrateSqlite(join(config.dataDir, DATABASE_FILE))
    : migratePostgres(config.databaseUrl);
}

async function migratePostgres(url: string): Promise<MigrationReport> {
  const pool = createPool({ url, poolSize: 1 });
  try {
    const applied = await applyPostgresMigrations(pool);
    return {
      database: 'postgres',
      version: POSTGRES_MIGRATIONS.at(-1)?.version ?? 0,
      applied: applied.map((migration) => migration.name),
    };
  } finally {
    await pool.end().catch(() => undefined);
  }
}

async function migrateSqlite(path: string): Promise<MigrationReport> {
  const before = appliedSqliteVersions(path);
  const store = openSqliteStore({ path }); // applies pending migrations
  await store.close();
  return {
    database: 'sqlite',
    version: SQLITE_MIGRATIONS.at(-1)?.version ?? 0,
    applied: SQLITE_MIGRATIONS.filter((m) => !before.has(m.version)).map((m) => m.name),
  };
}

/** Versions recorded in an existing SQLite file; empty for a missing or new file. */
function appliedSqliteVersions(path: string): Set<number> {
  if (!existsSync(path)) return new Set();
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const rows = db.prepare('SELECT version FROM schema_migrations').all() as { version: number }[];
    return new Set(rows.map((row) => row.version));
  } catch {
    // No schema_migrations table yet, or unreadable: openSqliteStore reports real problems.
    return new Set();
  } finally {
    db?.close();
  }
}
