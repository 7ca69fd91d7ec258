import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import {
  assertError,
  assertUnauthorized,
  call,
  closedPort,
  createInbox,
  ingestEvent,
  ISO_UTC,
  rawRequest,
  REPLAY_ID,
  UNKNOWN_EVENT_ID,
} from '../support.js';

const RECEIVER_JSON = '{"received":true,"n":1}';

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Answers by path: /ok JSON 200, /not-found 404, /boom 500, /big 5000 bytes, /exact 1024 bytes. */
function receiverRoutes(): Parameters<typeof startReceiver>[0] {
  return (req, res) => {
    const path = req.url.split('?')[0];
    if (path === '/not-found') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('no such hook');
    } else if (path === '/boom') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('kaboom');
    } else if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.alloc(5000, 'abcdefghij'));
    } else if (path === '/exact') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end(Buffer.alloc(1024, 'z'));
    } else {
      res.writeHead(200, { 'content-type': 'application/json', 'X-Receiver': 'yes' }).end(RECEIVER_JSON);
    }
  };
}

describe('POST /api/v1/events/:id/replay (private destinations allowed)', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' } });
    receiver = await startReceiver(receiverRoutes());
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  function replay(eventId: string, destination: unknown, token?: string) {
    return call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      json: { destination },
      ...(token !== undefined ? { token } : {}),
    });
  }

  it('answers 200 with data.replay: id, statusCode, latencyMs, responseBody, responseHeaders, destination, createdAt, truncated', async () => {
    const inbox = await createInbox(rehook);
    const eventId = await ingestEvent(rehook, inbox.id, {
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    const destination = `${receiver.url}/ok?from=test`;
    const res = await replay(eventId, destination, alice.token);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body), ['data']);
    assert.deepEqual(Object.keys(res.body.data), ['replay']);
    const result = res.body.data.replay;
    assert.match(result.id, REPLAY_ID);
    assert.equal(result.statusCode, 200);
    assert.equal(typeof result.latencyMs, 'number');
    assert.ok(result.latencyMs >= 0 && result.latencyMs < 10_000, `latencyMs ${result.latencyMs}`);
    // The contract: a JSON body is returned as a JSON-encoded string, not as an object.
    assert.equal(typeof result.responseBody, 'string');
    assert.equal(result.responseBody, RECEIVER_JSON);
    assert.ok(Array.isArray(result.responseHeaders));
    for (const pair of result.responseHeaders) {
      assert.ok(Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string' && typeof pair[1] === 'string');
    }
    assert.ok(
      (result.responseHeaders as Array<[string, string]>).some(
        ([name, value]) => name.toLowerCase() === 'x-receiver' && value === 'yes',
      ),
      JSON.stringify(result.responseHeaders),
    );
    assert.equal(result.destination, destination);
    assert.match(result.createdAt, ISO_UTC);
    assert.equal(result.truncated, false);
    assert.equal(receiver.requests.at(-1)?.url, '/ok?from=test');
  });

  it('sends the stored method, the stored headers in order minus hop-by-hop/host/content-length/authorization/cookie, and the exact body', async () => {
    const inbox = await createInbox(rehook);
    const body = Buffer.from('{"id":"evt_1","type":"charge.succeeded"}');
    const sentHeaders = [
      'Host',
      new URL(rehook.ingestUrl).host,
      'User-Agent',
      'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      'Content-Type',
      'application/json; charset=utf-8',
      'Stripe-Signature',
      't=1492774577,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
      'X-Dup',
      'first',
      'x-dup',
      'second',
      'Authorization',
      'Bearer sk_live_secret',
      'Cookie',
      'session=abc',
      'Proxy-Authorization',
      'Basic eDp5',
      'Keep-Alive',
      'timeout=5',
      'TE',
      'trailers',
      'X-Hop',
      'named-in-connection',
      'X-Last',
      'end',
      'Content-Length',
      String(body.length),
      'Connection',
      'keep-alive, X-Hop',
    ];
    const ingested = await rawRequest(`${rehook.ingestUrl}/i/${inbox.id}`, {
      method: 'PATCH',
      headers: sentHeaders,
      body,
    });
    assert.equal(ingested.status, 200);
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`);
    const eventId = list.body[0].id as string;

    const before = receiver.requests.length;
    const res = await replay(eventId, `${receiver.url}/ok`, alice.token);
    assert.equal(res.status, 200, res.text);
    assert.equal(receiver.requests.length, before + 1);
    const got = receiver.requests.at(-1);
    assert.ok(got);
    assert.equal(got.method, 'PATCH');
    assert.ok(got.body.equals(body), 'body bytes differ');
    const forwarded = got.headers.filter(
      ([name]) => !['host', 'content-length', 'connection'].includes(name.toLowerCase()),
    );
    assert.deepEqual(forwarded, [
      ['User-Agent', 'Stripe/1.0 (+https://stripe.com/docs/webhooks)'],
      ['Content-Type', 'application/json; charset=utf-8'],
      ['Stripe-Signature', 't=1492774577,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd'],
      ['X-Dup', 'first'],
      ['x-dup', 'second'],
      ['X-Last', 'end'],
    ]);
    const host = got.headers.filter(([name]) => name.toLowerCase() === 'host');
    assert.deepEqual(
      host.map(([, value]) => value),
      [`127.0.0.1:${receiver.port}`],
    );
    const length = got.headers.filter(([name]) => name.toLowerCase() === 'content-length');
    assert.deepEqual(
      length.map(([, value]) => value),
      [String(body.length)],
    );
  });

  it('keeps a binary body of all 256 byte values byte-exact through capture and replay (SHA-256)', async () => {
    const inbox = await createInbox(rehook);
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const eventId = await ingestEvent(rehook, inbox.id, {
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    const captured = Buffer.from(await (await fetch(`${rehook.apiUrl}/api/v1/events/${eventId}/body`)).arrayBuffer());
    assert.equal(sha256(captured), sha256(bytes));
    const res = await replay(eventId, `${receiver.url}/ok`, alice.token);
    assert.equal(res.status, 200, res.text);
    const got = receiver.requests.at(-1);
    assert.ok(got);
    assert.equal(sha256(got.body), sha256(bytes));
    assert.equal(got.method, 'POST');
  });

  it('keeps a 5 MiB random body byte-exact through capture and replay (SHA-256)', async () => {
    const inbox = await createInbox(rehook);
    const bytes = randomBytes(5 * 1024 * 1024);
    const eventId = await ingestEvent(rehook, inbox.id, {
      method: 'PUT',
      body: bytes,
      headers: { 'content-type': 'application/octet-stream' },
    });
    const event = await call(rehook.apiUrl, `/api/v1/events/${eventId}`);
    assert.equal(event.body.data.event.size, bytes.length);
    const captured = Buffer.from(await (await fetch(`${rehook.apiUrl}/api/v1/events/${eventId}/body`)).arrayBuffer());
    assert.equal(sha256(captured), sha256(bytes));
    const res = await replay(eventId, `${receiver.url}/ok`, alice.token);
    assert.equal(res.status, 200, res.text);
    const got = receiver.requests.at(-1);
    assert.ok(got);
    assert.equal(got.method, 'PUT');
    assert.equal(got.body.length, bytes.length);
    assert.equal(sha256(got.body), sha256(bytes));
  });

  it('reports a destination 404 or 500 as a 200 whose statusCode is 404 or 500', async () => {
    const inbox = await createInbox(rehook);
    const eventId = await ingestEvent(rehook, inbox.id, { body: 'x' });
    const notFound = await replay(eventId, `${receiver.url}/not-found`, alice.token);
    assert.equal(notFound.status, 200, notFound.text);
    assert.equal(notFound.body.data.replay.statusCode, 404);
    assert.equal(notFound.body.data.replay.responseBody, 'no such hook');
    const boom = await replay(eventId, `${receiver.url}/boom`, alice.token);
    assert.equal(boom.status, 200, boom.text);
    assert.equal(boom.body.data.replay.statusCode, 500);
    assert.equal(boom.body.data.replay.responseBody, 'kaboom');
  });

  it('answers 401 UNAUTHORIZED without a token or with an invalid token, and sends nothing', async () => {
    const inbox = await createInbox(rehook);
    const eventId = await ingestEvent(rehook, inbox.id, { body: 'x' });
    const before = receiver.requests.length;
    assertUnauthorized(await replay(eventId, `${receiver.url}/ok`));
    assertUnauthorized(await replay(eventId, `${receiver.url}/ok`, 'rhk_definitely_not_valid'));
    assert.equal(receiver.requests.length, before);
  });

  it('answers 401 UNAUTHORIZED to an unauthenticated replay with a non-JSON or non-object body', async () => {
    const inbox = await createInbox(rehook);
    const eventId = await ingestEvent(rehook, inbox.id, { body: 'x' });
    const path = `/api/v1/events/${eventId}/replay`;
    assertUnauthorized(
      await call(rehook.apiUrl, path, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' }),
    );
    assertUnauthorized(await call(rehook.apiUrl, path, { method: 'POST', json: [1] }));
    assertUnauthorized(await call(rehook.apiUrl, path, { method: 'POST', token: 'rhk_bad', json: [1] }));
  });

  it('answers 401 UNAUTHORIZED, not 400 INVALID_JSON, to an unauthenticated replay with malformed JSON (routes/replays.ts: authentication comes before the body)', async () => {
    const inbox = await createInbox(rehook);
    const eventId = await ingestEvent(rehook, inbox.id, { body: 'x' });
    const path = `/api/v1/events/${eventId}/replay`;
    for (const token of [undefined, 'rhk_bad']) {
      const res = await call(rehook.apiUrl, path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"destination":',
        ...(token !== undefined ? { token } : {}),
      });
      assertUnauthorized(res);
    }
  });

  it('lets any valid token replay an event of an anonymous inbox', async () => {
    const inbox = await createInbox(rehook);
    const eventId = await ingestEvent(rehook, inbox.id, { body: 'anon' });
    for (const user of [alice, bob]) {
      const res = await replay(eventId, `${receiver.url}/ok`, user.token);
      assert.equal(res.status, 200, res.text);
      assert.equal(res.body.data.replay.statusCode, 200);
    }
  });

  it('lets only the owner replay an event of an owned inbox; another account gets 404 EVENT_NOT_FOUND and nothing is sent', async () => {
    const owned = await createInbox(rehook, alice.token);
    const eventId = await ingestEvent(rehook, owned.id, { body: 'owned', token: alice.token });
    const mine = await replay(eventId, `${receiver.url}/ok`, alice.token);
    assert.equal(mine.status, 200, mine.text);
    const before = receiver.requests.length;
    assertError(await replay(eventId, `${receiver.url}/ok`, bob.token), 404, 'EVENT_NOT_FOUND');
    assert.equal(receiver.requests.length, before);
  });

  it('answers 404 EVENT_NOT_FOUND for an unknown or malformed event id', async () => {
    assertError(await replay(UNKNOWN_EVENT_ID, `${receiver.url}/ok`, alice.token), 404, 'EVENT_NOT_FOUND');
    assertError(await replay('evt_nope', `${receiver.url}/ok`, alice.token), 404, 'EVENT_NOT_FOUND');
  });

  it('replays the same event three times into three results, and lists the history newest first with failures included', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const eventId = await ingestEvent(rehook, inbox.id, { body: 'again', token: alice.token });
    const before = receiver.requests.length;
    const ids: string[] = [];
    for (const path of ['/ok', '/boom', '/not-found']) {
      const res = await replay(eventId, `${receiver.url}${path}`, alice.token);
      assert.equal(res.status, 200, res.text);
      ids.push(res.body.data.replay.id);
    }
    assert.equal(new Set(ids).size, 3);
    assert.equal(receiver.requests.length, before + 3);
    assert.ok(receiver.requests.slice(before).every((req) => req.body.toString() === 'again'));

    const port = await closedPort();
    const failed = await replay(eventId, `http://127.0.0.1:${port}/gone`, alice.token);
    assertError(failed, 502, 'DESTINATION_UNREACHABLE');
    const failedId = failed.body.error.replayId;
    assert.match(failedId, REPLAY_ID);

    const history = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: alice.token });
    assert.equal(history.status, 200, history.text);
    const replays = history.body.data.replays as Array<{
      id: string;
      statusCode: number | null;
      error: { code: string } | null;
    }>;
    assert.deepEqual(
      replays.map((r) => r.id),
      [failedId, ...[...ids].reverse()],
    );
    assert.deepEqual(
      replays.map((r) => r.statusCode),
      [null, 404, 500, 200],
    );
    assert.equal(replays[0]?.error?.code, 'DESTINATION_UNREACHABLE');
    assert.equal(replays[1]?.error, null);
  });

  it('protects the replay history: 401 without a token, 404 EVENT_NOT_FOUND for another account’s owned event', async () => {
    const owned = await createInbox(rehook, alice.token);
    const eventId = await ingestEvent(rehook, owned.id, { body: 'h', token: alice.token });
    await replay(eventId, `${receiver.url}/ok`, alice.token);
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`));
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: bob.token }),
      404,
      'EVENT_NOT_FOUND',
    );
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${UNKNOWN_EVENT_ID}/replays`, { token: alice.token }),
      404,
      'EVENT_NOT_FOUND',
    );
  });

  it('shows each account only its own replays of an anonymous inbox’s event', async () => {
    const inbox = await createInbox(rehook);
    const eventId = await ingestEvent(rehook, inbox.id, { body: 'shared' });
    const a = await replay(eventId, `${receiver.url}/ok?who=alice`, alice.token);
    const b = await replay(eventId, `${receiver.url}/ok?who=bob`, bob.token);
    const aliceHistory = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: alice.token });
    const bobHistory = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: bob.token });
    assert.deepEqual(
      aliceHistory.body.data.replays.map((r: { id: string }) => r.id),
      [a.body.data.replay.id],
    );
    assert.deepEqual(
      bobHistory.body.data.replays.map((r: { id: string }) => r.id),
      [b.body.data.replay.id],
    );
  });
});

describe('POST /api/v1/events/:id/replay with REHOOK_REPLAY_MAX_RESPONSE=1KiB', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let user: { accountId: string; token: string };
  let eventId: string;

  before(async () => {
    rehook = await startTestRehook({
      env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1', REHOOK_REPLAY_MAX_RESPONSE: '1KiB' },
    });
    receiver = await startReceiver(receiverRoutes());
    user = await rehook.createUser();
    const inbox = await createInbox(rehook);
    eventId = await ingestEvent(rehook, inbox.id, { body: 'cap me' });
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  it('cuts a response over the cap at exactly 1024 bytes and sets truncated true', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      token: user.token,
      json: { destination: `${receiver.url}/big` },
    });
    assert.equal(res.status, 200, res.text);
    const result = res.body.data.replay;
    assert.equal(result.statusCode, 200);
    assert.equal(result.truncated, true);
    assert.equal(result.responseBody, Buffer.alloc(5000, 'abcdefghij').subarray(0, 1024).toString());
    const history = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: user.token });
    assert.equal(history.body.data.replays[0].truncated, true);
    assert.equal(history.body.data.replays[0].responseBody.length, 1024);
  });

  it('keeps a response of exactly the cap whole, with truncated false', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      token: user.token,
      json: { destination: `${receiver.url}/exact` },
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.replay.truncated, false);
    assert.equal(res.body.data.replay.responseBody, 'z'.repeat(1024));
  });
});
