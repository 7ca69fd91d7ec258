import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';

import type { CapturedEvent } from '../../src/domain/captured-event.js';
import { createEventIdFactory, newId } from '../../src/domain/ids.js';
import type { Inbox } from '../../src/domain/inbox.js';
import type { ReplayJob } from '../../src/domain/replay-job.js';
import { createLocalBus } from '../../src/live/local-bus.js';
import type { OutboundRequest, EgressClient, EgressOutcome } from '../../src/ports/egress-client.js';
import type { Principal } from '../../src/services/deps.js';
import { RatePacer, startReplayJobRunner, type ReplayJobRunner } from '../../src/services/replay-job-runner.js';
import { cancelReplayJob, createReplayJob, getReplayJob } from '../../src/services/replay-jobs.js';
import { openSqliteStore, type SqliteStore } from '../../src/storage/sqlite/store.js';
import { createFakeClock, type FakeClock } from '../helpers/fake-clock.js';

/** A job's outcomes with `status2xx` 2xx answers and `unreachable` sends without one (no other class here). */
function outcomes(status2xx: number, unreachable: number) {
  return { status2xx, status3xx: 0, status4xx: 0, status5xx: 0, unreachable };
}

describe('RatePacer', () => {
  it('spaces sends 1000/rate ms apart: at most `rate` sends start in any second, with no burst after an idle spell', () => {
    let now = 0;
    const pacer = new RatePacer(5, () => now);
    const delays = Array.from({ length: 10 }, () => pacer.reserve());
    assert.deepEqual(delays, [0, 200, 400, 600, 800, 1000, 1200, 1400, 1600, 1800]);
    // Counted, not timed: the slots that fall in the first second.
    assert.equal(delays.filter((d) => d < 1000).length, 5);
    now = 60_000; // idle for a minute
    assert.deepEqual([pacer.reserve(), pacer.reserve(), pacer.reserve()], [0, 200, 400]);
    now = 60_100; // half an interval later the next slot is still a full interval after the last
    assert.equal(pacer.reserve(), 500);
  });

  it('handles fractional rates', () => {
    let now = 1_000;
    const pacer = new RatePacer(0.5, () => now);
    assert.equal(pacer.reserve(), 0);
    assert.equal(pacer.reserve(), 2000);
    now += 5000;
    assert.equal(pacer.reserve(), 0);
  });
});

/** A promise with its resolve function exposed. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

interface FakeSend {
  readonly request: OutboundRequest;
  /** Ends this send with an answer (200 by default). */
  answer(outcome?: EgressOutcome): void;
}

/** A egress client whose sends the test answers one by one (or at once when `auto`). */
function fakeEgressClient(opts: { auto?: EgressOutcome | null } = {}) {
  const sends: FakeSend[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const ok: EgressOutcome = {
    kind: 'response',
    statusCode: 200,
    latencyMs: 1.5,
    headers: [],
    body: Buffer.from('ok'),
    truncated: false,
  };
  const client: EgressClient & {
    sends: FakeSend[];
    readonly maxInFlight: number;
    readonly inFlight: number;
    sent(count: number): Promise<void>;
  } = {
    sends,
    get maxInFlight() {
      return maxInFlight;
    },
    get inFlight() {
      return inFlight;
    },
    send(request) {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const done = deferred<EgressOutcome>();
      sends.push({ request, answer: (outcome = ok) => done.resolve(outcome) });
      for (const waiter of waiters.filter((w) => sends.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
      if (opts.auto !== undefined && opts.auto !== null) done.resolve(opts.auto);
      else if (opts.auto === undefined) done.resolve(ok);
      return done.promise.finally(() => {
        inFlight -= 1;
      });
    },
    /** Resolves once `count` sends have started. */
    sent(count) {
      if (sends.length >= count) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    close: async () => undefined,
  };
  return client;
}

const ACCOUNT: Principal = {
  kind: 'token',
  accountId: 'acc_0123456789abcdefghjkmnpqrs',
  tokenId: 'tok_x',
  scope: 'manage',
  inboxIds: null,
  teamId: null,
};

describe('replay job runner (SQLite store, fake egress client)', () => {
  let store: SqliteStore;
  let clock: FakeClock;
  let inbox: Inbox;
  let events: CapturedEvent[];
  const runners: ReplayJobRunner[] = [];

  beforeEach(async () => {
    store = openSqliteStore({ path: ':memory:' });
    clock = createFakeClock(new Date('2026-01-01T00:00:00.000Z'));
    inbox = {
      id: newId('inbox'),
      ownerId: null,
      name: null,
      createdAt: clock.now(),
      expiresAt: new Date('2026-01-03T00:00:00.000Z'),
    };
    await store.inboxes.insert(inbox);
    const nextId = createEventIdFactory();
    events = [];
    for (let i = 0; i < 8; i += 1) {
      const at = new Date(clock.now().getTime() - 60_000 + i);
      const body = Buffer.from(`event-${i}`);
      const event: CapturedEvent = {
        id: nextId(at.getTime()),
        inboxId: inbox.id,
        receivedAt: at,
        method: i % 2 === 0 ? 'POST' : 'PUT',
        path: `/i/${inbox.id}/hook/${i}`,
        query: '',
        contentType: 'text/plain',
        size: body.length,
        signature: null,
        answer: null,
        headers: [['Content-Type', 'text/plain']],
        body,
        sourceIp: '127.0.0.1',
      };
      assert.equal(await store.events.insertIfInboxLive(event, clock.now()), true);
      events.push(event);
    }
  });

  afterEach(async () => {
    await Promise.all(runners.splice(0).map((runner) => runner.stop()));
    await store.close();
  });

  /** Starts a runner; resolves `ended(jobId)` when the job ends on it, with the outcome. */
  function runner(
    egressClient: EgressClient,
    opts: { leaseMs?: number; instanceId?: string; shutdownGraceMs?: number } = {},
  ) {
    const bus = sharedBus;
    const endings = new Map<string, { promise: Promise<string>; resolve: (outcome: string) => void }>();
    const ending = (jobId: string) => {
      let entry = endings.get(jobId);
      if (entry === undefined) {
        entry = deferred<string>();
        endings.set(jobId, entry);
      }
      return entry;
    };
    const started = startReplayJobRunner(
      { store, clock, bus, egressClient },
      {
        leaseMs: opts.leaseMs ?? 30_000,
        pollMs: 3_600_000, // only the bus and kick() wake it in these tests
        ...(opts.instanceId === undefined ? {} : { instanceId: opts.instanceId }),
        ...(opts.shutdownGraceMs === undefined ? {} : { shutdownGraceMs: opts.shutdownGraceMs }),
        onError: (err, context) => {
          throw new Error(`${context}: ${String(err)}`);
        },
        onJobEnded: (job, outcome) => ending(job.id).resolve(outcome),
      },
    );
    runners.push(started);
    return { runner: started, ended: (jobId: string) => ending(jobId).promise };
  }

  let sharedBus = createLocalBus();
  beforeEach(() => {
    sharedBus = createLocalBus();
  });

  function deps(egressClient: EgressClient) {
    return { store, clock, bus: sharedBus, egressClient };
  }

  async function createJob(body: Record<string, unknown>, egressClient: EgressClient): Promise<ReplayJob> {
    return createReplayJob(deps(egressClient), ACCOUNT, inbox.id, {
      destination: 'https://example.com/hook',
      ratePerSecond: 100,
      ...body,
    });
  }

  it('replays every event oldest first, one at a time, records each replay in its history and completes', async () => {
    const client = fakeEgressClient();
    const { ended } = runner(client);
    const job = await createJob({}, client);
    assert.equal(await ended(job.id), 'completed');
    assert.deepEqual(
      client.sends.map((s) => s.request.body.toString()),
      events.map((e) => e.body.toString()),
    );
    assert.equal(client.maxInFlight, 1);
    const view = await getReplayJob(deps(client), ACCOUNT, job.id, { limit: 100 });
    assert.equal(view.job.state, 'completed');
    assert.deepEqual(view.job.counts, { total: 8, done: 8, succeeded: 8, failed: 0, outcomes: outcomes(8, 0) });
    assert.deepEqual(
      view.results.map((r) => r.eventId),
      events.map((e) => e.id),
    );
    for (const item of view.results) {
      const [replay] = await store.replays.listByEvent(item.eventId, { limit: 10 });
      assert.equal(replay?.id, item.result?.replayId);
      assert.equal(replay?.jobId, job.id);
      assert.equal(item.result?.statusCode, 200);
    }
  });

  it('keeps at most `concurrency` sends in flight, and starts them in order', async () => {
    const client = fakeEgressClient({ auto: null });
    const { ended } = runner(client);
    const job = await createJob({ concurrency: 3 }, client);
    await client.sent(3);
    // Three in flight: no fourth starts until one answers.
    assert.equal(client.sends.length, 3);
    for (let answered = 0; answered < events.length; answered += 1) {
      await client.sent(Math.min(answered + 3, events.length));
      assert.ok(client.inFlight <= 3);
      (client.sends[answered] as FakeSend).answer();
    }
    assert.equal(await ended(job.id), 'completed');
    assert.equal(client.maxInFlight, 3);
    assert.deepEqual(
      client.sends.map((s) => s.request.body.toString()),
      events.map((e) => e.body.toString()),
    );
  });

  it('applies the filter: method and path prefix, a time or id range, explicit ids', async () => {
    const client = fakeEgressClient();
    const { ended } = runner(client);
    const posts = await createJob({ method: 'post', pathPrefix: '/hook/' }, client);
    assert.equal(await ended(posts.id), 'completed');
    assert.deepEqual(
      client.sends.map((s) => s.request.body.toString()),
      ['event-0', 'event-2', 'event-4', 'event-6'],
    );
    client.sends.length = 0;
    const range = await createJob({ since: events[2]?.id, until: events[4]?.id }, client);
    assert.equal(await ended(range.id), 'completed');
    assert.deepEqual(
      client.sends.map((s) => s.request.body.toString()),
      ['event-2', 'event-3', 'event-4'],
    );
    client.sends.length = 0;
    const ids = await createJob({ eventIds: [events[5]?.id, events[1]?.id] }, client);
    assert.equal(await ended(ids.id), 'completed');
    assert.deepEqual(
      client.sends.map((s) => s.request.body.toString()),
      ['event-1', 'event-5'],
    );
  });

  it('stops sending once the job is cancelled; the send in flight is still recorded', async () => {
    const client = fakeEgressClient({ auto: null });
    const { ended } = runner(client);
    const job = await createJob({}, client);
    await client.sent(1);
    const cancelled = await cancelReplayJob(deps(client), ACCOUNT, job.id);
    assert.equal(cancelled.state, 'cancelled');
    client.sends[0]?.answer();
    // The run ends by itself (not through stop()): a runner that ignored the cancellation would
    // have sent the other seven events and ended 'completed'.
    assert.equal(await ended(job.id), 'cancelled');
    assert.equal(client.sends.length, 1);
    const view = await getReplayJob(deps(client), ACCOUNT, job.id);
    assert.equal(view.job.state, 'cancelled');
    assert.deepEqual(view.job.counts, { total: 8, done: 1, succeeded: 1, failed: 0, outcomes: outcomes(1, 0) });
    // Cancelling again changes nothing.
    assert.equal((await cancelReplayJob(deps(client), ACCOUNT, job.id)).state, 'cancelled');
  });

  it('resumes a job whose runner died once its lease expired, sending only what was not recorded', async () => {
    const client = fakeEgressClient();
    const job = await createJob({}, client);
    // A runner elsewhere claimed the job, recorded two events, then died holding the lease.
    const dead = await store.replayJobs.claim('dead-instance', clock.now(), new Date(clock.now().getTime() + 30_000));
    assert.equal(dead?.job.id, job.id);
    for (const position of [0, 1]) {
      await store.replayJobs.completeItem(job.id, position, {
        replayId: null,
        statusCode: 200,
        latencyMs: 1,
        errorCode: null,
        completedAt: clock.now(),
      });
    }
    const { runner: live, ended } = runner(client, { leaseMs: 30_000 });
    live.kick();
    // Still leased: nothing happens (kick() runs the claim statement before it returns).
    await store.replayJobs.findById(job.id);
    assert.equal(client.sends.length, 0);
    clock.advance(30_001);
    live.kick();
    assert.equal(await ended(job.id), 'completed');
    assert.deepEqual(
      client.sends.map((s) => s.request.body.toString()),
      events.slice(2).map((e) => e.body.toString()),
    );
    assert.deepEqual((await store.replayJobs.findById(job.id))?.counts, {
      total: 8,
      done: 8,
      succeeded: 8,
      failed: 0,
      outcomes: outcomes(8, 0),
    });
  });

  it('hands its jobs over on stop(): the send in flight is recorded and another runner resumes at once', async () => {
    const client = fakeEgressClient({ auto: null });
    const { runner: first } = runner(client, { instanceId: 'first' });
    const job = await createJob({}, client);
    await client.sent(1);
    const stopping = first.stop();
    client.sends[0]?.answer();
    await stopping;
    assert.equal(client.sends.length, 1);
    assert.deepEqual((await store.replayJobs.findById(job.id))?.counts.done, 1);
    const second = fakeEgressClient();
    const { runner: next, ended } = runner(second, { instanceId: 'second' });
    next.kick();
    assert.equal(await ended(job.id), 'completed');
    assert.deepEqual(
      second.sends.map((s) => s.request.body.toString()),
      events.slice(1).map((e) => e.body.toString()),
    );
  });

  it('runs each job on one runner when several share the store', async () => {
    const clients = [fakeEgressClient(), fakeEgressClient(), fakeEgressClient()];
    const started = clients.map((client, i) => runner(client, { instanceId: `runner-${i}` }));
    const jobs = [];
    for (let i = 0; i < 4; i += 1) jobs.push(await createJob({}, clients[0] as EgressClient));
    const outcomes = await Promise.all(jobs.map((job) => Promise.race(started.map((s) => s.ended(job.id)))));
    assert.deepEqual(outcomes, ['completed', 'completed', 'completed', 'completed']);
    const sends = clients.flatMap((c) => c.sends.map((s) => s.request.body.toString()));
    // 4 jobs × 8 events, every one sent exactly once.
    assert.equal(sends.length, 32);
    for (const event of events) assert.equal(sends.filter((b) => b === event.body.toString()).length, 4);
  });

  it('fails the job when the replay policy refuses the destination (every later send would be refused too)', async () => {
    const client = fakeEgressClient({ auto: { kind: 'forbidden', reason: 'private address 10.0.0.1' } });
    const { ended } = runner(client);
    const job = await createJob({}, client);
    assert.equal(await ended(job.id), 'failed');
    const after = await store.replayJobs.findById(job.id);
    assert.equal(after?.state, 'failed');
    assert.equal(after?.errorCode, 'DESTINATION_FORBIDDEN');
    assert.equal(client.sends.length, 1);
    assert.deepEqual(after?.counts, { total: 8, done: 1, succeeded: 0, failed: 1, outcomes: outcomes(0, 1) });
  });

  it('records unreachable destinations as failed results and goes on', async () => {
    const client = fakeEgressClient({ auto: { kind: 'unreachable', reason: 'connection refused', latencyMs: 2 } });
    const { ended } = runner(client);
    const job = await createJob({}, client);
    assert.equal(await ended(job.id), 'completed');
    const view = await getReplayJob(deps(client), ACCOUNT, job.id);
    assert.deepEqual(view.job.counts, { total: 8, done: 8, succeeded: 0, failed: 8, outcomes: outcomes(0, 8) });
    assert.ok(
      view.results.every((r) => r.result?.errorCode === 'DESTINATION_UNREACHABLE' && r.result.replayId !== null),
    );
  });

  it('marks events deleted after the job was created EVENT_NOT_FOUND', async () => {
    const client = fakeEgressClient({ auto: null });
    const job = await createJob({ eventIds: [events[0]?.id, events[1]?.id] }, client);
    assert.equal(
      await store.events.delete(events[0]?.id as string, { inboxId: inbox.id, expectedOwnerId: null }),
      true,
    );
    const { ended } = runner(client);
    await client.sent(1);
    client.sends[0]?.answer();
    assert.equal(await ended(job.id), 'completed');
    const view = await getReplayJob(deps(client), ACCOUNT, job.id);
    assert.deepEqual(
      view.results.map((r) => r.result?.errorCode ?? null),
      ['EVENT_NOT_FOUND', null],
    );
    assert.deepEqual(view.job.counts, { total: 2, done: 2, succeeded: 1, failed: 1, outcomes: outcomes(1, 0) });
  });

  it('fails a job whose inbox expired before it ran (not swept yet)', async () => {
    const client = fakeEgressClient();
    const orphan = await createJob({}, client);
    clock.set(inbox.expiresAt as Date);
    const { runner: late, ended } = runner(client);
    late.kick();
    assert.equal(await ended(orphan.id), 'failed');
    assert.equal(client.sends.length, 0);
    assert.equal((await store.replayJobs.findById(orphan.id))?.errorCode, 'INBOX_NOT_FOUND');
  });

  it('a running job stops before its next send when its inbox is deleted', async () => {
    const client = fakeEgressClient({ auto: null });
    const { ended } = runner(client);
    const job = await createJob({}, client);
    await client.sent(1);
    assert.equal(await store.inboxes.delete(inbox.id), true);
    client.sends[0]?.answer();
    // A runner that went on would have sent the other seven events of the deleted inbox.
    assert.equal(await ended(job.id), 'cancelled');
    assert.equal(client.sends.length, 1);
    const stored = await store.replayJobs.findById(job.id);
    assert.equal(stored?.state, 'failed');
    assert.equal(stored?.errorCode, 'INBOX_NOT_FOUND');
  });

  it('a job whose inbox was deleted ends failed with the deletion, and no runner claims it', async () => {
    const client = fakeEgressClient();
    const orphan = await createJob({}, client);
    await store.inboxes.delete(inbox.id);
    const ended = await store.replayJobs.findById(orphan.id);
    assert.equal(ended?.state, 'failed');
    assert.equal(ended?.errorCode, 'INBOX_NOT_FOUND');
    assert.equal(await store.replayJobs.claim('another', clock.now(), new Date(clock.now().getTime() + 60_000)), null);
  });
});
