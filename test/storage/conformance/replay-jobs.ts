import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { CapturedEvent } from '../../../src/domain/captured-event.js';
import { newId } from '../../../src/domain/ids.js';
import { emptyJobCounts, type ReplayJob, type ReplayJobItemResult } from '../../../src/domain/replay-job.js';
import { HOUR, T0, anonymousInbox, at, createEventMaker, insertEvent, type StoreGetter } from './fixtures.js';

/** A queued job of `inboxId` created at T0 + `offsetMs`. */
function makeJob(inboxId: string, offsetMs = 0, overrides: Partial<ReplayJob> = {}): ReplayJob {
  return {
    id: newId('replayJob'),
    inboxId,
    accountId: newId('account'),
    destination: 'https://example.com/hook',
    filter: { method: 'POST', pathPrefix: '/stripe', since: '2030-01-01T00:00:00.000Z' },
    ratePerSecond: 2.5,
    concurrency: 3,
    resign: false,
    state: 'queued',
    counts: emptyJobCounts(0),
    createdAt: at(offsetMs),
    startedAt: null,
    finishedAt: null,
    errorCode: null,
    errorMessage: null,
    ...overrides,
  };
}

function answered(replayId: string, statusCode: number): ReplayJobItemResult {
  return { replayId, statusCode, latencyMs: 12.25, errorCode: null, completedAt: at(HOUR) };
}

const unreachable: ReplayJobItemResult = {
  replayId: 'rpl_x',
  statusCode: null,
  latencyMs: 3,
  errorCode: 'DESTINATION_UNREACHABLE',
  completedAt: at(HOUR),
};

/** Conformance cases for ReplayJobRepository (bulk replay jobs, migration 9). */
export function describeReplayJobCases(store: StoreGetter): void {
  describe('replay jobs', () => {
    /** An inbox with events of several methods and paths, oldest first. */
    async function inboxWithMixedEvents(): Promise<{ inboxId: string; events: CapturedEvent[] }> {
      const inbox = anonymousInbox();
      await store().inboxes.insert(inbox);
      const make = createEventMaker();
      const shapes: Array<[string, string]> = [
        ['POST', '/stripe/events'],
        ['GET', '/stripe/events'],
        ['POST', '/github'],
        ['POST', ''],
        ['POST', '/stripe'],
        ['PUT', '/stripe%_x'],
      ];
      const events = shapes.map(([method, sub]) => make(inbox.id, { method, path: `/i/${inbox.id}${sub}` }));
      for (const event of events) assert.equal(await insertEvent(store(), event), true);
      // Another inbox's event never matches.
      const other = anonymousInbox();
      await store().inboxes.insert(other);
      await insertEvent(store(), make(other.id));
      return { inboxId: inbox.id, events };
    }

    it('selects matching event ids oldest first, by id and time bounds, method and path prefix', async () => {
      const { inboxId, events } = await inboxWithMixedEvents();
      const ids = events.map((e) => e.id);
      const select = (selection: Parameters<ReturnType<StoreGetter>['replayJobs']['selectEventIds']>[1], limit = 100) =>
        store().replayJobs.selectEventIds(inboxId, selection, limit);
      assert.deepEqual(await select({}), ids);
      assert.deepEqual(await select({}, 2), ids.slice(0, 2));
      assert.deepEqual(await select({ fromId: ids[2] as string, throughId: ids[4] as string }), ids.slice(2, 5));
      // Events are received 1 ms apart from T0 + 1: since inclusive, until exclusive.
      assert.deepEqual(await select({ sinceMs: T0 + 2, untilMs: T0 + 4 }), ids.slice(1, 3));
      assert.deepEqual(await select({ method: 'POST' }), [ids[0], ids[2], ids[3], ids[4]]);
      assert.deepEqual(await select({ pathPrefix: `/i/${inboxId}/stripe` }), [ids[0], ids[1], ids[4], ids[5]]);
      assert.deepEqual(await select({ method: 'POST', pathPrefix: `/i/${inboxId}/stripe/` }), [ids[0]]);
      // % and _ are plain characters of a prefix, not patterns.
      assert.deepEqual(await select({ pathPrefix: `/i/${inboxId}/stripe%_` }), [ids[5]]);
      assert.deepEqual(await select({ pathPrefix: `/i/${inboxId}/s%` }), []);
      assert.deepEqual(await select({ method: 'DELETE' }), []);
    });

    it('tells which of the given ids are events of the inbox, in id order without duplicates', async () => {
      const { inboxId, events } = await inboxWithMixedEvents();
      const ids = events.map((e) => e.id);
      const given = [ids[3] as string, ids[0] as string, ids[3] as string, newId('inbox'), 'evt_unknown'];
      assert.deepEqual(await store().replayJobs.existingEventIds(inboxId, given), [ids[0], ids[3]]);
      assert.deepEqual(await store().replayJobs.existingEventIds(newId('inbox'), ids), []);
    });

    it('stores a job with its items in order; finds it and lists items and jobs', async () => {
      const inboxId = newId('inbox');
      const job = makeJob(inboxId, 5);
      const eventIds = ['evt_a', 'evt_b', 'evt_c'];
      await store().replayJobs.insert(job, eventIds);
      const found = await store().replayJobs.findById(job.id);
      assert.deepEqual(found, { ...job, counts: emptyJobCounts(3) });
      assert.equal(await store().replayJobs.findById(newId('replayJob')), null);

      const items = await store().replayJobs.listItems(job.id, { limit: 10 });
      assert.deepEqual(
        items,
        // No such events: a result names none.
        eventIds.map((eventId, position) => ({ jobId: job.id, position, eventId, event: null, result: null })),
      );
      assert.deepEqual(
        (await store().replayJobs.listItems(job.id, { after: 0, limit: 1 })).map((i) => i.eventId),
        ['evt_b'],
      );

      const other = makeJob(inboxId, 10, { accountId: job.accountId });
      const foreign = makeJob(inboxId, 20);
      await store().replayJobs.insert(other, []);
      await store().replayJobs.insert(foreign, ['evt_z']);
      assert.deepEqual(
        (await store().replayJobs.listByInbox(inboxId, { limit: 10 })).map((j) => j.id),
        [foreign.id, other.id, job.id],
      );
      assert.deepEqual(
        (await store().replayJobs.listByInbox(inboxId, { limit: 10, accountId: job.accountId })).map((j) => j.id),
        [other.id, job.id],
      );
      assert.deepEqual(
        (await store().replayJobs.listByInbox(inboxId, { limit: 1 })).map((j) => j.id),
        [foreign.id],
      );
    });

    it('claims the oldest runnable job once; another claimer gets the next one or nothing', async () => {
      const inboxId = newId('inbox');
      const older = makeJob(inboxId, 1);
      const newer = makeJob(inboxId, 2);
      await store().replayJobs.insert(newer, ['evt_a']);
      await store().replayJobs.insert(older, ['evt_a']);
      const now = at(HOUR);
      const until = at(HOUR + 30_000);
      const first = await store().replayJobs.claim('instance-a', now, until);
      assert.equal(first?.job.id, older.id);
      assert.equal(first?.job.state, 'running');
      assert.deepEqual(first?.job.startedAt, now);
      const second = await store().replayJobs.claim('instance-b', now, until);
      assert.equal(second?.job.id, newer.id);
      assert.equal(await store().replayJobs.claim('instance-c', now, until), null);
    });

    it('claims concurrently without handing one job to two claimers', async () => {
      const inboxId = newId('inbox');
      const jobs = Array.from({ length: 6 }, (_, i) => makeJob(inboxId, i));
      for (const job of jobs) await store().replayJobs.insert(job, ['evt_a']);
      const claims = await Promise.all(
        Array.from({ length: 10 }, (_, i) => store().replayJobs.claim(`instance-${i}`, at(HOUR), at(2 * HOUR))),
      );
      const claimed = claims.flatMap((c) => (c === null ? [] : [c.job.id]));
      assert.equal(claimed.length, 6);
      assert.equal(new Set(claimed).size, 6);
    });

    it('lets another instance take over a job only once its lease expired; excluded ids are skipped', async () => {
      const job = makeJob(newId('inbox'));
      await store().replayJobs.insert(job, ['evt_a']);
      const claimed = await store().replayJobs.claim('a', at(0), at(10_000));
      assert.equal(claimed?.job.id, job.id);
      assert.equal(await store().replayJobs.claim('b', at(9_999), at(20_000)), null);
      assert.equal(await store().replayJobs.claim('b', at(10_001), at(20_000), [job.id]), null);
      const taken = await store().replayJobs.claim('b', at(10_001), at(20_000));
      assert.equal(taken?.job.id, job.id);
      // The first start time stays.
      assert.deepEqual(taken?.job.startedAt, at(0));
      // The old owner lost it: renewing, finishing and releasing do nothing.
      assert.equal(await store().replayJobs.renewLease(job.id, 'a', at(30_000)), null);
      assert.equal(await store().replayJobs.finish(job.id, 'a', { state: 'completed' }, at(1)), false);
      await store().replayJobs.releaseLease(job.id, 'a');
      assert.equal(await store().replayJobs.claim('c', at(15_000), at(40_000)), null);
      // The owner renews; a released lease can be claimed at once.
      assert.equal((await store().replayJobs.renewLease(job.id, 'b', at(50_000)))?.id, job.id);
      assert.equal(await store().replayJobs.claim('c', at(40_000), at(60_000)), null);
      await store().replayJobs.releaseLease(job.id, 'b');
      assert.equal((await store().replayJobs.claim('c', at(40_000), at(60_000)))?.owner, 'c');
    });

    it('records each item once and counts it in the job, answered or not', async () => {
      const job = makeJob(newId('inbox'));
      await store().replayJobs.insert(job, ['evt_a', 'evt_b', 'evt_c']);
      assert.equal(await store().replayJobs.completeItem(job.id, 0, answered('rpl_1', 500)), true);
      assert.equal(await store().replayJobs.completeItem(job.id, 0, answered('rpl_2', 200)), false);
      assert.equal(await store().replayJobs.completeItem(job.id, 2, unreachable), true);
      assert.equal(await store().replayJobs.completeItem(job.id, 7, unreachable), false);
      const found = await store().replayJobs.findById(job.id);
      assert.deepEqual(found?.counts, {
        total: 3,
        done: 2,
        // The 500 answer is a failed send, like no answer.
        succeeded: 0,
        failed: 2,
        outcomes: { status2xx: 0, status3xx: 0, status4xx: 0, status5xx: 1, unreachable: 1 },
      });
      const items = await store().replayJobs.listItems(job.id, { limit: 10 });
      assert.deepEqual(
        items.map((i) => i.result),
        [answered('rpl_1', 500), null, unreachable],
      );
      const pending = await store().replayJobs.listItems(job.id, { limit: 10, pendingOnly: true });
      assert.deepEqual(
        pending.map((i) => i.position),
        [1],
      );
    });

    it('counts each send by the class of its answer, no answer as unreachable, a gone event in none', async () => {
      const job = makeJob(newId('inbox'));
      const statuses = [200, 204, 301, 404, 429, 500, 503, 599];
      await store().replayJobs.insert(job, [...statuses.map((_, n) => `evt_${n}`), 'evt_u', 'evt_g']);
      for (const [position, status] of statuses.entries()) {
        assert.equal(
          await store().replayJobs.completeItem(job.id, position, answered(`rpl_${position}`, status)),
          true,
        );
      }
      assert.equal(await store().replayJobs.completeItem(job.id, statuses.length, unreachable), true);
      const gone = {
        replayId: null,
        statusCode: null,
        latencyMs: null,
        errorCode: 'EVENT_NOT_FOUND',
        completedAt: at(HOUR),
      };
      assert.equal(await store().replayJobs.completeItem(job.id, statuses.length + 1, gone), true);
      // Recording an item again counts nothing twice.
      assert.equal(await store().replayJobs.completeItem(job.id, 5, answered('rpl_again', 200)), false);
      const expected = {
        total: 10,
        done: 10,
        // Below 400 succeeded; 4xx, 5xx, unreachable and the gone event failed.
        succeeded: 3,
        failed: 7,
        outcomes: { status2xx: 2, status3xx: 1, status4xx: 2, status5xx: 3, unreachable: 1 },
      };
      assert.deepEqual((await store().replayJobs.findById(job.id))?.counts, expected);
      assert.deepEqual((await store().replayJobs.listByInbox(job.inboxId, { limit: 10 }))[0]?.counts, expected);
    });

    it("names each item's event by method and path while the event exists", async () => {
      const { inboxId, events } = await inboxWithMixedEvents();
      const job = makeJob(inboxId);
      const [first, second] = events as [CapturedEvent, CapturedEvent];
      await store().replayJobs.insert(job, [first.id, second.id, 'evt_missing']);
      const items = await store().replayJobs.listItems(job.id, { limit: 10 });
      assert.deepEqual(
        items.map((i) => i.event),
        [
          { method: 'POST', path: `/i/${inboxId}/stripe/events` },
          { method: 'GET', path: `/i/${inboxId}/stripe/events` },
          null,
        ],
      );
      const pending = await store().replayJobs.listItems(job.id, { limit: 1, pendingOnly: true });
      assert.deepEqual(pending[0]?.event, { method: 'POST', path: `/i/${inboxId}/stripe/events` });
    });

    it('finishes only a running job of its owner; cancels only unfinished jobs', async () => {
      const inboxId = newId('inbox');
      const job = makeJob(inboxId);
      await store().replayJobs.insert(job, ['evt_a']);
      await store().replayJobs.claim('a', at(0), at(10_000));
      assert.equal(
        await store().replayJobs.finish(
          job.id,
          'a',
          { state: 'failed', errorCode: 'INBOX_NOT_FOUND', errorMessage: 'gone' },
          at(5),
        ),
        true,
      );
      const failed = await store().replayJobs.findById(job.id);
      assert.equal(failed?.state, 'failed');
      assert.equal(failed?.errorCode, 'INBOX_NOT_FOUND');
      assert.equal(failed?.errorMessage, 'gone');
      assert.deepEqual(failed?.finishedAt, at(5));
      // A finished job stays finished: cancelling returns it unchanged; it is never claimed again.
      assert.deepEqual(await store().replayJobs.cancel(job.id, at(6)), failed);
      assert.equal(await store().replayJobs.claim('b', at(HOUR), at(2 * HOUR)), null);

      const queued = makeJob(inboxId, 1);
      await store().replayJobs.insert(queued, ['evt_a']);
      const cancelled = await store().replayJobs.cancel(queued.id, at(7));
      assert.equal(cancelled?.state, 'cancelled');
      assert.deepEqual(cancelled?.finishedAt, at(7));
      assert.equal(await store().replayJobs.claim('b', at(HOUR), at(2 * HOUR)), null);

      const running = makeJob(inboxId, 2);
      await store().replayJobs.insert(running, ['evt_a', 'evt_b']);
      await store().replayJobs.claim('c', at(0), at(10_000));
      assert.equal((await store().replayJobs.cancel(running.id, at(8)))?.state, 'cancelled');
      // The runner learns it from its lease; what was in flight is still recorded.
      assert.equal(await store().replayJobs.renewLease(running.id, 'c', at(20_000)), null);
      assert.equal(await store().replayJobs.finish(running.id, 'c', { state: 'completed' }, at(9)), false);
      assert.equal(await store().replayJobs.completeItem(running.id, 0, answered('rpl_3', 204)), true);
      const after = await store().replayJobs.findById(running.id);
      assert.equal(after?.state, 'cancelled');
      assert.deepEqual(after?.counts, {
        total: 2,
        done: 1,
        succeeded: 1,
        failed: 0,
        outcomes: { status2xx: 1, status3xx: 0, status4xx: 0, status5xx: 0, unreachable: 0 },
      });
      assert.equal(await store().replayJobs.cancel(newId('replayJob'), at(9)), null);
    });
  });
}
