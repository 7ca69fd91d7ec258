import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';

import { MIGRATIONS as POSTGRES_MIGRATIONS } from '../../src/storage/postgres/migrations.js';
import type { Migration } from '../../src/storage/shared/migration-runner.js';
import { MIGRATIONS as SQLITE_MIGRATIONS } from '../../src/storage/sqlite/migrations.js';

/**
 * SHA-256 of the SQL of every migration a released Rehook applied, by database and name, taken
 * from the release that still held them as TypeScript strings. Databases have run these bytes:
 * a file that no longer hashes to them is an edited released migration. Never change an entry;
 * new migrations need none.
 */
const RELEASED: Record<'sqlite' | 'postgres', Record<string, string>> = JSON.parse(
  readFileSync(new URL('fixtures/migration-sha256.json', import.meta.url), 'utf8'),
);

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
const versionsAndNames = (list: readonly Migration[]) => list.map(({ version, name }) => ({ version, name }));

describe('migration files', () => {
  it('are the same steps, by version and name, on SQLite and on PostgreSQL', () => {
    assert.deepEqual(versionsAndNames(SQLITE_MIGRATIONS), versionsAndNames(POSTGRES_MIGRATIONS));
  });

  for (const [database, migrations] of [
    ['sqlite', SQLITE_MIGRATIONS],
    ['postgres', POSTGRES_MIGRATIONS],
  ] as const) {
    it(`${database}: every released migration is byte for byte the SQL databases applied`, () => {
      const released = RELEASED[database];
      const present = new Map(migrations.map((m) => [m.name, sha256(m.sql)]));
      for (const [name, hash] of Object.entries(released)) {
        assert.equal(present.get(name), hash, `${database} migration ${name} differs from the released one`);
      }
    });
  }
});
