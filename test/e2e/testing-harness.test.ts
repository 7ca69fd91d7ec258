// `rehook/testing` and the test-oriented half of RehookClient (send, nextEvent, waitForEvent),
// against a real Rehook started by startRehook itself.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import {
  isRehookError,
  RehookApiError,
  RehookClient,
  RehookTimeoutError,
  eventHeader,
  eventJson,
} from '../../src/index.js';
import { startRehook, type StartedRehook } from '../../src/testing/index.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

describe('startRehook (rehook/testing)', () => {
  let rehook: StartedRehook;
  let receiver: Receiver;

  before(async () => {
    rehook = await startRehook();
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver?.close();
    await rehook?.stop();
  });

  test('starts both listeners on loopback ports with a working token', async () => {
    assert.match(rehook.apiUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.match(rehook.ingestUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.notEqual(rehook.apiUrl, rehook.ingestUrl);
    assert.match(rehook.token, /^rhk_/);
    assert.ok(existsSync(rehook.dataDir));
    const inbox = await rehook.client.createInbox();
    assert.deepEqual([inbox.saved, inbox.expiresAt], [true, null], 'the client carries the token: owned inbox');
    assert.equal(inbox.url, `${rehook.ingestUrl}/i/${inbox.id}`);
  });

  test('send() delivers method, sub-path, query, headers and exact bytes; waitForEvent() returns them', async () => {
    const inbox = await rehook.client.createInbox();
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => 255 - i);
    await rehook.client.send(inbox.id, {
      method: 'PUT',
      path: '/orders/42',
      query: { source: 'test', n: '1' },
      headers: [['X-Trace', 'abc']],
      body: bytes,
    });
    const event = await rehook.client.waitForEvent(inbox.id, { timeout: '10s' });
    assert.deepEqual([event.method, event.path, event.query], ['PUT', `/i/${inbox.id}/orders/42`, 'source=test&n=1']);
    assert.deepEqual(Buffer.from(event.bodyBase64, 'base64'), Buffer.from(bytes));
    assert.equal(eventHeader(event, 'x-TRACE'), 'abc');
  });

  test('waitForEvent() skips events that do not match, by object pattern or predicate', async () => {
    const inbox = await rehook.client.createInbox();
    await rehook.client.send(inbox.id, {
      path: '/stripe',
      json: { type: 'invoice.created', data: { status: 'open' } },
    });
    await rehook.client.send(inbox.id, { method: 'GET', path: '/stripe' });
    await rehook.client.send(inbox.id, {
      path: '/stripe',
      headers: { 'Stripe-Signature': 't=1,v1=x' },
      json: { type: 'invoice.paid', data: { status: 'paid', amount: 1200, lines: [1, 2] } },
    });
    const paid = await rehook.client.waitForEvent(inbox.id, {
      match: {
        method: 'post',
        path: '/stripe',
        headers: { 'stripe-signature': 't=1,v1=x' },
        json: { data: { status: 'paid', lines: [1, 2] } },
      },
      timeout: '10s',
    });
    assert.deepEqual(eventJson(paid), { type: 'invoice.paid', data: { status: 'paid', amount: 1200, lines: [1, 2] } });
    const get = await rehook.client.waitForEvent(inbox.id, {
      match: (event) => event.method === 'GET',
      timeout: '10s',
    });
    assert.equal(get.size, 0);
    const first = await rehook.client.waitForEvent(inbox.id, {
      match: { path: `/i/${inbox.id}/stripe` },
      timeout: '10s',
    });
    assert.deepEqual(eventJson(first), { type: 'invoice.created', data: { status: 'open' } });
  });

  test('waitForEvent() is answered by an event that arrives while it waits', async () => {
    const inbox = await rehook.client.createInbox();
    await rehook.client.send(inbox.id, { json: { n: 1 } });
    const [older] = (await rehook.client.events(inbox.id)).events;
    assert.ok(older);
    // `after` names the newest event: only a later one can answer, whenever it is stored.
    const waiting = rehook.client.waitForEvent(inbox.id, {
      after: older.id,
      match: { json: { n: 2 } },
      timeout: '60s',
    });
    await rehook.client.send(inbox.id, { json: { n: 2 } });
    const event = await waiting;
    assert.deepEqual(eventJson(event), { n: 2 });
    assert.ok(event.id > older.id);
  });

  test('waitForEvent() throws RehookTimeoutError when nothing matches, counting what it skipped', async () => {
    const inbox = await rehook.client.createInbox();
    await rehook.client.send(inbox.id, { json: { type: 'other' } });
    await assert.rejects(
      rehook.client.waitForEvent(inbox.id, { match: { json: { type: 'wanted' } }, timeout: '300ms' }),
      (err: unknown) => {
        assert.ok(err instanceof RehookTimeoutError);
        assert.deepEqual([err.code, err.inboxId, err.timeoutMs, err.unmatched], ['WAIT_TIMEOUT', inbox.id, 300, 1]);
        return true;
      },
    );
  });

  test('nextEvent() answers null at its timeout and the first newer event otherwise', async () => {
    const inbox = await rehook.client.createInbox();
    assert.equal(await rehook.client.nextEvent(inbox.id, { timeout: 0 }), null);
    await rehook.client.send(inbox.id, { body: 'one' });
    await rehook.client.send(inbox.id, { body: 'two' });
    const first = await rehook.client.nextEvent(inbox.id, { after: 'evt_00000000000000000000000000', timeout: '5s' });
    assert.equal(first?.bodyText, 'one');
    const second = await rehook.client.nextEvent(inbox.id, { after: first?.id, timeout: '5s' });
    assert.equal(second?.bodyText, 'two');
    assert.equal(await rehook.client.nextEvent(inbox.id, { after: second?.id, timeout: 0 }), null);
  });

  test('replays to a server on localhost (private destinations are allowed for tests)', async () => {
    const inbox = await rehook.client.createInbox();
    await rehook.client.send(inbox.id, { json: { replay: true } });
    const event = await rehook.client.waitForEvent(inbox.id, { timeout: '10s' });
    const replay = await rehook.client.replay(event.id, { destination: `${receiver.url}/hook` });
    assert.deepEqual([replay.outcome, replay.statusCode], ['response', 200]);
    assert.equal(receiver.requests.at(-1)?.body.toString(), '{"replay":true}');
    assert.deepEqual(
      (await rehook.client.replays(event.id)).map((r) => r.id),
      [replay.id],
    );
  });

  test('errors carry the API code: isRehookError narrows by code', async () => {
    const anonymous = new RehookClient({ baseUrl: rehook.apiUrl });
    const error = await anonymous.event('evt_00000000000000000000000000').catch((err: unknown) => err);
    assert.ok(error instanceof RehookApiError);
    assert.ok(isRehookError(error, 'EVENT_NOT_FOUND'));
    assert.equal(isRehookError(error, 'INBOX_NOT_FOUND'), false);
    assert.equal(error.status, 404);
    await assert.rejects(anonymous.nextEvent('inb_aaaaaaaaaaaaaaaaaaaaaaaaaa', { timeout: 0 }), {
      code: 'INBOX_NOT_FOUND',
      status: 404,
    });
    await assert.rejects(
      rehook.client.nextEvent((await rehook.client.createInbox()).id, { after: 'nope', timeout: 0 }),
      {
        code: 'VALIDATION_FAILED',
      },
    );
  });
});

describe('startRehook options', () => {
  test('takes settings as environment variables and removes its data at stop()', async () => {
    const rehook = await startRehook({ env: { REHOOK_ANON_TTL: '1h', REHOOK_ALLOW_PRIVATE_DESTINATIONS: '0' } });
    try {
      const anonymous = new RehookClient({ baseUrl: rehook.apiUrl });
      const inbox = await anonymous.createInbox();
      const ttl = Date.parse(inbox.expiresAt ?? '') - Date.parse(inbox.createdAt);
      assert.equal(ttl, 3_600_000);
      await rehook.client.send(inbox.id, { body: 'x' });
      const event = await rehook.client.waitForEvent(inbox.id, { timeout: '10s' });
      await assert.rejects(rehook.client.replay(event.id, { destination: `${rehook.apiUrl}/healthz` }), {
        code: 'DESTINATION_FORBIDDEN',
      });
    } finally {
      await rehook.stop();
    }
    assert.equal(existsSync(rehook.dataDir), false);
    await rehook.stop(); // twice is harmless
  });

  test('refuses an invalid setting with the configuration error, leaving nothing behind', async () => {
    await assert.rejects(startRehook({ env: { REHOOK_MAX_BODY: 'lots' } }), /REHOOK_MAX_BODY/);
  });
});
