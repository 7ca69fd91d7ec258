import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import Database from 'better-sqlite3';

import { applyMigrations, MIGRATIONS } from '../../src/storage/sqlite/migrations.js';

describe('migration 12 (replay job outcomes) on SQLite', () => {
  it('counts the outcomes of jobs recorded before it from their items, by the rule of new ones', () => {
    const db = new Database(':memory:');
    try {
      db.exec(
        'CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)',
      );
      // A database as the previous release left it: every migration before 12.
      for (const migration of MIGRATIONS.filter((m) => m.version < 12)) {
        db.exec(migration.sql);
        db.prepare('INSERT INTO schema_migrations VALUES (?, ?, 0)').run(migration.version, migration.name);
      }
      db.exec(`INSERT INTO replay_jobs (id, inbox_id, account_id, destination, filter, rate_per_second, concurrency,
          state, total, succeeded, failed, created_at)
        VALUES ('job_1', 'inb_1', 'acc_1', 'https://example.com', '{}', 10, 1, 'running', 8, 5, 2, 0)`);
      const item = db.prepare(
        `INSERT INTO replay_job_items (job_id, position, event_id, done, status_code, error_code)
         VALUES ('job_1', ?, ?, ?, ?, ?)`,
      );
      const items: Array<[number, number | null, string | null]> = [
        [1, 204, null],
        [1, 302, null],
        [1, 404, null],
        [1, 500, null],
        [1, 503, null],
        [1, null, 'DESTINATION_TIMEOUT'],
        [1, null, 'EVENT_NOT_FOUND'],
        [0, null, null],
      ];
      items.forEach(([done, status, error], position) => {
        item.run(position, `evt_${position}`, done, status, error);
      });

      applyMigrations(db);

      assert.deepEqual(
        db.prepare('SELECT status_2xx, status_3xx, status_4xx, status_5xx, unreachable FROM replay_jobs').get(),
        { status_2xx: 1, status_3xx: 1, status_4xx: 1, status_5xx: 2, unreachable: 1 },
      );
    } finally {
      db.close();
    }
  });
});
