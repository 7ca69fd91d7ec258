import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import type { DeliveryAttempt } from '../../../src/domain/forwarding.js';
import { newId } from '../../../src/domain/ids.js';
import type { Inbox } from '../../../src/domain/inbox.js';
import { emptyJobCounts, type ReplayJob } from '../../../src/domain/replay-job.js';
import type { Store } from '../../../src/ports/store.js';
import {
  HOUR,
  anonymousInbox,
  at,
  createEventMaker,
  insertEvent,
  makeReplay,
  ownedInbox,
  type StoreGetter,
} from './fixtures.js';

/**
 * What goes with a deleted inbox or event (docs/decisions.md #29): every row of every table
 * that refers to the inbox, its events or its replay jobs. The rows are counted with raw SQL
 * through the adapters' test handles (SqliteStore.db, PostgresStore.pool), over every table of
 * the schema that has one of the referring columns, so a table added later is checked too.
 */

/** Columns that refer to an inbox, an event or a replay job (`id` is each table's own). */
const REFERRING_COLUMNS = ['id', 'inbox_id', 'event_id', 'job_id'] as const;

interface RawSql {
  /** Every table of the schema with the referring columns it has. */
  tables(): Promise<Map<string, string[]>>;
  /** Rows of `table` whose `column` is one of `ids`. */
  count(table: string, column: string, ids: readonly string[]): Promise<number>;
}

function rawSql(store: Store): RawSql {
  if ('db' in store) {
    const db = (store as unknown as { db: import('better-sqlite3').Database }).db;
    return {
      tables: async () => {
        const rows = db
          .prepare<[], { table_name: string; column_name: string }>(
            `SELECT m.name AS table_name, c.name AS column_name FROM sqlite_master AS m, pragma_table_info(m.name) AS c
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`,
          )
          .all();
        return groupColumns(rows);
      },
      count: async (table, column, ids) =>
        (
          db
            .prepare<[string], { n: number }>(
              `SELECT count(*) AS n FROM "${table}" WHERE "${column}" IN (SELECT value FROM json_each(?))`,
            )
            .get(JSON.stringify(ids)) ?? { n: 0 }
        ).n,
    };
  }
  if ('pool' in store) {
    const pool = (store as unknown as { pool: import('pg').Pool }).pool;
    return {
      tables: async () => {
        const { rows } = await pool.query<{ table_name: string; column_name: string }>(
          `SELECT table_name, column_name FROM information_schema.columns
           WHERE table_schema = current_schema()`,
        );
        return groupColumns(rows);
      },
      count: async (table, column, ids) => {
        const { rows } = await pool.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM "${table}" WHERE "${column}"::text = ANY ($1::text[])`,
          [[...ids]],
        );
        return rows[0]?.n ?? 0;
      },
    };
  }
  throw new Error('the store under test has no raw SQL handle (db or pool)');
}

function groupColumns(rows: ReadonlyArray<{ table_name: string; column_name: string }>): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const { table_name: table, column_name: column } of rows) {
    if (!(REFERRING_COLUMNS as readonly string[]).includes(column)) continue;
    tables.set(table, [...(tables.get(table) ?? []), column]);
  }
  return tables;
}

/** Rows per `table.column` that refer to one of `ids` (only non-zero entries). */
async function referringRows(store: Store, ids: readonly string[]): Promise<Record<string, number>> {
  const sql = rawSql(store);
  const found: Record<string, number> = {};
  for (const [table, columns] of await sql.tables()) {
    for (const column of columns) {
      const n = await sql.count(table, column, ids);
      if (n > 0) found[`${table}.${column}`] = n;
    }
  }
  return found;
}

function attemptOf(eventId: string, number: number): DeliveryAttempt {
  return {
    eventId,
    number,
    startedAt: at(HOUR),
    url: 'https://example.com/hooks',
    outcome: 'rejected',
    statusCode: 503,
    latencyMs: 4,
    errorCode: null,
    errorMessage: 'the destination answered 503',
  };
}

function makeJob(inboxId: string, offsetMs: number): ReplayJob {
  return {
    id: newId('replayJob'),
    inboxId,
    accountId: newId('account'),
    destination: 'https://example.com/hook',
    filter: {},
    ratePerSecond: 5,
    concurrency: 1,
    resign: false,
    state: 'queued',
    counts: emptyJobCounts(0),
    createdAt: at(offsetMs),
    startedAt: null,
    finishedAt: null,
    errorCode: null,
    errorMessage: null,
  };
}

interface Seeded {
  readonly inbox: Inbox;
  readonly events: CapturedEvent[];
  readonly jobIds: string[];
  /** The inbox, its events and its jobs: what no row may refer to once it is purged. */
  readonly ids: string[];
}

/**
 * An inbox with a row in every table that can refer to it: a share, signature settings (owned
 * inboxes only), a response of its own, forwarding, `count` events with deliveries (some
 * with attempts, some in flight), replays, and replay jobs (one queued, one running, one
 * finished) with items.
 */
async function seedInbox(
  store: Store,
  inbox: Inbox,
  count: number,
  jobOffsetMs: number,
  others: readonly Seeded[] = [],
): Promise<Seeded> {
  const otherInboxes = others.map((o) => o.inbox.id);
  await store.inboxes.insert(inbox);
  const id = newId('share');
  await store.shares.insert({
    id,
    inboxId: inbox.id,
    hash: createHash('sha256').update(id).digest('hex'),
    prefix: 'rhs_0000',
    createdAt: at(0),
  });
  if (inbox.ownerId !== null) {
    const stored = await store.signatures.put(
      {
        inboxId: inbox.id,
        scheme: 'stripe',
        sealedSecret: 'v1.sealed',
        secretHint: null,
        options: {},
        updatedAt: at(0),
      },
      inbox.ownerId,
    );
    assert.equal(stored, true);
  }
  const response = {
    inboxId: inbox.id,
    answer: { status: 202, headers: [], body: Buffer.from('ok'), delayMs: 0, template: false },
    rules: [],
    updatedAt: at(0),
  };
  assert.equal(await store.responses.put(response, inbox.ownerId, at(0)), true);
  await store.forwarding.put({
    inboxId: inbox.id,
    destination: 'https://example.com/hooks',
    enabled: true,
    maxAttempts: 5,
    maxDelayMs: 60_000,
    createdAt: at(0),
    updatedAt: at(0),
  });
  const make = createEventMaker();
  const events = Array.from({ length: count }, () => make(inbox.id));
  for (const event of events) assert.equal(await insertEvent(store, event), true);
  // Every delivery gets one attempt and is due again later; two are then in flight again.
  const claimed = await store.forwarding.claim({
    owner: 'w1',
    now: at(HOUR),
    leaseMs: 60_000,
    limit: 1000,
    excludeInboxIds: otherInboxes,
  });
  for (const c of claimed) {
    const done = await store.forwarding.complete({
      eventId: c.eventId,
      owner: 'w1',
      number: c.number,
      attempt: attemptOf(c.eventId, c.number),
      next: { state: 'pending', nextAttemptAt: at(2 * HOUR) },
      now: at(HOUR),
    });
    assert.equal(done, true);
  }
  assert.equal(claimed.length, count, 'every event of the inbox got a delivery');
  await store.forwarding.claim({
    owner: 'w2',
    now: at(2 * HOUR),
    leaseMs: 60_000,
    limit: 2,
    excludeInboxIds: otherInboxes,
  });
  for (const event of events.slice(0, 3)) await store.replays.insert(makeReplay(event, newId('account')));

  const jobs = [makeJob(inbox.id, jobOffsetMs), makeJob(inbox.id, jobOffsetMs + 1), makeJob(inbox.id, jobOffsetMs + 2)];
  for (const job of jobs)
    await store.replayJobs.insert(
      job,
      events.map((e) => e.id),
    );
  const [queued, running, finished] = jobs as [ReplayJob, ReplayJob, ReplayJob];
  const c = await store.replayJobs.claim('r1', at(HOUR), at(2 * HOUR), [queued.id, ...others.flatMap((o) => o.jobIds)]);
  assert.equal(c?.job.id, running.id);
  await store.replayJobs.completeItem(running.id, 0, {
    replayId: null,
    statusCode: 200,
    latencyMs: 1,
    errorCode: null,
    completedAt: at(HOUR),
  });
  assert.notEqual(await store.replayJobs.cancel(finished.id, at(HOUR)), null);
  return {
    inbox,
    events,
    jobIds: jobs.map((j) => j.id),
    ids: [inbox.id, ...events.map((e) => e.id), ...jobs.map((j) => j.id)],
  };
}

/** Calls purgeDeleted(limit) until it returns 0. */
async function purgeAll(store: Store, limit: number): Promise<void> {
  for (let calls = 0; calls < 10_000; calls += 1) {
    const removed = await store.inboxes.purgeDeleted(limit);
    assert.ok(removed >= 0 && removed <= limit, `purgeDeleted(${limit}) returned ${removed}`);
    if (removed === 0) return;
  }
  assert.fail('purgeDeleted never reported that nothing is left');
}

/** What a deleted inbox leaves at once: no settings, and nothing that still acts for it. */
async function assertInboxInert(store: Store, seeded: Seeded): Promise<void> {
  const id = seeded.inbox.id;
  assert.equal(await store.signatures.find(id), null, 'signature settings go with the inbox');
  assert.equal(await store.responses.find(id), null, 'the response goes with the inbox');
  assert.equal(await store.forwarding.find(id), null, 'forwarding goes with the inbox');
  assert.ok(!(await store.forwarding.enabledInboxIds()).includes(id));
  const claimed = await store.forwarding.claim({ owner: 'w9', now: at(100 * HOUR), leaseMs: 1000, limit: 1000 });
  assert.deepEqual(
    claimed.filter((c) => c.inboxId === id),
    [],
    'no delivery of a deleted inbox is claimed',
  );
  for (const jobId of seeded.jobIds) {
    const job = await store.replayJobs.findById(jobId);
    if (job !== null) assert.ok(job.state !== 'queued' && job.state !== 'running', `job ${jobId} is ${job.state}`);
  }
  for (let i = 0; i < 10; i += 1) {
    const c = await store.replayJobs.claim(`z${i}`, at(100 * HOUR), at(101 * HOUR));
    if (c === null) break;
    assert.notEqual(c.job.inboxId, id, 'no job of a deleted inbox is claimed');
  }
}

/** Conformance cases: the rows of migrations 6-10 follow their inbox and their event. */
export function describeLifecycleCases(store: StoreGetter): void {
  describe('what goes with a deleted inbox or event', () => {
    it('a deleted inbox: its settings at once, then every other row by purgeDeleted in bounded batches', async () => {
      const owner = newId('account');
      const kept = await seedInbox(store(), ownedInbox(owner), 6, 0);
      const doomed = await seedInbox(store(), ownedInbox(owner), 9, 10, [kept]);
      assert.ok(
        Object.keys(await referringRows(store(), doomed.ids)).length >= 12,
        'the doomed inbox has rows in every table',
      );

      assert.equal(await store().inboxes.delete(doomed.inbox.id, owner), true);
      await assertInboxInert(store(), doomed);
      const keptBefore = await referringRows(store(), kept.ids);
      await purgeAll(store(), 4);

      assert.deepEqual(
        await referringRows(store(), doomed.ids),
        {},
        'no row refers to the deleted inbox, its events or its jobs',
      );
      assert.deepEqual(await referringRows(store(), kept.ids), keptBefore, 'another inbox keeps every row');
      // The same id again (ids are random; this is only strictness) starts from nothing.
      await store().inboxes.insert(ownedInbox(owner));
      await store().inboxes.insert({ ...doomed.inbox });
      assert.equal(await store().signatures.find(doomed.inbox.id), null);
      assert.equal(await store().responses.find(doomed.inbox.id), null);
      assert.equal(await store().forwarding.find(doomed.inbox.id), null);
      assert.deepEqual(await store().replayJobs.listByInbox(doomed.inbox.id, { limit: 100 }), []);
    });

    it('an expired inbox: the same, through deleteExpired', async () => {
      const kept = await seedInbox(store(), anonymousInbox({ expiresAt: at(1000 * HOUR) }), 4, 0);
      const expired = await seedInbox(store(), anonymousInbox(), 7, 10, [kept]);

      assert.equal(await store().inboxes.deleteExpired(at(48 * HOUR), 10), 1);
      await assertInboxInert(store(), expired);
      const keptBefore = await referringRows(store(), kept.ids);
      await purgeAll(store(), 3);

      assert.deepEqual(await referringRows(store(), expired.ids), {});
      assert.deepEqual(await referringRows(store(), kept.ids), keptBefore);
    });

    it('a deleted event takes its delivery and attempts; job items keep their history', async () => {
      const owner = newId('account');
      const seeded = await seedInbox(store(), ownedInbox(owner), 5, 0);
      const [first, second] = seeded.events as [CapturedEvent, CapturedEvent];
      assert.equal((await store().forwarding.listByEvent(first.id)).length, 1);
      const otherBefore = await referringRows(store(), [second.id]);

      assert.equal(await store().events.delete(first.id, { inboxId: seeded.inbox.id, expectedOwnerId: owner }), true);
      const left = await referringRows(store(), [first.id]);
      assert.deepEqual(await store().forwarding.listByEvent(first.id), []);
      // The job items that name it stay (a job's history; the runner reports EVENT_NOT_FOUND).
      assert.deepEqual(left, { 'replay_job_items.event_id': seeded.jobIds.length });
      assert.deepEqual(await referringRows(store(), [second.id]), otherBefore);
    });

    it('clearing an inbox takes the deliveries and attempts of the cleared events, in bounded steps', async () => {
      const owner = newId('account');
      const seeded = await seedInbox(store(), ownedInbox(owner), 8, 0);
      const cleared = seeded.events.slice(0, 5);
      const keptEvents = seeded.events.slice(5);
      const keptBefore = await referringRows(
        store(),
        keptEvents.map((e) => e.id),
      );
      const scope = { inboxId: seeded.inbox.id, expectedOwnerId: owner, through: (cleared.at(-1) as CapturedEvent).id };
      for (let steps = 0; ; steps += 1) {
        assert.ok(steps < 1000, 'clearThrough never reported that nothing is left');
        const removed = await store().events.clearThrough(scope, 2);
        assert.notEqual(removed, null);
        if (removed === 0) break;
      }
      assert.deepEqual(
        await referringRows(
          store(),
          cleared.map((e) => e.id),
        ),
        {
          'replay_job_items.event_id': cleared.length * seeded.jobIds.length,
        },
      );
      assert.deepEqual(
        await referringRows(
          store(),
          keptEvents.map((e) => e.id),
        ),
        keptBefore,
      );
    });
  });
}
