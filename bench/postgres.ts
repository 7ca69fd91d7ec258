// Scenario (h): the ingest of (a) with Rehook on PostgreSQL. Uses a PostgreSQL server on this
// machine only (loopback), in a fresh schema that is dropped afterwards.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import { newId } from '../src/domain/ids.js';
import { systemClock } from '../src/ports/clock.js';
import { createAccount } from '../src/services/accounts.js';
import { createToken } from '../src/services/tokens.js';
import { openPostgresStore } from '../src/storage/postgres/store.js';

export interface PostgresTarget {
  /** Connection URL whose sessions use the bench schema (search_path). */
  readonly url: string;
  /** The URL without its password, for reports. */
  readonly display: string;
  readonly token: string;
  readonly inboxId: string;
  drop(): Promise<void>;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function redact(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password !== '') copy.password = '***';
  copy.search = '';
  return copy.href;
}

/**
 * A fresh schema on the PostgreSQL server at `baseUrl`, holding an account, a token and one
 * owned inbox; or the reason (h) cannot run: no PostgreSQL store in this build, a non-loopback
 * URL, or no server answering.
 */
export async function preparePostgres(snap: string, baseUrl: string): Promise<PostgresTarget | { skipped: string }> {
  if (!existsSync(join(snap, 'dist/src/storage/postgres/store.js')))
    return { skipped: 'skipped: no PostgreSQL store yet' };
  let parsed: URL;
  try {
    parsed = new URL(baseUrl);
  } catch {
    return { skipped: 'skipped: the PostgreSQL URL does not parse' };
  }
  if (!LOOPBACK.has(parsed.hostname)) {
    return {
      skipped: `skipped: PostgreSQL URL ${redact(parsed)} is not on loopback (the benchmark stays on 127.0.0.1)`,
    };
  }
  const admin = new Pool({ connectionString: baseUrl, max: 1, connectionTimeoutMillis: 3_000 });
  admin.on('error', () => undefined);
  const schema = `rehook_bench_${randomBytes(6).toString('hex')}`;
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } catch (err) {
    await admin.end().catch(() => undefined);
    const reason = err instanceof Error ? err.message : String(err);
    return { skipped: `skipped: no PostgreSQL server usable at ${redact(parsed)} (${reason}); set BENCH_POSTGRES_URL` };
  }
  const drop = async (): Promise<void> => {
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => undefined);
    await admin.end().catch(() => undefined);
  };
  try {
    const withSchema = new URL(baseUrl);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    const url = withSchema.href;
    const store = await openPostgresStore({ url, poolSize: 2 });
    try {
      const deps = { store, clock: systemClock };
      const account = await createAccount(deps, { email: 'bench@rehook.invalid' });
      const { plaintext: token } = await createToken(deps, { accountId: account.id, name: 'bench' });
      const inboxId = newId('inbox');
      await store.inboxes.insert({
        id: inboxId,
        ownerId: account.id,
        name: null,
        createdAt: new Date(),
        expiresAt: null,
      });
      return { url, display: `${redact(parsed)} (schema ${schema})`, token, inboxId, drop };
    } finally {
      await store.close();
    }
  } catch (err) {
    await drop();
    const reason = err instanceof Error ? err.message : String(err);
    return { skipped: `skipped: could not prepare PostgreSQL (${reason})` };
  }
}
