import { StorageError } from '../../errors.js';

/** One schema step. Versions only grow; a released migration is never edited, only followed. */
export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

/**
 * Every schema step, in version order (version = position + 1). Both adapters use these numbers
 * and names with the same intent; the names are recorded in schema_migrations, so they never
 * change. Append new ones.
 */
const MIGRATION_NAMES = [
  '0001_init',
  '0002_sessions',
  '0003_inbox_names_and_counts',
  '0004_shares',
  '0005_event_signature_and_answer',
  '0006_inbox_signatures',
  '0007_inbox_responses',
  '0008_forwarding',
  '0009_replay_jobs',
  '0010_replay_requests',
  '0011_search',
  '0012_replay_job_outcomes',
  '0013_event_partitions',
  '0014_account_settings_and_token_scopes',
  '0015_alerts',
  '0016_teams',
  '0017_event_types',
  '0018_audit_log',
  '0019_account_identities',
  '0020_event_type_settings',
  '0021_replay_job_resign',
] as const;

export type MigrationName = (typeof MIGRATION_NAMES)[number];

/**
 * An adapter's migrations from its SQL for each step, sorted by version. A step an adapter
 * does not need (SQLite has no 0011_search) is left out of its list.
 */
export function migrationList(sql: Partial<Record<MigrationName, string>>): Migration[] {
  return MIGRATION_NAMES.flatMap((name, index) => {
    const text = sql[name];
    return text === undefined ? [] : [{ version: index + 1, name, sql: text }];
  });
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
