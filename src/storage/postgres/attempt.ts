import { DatabaseError, type Pool, type PoolClient } from 'pg';

import { StorageError } from '../../errors.js';

/**
 * Wraps any driver failure in a StorageError that keeps the original error (with its SQLSTATE
 * `code`) as `cause`. Messages of node-postgres never contain the password of the URL.
 */
export function storageError(action: string, err: unknown): StorageError {
  const detail = err instanceof Error ? err.message : String(err);
  return new StorageError(`postgres: ${action} failed: ${detail}`, { cause: err });
}

/**
 * Runs one database call behind the port: its result, or a rejection with a StorageError.
 * Callers of the port never see a synchronous throw or a raw driver error.
 */
export async function attempt<T>(action: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw err instanceof StorageError ? err : storageError(action, err);
  }
}

/**
 * Runs `fn` in one transaction on a dedicated connection. On any failure the connection is
 * discarded instead of returned to the pool: a connection whose ROLLBACK did not go through
 * could otherwise hand an open transaction to the next caller, whose "committed" writes would
 * then silently never commit.
 */
export async function inTransaction<T>(pool: Pool, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await fn(client);
    await client.query('COMMIT');
    client.release();
    return result;
  } catch (err) {
    client.release(err instanceof Error ? err : new Error(String(err)));
    throw err;
  }
}

/** SQLSTATE of an error reported by the server, or undefined for others (e.g. ECONNREFUSED). */
export function sqlState(err: unknown): string | undefined {
  return err instanceof DatabaseError ? err.code : undefined;
}

/** The port allows 1..1000. PostgreSQL refuses a negative LIMIT, so never pass one. */
export function clampLimit(limit: number): number {
  return Math.min(Math.max(Math.floor(limit), 0), 1000);
}
