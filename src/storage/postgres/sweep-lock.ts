import type { Pool, PoolClient } from 'pg';

import type { SweepLock } from '../../ports/sweep-lock.js';
import { storageError } from './attempt.js';
import { ADVISORY_LOCK_CLASS } from './migrations.js';

/**
 * Second key of the sweep lock: one per schema, so deployments (and test runs) in different
 * schemas of one database sweep independently. Distinct from the migration lock's key.
 */
function keySql(name: string): string {
  // Names are constants of this code base (letters and dashes), never input.
  return `hashtext('${name}:' || coalesce(current_schema(), ''))`;
}

/**
 * The sweeper's cluster-wide lock: a session-level `pg_try_advisory_lock` taken on a connection
 * of the pool, held while the sweep runs (on other connections) and released after. Two
 * instances never sweep at once; the one that does not get the lock skips that round. When the
 * holder dies, PostgreSQL ends its session and the lock with it. Needs a pool of at least two
 * connections (the lock holds one while the sweep queries use others).
 */
export function createPgSweepLock(pool: Pool, name: 'rehook-sweep' | 'rehook-event-types' = 'rehook-sweep'): SweepLock {
  const KEY_SQL = keySql(name);
  return {
    async runExclusive(fn) {
      let client: PoolClient;
      try {
        client = await pool.connect();
      } catch (err) {
        throw storageError('sweep lock', err);
      }
      let broken: Error | undefined;
      try {
        let locked: boolean;
        try {
          const { rows } = await client.query<{ locked: boolean }>(
            `SELECT pg_try_advisory_lock(${ADVISORY_LOCK_CLASS}, ${KEY_SQL}) AS locked`,
          );
          locked = rows[0]?.locked === true;
        } catch (err) {
          broken = err as Error;
          throw storageError('sweep lock', err);
        }
        if (!locked) return { ran: false };
        try {
          return { ran: true, value: await fn() };
        } finally {
          try {
            await client.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCK_CLASS}, ${KEY_SQL})`);
          } catch (err) {
            // The session may still hold the lock: destroy the connection so it ends with it.
            broken = err as Error;
          }
        }
      } finally {
        client.release(broken);
      }
    },
  };
}
