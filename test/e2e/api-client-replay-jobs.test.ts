import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RehookClient } from '../../src/client/index.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';

describe('RehookClient: bulk replay jobs', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let client: RehookClient;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' } });
    receiver = await startReceiver(async (req, res) => {
      if (req.url === '/hold') await held;
      res.end('ok');
    });
    client = new RehookClient({ baseUrl: rehook.apiUrl, token: (await rehook.createUser()).token });
  });
  after(async () => {
    release();
    await receiver.close();
    await rehook.stop();
  });

  test('createReplayJob, waitForReplayJob, replayJob (paged results), replayJobs, cancelReplayJob', async () => {
    const inbox = await client.createInbox();
    for (let i = 0; i < 3; i += 1) await client.send(inbox.id, { path: '/hook', body: `n${i}` });
    const job = await client.createReplayJob(inbox.id, {
      destination: `${receiver.url}/all`,
      ratePerSecond: 50,
      method: 'post',
    });
    assert.equal(job.state, 'queued');
    assert.deepEqual(job.filter, { method: 'POST' });
    const seen: string[] = [];
    const done = await client.waitForReplayJob(job.id, { interval: 10, onProgress: (j) => seen.push(j.state) });
    assert.equal(done.state, 'completed');
    assert.deepEqual(done.counts, {
      total: 3,
      done: 3,
      succeeded: 3,
      failed: 0,
      outcomes: { status2xx: 3, status3xx: 0, status4xx: 0, status5xx: 0, unreachable: 0 },
    });
    assert.ok(seen.length > 0);
    assert.deepEqual(
      receiver.requests.filter((r) => r.url === '/all').map((r) => r.body.toString()),
      ['n0', 'n1', 'n2'],
    );

    const page = await client.replayJob(job.id, { resultsLimit: 2 });
    assert.equal(page.results.length, 2);
    assert.equal(page.nextResultsAfter, 1);
    const rest = await client.replayJob(job.id, { resultsAfter: 1 });
    assert.deepEqual(
      rest.results.map((r) => r.position),
      [2],
    );
    assert.equal(rest.nextResultsAfter, null);

    const held = await client.createReplayJob(inbox.id, { destination: `${receiver.url}/hold` });
    assert.deepEqual(
      (await client.replayJobs(inbox.id)).map((j) => j.id),
      [held.id, job.id],
    );
    const cancelled = await client.cancelReplayJob(held.id);
    assert.equal(cancelled.state, 'cancelled');
    release();
    assert.equal((await client.waitForReplayJob(held.id)).state, 'cancelled');

    await assert.rejects(client.createReplayJob(inbox.id, { destination: `${receiver.url}/x`, concurrency: 99 }), {
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    await assert.rejects(client.replayJob('job_aaaaaaaaaaaaaaaaaaaaaaaaaa'), {
      status: 404,
      code: 'REPLAY_JOB_NOT_FOUND',
    });
  });
});
