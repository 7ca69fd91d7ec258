import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, it } from 'node:test';

import { claimBatchSize, leaseEndMs, nextAttemptAt } from '../../src/domain/outbound-delivery.js';
import { clampLimit } from '../../src/domain/page-limit.js';
import { itemTally } from '../../src/domain/replay-job.js';
import { StorageError } from '../../src/errors.js';
import { asRead } from '../../src/storage/shared/column-values.js';
import { columnList, paramMarkers, setFromExcluded } from '../../src/storage/shared/sql-lists.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import {
  type Io,
  type Migration,
  type MigrationLedger,
  migrate,
  readMigrations,
  runAsync,
  runSync,
  type Steps,
} from '../../src/storage/shared/migration-runner.js';

// The code both adapters share around their SQL. The conformance suite proves the adapters
// alike end to end; these cases pin the pieces a refactor could bend without a store noticing.

/** A ledger in memory; `later` makes every call answer through a promise, as node-postgres does. */
function memoryLedger(opts: { later: boolean; applied?: number[]; failOn?: number }) {
  const applied = new Set(opts.applied ?? []);
  const calls: string[] = [];
  const answer = <T>(value: () => T): Io<T> => (opts.later ? Promise.resolve().then(value) : value());
  const ledger: MigrationLedger = {
    appliedVersions: () => answer(() => new Set(applied)),
    apply: (migration) =>
      answer(() => {
        if (migration.version === opts.failOn) throw new Error('syntax error');
        calls.push(`apply ${migration.name}`);
        applied.add(migration.version);
      }),
    transaction: <T>(steps: Steps<T>): Io<T> => {
      calls.push('begin');
      return opts.later ? runAsync(steps) : runSync(steps);
    },
  };
  return { ledger, applied, calls };
}

const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: '0001_init', sql: 'CREATE TABLE a (x int)' },
  { version: 2, name: '0002_sessions', sql: 'CREATE TABLE b (x int)' },
  { version: 3, name: '0003_inbox_names_and_counts', sql: 'CREATE TABLE c (x int)' },
];

async function run(later: boolean, ledger: MigrationLedger): Promise<Migration[]> {
  return later ? runAsync(migrate(ledger, MIGRATIONS)) : runSync(migrate(ledger, MIGRATIONS));
}

describe('migration files', () => {
  it('reads NNNN-name.sql in version order as version NNNN named NNNN_name, verbatim, and nothing else', async () => {
    const dir = await makeTempDir('rehook-migrations-');
    try {
      writeFileSync(join(dir.path, '0002-second_step.sql'), '-- two\n');
      writeFileSync(join(dir.path, '0001-init.sql'), 'CREATE TABLE a (x int);\n');
      writeFileSync(join(dir.path, 'README.md'), 'not a migration');
      assert.deepEqual(readMigrations(pathToFileURL(`${dir.path}/`)), [
        { version: 1, name: '0001_init', sql: 'CREATE TABLE a (x int);\n' },
        { version: 2, name: '0002_second_step', sql: '-- two\n' },
      ]);
    } finally {
      await dir.cleanup();
    }
  });

  it('refuses a list with a version missing, so a build that lost a file does not start', async () => {
    const dir = await makeTempDir('rehook-migrations-');
    try {
      writeFileSync(join(dir.path, '0001-init.sql'), '');
      writeFileSync(join(dir.path, '0003-third.sql'), '');
      assert.throws(() => readMigrations(pathToFileURL(`${dir.path}/`)), StorageError);
    } finally {
      await dir.cleanup();
    }
  });
});

for (const later of [false, true]) {
  describe(`migration runner, ${later ? 'asynchronous' : 'synchronous'} driver`, () => {
    it('applies the pending migrations in version order, one transaction each, and returns them', async () => {
      const { ledger, calls } = memoryLedger({ later, applied: [1] });
      const done = await run(later, ledger);
      assert.deepEqual(
        done.map((m) => m.version),
        [2, 3],
      );
      assert.deepEqual(calls, ['begin', 'apply 0002_sessions', 'begin', 'apply 0003_inbox_names_and_counts']);
      assert.deepEqual(await run(later, ledger), []);
    });

    it('refuses a database holding a version newer than it knows', async () => {
      const { ledger } = memoryLedger({ later, applied: [1, 9999] });
      await assert.rejects(
        run(later, ledger),
        (err) => err instanceof StorageError && /schema version 9999 is newer .* \(3\)/.test(err.message),
      );
    });

    it('wraps a failing migration in StorageError naming it, and stops there', async () => {
      const { ledger, applied } = memoryLedger({ later, failOn: 2 });
      await assert.rejects(
        run(later, ledger),
        (err) => err instanceof StorageError && err.message === 'migration 0002_sessions failed: Error: syntax error',
      );
      assert.deepEqual([...applied], [1]);
    });

    it('skips a migration another process applied after the first look (checked inside its transaction)', async () => {
      const { ledger, applied, calls } = memoryLedger({ later });
      const racing: MigrationLedger = {
        ...ledger,
        transaction: (steps) => {
          applied.add(2);
          return ledger.transaction(steps);
        },
      };
      const done = await run(later, racing);
      assert.deepEqual(
        done.map((m) => m.version),
        [1, 3],
      );
      assert.equal(calls.includes('apply 0002_sessions'), false);
    });
  });
}

describe('limits and claims', () => {
  it('clamps a page limit to a whole number between 0 and the maximum', () => {
    assert.equal(clampLimit(-5), 0);
    assert.equal(clampLimit(2.9), 2);
    assert.equal(clampLimit(5000), 1000);
    assert.equal(clampLimit(5000, Number.MAX_SAFE_INTEGER), 5000);
  });

  it('claims no delivery below 1, else a whole number up to 1000', () => {
    assert.equal(claimBatchSize(0.5), 0);
    assert.equal(claimBatchSize(-1), 0);
    assert.equal(claimBatchSize(7.8), 7);
    assert.equal(claimBatchSize(1e6), 1000);
  });

  it('ends a lease leaseMs after now, and is due again only while pending', () => {
    const now = new Date(1_000);
    assert.equal(leaseEndMs(now, 30_000), 31_000);
    assert.deepEqual(nextAttemptAt({ state: 'pending', nextAttemptAt: now }), now);
    assert.equal(nextAttemptAt({ state: 'delivered' }), null);
  });

  it('counts a replay job item with an answer as succeeded in its class, one without as failed', () => {
    const none = { status2xx: 0, status3xx: 0, status4xx: 0, status5xx: 0, unreachable: 0 };
    const answered = { succeeded: 1, failed: 0 };
    assert.deepEqual(itemTally({ statusCode: 500, errorCode: null }), { ...none, ...answered, status5xx: 1 });
    assert.deepEqual(itemTally({ statusCode: 299, errorCode: null }), { ...none, ...answered, status2xx: 1 });
    assert.deepEqual(itemTally({ statusCode: 302, errorCode: null }), { ...none, ...answered, status3xx: 1 });
    assert.deepEqual(itemTally({ statusCode: 499, errorCode: null }), { ...none, ...answered, status4xx: 1 });
    assert.deepEqual(itemTally({ statusCode: null, errorCode: 'DESTINATION_TIMEOUT' }), {
      ...none,
      succeeded: 0,
      failed: 1,
      unreachable: 1,
    });
    // A deleted event was never sent: failed, but the destination was not tried.
    assert.deepEqual(itemTally({ statusCode: null, errorCode: 'EVENT_NOT_FOUND' }), {
      ...none,
      succeeded: 0,
      failed: 1,
    });
  });
});

describe('column lists and plain columns', () => {
  it('names a column as the domain names its field and keeps its value as read', () => {
    const row = { id: 'x', rule_name: 'r', status_2xx: 3, error_message: null, body: 'b' };
    assert.deepEqual(asRead(row, ['id', 'rule_name', 'status_2xx', 'error_message']), {
      id: 'x',
      ruleName: 'r',
      status2xx: 3,
      errorMessage: null,
    });
  });

  it('writes the lists statements repeat from one array of columns', () => {
    assert.equal(columnList(['a', 'b_c']), 'a, b_c');
    assert.equal(columnList(['a', 'b_c'], 'f'), 'f.a, f.b_c');
    assert.equal(setFromExcluded(['a', 'b_c']), 'a = excluded.a, b_c = excluded.b_c');
    assert.equal(
      paramMarkers(3, (n) => `$${n}`),
      '$1, $2, $3',
    );
    assert.equal(
      paramMarkers(2, () => '?'),
      '?, ?',
    );
  });
});
