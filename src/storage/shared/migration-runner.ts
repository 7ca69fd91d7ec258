import { readdirSync, readFileSync } from 'node:fs';

import { StorageError } from '../../errors.js';

/** One schema step. Versions only grow; a released migration is never edited, only followed. */
export interface Migration {
  readonly version: number;
  /** As recorded in schema_migrations, e.g. `0001_init`: never changes. */
  readonly name: string;
  readonly sql: string;
}

/** What bringing a database to the newest schema did (`rehook migrate`). */
export interface MigrationReport {
  readonly database: 'postgres' | 'sqlite';
  /** Schema version after the run: the newest this Rehook knows. */
  readonly version: number;
  /** Names of the migrations this run applied (e.g. `0001_init`); empty when up to date. */
  readonly applied: readonly string[];
}

/** `0001-init.sql`: the version, then the name. */
const MIGRATION_FILE = /^(\d{4})-([a-z0-9_]+)\.sql$/;

/**
 * An adapter's migrations: the `NNNN-name.sql` files of `dir`, each run verbatim (its bytes are
 * what databases applied, so a released file is never edited), recorded as version NNNN and
 * name `NNNN_name`. Both adapters have the same files by version and name
 * (test/storage/migration-files.test.ts); a step one database does not need is a file that only
 * says why. Throws when a version is missing or doubled: a build that lost a file must not start.
 */
export function readMigrations(dir: URL): Migration[] {
  const migrations = readdirSync(dir)
    .flatMap((file) => {
      const match = MIGRATION_FILE.exec(file);
      return match === null ? [] : [{ file, number: match[1] ?? '', words: match[2] ?? '' }];
    })
    .sort((a, b) => a.file.localeCompare(b.file))
    .map(({ file, number, words }) => ({
      version: Number(number),
      name: `${number}_${words}`,
      sql: readFileSync(new URL(file, dir), 'utf8'),
    }));
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new StorageError(`migration ${index + 1} is missing or doubled in ${dir.pathname}`);
    }
  });
  return migrations;
}

/** What a database call gives: the value itself (better-sqlite3) or a promise of it (node-postgres). */
export type Io<T> = T | Promise<T>;

/**
 * Steps written once for both drivers: a generator that yields each database call's Io and is
 * resumed with its value. runSync drives it for better-sqlite3 (opening a SQLite store stays
 * synchronous), runAsync for node-postgres.
 */
export type Steps<T> = Generator<unknown, T, unknown>;

function* io<T>(value: Io<T>): Generator<Io<T>, T, unknown> {
  return (yield value) as T;
}

export function runSync<T>(steps: Steps<T>): T {
  let next = steps.next();
  while (!next.done) {
    if (next.value instanceof Promise) throw new TypeError('a synchronous run was given a promise');
    next = steps.next(next.value);
  }
  return next.value;
}

export async function runAsync<T>(steps: Steps<T>): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    let value: unknown;
    try {
      value = await next.value;
    } catch (err) {
      next = steps.throw(err);
      continue;
    }
    next = steps.next(value);
  }
  return next.value;
}

/** The database side of migrating, in each adapter's SQL. */
export interface MigrationLedger {
  /** Versions recorded in schema_migrations. */
  appliedVersions(): Io<ReadonlySet<number>>;
  /** Runs the migration's SQL and records it in schema_migrations. */
  apply(migration: Migration): Io<void>;
  /**
   * Runs the steps of one migration as one transaction and gives their result: on SQLite an
   * IMMEDIATE transaction of its own; on PostgreSQL the run's one transaction, which holds the
   * migration lock. The adapter drives the steps with runSync or runAsync.
   */
  transaction<T>(steps: Steps<T>): Io<T>;
}

/**
 * Brings a database up to the newest of `migrations`: each one not yet recorded is applied, in
 * version order, in a transaction with its record, so a crash leaves either the old or the new
 * schema, and re-running it (or a second process racing this one) is harmless. Returns the
 * migrations it applied. Throws StorageError when the database holds a version this code does
 * not know (it was written by a newer Rehook) or when a migration fails.
 */
export function* migrate(ledger: MigrationLedger, migrations: readonly Migration[]): Steps<Migration[]> {
  const ordered = [...migrations].sort((a, b) => a.version - b.version);
  const known = ordered.at(-1)?.version ?? 0;
  const applied = yield* io(ledger.appliedVersions());
  const newest = Math.max(0, ...applied);
  if (newest > known) {
    throw new StorageError(`database schema version ${newest} is newer than this Rehook knows (${known})`);
  }
  const done: Migration[] = [];
  for (const migration of ordered) {
    if (applied.has(migration.version)) continue;
    try {
      if (yield* io(ledger.transaction(applyOnce(ledger, migration)))) done.push(migration);
    } catch (err) {
      throw new StorageError(`migration ${migration.name} failed: ${String(err)}`, { cause: err });
    }
  }
  return done;
}

/** One migration's transaction; checked again inside it, as another process may have applied it meanwhile. */
function* applyOnce(ledger: MigrationLedger, migration: Migration): Steps<boolean> {
  if ((yield* io(ledger.appliedVersions())).has(migration.version)) return false;
  yield* io(ledger.apply(migration));
  return true;
}
