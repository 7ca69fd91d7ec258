import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runMigrations } from '../../src/compose.js';
import { MIGRATIONS as SQLITE_MIGRATIONS } from '../../src/storage/sqlite/migrations.js';
import { makeTempDir } from '../helpers/temp-dir.js';

// `rehook migrate` without a database URL: the SQLite file in the data directory, migrated once.
describe('runMigrations without a database URL', () => {
  it('migrates the SQLite file in the data directory once', async () => {
    const dir = await makeTempDir('rehook-migrate-');
    try {
      const config = { dataDir: join(dir.path, 'data'), databaseUrl: null };
      const version = SQLITE_MIGRATIONS.at(-1)?.version;
      const all = SQLITE_MIGRATIONS.map((m) => m.name);
      assert.deepEqual(await runMigrations(config), { database: 'sqlite', version, applied: all });
      assert.deepEqual(await runMigrations(config), { database: 'sqlite', version, applied: [] });
    } finally {
      await dir.cleanup();
    }
  });
});
