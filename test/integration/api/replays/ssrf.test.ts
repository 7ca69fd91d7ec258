import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, call, closedPort, createInbox, ingestEvent, REPLAY_ID } from '../support.js';

/** Loopback spellings of the receiver: `P` is replaced by its port (`P6` by the ::1 receiver's). */
const LOOPBACK_NOTATIONS = [
  'http://127.0.0.1:P/',
  'http://localhost:P/',
  'http://2130706433:P/',
  'http://0x7f000001:P/',
  'http://0177.0.0.1:P/',
  'http://127.1:P/',
  'http://[::ffff:127.0.0.1]:P/',
  'http://[::1]:P6/',
  'http://0.0.0.0:P/',
];

/** More spellings of loopback and of addresses that tunnel to it (refused; not all are dialable). */
const MORE_LOOPBACK_SPELLINGS = [
  'http://LOCALHOST:P/',
  'http://127.0.0.1.:P/',
  'http://127.000.000.001:P/',
  'http://0:P/',
  'http://[::]:P/',
  'http://[::ffff:7f00:1]:P/',
  'http://[0:0:0:0:0:ffff:127.0.0.1]:P/',
  'http://[::127.0.0.1]:P/',
  'http://[64:ff9b::7f00:1]:P/',
  'http://[2002:7f00:1::]:P/',
  'http://\u2460\u2461\u2466.0.0.1:P/',
];

/** Private, link-local, metadata and multicast destinations: refused without any connection. */
const NON_PUBLIC_DESTINATIONS = [
  'http://169.254.169.254/latest/meta-data/',
  'http://10.0.0.1/',
  'http://192.168.1.1/',
  'http://[fd00::1]/',
  'http://[fe80::1]/',
  'http://224.0.0.1/',
];

interface HistoryEntry {
  id: string;
  destination: string;
  outcome: string;
  statusCode: number | null;
  latencyMs: number | null;
  error: { code: string; message: string } | null;
}

describe('replay SSRF guard with the default configuration', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let receiver6: Receiver;
  let user: { accountId: string; token: string };
  let eventId: string;

  before(async () => {
    rehook = await startTestRehook();
    receiver = await startReceiver();
    receiver6 = await startReceiver(undefined, { host: '::1' });
    user = await rehook.createUser();
    const inbox = await createInbox(rehook, user.token);
    eventId = await ingestEvent(rehook, inbox.id, { body: 'ssrf', token: user.token });
  });
  after(async () => {
    await receiver.close();
    await receiver6.close();
    await rehook.stop();
  });

  function replay(body: unknown) {
    return call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, { method: 'POST', token: user.token, json: body });
  }

  function spell(notation: string): string {
    return notation.replace('P6', String(receiver6.port)).replace(':P/', `:${receiver.port}/`);
  }

  for (const notation of LOOPBACK_NOTATIONS) {
    it(`refuses the loopback receiver as ${notation} with 403 DESTINATION_FORBIDDEN and opens no connection`, async () => {
      const res = await replay({ destination: spell(notation) });
      assertError(res, 403, 'DESTINATION_FORBIDDEN');
      assert.match(res.body.error.replayId, REPLAY_ID);
      assert.equal(receiver.connections, 0, 'the IPv4 receiver was connected to');
      assert.equal(receiver6.connections, 0, 'the IPv6 receiver was connected to');
      assert.equal(receiver.requests.length + receiver6.requests.length, 0);
    });
  }

  for (const notation of MORE_LOOPBACK_SPELLINGS) {
    it(`refuses ${notation} with 403 DESTINATION_FORBIDDEN and opens no connection`, async () => {
      const res = await replay({ destination: spell(notation) });
      assertError(res, 403, 'DESTINATION_FORBIDDEN');
      assert.equal(receiver.connections + receiver6.connections, 0);
    });
  }

  for (const destination of NON_PUBLIC_DESTINATIONS) {
    it(`refuses ${destination} with 403 DESTINATION_FORBIDDEN before connecting`, async () => {
      const started = Date.now();
      const res = await replay({ destination });
      assertError(res, 403, 'DESTINATION_FORBIDDEN');
      // A connection attempt to these would hang until the 5 s connect timeout.
      assert.ok(Date.now() - started < 4_000, `took ${Date.now() - started} ms`);
    });
  }

  const invalid: Array<[string, () => unknown]> = [
    ['ftp://x', () => ({ destination: 'ftp://x' })],
    ['file:///etc/passwd', () => ({ destination: 'file:///etc/passwd' })],
    ['gopher://127.0.0.1:70/_x', () => ({ destination: 'gopher://127.0.0.1:70/_x' })],
    ['not a url', () => ({ destination: 'not a url' })],
    ['a relative path', () => ({ destination: '/just/a/path' })],
    ['an empty string', () => ({ destination: '' })],
    ['credentials in the URL', () => ({ destination: `http://user:pass@127.0.0.1:${receiver.port}/` })],
    ['a missing destination', () => ({})],
    ['null', () => ({ destination: null })],
    ['a number', () => ({ destination: 42 })],
    ['an array', () => ({ destination: [`http://example.com/`] })],
    ['an object', () => ({ destination: { url: 'http://example.com/' } })],
    ['a 10 KB string', () => ({ destination: `http://example.com/${'a'.repeat(10_000)}` })],
    ['leading whitespace', () => ({ destination: ' http://example.com/' })],
  ];
  for (const [label, body] of invalid) {
    it(`answers 400 INVALID_DESTINATION for ${label}`, async () => {
      const res = await replay(body());
      assertError(res, 400, 'INVALID_DESTINATION');
      assert.equal(receiver.connections, 0);
    });
  }

  it('answers 400 INVALID_DESTINATION to a replay request without any body', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, { method: 'POST', token: user.token });
    assertError(res, 400, 'INVALID_DESTINATION');
  });

  it('records every refused and invalid replay in the history with its error code', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: user.token });
    assert.equal(res.status, 200, res.text);
    const history = res.body.data.replays as HistoryEntry[];
    const codes = history.map((entry) => entry.error?.code);
    const forbidden = LOOPBACK_NOTATIONS.length + MORE_LOOPBACK_SPELLINGS.length + NON_PUBLIC_DESTINATIONS.length;
    assert.equal(codes.filter((code) => code === 'DESTINATION_FORBIDDEN').length, forbidden);
    assert.equal(codes.filter((code) => code === 'INVALID_DESTINATION').length, invalid.length + 1);
    assert.equal(history.length, forbidden + invalid.length + 1);
    for (const entry of history) {
      assert.equal(entry.statusCode, null);
      assert.equal(typeof entry.error?.message, 'string');
    }
    const metadata = history.find((entry) => entry.destination === 'http://169.254.169.254/latest/meta-data/');
    assert.ok(metadata, 'metadata attempt missing from the history');
    assert.equal(metadata.outcome, 'forbidden');
    assert.equal(metadata.latencyMs, null, 'a refused replay must not have been sent');
  });
});

describe('replay failures and redirects with private destinations allowed', () => {
  // The replays that must succeed here run with the default timeouts (5 s to connect, 30 s in
  // all), so that a loaded machine never turns them into timeouts. Only the timeout test has a
  // server of its own with a short deadline.
  let rehook: TestRehook;
  let receiver: Receiver;
  let receiver6: Receiver;
  let second: Receiver;
  let silent: Receiver;
  let redirector: Receiver;
  let user: { accountId: string; token: string };
  let eventId: string;

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' } });
    receiver = await startReceiver();
    receiver6 = await startReceiver(undefined, { host: '::1' });
    second = await startReceiver();
    // Never answers: the replay must give up at the deadline.
    silent = await startReceiver(() => undefined);
    redirector = await startReceiver((_req, res) => {
      res.writeHead(302, { location: `${second.url}/stolen` }).end('moved');
    });
    user = await rehook.createUser();
    const inbox = await createInbox(rehook, user.token);
    eventId = await ingestEvent(rehook, inbox.id, { body: 'failures', token: user.token });
  });
  after(async () => {
    await Promise.all([receiver.close(), receiver6.close(), second.close(), silent.close(), redirector.close()]);
    await rehook.stop();
  });

  function replay(
    destination: string,
    on: { rehook: TestRehook; eventId: string; token: string } = { rehook, eventId, token: user.token },
  ) {
    return call(on.rehook.apiUrl, `/api/v1/events/${on.eventId}/replay`, {
      method: 'POST',
      token: on.token,
      json: { destination },
    });
  }

  it('reaches the loopback receiver in every notation once private destinations are allowed (the refusals above are policy, not parsing)', async () => {
    for (const notation of LOOPBACK_NOTATIONS) {
      const destination = notation.replace('P6', String(receiver6.port)).replace(':P/', `:${receiver.port}/`);
      const res = await replay(destination);
      assert.equal(res.status, 200, `${destination}: ${res.text}`);
      assert.equal(res.body.data.replay.statusCode, 200, destination);
    }
    assert.equal(receiver.requests.length + receiver6.requests.length, LOOPBACK_NOTATIONS.length);
  });

  it('still refuses the cloud metadata address with 403 DESTINATION_FORBIDDEN', async () => {
    assertError(await replay('http://169.254.169.254/latest/meta-data/'), 403, 'DESTINATION_FORBIDDEN');
  });

  it('does not follow a redirect: statusCode 302 is the result and the Location target gets no request', async () => {
    const res = await replay(`${redirector.url}/hook`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.replay.statusCode, 302);
    assert.equal(redirector.requests.length, 1);
    assert.equal(second.requests.length, 0);
    assert.equal(second.connections, 0);
  });

  it('answers 502 DESTINATION_UNREACHABLE for a closed loopback port', async () => {
    const port = await closedPort();
    const res = await replay(`http://127.0.0.1:${port}/`);
    assertError(res, 502, 'DESTINATION_UNREACHABLE');
    assert.match(res.body.error.replayId, REPLAY_ID);
  });

  it('answers 504 DESTINATION_TIMEOUT when the destination never answers, at about the 2 s deadline, and records it', async () => {
    // 2 s, not less: the request must reach the (same-process) receiver before the deadline,
    // and this deadline also bounds connecting. Only a stall of this process for 2 s could
    // break that; the test waits the 2 s once.
    const hurried = await startTestRehook({
      env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1', REHOOK_REPLAY_TIMEOUT: '2s', REHOOK_REPLAY_CONNECT_TIMEOUT: '2s' },
    });
    try {
      const owner = await hurried.createUser();
      const inbox = await createInbox(hurried, owner.token);
      const on = {
        rehook: hurried,
        eventId: await ingestEvent(hurried, inbox.id, { body: 'timeout', token: owner.token }),
        token: owner.token,
      };
      const started = Date.now();
      const res = await replay(`${silent.url}/hang`, on);
      const elapsed = Date.now() - started;
      assertError(res, 504, 'DESTINATION_TIMEOUT');
      assert.equal(silent.requests.length, 1, 'the silent receiver should have received the request');
      // Lower bound with a margin (timers run on the event loop's cached clock); the upper one
      // only tells the deadline from one never enforced.
      assert.ok(elapsed >= 1_800 && elapsed < 12_000, `took ${elapsed} ms`);
      const history = (await call(hurried.apiUrl, `/api/v1/events/${on.eventId}/replays`, { token: owner.token })).body
        .data.replays as HistoryEntry[];
      assert.equal(history.length, 1);
      const [timeout] = history;
      assert.equal(timeout?.error?.code, 'DESTINATION_TIMEOUT');
      assert.equal(timeout?.outcome, 'timeout');
      assert.equal(timeout?.statusCode, null);
      assert.ok((timeout?.latencyMs ?? 0) >= 1_800, `latency ${timeout?.latencyMs}`);
    } finally {
      await hurried.stop();
    }
  });

  it('records unreachable replays and redirects in the history with their error codes', async () => {
    const res = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replays`, { token: user.token });
    const history = res.body.data.replays as HistoryEntry[];
    const [unreachable] = history;
    assert.equal(unreachable?.error?.code, 'DESTINATION_UNREACHABLE');
    assert.equal(unreachable?.outcome, 'unreachable');
    assert.equal(unreachable?.statusCode, null);
    const redirect = history.find((entry) => entry.statusCode === 302);
    assert.ok(redirect);
    assert.equal(redirect.error, null);
    const metadata = history.find((entry) => entry.destination.startsWith('http://169.254.169.254'));
    assert.equal(metadata?.error?.code, 'DESTINATION_FORBIDDEN');
  });
});
