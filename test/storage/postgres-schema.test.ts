import assert from 'node:assert/strict';
import { after, afterEach, beforeEach, describe, it } from 'node:test';

import { runMigrations } from '../../src/compose.js';
import { StorageError } from '../../src/errors.js';
import { applyMigrations, MIGRATIONS } from '../../src/storage/postgres/migrations.js';
import { openPostgresStore, type PostgresStore } from '../../src/storage/postgres/store.js';
import { openSqliteStore } from '../../src/storage/sqlite/store.js';
import {
  TEST_DATABASE_URL,
  connectTestPostgres,
  pgSchemaShape,
  sqliteSchemaShape,
  unusedPort,
  type TestSchema,
} from '../helpers/postgres.js';
import { anonymousInbox, createEventMaker, type EventMaker } from './conformance/fixtures.js';

// The PostgreSQL schema: its migrations, and its likeness to SQLite's.

const pg = await connectTestPostgres();

if (!pg.available) {
  it('PostgreSQL schema suites', { skip: pg.reason }, () => undefined);
} else {
  after(() => pg.close());
  const { admin } = pg;

  describe('PostgreSQL schema', () => {
    let schema: TestSchema;
    let store: PostgresStore;
    let make: EventMaker;

    const open = () => openPostgresStore({ url: schema.url, poolSize: 4 });
    const table = (name: string) => `"${schema.name}".${name}`;

    beforeEach(async () => {
      schema = await pg.createSchema();
      store = await open();
      make = createEventMaker();
    });

    afterEach(async () => {
      try {
        await store.close();
      } finally {
        await schema.drop();
      }
    });

    it('records each migration once, so re-running and reopening change nothing', async () => {
      const applied = async () =>
        (
          await admin.query(`SELECT version, name, applied_at FROM ${table('schema_migrations')}
                            ORDER BY version`)
        ).rows as { version: number; name: string }[];
      const before = await applied();
      assert.deepEqual(
        before.map(({ version, name }) => ({ version, name })),
        MIGRATIONS.map(({ version, name }) => ({ version, name })),
      );
      assert.deepEqual(await applyMigrations(store.pool), []);
      await store.close();
      store = await open();
      assert.deepEqual(await applied(), before);
    });

    it('migrates an empty schema once when several instances open it at once', async () => {
      const fresh = await pg.createSchema();
      const stores = await Promise.all(
        Array.from({ length: 4 }, () => openPostgresStore({ url: fresh.url, poolSize: 2 })),
      );
      try {
        const { rows } = await admin.query(
          `SELECT version, name FROM "${fresh.name}".schema_migrations ORDER BY version`,
        );
        assert.deepEqual(
          rows,
          MIGRATIONS.map(({ version, name }) => ({ version, name })),
        );
        const inbox = anonymousInbox();
        await stores[0]?.inboxes.insert(inbox);
        for (const other of stores) {
          assert.deepEqual(await other.inboxes.findLive(inbox.id, inbox.createdAt), inbox);
        }
      } finally {
        await Promise.all(stores.map((s) => s.close()));
        await fresh.drop();
      }
    });

    it('migration 3 counts the events of the inboxes a schema already holds', async () => {
      // A schema of Rehook before migration 3: the first migration only, then rows.
      const old = await pg.createSchema();
      const t = (name: string) => `"${old.name}".${name}`;
      try {
        const [first] = MIGRATIONS;
        await admin.query(`SET search_path TO "${old.name}"; ${first?.sql ?? ''}
          CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now());
          INSERT INTO schema_migrations (version, name) VALUES (${first?.version}, '${first?.name}'); RESET search_path;`);
        const busy = anonymousInbox();
        const quiet = anonymousInbox();
        for (const inbox of [busy, quiet]) {
          await admin.query(
            `INSERT INTO ${t('inboxes')} (id, owner_id, created_at, expires_at) VALUES ($1, NULL, now(), NULL)`,
            [inbox.id],
          );
        }
        const insertEventRow = (id: string, inboxId: string, ms: number) =>
          admin.query(
            `INSERT INTO ${t('events')} (id, inbox_id, received_at, method, path, query, content_type, size, source_ip, headers, body)
             VALUES ($1, $2, $3, 'POST', '/', '', NULL, 0, '127.0.0.1', '[]', '')`,
            [id, inboxId, new Date(ms).toISOString()],
          );
        for (let i = 0; i < 3; i += 1) await insertEventRow(make(busy.id).id, busy.id, i);
        // Events of an inbox deleted before the upgrade (waiting for the purge) count nowhere.
        await insertEventRow(make(busy.id).id, 'inb_deleted_before_upgrade', 9);

        const upgraded = await openPostgresStore({ url: old.url, poolSize: 2 });
        try {
          assert.deepEqual(await upgraded.inboxes.stats([busy.id, quiet.id]), [
            { eventCount: 3, lastEventAt: new Date(2) },
            { eventCount: 0, lastEventAt: null },
          ]);
          assert.equal((await upgraded.inboxes.findLive(busy.id, new Date()))?.name, null);
        } finally {
          await upgraded.close();
        }
      } finally {
        await old.drop();
      }
    });

    it('runMigrations (rehook migrate) migrates a fresh schema once', async () => {
      const fresh = await pg.createSchema();
      try {
        const config = { dataDir: '/nonexistent', databaseUrl: fresh.url };
        const version = MIGRATIONS.at(-1)?.version;
        assert.deepEqual(await runMigrations(config), {
          database: 'postgres',
          version,
          applied: MIGRATIONS.map((m) => m.name),
        });
        const again = await runMigrations(config);
        assert.deepEqual(again, { database: 'postgres', version, applied: [] });
      } finally {
        await fresh.drop();
      }
    });

    it('refuses to open a schema migrated by a newer version', async () => {
      await admin.query(`INSERT INTO ${table('schema_migrations')} VALUES (9999, '9999_future')`);
      await assert.rejects(open(), (err: unknown) => {
        assert.ok(err instanceof StorageError);
        assert.match(err.message, /newer than this Rehook knows/);
        return true;
      });
      await admin.query(`DELETE FROM ${table('schema_migrations')} WHERE version = 9999`);
    });

    it('rejects with StorageError when nothing listens at the URL', async () => {
      const port = await unusedPort();
      const url = new URL(TEST_DATABASE_URL);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      await assert.rejects(openPostgresStore({ url: url.href }), (err: unknown) => {
        assert.ok(err instanceof StorageError);
        assert.equal((err.cause as { code?: string }).code, 'ECONNREFUSED');
        return true;
      });
    });

    it('has the tables, columns and indexes of the SQLite schema', async () => {
      const sqlite = openSqliteStore({ path: ':memory:' });
      try {
        const expected = sqliteSchemaShape(sqlite.db);
        // Events are partitioned by day on PostgreSQL (event-partitions.ts): no seq column, and
        // the primary key (id, received_at) instead of a unique id.
        expected.columns['events'] = expected.columns['events']?.filter((column) => column !== 'seq') ?? [];
        expected.unique = expected.unique.filter((unique) => unique !== 'events(id)');
        // The event-type worker's queue is ordered by seq on SQLite and by the id on PostgreSQL.
        expected.indexes = expected.indexes.map((index) =>
          index === 'events_untyped events(seq)' ? 'events_untyped events(id)' : index,
        );
        assert.deepEqual(await pgSchemaShape(admin, schema.name), expected);
      } finally {
        await sqlite.close();
      }
    });

    it('compares and orders every id column bytewise (COLLATE "C")', async () => {
      const { rows } = await admin.query(
        `SELECT table_name, column_name, collation_name FROM information_schema.columns
         WHERE table_schema = $1 AND (column_name = 'id' OR column_name LIKE '%\\_id'
               OR column_name = 'hash')
           AND collation_name IS DISTINCT FROM 'C'`,
        [schema.name],
      );
      assert.deepEqual(rows, []);
    });
  });
}
