import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import Database from 'better-sqlite3';

import { runMigrations } from '../../src/compose.js';
import type { Store } from '../../src/ports/store.js';
import { openPostgresStore } from '../../src/storage/postgres/store.js';
import { DATABASE_FILE, openSqliteStore } from '../../src/storage/sqlite/store.js';
import { connectTestPostgres, type TestPostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// Databases made by the release whose migrations were TypeScript strings (fixtures/, written by
// fixtures/make-main-databases.mjs with that release's code): they must open with today's code,
// which finds every migration they recorded and applies only the later ones.

const fixture = (name: string): string => readFileSync(new URL(`fixtures/${name}`, import.meta.url), 'utf8');

/** What the fixture's release stored, read back through today's store. */
async function assertFixtureData(store: Store): Promise<void> {
  assert.equal((await store.accounts.findById('acc_fixture'))?.email, 'fixture@example.com');
  const inbox = await store.inboxes.findLive('inb_fixture', new Date('2026-12-02T00:00:00Z'));
  assert.equal(inbox?.name, 'made by main');
  const event = await store.events.findById('evt_01JFIXTURE0000000000000000');
  assert.equal(event?.body.toString(), '{"ok":true}');
  assert.deepEqual(event?.headers, [['content-type', 'application/json']]);
  assert.deepEqual(
    (await store.inboxes.stats(['inb_fixture'])).map((s) => s.eventCount),
    [1],
  );
}

describe('a SQLite database made by the previous release', () => {
  it('opens with this code, which applies only the steps that release had no file for', async () => {
    const dir = await makeTempDir('rehook-main-sqlite-');
    try {
      const raw = new Database(join(dir.path, DATABASE_FILE));
      raw.exec(fixture('main-sqlite.sql'));
      raw.close();
      const config = { dataDir: dir.path, databaseUrl: null };
      // SQLite had no step 11 or 13 (nothing to do there); it now records them, as PostgreSQL does.
      assert.deepEqual((await runMigrations(config)).applied, ['0011_search', '0013_event_partitions']);
      assert.deepEqual((await runMigrations(config)).applied, []);
      const store = openSqliteStore({ path: join(dir.path, DATABASE_FILE) });
      try {
        await assertFixtureData(store);
      } finally {
        await store.close();
      }
    } finally {
      await dir.cleanup();
    }
  });
});

describe('a PostgreSQL schema made by the previous release', () => {
  let pg: TestPostgres;
  before(async () => {
    pg = await connectTestPostgres();
  });
  after(async () => {
    if (pg.available) await pg.close();
  });

  it('opens with this code, with nothing to apply', async (t) => {
    if (!pg.available) return t.skip(pg.reason);
    const schema = await pg.createSchema();
    await pg.admin.query(fixture('main-postgres.sql').replaceAll('REHOOK_FIXTURE_SCHEMA', schema.name));
    assert.deepEqual((await runMigrations({ dataDir: '', databaseUrl: schema.url })).applied, []);
    const store = await openPostgresStore({ url: schema.url, poolSize: 2 });
    try {
      await assertFixtureData(store);
    } finally {
      await store.close();
    }
  });
});
