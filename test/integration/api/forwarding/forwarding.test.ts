import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import {
  assertError,
  call,
  closedPort,
  createInbox,
  ingestEvent,
  UNKNOWN_EVENT_ID,
  UNKNOWN_INBOX_ID,
} from '../support.js';
import { deliveriesOf, deliveryIn, FAST_FORWARDING, header, setForwarding, waitUntil } from './support.js';

const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('automatic forwarding: settings and access', () => {
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({ env: FAST_FORWARDING });
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(() => rehook.stop());

  const path = (inboxId: string) => `/api/v1/inboxes/${inboxId}/forwarding`;

  it('sets with defaults, shows, replaces and removes the forwarding of a saved inbox', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const unset = await call(rehook.apiUrl, path(inbox.id), { token: alice.token });
    assert.equal(unset.status, 200, unset.text);
    assert.deepEqual(unset.body, { data: { forwarding: null } });
    const set = await setForwarding(rehook, alice.token, inbox.id, { destination: 'https://example.com/hooks' });
    assert.deepEqual(
      { ...set, createdAt: undefined, updatedAt: undefined },
      {
        inboxId: inbox.id,
        destination: 'https://example.com/hooks',
        enabled: true,
        maxAttempts: 8,
        maxDelayMs: 3_600_000,
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    const shown = await call(rehook.apiUrl, path(inbox.id), { token: alice.token });
    assert.deepEqual(shown.body.data.forwarding, set);
    const replaced = await setForwarding(rehook, alice.token, inbox.id, {
      destination: 'http://other.example/x?k=1',
      enabled: false,
      maxAttempts: 3,
      maxDelayMs: 1000,
    });
    assert.deepEqual(
      [replaced.destination, replaced.enabled, replaced.maxAttempts, replaced.maxDelayMs, replaced.createdAt],
      ['http://other.example/x?k=1', false, 3, 1000, set.createdAt],
    );
    // `attempts`, the old name of maxAttempts, is still accepted on input (never answered).
    const oldName = await setForwarding(rehook, alice.token, inbox.id, {
      destination: 'https://a.example',
      attempts: 4,
    });
    assert.deepEqual([oldName.maxAttempts, 'attempts' in oldName], [4, false]);
    const removed = await call(rehook.apiUrl, path(inbox.id), { method: 'DELETE', token: alice.token });
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.body.data.cancelled, 0);
    assert.equal((await call(rehook.apiUrl, path(inbox.id), { token: alice.token })).body.data.forwarding, null);
    assertError(
      await call(rehook.apiUrl, path(inbox.id), { method: 'DELETE', token: alice.token }),
      404,
      'FORWARDING_NOT_FOUND',
    );
  });

  it('refuses bad settings with 400 and a clear message', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const put = (json: unknown) => call(rehook.apiUrl, path(inbox.id), { method: 'PUT', token: alice.token, json });
    for (const [body, code, pattern] of [
      [{}, 'VALIDATION_FAILED', /destination is required/],
      [
        { destination: 'https://example.com', attempts: 0 },
        'VALIDATION_FAILED',
        /attempts must be an integer from 1 to 30/,
      ],
      [{ destination: 'https://example.com', attempts: 31 }, 'VALIDATION_FAILED', /attempts/],
      [
        { destination: 'https://example.com', maxAttempts: 31 },
        'VALIDATION_FAILED',
        /maxAttempts must be an integer from 1 to 30/,
      ],
      [
        { destination: 'https://example.com', maxAttempts: 3, attempts: 3 },
        'VALIDATION_FAILED',
        /send maxAttempts only/,
      ],
      [{ destination: 'https://example.com', attempts: 2.5 }, 'VALIDATION_FAILED', /attempts/],
      [
        { destination: 'https://example.com', maxDelayMs: 999 },
        'VALIDATION_FAILED',
        /maxDelayMs must be an integer from 1000 to 86400000/,
      ],
      [{ destination: 'https://example.com', enabled: 'yes' }, 'VALIDATION_FAILED', /enabled must be true or false/],
      [{ destination: 'https://example.com', retries: 3 }, 'VALIDATION_FAILED', /Unknown field retries/],
      [{ destination: 'ftp://example.com' }, 'INVALID_DESTINATION', /scheme must be http or https/],
      [{ destination: 'https://user:pw@example.com' }, 'INVALID_DESTINATION', /credentials/],
      [{ destination: 42 }, 'INVALID_DESTINATION', /must be a string/],
    ] as const) {
      const res = await put(body);
      assertError(res, 400, code);
      assert.match(res.body.error.message, pattern);
    }
    assertError(await put([1]), 400, 'VALIDATION_FAILED');
  });

  it('is for the owner of a saved inbox only', async () => {
    const saved = await createInbox(rehook, alice.token);
    const anonymous = await createInbox(rehook);
    const body = { destination: 'https://example.com/hooks' };
    for (const method of ['PUT', 'GET', 'DELETE']) {
      const init = { method, ...(method === 'PUT' ? { json: body } : {}) };
      assertError(await call(rehook.apiUrl, path(saved.id), init), 401, 'UNAUTHORIZED');
      assertError(await call(rehook.apiUrl, path(saved.id), { ...init, token: bob.token }), 404, 'INBOX_NOT_FOUND');
      assertError(
        await call(rehook.apiUrl, path(UNKNOWN_INBOX_ID), { ...init, token: alice.token }),
        404,
        'INBOX_NOT_FOUND',
      );
      const anon = await call(rehook.apiUrl, path(anonymous.id), { ...init, token: alice.token });
      assertError(anon, 409, 'INBOX_NOT_SAVED');
      assert.match(anon.body.error.message, /Only saved inboxes can forward events/);
    }
    const eventId = await ingestEvent(rehook, saved.id, { token: alice.token });
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${eventId}/deliveries`, { token: bob.token }),
      404,
      'EVENT_NOT_FOUND',
    );
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${UNKNOWN_EVENT_ID}/deliveries`, { token: alice.token }),
      404,
      'EVENT_NOT_FOUND',
    );
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${eventId}/deliveries/retry`, { method: 'POST', token: bob.token }),
      404,
      'EVENT_NOT_FOUND',
    );
    const anonEvent = await ingestEvent(rehook, anonymous.id);
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${anonEvent}/deliveries`, { token: alice.token }),
      409,
      'INBOX_NOT_SAVED',
    );
  });

  it('queues nothing while paused or unset; a retry by hand queues an old event and refuses a second one while pending', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const before = await ingestEvent(rehook, inbox.id, { token: alice.token });
    assert.deepEqual(await deliveriesOf(rehook, alice.token, before), []);
    const retry = (eventId: string) =>
      call(rehook.apiUrl, `/api/v1/events/${eventId}/deliveries/retry`, { method: 'POST', token: alice.token });
    assertError(await retry(before), 404, 'FORWARDING_NOT_FOUND');
    await setForwarding(rehook, alice.token, inbox.id, { destination: 'https://example.com/hooks', enabled: false });
    const paused = await ingestEvent(rehook, inbox.id, { token: alice.token });
    assert.deepEqual(await deliveriesOf(rehook, alice.token, paused), []);
    // Paused: the delivery a retry queues waits (pending) until the forwarding is enabled again.
    const queued = await retry(before);
    assert.equal(queued.status, 202, queued.text);
    assert.deepEqual(
      {
        state: queued.body.data.delivery.state,
        attempts: queued.body.data.delivery.attempts,
        eventId: queued.body.data.delivery.eventId,
      },
      { state: 'pending', attempts: 0, eventId: before },
    );
    assertError(await retry(before), 409, 'DELIVERY_IN_PROGRESS');
    // Removing the forwarding cancels it.
    const removed = await call(rehook.apiUrl, path(inbox.id), { method: 'DELETE', token: alice.token });
    assert.equal(removed.body.data.cancelled, 1);
    const [cancelled] = await deliveriesOf(rehook, alice.token, before);
    assert.equal(cancelled.state, 'cancelled');
    assert.equal(cancelled.nextAttemptAt, null);
  });
});

describe('automatic forwarding: delivery', () => {
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({ env: FAST_FORWARDING });
    alice = await rehook.createUser();
  });
  after(() => rehook.stop());

  it('delivers every event byte-exact to a destination that fails the first attempts, recording each attempt', async () => {
    const failuresPerEvent = 2;
    const seen = new Map<string, number>();
    const receiver = await startReceiver((req, res) => {
      const eventId = header(req, 'x-rehook-event-id') ?? '';
      const n = (seen.get(eventId) ?? 0) + 1;
      seen.set(eventId, n);
      if (n <= failuresPerEvent) res.writeHead(503).end('not yet');
      else res.writeHead(204).end();
    });
    try {
      const inbox = await createInbox(rehook, alice.token);
      await setForwarding(rehook, alice.token, inbox.id, {
        destination: `${receiver.url}/hooks?via=rehook`,
        maxAttempts: 5,
        maxDelayMs: 1000,
      });
      const sent: { method: string; suffix: string; body: Buffer; eventId: string }[] = [];
      for (let i = 0; i < 12; i += 1) {
        const body = i % 3 === 0 ? randomBytes(200 + i) : Buffer.from(JSON.stringify({ n: i, text: 'héllo' }));
        const method = i % 4 === 0 ? 'PUT' : 'POST';
        const suffix = i % 2 === 0 ? `/stripe/events?n=${i}&x=%20y` : '';
        const eventId = await ingestEvent(rehook, inbox.id, {
          method,
          suffix,
          body,
          token: alice.token,
          headers: { 'content-type': 'application/octet-stream', 'x-custom': `v${i}`, 'x-rehook-event-id': 'forged' },
        });
        sent.push({ method, suffix, body, eventId });
      }
      for (const event of sent) {
        const delivery = await deliveryIn(rehook, alice.token, event.eventId, ['delivered', 'failed']);
        assert.equal(delivery.state, 'delivered', JSON.stringify(delivery));
        assert.equal(delivery.id, `dlv_${event.eventId.slice(4)}`);
        assert.equal(delivery.nextAttemptAt, null);
        assert.deepEqual(
          delivery.attemptLog.map((a: any) => [a.number, a.outcome, a.statusCode, a.errorCode]),
          [
            [1, 'rejected', 503, null],
            [2, 'rejected', 503, null],
            [3, 'delivered', 204, null],
          ],
        );
        for (const a of delivery.attemptLog) {
          assert.equal(typeof a.latencyMs, 'number');
          assert.ok(!Number.isNaN(Date.parse(a.startedAt)));
        }
        const requests = receiver.requests.filter((r) => header(r, 'x-rehook-event-id') === event.eventId);
        assert.equal(requests.length, 3);
        const expectedUrl =
          event.suffix === '' ? '/hooks?via=rehook' : `/hooks/stripe/events?via=rehook&${event.suffix.split('?')[1]}`;
        for (const [index, req] of requests.entries()) {
          assert.equal(req.method, event.method);
          assert.equal(req.url, expectedUrl);
          assert.equal(sha(req.body), sha(event.body));
          assert.equal(header(req, 'x-custom'), `v${sent.indexOf(event)}`);
          assert.equal(header(req, 'x-rehook-delivery-attempt'), String(index + 1));
          assert.equal(req.headers.filter(([n]) => n.toLowerCase() === 'x-rehook-event-id').length, 1);
          assert.equal(header(req, 'host'), receiver.url.replace('http://', ''));
        }
        assert.equal(delivery.attemptLog[2].url, `${receiver.url}${expectedUrl}`);
      }
      const metrics = await fetch(`${rehook.apiUrl}/metrics`).then((r) => r.text());
      assert.match(metrics, /rehook_deliveries_total\{outcome="delivered"\} 12\b/);
      assert.match(metrics, /rehook_delivery_attempts_total\{outcome="rejected"\} 24\b/);
      assert.match(metrics, /rehook_delivery_queue_depth /);
    } finally {
      await receiver.close();
    }
  });

  it('keeps retrying a destination that is down for a while, then delivers everything once it comes up', async () => {
    const port = await closedPort();
    const inbox = await createInbox(rehook, alice.token);
    await setForwarding(rehook, alice.token, inbox.id, {
      destination: `http://127.0.0.1:${port}/in`,
      maxAttempts: 30,
      maxDelayMs: 1000,
    });
    const bodies = new Map<string, Buffer>();
    for (let i = 0; i < 8; i += 1) {
      const body = randomBytes(64);
      bodies.set(await ingestEvent(rehook, inbox.id, { body, token: alice.token }), body);
    }
    // Down: every event has been tried at least twice and is still pending.
    for (const eventId of bodies.keys()) {
      await waitUntil(`two failed attempts of ${eventId}`, async () => {
        const [delivery] = await deliveriesOf(rehook, alice.token, eventId);
        return delivery?.attemptLog.length >= 2 ? delivery : undefined;
      });
    }
    const [down] = await deliveriesOf(rehook, alice.token, [...bodies.keys()][0] as string);
    assert.ok(['pending', 'delivering'].includes(down.state), down.state);
    assert.equal(down.attemptLog[0].outcome, 'unreachable');
    assert.equal(down.attemptLog[0].errorCode, 'DESTINATION_UNREACHABLE');
    assert.equal(down.attemptLog[0].statusCode, null);
    // Up.
    const receiver = await startReceiver(undefined, { port });
    try {
      for (const [eventId, body] of bodies) {
        const delivery = await deliveryIn(rehook, alice.token, eventId, ['delivered', 'failed']);
        assert.equal(delivery.state, 'delivered');
        const last = delivery.attemptLog.at(-1);
        assert.deepEqual([last.outcome, last.statusCode], ['delivered', 200]);
        assert.ok(delivery.attemptLog.slice(0, -1).every((a: any) => a.outcome === 'unreachable'));
        const got = receiver.requests.filter((r) => header(r, 'x-rehook-event-id') === eventId);
        assert.ok(got.length >= 1);
        assert.ok(got.every((r) => sha(r.body) === sha(body) && r.url === '/in'));
      }
    } finally {
      await receiver.close();
    }
  });

  it('fails a delivery when its attempts run out; a retry by hand delivers it in a new round', async () => {
    let up = false;
    const receiver = await startReceiver((_req, res) => {
      res.writeHead(up ? 200 : 500).end();
    });
    try {
      const inbox = await createInbox(rehook, alice.token);
      await setForwarding(rehook, alice.token, inbox.id, {
        destination: receiver.url,
        maxAttempts: 2,
        maxDelayMs: 1000,
      });
      const eventId = await ingestEvent(rehook, inbox.id, { body: 'payload', token: alice.token });
      const failed = await deliveryIn(rehook, alice.token, eventId, ['failed', 'delivered']);
      assert.equal(failed.state, 'failed');
      assert.deepEqual(
        failed.attemptLog.map((a: any) => [a.number, a.outcome, a.statusCode]),
        [
          [1, 'rejected', 500],
          [2, 'rejected', 500],
        ],
      );
      up = true;
      const retried = await call(rehook.apiUrl, `/api/v1/events/${eventId}/deliveries/retry`, {
        method: 'POST',
        token: alice.token,
      });
      assert.equal(retried.status, 202, retried.text);
      const delivered = await deliveryIn(rehook, alice.token, eventId, ['delivered']);
      assert.equal(delivered.attempts, 1);
      assert.deepEqual(
        delivered.attemptLog.map((a: any) => [a.number, a.outcome]),
        [
          [1, 'rejected'],
          [2, 'rejected'],
          [3, 'delivered'],
        ],
      );
      // Delivered, it can be sent again by hand.
      const again = await call(rehook.apiUrl, `/api/v1/events/${eventId}/deliveries/retry`, {
        method: 'POST',
        token: alice.token,
      });
      assert.equal(again.status, 202, again.text);
      await waitUntil('a fourth attempt', async () => {
        const [d] = await deliveriesOf(rehook, alice.token, eventId);
        return d.state === 'delivered' && d.attemptLog.length === 4 ? d : undefined;
      });
    } finally {
      await receiver.close();
    }
  });

  it('cancels unfinished deliveries when the forwarding is removed, and sends nothing after', async () => {
    const port = await closedPort();
    const inbox = await createInbox(rehook, alice.token);
    await setForwarding(rehook, alice.token, inbox.id, {
      destination: `http://127.0.0.1:${port}/`,
      maxAttempts: 30,
      maxDelayMs: 60_000,
    });
    const eventId = await ingestEvent(rehook, inbox.id, { token: alice.token });
    await waitUntil('a first failed attempt', async () => {
      const [d] = await deliveriesOf(rehook, alice.token, eventId);
      return d?.attemptLog.length >= 1 ? d : undefined;
    });
    const removed = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/forwarding`, {
      method: 'DELETE',
      token: alice.token,
    });
    assert.equal(removed.status, 200, removed.text);
    const delivery = await deliveryIn(rehook, alice.token, eventId, ['cancelled']);
    assert.equal(delivery.nextAttemptAt, null);
    const later = await ingestEvent(rehook, inbox.id, { token: alice.token });
    assert.deepEqual(await deliveriesOf(rehook, alice.token, later), []);
  });
});

describe('automatic forwarding: the replay SSRF policy applies', () => {
  let rehook: TestRehook;
  let receiver: Receiver;

  before(async () => {
    rehook = await startTestRehook({ env: { ...FAST_FORWARDING, REHOOK_ALLOW_PRIVATE_DESTINATIONS: '0' } });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  it('fails a delivery to a loopback destination at once, without connecting', async () => {
    const alice = await rehook.createUser();
    const inbox = await createInbox(rehook, alice.token);
    // Saving it is refused now (destination-save-check.test.ts); a forwarding saved before that
    // check (or one whose name resolves to loopback later) still meets the guard at delivery.
    const now = new Date();
    const destination = `${receiver.url}/x`;
    await rehook.deps.store.forwarding.put({
      inboxId: inbox.id,
      destination,
      enabled: true,
      maxAttempts: 5,
      maxDelayMs: 3_600_000,
      createdAt: now,
      updatedAt: now,
    });
    const eventId = await ingestEvent(rehook, inbox.id, { token: alice.token });
    const delivery = await deliveryIn(rehook, alice.token, eventId, ['failed', 'delivered']);
    assert.equal(delivery.state, 'failed');
    assert.equal(delivery.attemptLog.length, 1);
    assert.deepEqual(
      [delivery.attemptLog[0].outcome, delivery.attemptLog[0].errorCode],
      ['forbidden', 'DESTINATION_FORBIDDEN'],
    );
    assert.equal(receiver.connections, 0);
  });
});

describe('automatic forwarding: a slow destination holds only its own slots', () => {
  let rehook: TestRehook;

  before(async () => {
    // 4 deliveries at once: one inbox takes at most 1 of them while others wait.
    rehook = await startTestRehook({ env: { ...FAST_FORWARDING, REHOOK_FORWARD_CONCURRENCY: '4' } });
  });
  after(() => rehook.stop());

  it("delivers another inbox's events while one destination hangs", async () => {
    const alice = await rehook.createUser();
    const held: (() => void)[] = [];
    const slow = await startReceiver((_req, res) => {
      held.push(() => res.writeHead(200).end());
    });
    const fast = await startReceiver();
    try {
      const stuck = await createInbox(rehook, alice.token);
      const flowing = await createInbox(rehook, alice.token);
      await setForwarding(rehook, alice.token, stuck.id, { destination: slow.url });
      await setForwarding(rehook, alice.token, flowing.id, { destination: fast.url });
      for (let i = 0; i < 5; i += 1) await ingestEvent(rehook, stuck.id, { body: `stuck ${i}`, token: alice.token });
      await waitUntil('the slow destination holding a request', async () => (held.length > 0 ? true : undefined));
      const flowingIds: string[] = [];
      for (let i = 0; i < 10; i += 1)
        flowingIds.push(await ingestEvent(rehook, flowing.id, { body: `flowing ${i}`, token: alice.token }));
      for (const eventId of flowingIds) await deliveryIn(rehook, alice.token, eventId, ['delivered']);
      // All of them went through while the slow destination still holds its one request.
      // (The cap is checked before each claim, so one claim may take a few of an inbox's
      // deliveries at once; what matters is that they never answered.)
      assert.equal(fast.requests.length, 10);
      assert.ok(held.length >= 1 && held.length < 5);
      assert.equal(slow.requests.length, held.length);
    } finally {
      for (const release of held) release();
      await slow.close();
      await fast.close();
    }
  });
});
