import { randomBytes } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';

import type BetterSqlite3 from 'better-sqlite3';
import { Pool } from 'pg';

import { loudBanner } from './environment.js';

/** The server the PostgreSQL suites use; `.ci/run` makes sure one answers here. */
export const TEST_DATABASE_URL = process.env['REHOOK_TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Schemas older than this, left behind by killed runs, are dropped by the next run. */
const STALE_SCHEMA_SECONDS = 6 * 60 * 60;

/** A fresh, empty schema and the URL whose connections use it (via search_path). */
export interface TestSchema {
  readonly name: string;
  readonly url: string;
  /** Drops the schema and everything in it; safe to call twice. */
  drop(): Promise<void>;
}

/** PostgreSQL for one test file: either usable, or the reason it is not. */
export type TestPostgres =
  | {
      readonly available: true;
      /** A superuser pool on the test database, for setup and fault injection. */
      readonly admin: Pool;
      /** Creates a uniquely named schema, dropped by its drop() or at the latest by close(). */
      createSchema(): Promise<TestSchema>;
      /** Drops every schema this file created and closes the admin pool. */
      close(): Promise<void>;
    }
  | { readonly available: false; readonly reason: string };

/** Hides a password in a URL before it is printed. */
function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.href;
  } catch {
    return '(unparseable URL)';
  }
}

/** `url` with connections defaulting to `schema` (node-postgres passes `options` at startup). */
export function urlWithSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.href;
}

/**
 * Connects to REHOOK_TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 * When the server does not answer: with CI set, throws so the test file fails loudly (a CI run
 * must never pass without the PostgreSQL suites); otherwise prints a loud banner naming why and
 * returns `available: false`, and the caller skips its PostgreSQL tests.
 */
export async function connectTestPostgres(): Promise<TestPostgres> {
  const admin = new Pool({
    connectionString: TEST_DATABASE_URL,
    max: 4,
    connectionTimeoutMillis: 5_000,
  });
  admin.on('error', () => undefined);
  try {
    await admin.query('SELECT 1');
  } catch (err) {
    await admin.end().catch(() => undefined);
    const reason = `PostgreSQL at ${redact(TEST_DATABASE_URL)} is unreachable: ${
      err instanceof Error ? err.message : String(err)
    }`;
    const hint = 'Start it, or set REHOOK_TEST_DATABASE_URL (see .ci/run).';
    if (process.env['CI']) {
      const lines = [`${reason}.`, 'CI is set, so the PostgreSQL suites FAIL.', hint];
      throw new Error(loudBanner(lines));
    }
    console.error(loudBanner([`${reason}.`, 'SKIPPING the PostgreSQL suites of this file.', hint]));
    return { available: false, reason };
  }
  await dropStaleSchemas(admin);

  const created = new Set<string>();
  const dropSchema = async (name: string): Promise<void> => {
    await admin.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
    created.delete(name);
  };
  return {
    available: true,
    admin,
    async createSchema() {
      // rehook_test_<unix seconds>_<random>: unique, and old enough ones are known to be stale.
      const name = `rehook_test_${Math.floor(Date.now() / 1000)}_${randomBytes(6).toString('hex')}`;
      await admin.query(`CREATE SCHEMA "${name}"`);
      created.add(name);
      const url = urlWithSearchPath(TEST_DATABASE_URL, name);
      return { name, url, drop: () => dropSchema(name) };
    },
    async close() {
      try {
        for (const name of [...created]) await dropSchema(name);
      } finally {
        await admin.end();
      }
    },
  };
}

/** Drops rehook_test_* schemas that runs killed before their cleanup left behind. */
async function dropStaleSchemas(admin: Pool): Promise<void> {
  const { rows } = await admin.query<{ nspname: string }>(
    "SELECT nspname FROM pg_namespace WHERE nspname ~ '^rehook_test_[0-9]+_[0-9a-f]+$'",
  );
  const cutoff = Date.now() / 1000 - STALE_SCHEMA_SECONDS;
  for (const { nspname } of rows) {
    if (Number(nspname.split('_')[2]) < cutoff) {
      await admin.query(`DROP SCHEMA IF EXISTS "${nspname}" CASCADE`).catch(() => undefined);
    }
  }
}

/**
 * A TCP forwarder in front of the test server, to make the database vanish and come back the
 * way a restart or a network cut does, without touching the shared server.
 */
export interface TcpProxy {
  /** `url` with its host and port replaced by the proxy's. */
  urlFor(url: string): string;
  /** Drops every connection and refuses new ones (ECONNREFUSED) until restore(). */
  cut(): Promise<void>;
  /** Accepts connections again, on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetUrl: string = TEST_DATABASE_URL): Promise<TcpProxy> {
  const target = new URL(targetUrl);
  const targetHost = target.hostname || '127.0.0.1';
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<Socket>();
  const track = (socket: Socket): void => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const onConnection = (client: Socket): void => {
    const upstream = connect(targetPort, targetHost);
    track(client);
    track(upstream);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  };
  const listen = (port: number): Promise<Server> =>
    new Promise((resolve, reject) => {
      const server = createServer(onConnection);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve(server));
    });
  const shut = (server: Server): Promise<void> =>
    new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  let server: Server | null = await listen(0);
  const port = (server.address() as AddressInfo).port;
  const cut = async (): Promise<void> => {
    if (server === null) return;
    const open = server;
    server = null;
    await shut(open);
  };
  return {
    urlFor(url) {
      const parsed = new URL(url);
      parsed.hostname = '127.0.0.1';
      parsed.port = String(port);
      return parsed.href;
    },
    cut,
    async restore() {
      server ??= await listen(port);
    },
    close: cut,
  };
}

/**
 * Polls `check` every 20 ms until it holds; fails the test after 30 s. The limit only catches a
 * condition that never comes: it is generous because on a loaded machine a test process, or the
 * server processes it waits on, may get little CPU for a while.
 */
export async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A TCP port nothing listens on (right now). */
export function unusedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface SchemaShape {
  columns: Record<string, string[]>;
  /** "table(columns)" of every named (non-unique) index. */
  indexes: string[];
  /** "table(columns)" of every UNIQUE constraint that is not the primary key. */
  unique: string[];
}

/** The shape of a SQLite database: tables with their columns, indexes and UNIQUE constraints. */
export function sqliteSchemaShape(db: BetterSqlite3.Database): SchemaShape {
  const tables = (
    db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as {
      name: string;
    }[]
  ).map((row) => row.name);
  const shape: SchemaShape = { columns: {}, indexes: [], unique: [] };
  for (const name of tables) {
    const info = db.prepare(`PRAGMA table_info(${name})`).all() as { name: string }[];
    // Sorted: column order is each adapter's physical choice (SQLite keeps list columns before
    // the body; PostgreSQL can only append), the set of columns is what must match.
    shape.columns[name] = info.map((column) => column.name).sort();
    const list = db.prepare(`PRAGMA index_list(${name})`).all() as {
      name: string;
      unique: number;
      origin: string;
    }[];
    for (const index of list) {
      const cols = (db.prepare(`PRAGMA index_info(${index.name})`).all() as { name: string }[])
        .map((column) => column.name)
        .join(', ');
      if (index.origin === 'c') shape.indexes.push(`${index.name} ${name}(${cols})`);
      if (index.origin === 'u') shape.unique.push(`${name}(${cols})`);
    }
  }
  shape.indexes.sort();
  shape.unique.sort();
  return shape;
}

/** The same shape for a PostgreSQL schema, comparable with sqliteSchemaShape(). */
export async function pgSchemaShape(admin: Pool, schemaName: string): Promise<SchemaShape> {
  const columns = await admin.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1
     ORDER BY table_name, ordinal_position`,
    [schemaName],
  );
  const shape: SchemaShape = { columns: {}, indexes: [], unique: [] };
  // The events table's day partitions, default partition, the table of the schema before
  // partitioning and the view over both are PostgreSQL's layout of one table (event-partitions.ts).
  const layout = /^events_(p\d{8}|default|legacy|all)$/;
  for (const row of columns.rows) {
    if (layout.test(row.table_name)) continue;
    shape.columns[row.table_name] ??= [];
    shape.columns[row.table_name]?.push(row.column_name);
  }
  for (const list of Object.values(shape.columns)) list.sort();
  const indexes = await admin.query<{
    name: string;
    table_name: string;
    cols: string;
    unique: boolean;
    primary: boolean;
  }>(
    `SELECT ic.relname AS name, tc.relname AS table_name, ix.indisunique AS unique,
            ix.indisprimary AS primary,
            (SELECT string_agg(a.attname, ', ' ORDER BY k.ord)
             FROM unnest(ix.indkey) WITH ORDINALITY AS k (attnum, ord)
             JOIN pg_attribute a ON a.attrelid = ix.indrelid AND a.attnum = k.attnum) AS cols
     FROM pg_index ix
     JOIN pg_class ic ON ic.oid = ix.indexrelid
     JOIN pg_class tc ON tc.oid = ix.indrelid
     JOIN pg_namespace n ON n.oid = tc.relnamespace
     WHERE n.nspname = $1`,
    [schemaName],
  );
  for (const index of indexes.rows) {
    if (index.primary || layout.test(index.table_name)) continue;
    if (index.unique) shape.unique.push(`${index.table_name}(${index.cols})`);
    else shape.indexes.push(`${index.name} ${index.table_name}(${index.cols})`);
  }
  shape.indexes.sort();
  shape.unique.sort();
  return shape;
}
