import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import {
  assertError,
  assertUnauthorized,
  call,
  createInbox,
  ingest,
  ingestEvent,
  ISO_UTC,
  REPLAY_ID,
} from '../support.js';
import { jobCounts, waitForJob } from './support.js';

describe('bulk replay jobs: POST /api/v1/inboxes/:id/replays, GET/DELETE /api/v1/replay-jobs/:id', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };
  /** Requests to /block wait here until the test releases them. */
  let release: () => void = () => undefined;
  let blocked = new Promise<void>((resolve) => {
    release = resolve;
  });

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' } });
    receiver = await startReceiver(async (req, res) => {
      if (req.url.startsWith('/block')) await blocked;
      const status = req.url.startsWith('/teapot') ? 418 : req.url.startsWith('/broken') ? 500 : 200;
      res.writeHead(status, { 'content-type': 'text/plain' }).end('got it');
    });
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(async () => {
    release();
    await receiver.close();
    await rehook.stop();
  });

  /** A fresh anonymous inbox holding `count` POSTs with bodies `<tag>-0` ... (oldest first); their ids. */
  async function inboxWith(count: number, tag: string, token?: string): Promise<{ inboxId: string; ids: string[] }> {
    const inbox = await createInbox(rehook, token);
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      ids.push(await ingestEvent(rehook, inbox.id, { body: `${tag}-${i}`, ...(token ? { token } : {}) }));
    }
    return { inboxId: inbox.id, ids };
  }

  /** `token` null: without one. */
  function createJob(inboxId: string, json: unknown, token: string | null = alice.token) {
    return call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/replays`, {
      method: 'POST',
      json,
      ...(token === null ? {} : { token }),
    });
  }

  function bodiesAt(path: string): string[] {
    return receiver.requests.filter((r) => r.url === path).map((r) => r.body.toString());
  }

  it('replays the events oldest first, one after the other, and reports each result', async () => {
    const { inboxId, ids } = await inboxWith(6, 'order');
    const created = await createJob(inboxId, { destination: `${receiver.url}/order`, ratePerSecond: 100 });
    assert.equal(created.status, 202, created.text);
    const job = created.body.data.job;
    assert.match(job.id, /^job_[0-9a-z]{26}$/);
    assert.equal(job.state, 'queued');
    assert.equal(job.inboxId, inboxId);
    assert.deepEqual(job.counts, jobCounts(6));
    assert.equal(job.concurrency, 1);
    assert.equal(job.ratePerSecond, 100);
    assert.match(job.createdAt, ISO_UTC);

    const done = await waitForJob(rehook, alice.token, job.id);
    assert.equal(done.data.job.state, 'completed');
    assert.deepEqual(done.data.job.counts, jobCounts(6, { status2xx: 6 }));
    assert.equal(done.data.job.progress, 1);
    assert.match(done.data.job.startedAt, ISO_UTC);
    assert.match(done.data.job.finishedAt, ISO_UTC);
    assert.deepEqual(bodiesAt('/order'), ['order-0', 'order-1', 'order-2', 'order-3', 'order-4', 'order-5']);
    assert.deepEqual(
      done.data.results.map((r: any) => r.eventId),
      ids,
    );
    assert.deepEqual(
      done.data.results.map((r: any) => r.position),
      [0, 1, 2, 3, 4, 5],
    );
    // Each result names its request, as the event list does.
    assert.deepEqual(
      done.data.results.map((r: any) => [r.method, r.path]),
      ids.map(() => ['POST', `/i/${inboxId}`]),
    );
    for (const result of done.data.results) {
      assert.equal(result.state, 'done');
      assert.equal(result.statusCode, 200);
      assert.equal(result.errorCode, null);
      assert.match(result.replayId, REPLAY_ID);
      assert.equal(typeof result.latencyMs, 'number');
      // Each send is in its event's replay history, marked with the job.
      const history = await call(rehook.apiUrl, `/api/v1/events/${result.eventId}/replays`, { token: alice.token });
      const replay = history.body.data.replays.find((r: any) => r.id === result.replayId);
      assert.equal(replay?.jobId, job.id);
      assert.equal(replay?.statusCode, 200);
    }
  });

  it('pages the results in replay order', async () => {
    const { inboxId, ids } = await inboxWith(5, 'pages');
    const created = await createJob(inboxId, { destination: `${receiver.url}/pages`, ratePerSecond: 100 });
    const jobId = created.body.data.job.id;
    await waitForJob(rehook, alice.token, jobId);
    const first = await call(rehook.apiUrl, `/api/v1/replay-jobs/${jobId}?resultsLimit=2`, { token: alice.token });
    assert.deepEqual(
      first.body.data.results.map((r: any) => r.eventId),
      ids.slice(0, 2),
    );
    assert.equal(first.body.data.nextResultsAfter, 1);
    const second = await call(rehook.apiUrl, `/api/v1/replay-jobs/${jobId}?resultsLimit=2&resultsAfter=1`, {
      token: alice.token,
    });
    assert.deepEqual(
      second.body.data.results.map((r: any) => r.eventId),
      ids.slice(2, 4),
    );
    const last = await call(rehook.apiUrl, `/api/v1/replay-jobs/${jobId}?resultsLimit=2&resultsAfter=3`, {
      token: alice.token,
    });
    assert.deepEqual(
      last.body.data.results.map((r: any) => r.eventId),
      ids.slice(4),
    );
    assert.equal(last.body.data.nextResultsAfter, null);
    for (const query of ['resultsLimit=0', 'resultsLimit=1001', 'resultsAfter=-1', 'resultsAfter=x']) {
      assertError(
        await call(rehook.apiUrl, `/api/v1/replay-jobs/${jobId}?${query}`, { token: alice.token }),
        400,
        'VALIDATION_FAILED',
      );
    }
  });

  it('chooses the events by method, path prefix, id range, time range or explicit ids', async () => {
    const inbox = await createInbox(rehook);
    const sent: Array<[string, string, string]> = [
      ['POST', '/stripe/a', 's0'],
      ['PATCH', '/stripe/b', 's1'],
      ['POST', '/github', 's2'],
      ['PUT', '/stripe/c', 's3'],
      ['POST', '/stripe', 's4'],
    ];
    const ids: string[] = [];
    for (const [method, suffix, body] of sent) {
      ids.push(await ingestEvent(rehook, inbox.id, { method, suffix, body }));
    }
    const run = async (filter: Record<string, unknown>, path: string) => {
      const res = await createJob(inbox.id, { destination: `${receiver.url}${path}`, ratePerSecond: 100, ...filter });
      assert.equal(res.status, 202, res.text);
      const done = await waitForJob(rehook, alice.token, res.body.data.job.id);
      assert.equal(done.data.job.state, 'completed');
      return bodiesAt(path);
    };
    assert.deepEqual(await run({ method: 'post', pathPrefix: '/stripe' }, '/f1'), ['s0', 's4']);
    assert.deepEqual(await run({ since: ids[1], until: ids[3] }, '/f2'), ['s1', 's2', 's3']);
    assert.deepEqual(await run({ eventIds: [ids[4], ids[0], ids[4]] }, '/f3'), ['s0', 's4']);
    assert.deepEqual(await run({ pathPrefix: '/stripe/' }, '/f4'), ['s0', 's1', 's3']);
    // Time bounds: since inclusive, until exclusive; a range in the future matches nothing.
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events?limit=10`);
    const receivedAt = new Map<string, string>(list.body.map((e: any) => [e.id, e.receivedAt]));
    const future = await createJob(inbox.id, { destination: `${receiver.url}/f5`, since: '2999-01-01T00:00:00Z' });
    assert.equal(future.body.data.job.counts.total, 0);
    assert.equal((await waitForJob(rehook, alice.token, future.body.data.job.id)).data.job.state, 'completed');
    assert.deepEqual(bodiesAt('/f5'), []);
    const all = await run({ since: receivedAt.get(ids[0] as string), until: '2999-01-01T00:00:00Z' }, '/f6');
    assert.deepEqual(all, ['s0', 's1', 's2', 's3', 's4']);
  });

  it('keeps the set of events fixed when the job is created', async () => {
    const { inboxId } = await inboxWith(2, 'fixed');
    const created = await createJob(inboxId, { destination: `${receiver.url}/block-fixed`, ratePerSecond: 100 });
    const jobId = created.body.data.job.id;
    // Stored after the job was created: not part of it.
    await ingest(rehook, inboxId, { body: 'fixed-late' });
    assert.equal(created.body.data.job.counts.total, 2);
    release();
    const done = await waitForJob(rehook, alice.token, jobId);
    assert.equal(done.data.job.counts.total, 2);
    assert.deepEqual(bodiesAt('/block-fixed'), ['fixed-0', 'fixed-1']);
  });

  it('cancels: nothing more is sent after the send in flight; cancelling again or a finished job changes nothing', async () => {
    blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { inboxId } = await inboxWith(4, 'cancel');
    const created = await createJob(inboxId, { destination: `${receiver.url}/block-cancel`, ratePerSecond: 100 });
    const jobId = created.body.data.job.id;
    // The first send reached the receiver and is held there.
    await waitForJob(rehook, alice.token, jobId, () => bodiesAt('/block-cancel').length === 1);
    const cancelled = await call(rehook.apiUrl, `/api/v1/replay-jobs/${jobId}`, {
      method: 'DELETE',
      token: alice.token,
    });
    assert.equal(cancelled.status, 200, cancelled.text);
    assert.equal(cancelled.body.data.job.state, 'cancelled');
    assert.match(cancelled.body.data.job.finishedAt, ISO_UTC);
    release();
    // The send in flight is recorded...
    const after = await waitForJob(rehook, alice.token, jobId, (b) => b.data.job.counts.done === 1);
    assert.equal(after.data.job.state, 'cancelled');
    assert.deepEqual(after.data.job.counts, jobCounts(4, { status2xx: 1 }));
    assert.deepEqual(
      after.data.results.map((r: any) => r.state),
      ['done', 'pending', 'pending', 'pending'],
    );
    const again = await call(rehook.apiUrl, `/api/v1/replay-jobs/${jobId}`, { method: 'DELETE', token: alice.token });
    assert.equal(again.body.data.job.state, 'cancelled');
    // ...and a completed job stays completed.
    const small = await inboxWith(1, 'small');
    const finished = await createJob(small.inboxId, { destination: `${receiver.url}/small` });
    await waitForJob(rehook, alice.token, finished.body.data.job.id);
    const late = await call(rehook.apiUrl, `/api/v1/replay-jobs/${finished.body.data.job.id}`, {
      method: 'DELETE',
      token: alice.token,
    });
    assert.equal(late.body.data.job.state, 'completed');
    // Nothing further reached the receiver (checked again after the second job ran to completion).
    assert.deepEqual(bodiesAt('/block-cancel'), ['cancel-0']);
  });

  it('counts a 4xx or 5xx answer as a failed send (with its status class), and unreachable ones as failed', async () => {
    const { inboxId } = await inboxWith(2, 'status');
    const teapot = await createJob(inboxId, { destination: `${receiver.url}/teapot`, ratePerSecond: 100 });
    const done = await waitForJob(rehook, alice.token, teapot.body.data.job.id);
    assert.deepEqual(done.data.job.counts, jobCounts(2, { status4xx: 2 }));
    assert.deepEqual(
      done.data.results.map((r: any) => r.statusCode),
      [418, 418],
    );
    // A destination answering 500 to every send: each is an answer, counted as a 5xx, and failed.
    const broken = await createJob(inboxId, { destination: `${receiver.url}/broken`, ratePerSecond: 100 });
    const answered500 = await waitForJob(rehook, alice.token, broken.body.data.job.id);
    assert.deepEqual(answered500.data.job.counts, jobCounts(2, { status5xx: 2 }));
    assert.deepEqual([answered500.data.job.counts.succeeded, answered500.data.job.counts.failed], [0, 2]);
    const fine = await createJob(inboxId, { destination: `${receiver.url}/fine`, ratePerSecond: 100 });
    const answered200 = await waitForJob(rehook, alice.token, fine.body.data.job.id);
    assert.deepEqual([answered200.data.job.counts.succeeded, answered200.data.job.counts.failed], [2, 0]);

    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const down = await createJob(inboxId, { destination: `${url}/down`, ratePerSecond: 100 });
    const failed = await waitForJob(rehook, alice.token, down.body.data.job.id);
    assert.equal(failed.data.job.state, 'completed');
    assert.deepEqual(failed.data.job.counts, jobCounts(2, { unreachable: 2 }));
    assert.deepEqual(
      failed.data.results.map((r: any) => r.errorCode),
      ['DESTINATION_UNREACHABLE', 'DESTINATION_UNREACHABLE'],
    );
  });

  it('refuses malformed requests with 400 and says which field', async () => {
    const { inboxId, ids } = await inboxWith(1, 'bad');
    const other = await inboxWith(1, 'other');
    const destination = `${receiver.url}/bad`;
    const cases: Array<[unknown, string]> = [
      [{}, '/destination'],
      [{ destination, eventIds: [] }, '/eventIds'],
      [{ destination, eventIds: ['nope'] }, '/eventIds/0'],
      [{ destination, eventIds: other.ids }, '/eventIds/0'],
      [{ destination, eventIds: ids, method: 'POST' }, '/method'],
      [{ destination, since: 'yesterday' }, '/since'],
      [{ destination, until: 12 }, '/until'],
      [{ destination, since: '2026-01-02T00:00:00Z', until: '2026-01-01T00:00:00Z' }, '/until'],
      [{ destination, method: 'GET POST' }, '/method'],
      [{ destination, pathPrefix: 'stripe' }, '/pathPrefix'],
      [{ destination, ratePerSecond: 0 }, '/ratePerSecond'],
      [{ destination, ratePerSecond: 101 }, '/ratePerSecond'],
      [{ destination, ratePerSecond: '5' }, '/ratePerSecond'],
      [{ destination, concurrency: 0 }, '/concurrency'],
      [{ destination, concurrency: 11 }, '/concurrency'],
      [{ destination, concurrency: 1.5 }, '/concurrency'],
      [{ destination, methd: 'POST' }, '/methd'],
    ];
    for (const [json, path] of cases) {
      const res = await createJob(inboxId, json);
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.match(
        res.body.error.message,
        new RegExp(path.split('/')[1] ?? ''),
        `${JSON.stringify(json)}: ${res.text}`,
      );
    }
    assertError(await createJob(inboxId, { destination: 'ftp://example.com/x' }), 400, 'INVALID_DESTINATION');
    assertError(await createJob(inboxId, { destination: 'http://user:pw@example.com/x' }), 400, 'INVALID_DESTINATION');
    assertError(await createJob(inboxId, [1, 2]), 400, 'VALIDATION_FAILED');
    const text = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/replays`, {
      method: 'POST',
      token: alice.token,
      headers: { 'content-type': 'text/plain' },
      body: 'destination',
    });
    assertError(text, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('follows the access rules of replaying: accounts only; the owner for an owned inbox; jobs visible to their maker and the owner', async () => {
    const { inboxId } = await inboxWith(1, 'authz');
    const destination = `${receiver.url}/authz`;
    assertUnauthorized(await createJob(inboxId, { destination }, null));
    assertError(await createJob('inb_aaaaaaaaaaaaaaaaaaaaaaaaaa', { destination }), 404, 'INBOX_NOT_FOUND');
    // Anonymous inbox: any account may start a job; each sees only its own.
    const mine = await createJob(inboxId, { destination });
    const bobs = await createJob(inboxId, { destination }, bob.token);
    assert.equal(bobs.status, 202, bobs.text);
    const jobId = mine.body.data.job.id;
    assertError(
      await call(rehook.apiUrl, `/api/v1/replay-jobs/${jobId}`, { token: bob.token }),
      404,
      'REPLAY_JOB_NOT_FOUND',
    );
    assertError(
      await call(rehook.apiUrl, `/api/v1/replay-jobs/${jobId}`, { method: 'DELETE', token: bob.token }),
      404,
      'REPLAY_JOB_NOT_FOUND',
    );
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/replay-jobs/${jobId}`));
    assertError(
      await call(rehook.apiUrl, '/api/v1/replay-jobs/job_aaaaaaaaaaaaaaaaaaaaaaaaaa', { token: alice.token }),
      404,
      'REPLAY_JOB_NOT_FOUND',
    );
    assertError(
      await call(rehook.apiUrl, '/api/v1/replay-jobs/nope', { token: alice.token }),
      404,
      'REPLAY_JOB_NOT_FOUND',
    );
    const aliceList = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/replay-jobs`, { token: alice.token });
    assert.deepEqual(
      aliceList.body.data.jobs.map((j: any) => j.id),
      [jobId],
    );
    const bobList = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/replay-jobs`, { token: bob.token });
    assert.deepEqual(
      bobList.body.data.jobs.map((j: any) => j.id),
      [bobs.body.data.job.id],
    );
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/replay-jobs`));

    // Owned inbox: only the owner; another account's inbox is not found.
    const owned = await inboxWith(2, 'owned', alice.token);
    assertError(await createJob(owned.inboxId, { destination }, bob.token), 404, 'INBOX_NOT_FOUND');
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${owned.inboxId}/replay-jobs`, { token: bob.token }),
      404,
      'INBOX_NOT_FOUND',
    );
    const ownedJob = await createJob(owned.inboxId, { destination, ratePerSecond: 100 });
    assert.equal(ownedJob.status, 202, ownedJob.text);
    assertError(
      await call(rehook.apiUrl, `/api/v1/replay-jobs/${ownedJob.body.data.job.id}`, { token: bob.token }),
      404,
      'REPLAY_JOB_NOT_FOUND',
    );
    await waitForJob(rehook, alice.token, ownedJob.body.data.job.id);
  });
});
