/**
 * Bulk replay jobs across restarts: a real `rehook serve` runs a job against
 * a slow receiver and is stopped mid-job, first with SIGTERM (it records its sends in flight and
 * hands the job over), then with SIGKILL (the lease expires). Started again on the same data,
 * it resumes and the job completes with every event replayed; an event in flight at the kill
 * may arrive twice (at-least-once), never more than the job's concurrency. On PostgreSQL, two
 * instances run one job once: each event sent exactly once in steady state, and when the
 * instance running it is killed, the other one takes it over.
 * No timing assertions: the waits only catch a hang.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

import { DATABASE_FILE } from '../../src/storage/sqlite/store.js';
import { systemClock } from '../../src/ports/clock.js';
import type { Store } from '../../src/ports/store.js';
import { createAccount } from '../../src/services/accounts.js';
import { createToken } from '../../src/services/tokens.js';
import { openPostgresStore } from '../../src/storage/postgres/store.js';
import { openSqliteStore } from '../../src/storage/sqlite/store.js';
import { connectTestPostgres } from '../helpers/postgres.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api } from '../helpers/rehook.js';
import { killAllInstances, startInstance, type Instance } from '../integration/cluster/launcher.js';

const EVENTS = 40;
const CONCURRENCY = 2;

/** Polls `check` until it returns a value; fails after a limit that only catches a hang. */
async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  limitMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`hang: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** A receiver that answers each request a little later (so a job is still busy when the kill comes) and counts bodies. */
async function slowReceiver(): Promise<{ receiver: Receiver; counts: Map<string, number>; total: () => number }> {
  const counts = new Map<string, number>();
  let total = 0;
  const receiver = await startReceiver(async (req, res) => {
    await new Promise((resolve) => setTimeout(resolve, 30));
    const body = req.body.toString();
    counts.set(body, (counts.get(body) ?? 0) + 1);
    total += 1;
    res.writeHead(200).end('ok');
  });
  return { receiver, counts, total: () => total };
}

async function accountToken(store: Store): Promise<string> {
  const account = await createAccount({ store, clock: systemClock }, { email: `jobs-${Date.now()}@example.test` });
  return (await createToken({ store, clock: systemClock }, { accountId: account.id, name: 'jobs' })).plaintext;
}

/** Creates an owned inbox on `on` holding EVENTS events with bodies e-0 ... and starts a job over them. */
async function inboxAndJob(
  on: Instance,
  token: string,
  destination: string,
): Promise<{ inboxId: string; jobId: string }> {
  const created = await api(on.apiUrl, '/api/v1/inboxes', { method: 'POST', token });
  assert.equal(created.status, 201, created.text);
  const inboxId: string = created.body.data.inbox.id;
  for (let i = 0; i < EVENTS; i += 1) {
    const res = await fetch(`${on.ingestUrl}/i/${inboxId}/hook`, { method: 'POST', body: `e-${i}` });
    await res.arrayBuffer();
    assert.equal(res.status, 200);
  }
  const job = await api(on.apiUrl, `/api/v1/inboxes/${inboxId}/replays`, {
    method: 'POST',
    token,
    json: { destination, ratePerSecond: 25, concurrency: CONCURRENCY },
  });
  assert.equal(job.status, 202, job.text);
  assert.equal(job.body.data.job.counts.total, EVENTS);
  return { inboxId, jobId: job.body.data.job.id };
}

async function jobOn(on: Instance, token: string, jobId: string): Promise<any> {
  const res = await api(on.apiUrl, `/api/v1/replay-jobs/${jobId}?resultsLimit=1000`, { token });
  assert.equal(res.status, 200, res.text);
  return res.body.data;
}

/** Every event arrived; returns how many arrivals were duplicates. */
function assertEveryEventArrived(counts: Map<string, number>): number {
  let duplicates = 0;
  for (let i = 0; i < EVENTS; i += 1) {
    const n = counts.get(`e-${i}`) ?? 0;
    assert.ok(n >= 1, `e-${i} never arrived`);
    duplicates += n - 1;
  }
  assert.equal(counts.size, EVENTS, "only the job's events arrived");
  return duplicates;
}

const ENV = {
  REHOOK_LOG_LEVEL: 'info',
  REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
  REHOOK_RATE_INGEST_PER_INBOX: '0',
  REHOOK_MAX_CONNECTIONS_PER_IP: '0',
  REHOOK_REPLAY_CONNECT_TIMEOUT: '1s',
  REHOOK_REPLAY_TIMEOUT: '5s',
  REHOOK_REPLAY_JOB_LEASE: '2s',
};

/** The counts of a job whose every send the destination answered 2xx. */
function allAnswered2xx() {
  const outcomes = { status2xx: EVENTS, status3xx: 0, status4xx: 0, status5xx: 0, unreachable: 0 };
  return { total: EVENTS, done: EVENTS, succeeded: EVENTS, failed: 0, outcomes };
}

describe('bulk replay jobs survive restarts of rehook serve', { timeout: 600_000 }, () => {
  after(() => killAllInstances());

  it('SQLite: resumes after SIGTERM (handed over, nothing sent twice) and after SIGKILL (at most the sends in flight again)', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rehook-job-restart-'));
    const { receiver, counts, total } = await slowReceiver();
    try {
      const store = openSqliteStore({ path: join(dataDir, DATABASE_FILE) });
      const token = await accountToken(store);
      await store.close();
      const env = { ...ENV, REHOOK_DATA_DIR: dataDir };

      let instance = await startInstance('jobs-1', env);
      const { jobId } = await inboxAndJob(instance, token, `${receiver.url}/sink`);

      await waitUntil('a first part of the job was sent', () => (total() >= 8 ? true : undefined));
      await instance.kill('SIGTERM');
      assert.equal(instance.child.exitCode, 0, instance.rawOutput.join('\n'));
      // A graceful stop records what was in flight: every arrival so far is recorded, none twice.
      const afterTerm = total();
      const recorded = openSqliteStore({ path: join(dataDir, DATABASE_FILE) });
      const stopped = await recorded.replayJobs.findById(jobId);
      await recorded.close();
      assert.equal(stopped?.state, 'running');
      assert.equal(stopped?.counts.done, afterTerm);
      assert.ok(afterTerm < EVENTS, 'the job was stopped mid-way');

      instance = await startInstance('jobs-2', env);
      await waitUntil('more of the job was sent after the restart', () =>
        total() >= afterTerm + 8 ? true : undefined,
      );
      await instance.kill('SIGKILL');
      const afterKill = total();
      assert.ok(afterKill < EVENTS + CONCURRENCY, 'the job was killed mid-way');

      instance = await startInstance('jobs-3', env);
      const done = await waitUntil('the job completed', async () => {
        const data = await jobOn(instance, token, jobId);
        return data.job.state === 'completed' ? data : undefined;
      });
      assert.deepEqual(done.job.counts, allAnswered2xx());
      assert.ok(done.results.every((r: any) => r.state === 'done' && r.statusCode === 200));
      const duplicates = assertEveryEventArrived(counts);
      // At least once: only sends in flight at the SIGKILL may arrive again.
      assert.ok(duplicates <= CONCURRENCY, `${duplicates} duplicates, more than the ${CONCURRENCY} sends in flight`);
      await instance.kill('SIGTERM');
    } finally {
      await receiver.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('PostgreSQL: two instances run a job once; killing the one that runs it hands it to the other', async (t) => {
    const pg = await connectTestPostgres();
    if (!pg.available) {
      t.skip(`PostgreSQL unavailable: ${pg.reason}`);
      return;
    }
    const { receiver, counts, total } = await slowReceiver();
    try {
      const schema = await pg.createSchema();
      const store = await openPostgresStore({ url: schema.url, poolSize: 2 });
      const token = await accountToken(store);
      await store.close();
      const env = { ...ENV, DATABASE_URL: schema.url };
      const [a, b] = await Promise.all([startInstance('pg-A', env), startInstance('pg-B', env)]);
      const instances = [a, b] as const;

      // Steady state: created on A, run by one of them, every event sent exactly once.
      const first = await inboxAndJob(a, token, `${receiver.url}/steady`);
      const done = await waitUntil('the first job completed', async () => {
        const data = await jobOn(b, token, first.jobId);
        return data.job.state === 'completed' ? data : undefined;
      });
      assert.deepEqual(done.job.counts, allAnswered2xx());
      assert.equal(assertEveryEventArrived(counts), 0, 'no event of the steady-state job was sent twice');
      const runners = instances.filter((i) =>
        i.logs.some((l) => l.msg === 'replay job running on this instance' && l['jobId'] === first.jobId),
      );
      assert.equal(runners.length, 1, 'one instance ran the job');

      // Kill the instance that runs the second job; the other resumes it when the lease expires.
      counts.clear();
      const before = total();
      const second = await inboxAndJob(b, token, `${receiver.url}/takeover`);
      const runner = await waitUntil('an instance runs the second job', () =>
        instances.find((i) =>
          i.logs.some((l) => l.msg === 'replay job running on this instance' && l['jobId'] === second.jobId),
        ),
      );
      const other = runner === a ? b : a;
      await waitUntil('part of the second job was sent', () => (total() >= before + 8 ? true : undefined));
      await runner.kill('SIGKILL');
      const finished = await waitUntil('the second job completed on the other instance', async () => {
        const data = await jobOn(other, token, second.jobId);
        return data.job.state === 'completed' ? data : undefined;
      });
      assert.deepEqual(finished.job.counts, allAnswered2xx());
      assert.ok(other.logs.some((l) => l.msg === 'replay job running on this instance' && l['jobId'] === second.jobId));
      const duplicates = assertEveryEventArrived(counts);
      assert.ok(duplicates <= CONCURRENCY, `${duplicates} duplicates, more than the ${CONCURRENCY} sends in flight`);
      await other.kill('SIGTERM');
    } finally {
      await receiver.close();
      await pg.close();
    }
  });
});
