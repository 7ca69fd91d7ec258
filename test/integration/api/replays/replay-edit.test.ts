import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { RehookClient } from '../../../../src/client/rehook-client.js';
import { replayRepeatedly } from '../../../../src/services/replays.js';
import { assertError, call, closedPort, createInbox, rawRequest, REPLAY_ID } from '../support.js';
import { INVALID_EDITS } from './invalid-edits.js';

/**
 * Edit-and-replay (decision 22): overrides of method, path, query, headers and
 * body, `repeat`, and the record of what was sent, against a real receiver, on whichever store
 * the suite runs on (SQLite, or PostgreSQL with REHOOK_TEST_STORE=postgres).
 */

type Pair = readonly [string, string];

/** The receiver answers 500 to paths ending in /fail, 201 with a JSON body otherwise. */
function receiverRoutes(): Parameters<typeof startReceiver>[0] {
  return (req, res) => {
    const path = req.url.split('?')[0] ?? '';
    if (path.endsWith('/fail')) res.writeHead(500, { 'content-type': 'text/plain' }).end('failed');
    else res.writeHead(201, { 'content-type': 'application/json' }).end('{"ok":true}');
  };
}

/** Headers as the receiver saw them, without the ones the connection sets. */
function payloadHeaders(headers: readonly Pair[]): Pair[] {
  return headers.filter(([name]) => !['host', 'content-length', 'connection'].includes(name.toLowerCase()));
}

describe('edit-and-replay: POST /api/v1/events/:id/replay with overrides and repeat', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let user: { accountId: string; token: string };
  let inboxId: string;

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1', REHOOK_MAX_BODY: '64KiB' } });
    receiver = await startReceiver(receiverRoutes());
    user = await rehook.createUser();
    inboxId = (await createInbox(rehook, user.token)).id;
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  /** Ingests a request with exactly these headers (rawHeaders form) and returns its event id. */
  async function capture(
    opts: { method?: string; suffix?: string; headers?: string[]; body?: Buffer | string } = {},
  ): Promise<string> {
    const res = await rawRequest(`${rehook.ingestUrl}/i/${inboxId}${opts.suffix ?? ''}`, {
      method: opts.method ?? 'POST',
      headers: opts.headers ?? ['Content-Type', 'application/json'],
      body: opts.body ?? '{"original":true}',
    });
    assert.equal(res.status, 200);
    const list = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1`, { token: user.token });
    return list.body[0].id as string;
  }

  function replay(eventId: string, body: Record<string, unknown>) {
    return call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, { method: 'POST', token: user.token, json: body });
  }

  async function history(eventId: string): Promise<any[]> {
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: user.token });
    assert.equal(res.status, 200, res.text);
    return res.body.data.replays;
  }

  it('a replay without overrides answers data.replay as before and records the request it sent, unedited', async () => {
    const eventId = await capture({
      headers: ['Content-Type', 'application/json', 'X-Original', 'yes', 'Authorization', 'Bearer secret'],
    });
    const res = await replay(eventId, { destination: `${receiver.url}/hooks?k=v` });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body.data), ['replay']);
    const { request } = res.body.data.replay;
    assert.deepEqual(request, {
      method: 'POST',
      url: `${receiver.url}/hooks?k=v`,
      // Authorization was redacted at capture and is never replayed.
      headers: [
        ['Content-Type', 'application/json'],
        ['X-Original', 'yes'],
      ],
      body: null,
      bodyEncoding: null,
      bodySize: Buffer.byteLength('{"original":true}'),
      bodyOmitted: false,
      edited: false,
      overrides: null,
      resigned: false,
    });
    assert.equal(res.body.data.replay.jobId, null);
    assert.equal(receiver.requests.at(-1)?.url, '/hooks?k=v');
  });

  it('method, path (appended to the destination path) and query (replacing the destination query) are sent and recorded', async () => {
    const eventId = await capture({ method: 'POST', suffix: '/stripe?from=stripe' });
    const res = await replay(eventId, {
      destination: `${receiver.url}/base/?keep=no`,
      method: 'PUT',
      path: '/v2/events',
      query: 'attempt=2&x=%20y',
    });
    assert.equal(res.status, 200, res.text);
    const got = receiver.requests.at(-1);
    assert.equal(got?.method, 'PUT');
    assert.equal(got?.url, '/base/v2/events?attempt=2&x=%20y');
    const { request } = res.body.data.replay;
    assert.equal(request.method, 'PUT');
    assert.equal(request.url, `${receiver.url}/base/v2/events?attempt=2&x=%20y`);
    assert.equal(request.edited, true);
    assert.deepEqual(request.overrides, { method: 'PUT', path: '/v2/events', query: 'attempt=2&x=%20y' });
    // The destination is kept as given; the event itself is unchanged.
    assert.equal(res.body.data.replay.destination, `${receiver.url}/base/?keep=no`);
    const event = await call(rehook.apiUrl, `/api/v1/events/${eventId}`, { token: user.token });
    assert.equal(event.body.data.event.method, 'POST');
  });

  it('a path or query with a space is sent percent-encoded (%20), as typed otherwise, and recorded so', async () => {
    const eventId = await capture();
    const res = await replay(eventId, { destination: `${receiver.url}/base`, path: '/my hooks/a b', query: 'q=a b' });
    assert.equal(res.status, 200, res.text);
    assert.equal(receiver.requests.at(-1)?.url, '/base/my%20hooks/a%20b?q=a%20b');
    assert.deepEqual(res.body.data.replay.request.overrides, { path: '/my%20hooks/a%20b', query: 'q=a%20b' });
  });

  it('a destination typed without its scheme is refused with the URL meant, and recorded as typed', async () => {
    const eventId = await capture();
    const typed = `127.0.0.1:${receiver.port}/hooks`;
    const before = receiver.requests.length;
    for (const destination of [typed, `localhost:${receiver.port}/hooks`, 'hooks.example.com/in']) {
      const res = await replay(eventId, { destination });
      assertError(res, 400, 'INVALID_DESTINATION');
      assert.ok(
        res.body.error.message.includes(
          `needs http:// or https:// in front of the host: did you mean http://${destination}?`,
        ),
        res.body.error.message,
      );
    }
    assert.equal(receiver.requests.length, before);
    const recorded = (await history(eventId)).map((entry: { destination: string }) => entry.destination);
    assert.ok(recorded.includes(typed), JSON.stringify(recorded));
  });

  it("an empty query removes the destination's query; a leading '?' is accepted; the fragment is never sent", async () => {
    const eventId = await capture();
    const res = await replay(eventId, { destination: `${receiver.url}/q?drop=me#frag`, query: '' });
    assert.equal(res.status, 200, res.text);
    assert.equal(receiver.requests.at(-1)?.url, '/q');
    assert.equal(res.body.data.replay.request.url, `${receiver.url}/q`);
    const res2 = await replay(eventId, { destination: `${receiver.url}/q`, query: '?a=1' });
    assert.equal(res2.status, 200, res2.text);
    assert.equal(receiver.requests.at(-1)?.url, '/q?a=1');
  });

  it('a path override cannot change the host: //other.example stays a path on the destination', async () => {
    const eventId = await capture();
    const res = await replay(eventId, { destination: `${receiver.url}/`, path: '//other.example/x' });
    assert.equal(res.status, 200, res.text);
    assert.equal(new URL(res.body.data.replay.request.url).host, new URL(receiver.url).host);
    assert.equal(receiver.requests.at(-1)?.url, '//other.example/x');
  });

  it('headers.set as an object replaces every same-named header case-insensitively, at the place of the first', async () => {
    const eventId = await capture({
      headers: ['Content-Type', 'application/json', 'X-Dup', 'one', 'X-Keep', 'k', 'x-dup', 'two', 'X-Gone', 'g'],
    });
    const res = await replay(eventId, {
      destination: `${receiver.url}/h`,
      headers: { set: { 'X-DUP': 'new', 'X-Added': 'a' }, remove: ['x-gone'] },
    });
    assert.equal(res.status, 200, res.text);
    const expected: Pair[] = [
      ['Content-Type', 'application/json'],
      ['X-DUP', 'new'],
      ['X-Keep', 'k'],
      ['X-Added', 'a'],
    ];
    assert.deepEqual(payloadHeaders(receiver.requests.at(-1)?.headers ?? []), expected);
    assert.deepEqual(res.body.data.replay.request.headers, expected);
    assert.deepEqual(res.body.data.replay.request.overrides, {
      setHeaders: [
        ['X-DUP', 'new'],
        ['X-Added', 'a'],
      ],
      removeHeaders: ['x-gone'],
    });
  });

  it('headers.set as [name, value] pairs sends a repeated name as several headers, in order', async () => {
    const eventId = await capture({ headers: ['Content-Type', 'text/plain', 'Accept', 'a/b'] });
    const res = await replay(eventId, {
      destination: `${receiver.url}/pairs`,
      headers: {
        set: [
          ['accept', 'x/1'],
          ['Accept', 'x/2'],
          ['Content-Type', 'application/xml'],
        ],
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(payloadHeaders(receiver.requests.at(-1)?.headers ?? []), [
      ['Content-Type', 'application/xml'],
      ['accept', 'x/1'],
      ['Accept', 'x/2'],
    ]);
  });

  it('an Authorization header set by the caller is sent, and recorded as [REDACTED]', async () => {
    const eventId = await capture();
    const res = await replay(eventId, {
      destination: `${receiver.url}/auth`,
      headers: { set: { Authorization: 'Bearer live-secret' } },
    });
    assert.equal(res.status, 200, res.text);
    const sent = receiver.requests.at(-1)?.headers.find(([name]) => name === 'Authorization');
    assert.deepEqual(sent, ['Authorization', 'Bearer live-secret']);
    assert.doesNotMatch(res.text, /live-secret/);
    assert.deepEqual(res.body.data.replay.request.overrides.setHeaders, [['Authorization', '[REDACTED]']]);
    const listed = await history(eventId);
    assert.doesNotMatch(JSON.stringify(listed), /live-secret/);
  });

  it('body (text) is sent as UTF-8 with a recomputed Content-Length and recorded as text', async () => {
    const eventId = await capture({ body: '{"original":true}' });
    const text = '{"edited":"ünïcödé ✓"}';
    const res = await replay(eventId, { destination: `${receiver.url}/body`, body: text });
    assert.equal(res.status, 200, res.text);
    const got = receiver.requests.at(-1);
    assert.ok(got?.body.equals(Buffer.from(text, 'utf8')));
    const length = got?.headers.find(([name]) => name.toLowerCase() === 'content-length');
    assert.equal(length?.[1], String(Buffer.byteLength(text)));
    const { request } = res.body.data.replay;
    assert.equal(request.body, text);
    assert.equal(request.bodyEncoding, 'utf8');
    assert.equal(request.bodySize, Buffer.byteLength(text));
    assert.deepEqual(request.overrides, { body: true });
  });

  it('bodyBase64 sends the exact bytes (all 256 values) and the record keeps them, base64', async () => {
    const eventId = await capture();
    const bytes = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const res = await replay(eventId, { destination: `${receiver.url}/bin`, bodyBase64: bytes.toString('base64') });
    assert.equal(res.status, 200, res.text);
    assert.ok(receiver.requests.at(-1)?.body.equals(bytes));
    const [latest] = await history(eventId);
    assert.equal(latest.request.bodyEncoding, 'base64');
    assert.ok(Buffer.from(latest.request.body, 'base64').equals(bytes));
  });

  it('an empty body override sends no body', async () => {
    const eventId = await capture();
    const res = await replay(eventId, { destination: `${receiver.url}/empty`, body: '' });
    assert.equal(res.status, 200, res.text);
    assert.equal(receiver.requests.at(-1)?.body.length, 0);
    assert.equal(res.body.data.replay.request.bodySize, 0);
  });

  it('the history shows each replay with what it sent, newest first, beside the unchanged original event', async () => {
    const eventId = await capture({
      method: 'POST',
      headers: ['Content-Type', 'application/json', 'X-A', '1'],
      body: '{"n":0}',
    });
    await replay(eventId, { destination: `${receiver.url}/one` });
    await replay(eventId, {
      destination: `${receiver.url}/two`,
      method: 'PATCH',
      headers: { remove: ['X-A'] },
      body: '{"n":2}',
    });
    const [second, first] = await history(eventId);
    assert.equal(first.request.edited, false);
    assert.equal(first.request.method, 'POST');
    assert.deepEqual(first.request.headers, [
      ['Content-Type', 'application/json'],
      ['X-A', '1'],
    ]);
    assert.equal(first.request.body, null);
    assert.equal(second.request.edited, true);
    assert.equal(second.request.method, 'PATCH');
    assert.deepEqual(second.request.headers, [['Content-Type', 'application/json']]);
    assert.equal(second.request.body, '{"n":2}');
    assert.deepEqual(second.request.overrides, { method: 'PATCH', removeHeaders: ['X-A'], body: true });
    const event = (await call(rehook.apiUrl, `/api/v1/events/${eventId}`, { token: user.token })).body.data.event;
    assert.equal(event.method, 'POST');
    assert.equal(event.bodyText, '{"n":0}');
  });

  it('repeat N sends N times one after the other and answers every result with a summary', async () => {
    const eventId = await capture();
    const before = receiver.requests.length;
    const res = await replay(eventId, { destination: `${receiver.url}/rep`, repeat: 3, body: 'again' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body.data), ['replays', 'summary']);
    const { replays, summary } = res.body.data;
    assert.equal(replays.length, 3);
    assert.equal(receiver.requests.length - before, 3);
    for (const one of replays) {
      assert.match(one.id, REPLAY_ID);
      assert.equal(one.statusCode, 201);
      assert.equal(one.request.body, 'again');
    }
    assert.equal(new Set(replays.map((r: any) => r.id)).size, 3);
    assert.deepEqual(summary, {
      requested: 3,
      attempts: 3,
      responses: 3,
      failures: 0,
      statusCodes: { '201': 3 },
      errors: {},
      stopped: null,
    });
    const listed = await history(eventId);
    assert.deepEqual(
      listed.slice(0, 3).map((r: any) => r.id),
      replays.map((r: any) => r.id).reverse(),
    );
  });

  it('repeat counts answers by status', async () => {
    const eventId = await capture();
    const ok = await replay(eventId, { destination: `${receiver.url}/fail`, repeat: 2 });
    assert.equal(ok.status, 200, ok.text);
    assert.deepEqual(ok.body.data.summary.statusCodes, { '500': 2 });
    assert.equal(ok.body.data.summary.responses, 2);
  });

  it('a repeated run starts no attempt once its time is up, and says so (service, time limit 0)', async () => {
    const eventId = await capture();
    const before = receiver.requests.length;
    const principal = {
      kind: 'token',
      accountId: user.accountId,
      tokenId: 'tok_test',
      scope: 'manage',
      inboxIds: null,
      teamId: null,
    } as const;
    const { replays, summary } = await replayRepeatedly(
      rehook.deps,
      principal,
      { eventId, destination: `${receiver.url}/limit`, repeat: 5 },
      { timeLimitMs: 0 },
    );
    assert.equal(replays.length, 1);
    assert.equal(receiver.requests.length - before, 1);
    assert.deepEqual([summary.requested, summary.attempts, summary.stopped], [5, 1, 'time-limit']);
  });

  it('repeat 1 answers the list form too', async () => {
    const eventId = await capture();
    const res = await replay(eventId, { destination: `${receiver.url}/one`, repeat: 1 });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.replays.length, 1);
  });

  it('repeat to a destination that does not answer reports each failed attempt as a result (200), all recorded', async () => {
    const eventId = await capture();
    const port = await closedPort();
    const res = await replay(eventId, { destination: `http://127.0.0.1:${port}/`, repeat: 2 });
    assert.equal(res.status, 200, res.text);
    const { replays, summary } = res.body.data;
    assert.deepEqual(
      replays.map((r: any) => r.outcome),
      ['unreachable', 'unreachable'],
    );
    assert.deepEqual(
      replays.map((r: any) => r.error.code),
      ['DESTINATION_UNREACHABLE', 'DESTINATION_UNREACHABLE'],
    );
    assert.equal(replays[0].request.url, `http://127.0.0.1:${port}/`);
    assert.deepEqual(summary, {
      requested: 2,
      attempts: 2,
      responses: 0,
      failures: 2,
      statusCodes: {},
      errors: { DESTINATION_UNREACHABLE: 2 },
      stopped: null,
    });
    assert.equal((await history(eventId)).length, 2);
  });

  it('an invalid destination with repeat answers 400 INVALID_DESTINATION after one recorded attempt; nothing is sent', async () => {
    const eventId = await capture();
    const before = receiver.requests.length;
    const res = await replay(eventId, { destination: 'ftp://x', repeat: 5, method: 'PUT' });
    assertError(res, 400, 'INVALID_DESTINATION');
    assert.match(res.body.error.replayId, REPLAY_ID);
    assert.equal(receiver.requests.length, before);
    const listed = await history(eventId);
    assert.equal(listed.length, 1);
    assert.equal(listed[0].request, null);
  });

  for (const [label, fields, message] of INVALID_EDITS) {
    it(`answers 400 VALIDATION_FAILED for ${label}, and sends and records nothing`, async () => {
      const eventId = await capture();
      const before = receiver.requests.length;
      const res = await replay(eventId, { destination: `${receiver.url}/never`, ...fields });
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, message);
      assert.equal(receiver.requests.length, before);
      assert.deepEqual(await history(eventId), []);
    });
  }

  it('answers 413 PAYLOAD_TOO_LARGE to a request body far beyond what an edited body may be', async () => {
    const eventId = await capture();
    const res = await replay(eventId, {
      destination: `${receiver.url}/never`,
      bodyBase64: randomBytes(200 * 1024).toString('base64'),
    });
    assertError(res, 413, 'PAYLOAD_TOO_LARGE');
    const chunked = await rawRequest(`${rehook.apiUrl}/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      headers: [
        'Authorization',
        `Bearer ${user.token}`,
        'Content-Type',
        'application/json',
        'Transfer-Encoding',
        'chunked',
      ],
      body: JSON.stringify({ destination: `${receiver.url}/never`, body: 'x'.repeat(200 * 1024) }),
    });
    assertError(chunked, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('RehookClient.replay takes the edits, and with repeat answers { replays, summary }', async () => {
    const eventId = await capture();
    const client = new RehookClient({ baseUrl: rehook.apiUrl, token: user.token });
    const one = await client.replay(eventId, {
      destination: `${receiver.url}/client`,
      method: 'PUT',
      headers: { set: [['X-C', '1']] },
      body: 'c',
    });
    assert.deepEqual([one.request?.method, one.request?.body, one.statusCode], ['PUT', 'c', 201]);
    const run = await client.replay(eventId, { destination: `${receiver.url}/client`, repeat: 2, query: 'n=2' });
    assert.deepEqual(
      [run.replays.length, run.summary.responses, run.replays[0]?.request?.url],
      [2, 2, `${receiver.url}/client?n=2`],
    );
    await assert.rejects(
      client.replay(eventId, { destination: `${receiver.url}/client`, method: 'BAD METHOD' }),
      /VALIDATION_FAILED|method/,
    );
  });

  it('takes a request body over 64 KiB when it carries an edited body within REHOOK_MAX_BODY', async () => {
    const eventId = await capture();
    const bytes = randomBytes(60 * 1024);
    const res = await replay(eventId, { destination: `${receiver.url}/big`, bodyBase64: bytes.toString('base64') });
    assert.equal(res.status, 200, res.text);
    assert.ok(receiver.requests.at(-1)?.body.equals(bytes));
  });
});
