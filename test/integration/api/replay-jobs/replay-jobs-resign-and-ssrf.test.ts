/**
 * Bulk replay jobs that re-sign what they send (resign: true), and a job under the default replay
 * policy, whose refused destination fails it without a connection (the jobs' API:
 * replay-jobs.test.ts).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, call, createInbox, ingest, ingestEvent } from '../support.js';
import { jobCounts, waitForJob } from './support.js';

describe('bulk replay jobs with resign: true', () => {
  const STRIPE_SECRET = `whsec_${'c0ffee00'.repeat(4)}`;
  let rehook: TestRehook;
  let receiver: Receiver;
  let user: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' } });
    receiver = await startReceiver();
    user = await rehook.createUser();
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  const stripeSignature = (headers: readonly (readonly [string, string])[]) =>
    headers.find(([name]) => name.toLowerCase() === 'stripe-signature')?.[1] ?? '';

  it("re-signs each send with the inbox's secret and a fresh timestamp, so the handler's check passes", async () => {
    const { default: Stripe } = await import('stripe');
    const inbox = await createInbox(rehook, user.token);
    const secret = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/signature`, {
      method: 'PUT',
      token: user.token,
      json: { scheme: 'stripe', secret: STRIPE_SECRET },
    });
    assert.equal(secret.status, 200, secret.text);
    const hourAgo = Math.floor(Date.now() / 1000) - 3600;
    for (const n of [1, 2]) {
      const payload = `{"id":"evt_${n}","type":"invoice.paid"}`;
      const old = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_SECRET, timestamp: hourAgo });
      await ingestEvent(rehook, inbox.id, {
        body: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': old },
        token: user.token,
      });
    }
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/replays`, {
      method: 'POST',
      token: user.token,
      json: { destination: `${receiver.url}/resigned`, resign: true, ratePerSecond: 100 },
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.data.job.resign, true);
    const done = await waitForJob(rehook, user.token, res.body.data.job.id);
    assert.deepEqual([done.data.job.state, done.data.job.counts.succeeded], ['completed', 2]);
    const got = receiver.requests.filter((request) => request.url === '/resigned');
    assert.equal(got.length, 2);
    for (const request of got) {
      const verified = Stripe.webhooks.constructEvent(
        request.body.toString(),
        stripeSignature(request.headers),
        STRIPE_SECRET,
      );
      assert.equal(verified.type, 'invoice.paid');
    }
  });

  it('resign on an inbox without a signature secret answers 409 SIGNATURE_NOT_SET and starts no job', async () => {
    const inbox = await createInbox(rehook, user.token);
    await ingestEvent(rehook, inbox.id, { body: 'x', token: user.token });
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/replays`, {
      method: 'POST',
      token: user.token,
      json: { destination: `${receiver.url}/never`, resign: true },
    });
    assertError(res, 409, 'SIGNATURE_NOT_SET');
    const jobs = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/replay-jobs`, { token: user.token });
    assert.deepEqual(jobs.body.data.jobs, []);
  });
});

describe('bulk replay jobs under the default replay policy', () => {
  let rehook: TestRehook;
  let receiver: Receiver;

  before(async () => {
    rehook = await startTestRehook();
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  it('fails the job when the destination is refused, without connecting to it', async () => {
    const user = await rehook.createUser();
    const inbox = await createInbox(rehook);
    for (let i = 0; i < 3; i += 1) await ingest(rehook, inbox.id, { body: `ssrf-${i}` });
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/replays`, {
      method: 'POST',
      token: user.token,
      json: { destination: `${receiver.url}/private`, ratePerSecond: 100 },
    });
    assert.equal(res.status, 202, res.text);
    const done = await waitForJob(rehook, user.token, res.body.data.job.id);
    assert.equal(done.data.job.state, 'failed');
    assert.equal(done.data.job.error.code, 'DESTINATION_FORBIDDEN');
    assert.deepEqual(done.data.job.counts, jobCounts(3, { unreachable: 1 }));
    assert.equal(done.data.results[0].errorCode, 'DESTINATION_FORBIDDEN');
    assert.equal(receiver.connections, 0);
  });
});
