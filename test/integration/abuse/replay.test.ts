import assert from 'node:assert/strict';
import type { ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../../src/config/load.js';
import { ConfigError } from '../../../src/errors.js';
import { startReceiver, type Receiver } from '../../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { assertRateLimited, eventsOf, newInboxId, send, type Reply } from './support.js';

async function captureOne(rehook: TestRehook, token: string): Promise<string> {
  const inboxId = await newInboxId(rehook.apiUrl, token);
  assert.equal((await send(`${rehook.ingestUrl}/i/${inboxId}`, { method: 'POST', body: 'replay me' })).status, 200);
  const [event] = await eventsOf(rehook.apiUrl, inboxId, token);
  return event.id as string;
}

function replay(rehook: TestRehook, token: string, eventId: string, destination: string): Promise<Reply> {
  return send(`${rehook.apiUrl}/api/v1/events/${eventId}/replay`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ destination }),
  });
}

describe('abuse: concurrent replays are capped (REHOOK_REPLAY_MAX_CONCURRENT)', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let held: ServerResponse[] = [];
  before(async () => {
    rehook = await startTestRehook({
      env: { REHOOK_REPLAY_MAX_CONCURRENT: '2', REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' },
    });
    // Holds every request open until the test releases it.
    receiver = await startReceiver((_req, res) => {
      held.push(res);
    });
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  it('answers 429 + Retry-After beyond the cap while replays are in flight, then serves again', async () => {
    const { token } = await rehook.createUser();
    const eventId = await captureOne(rehook, token);
    const inFlight = [
      replay(rehook, token, eventId, `${receiver.url}/a`),
      replay(rehook, token, eventId, `${receiver.url}/b`),
    ];
    // Polled; the limit only catches replays that never arrive.
    const deadline = Date.now() + 15_000;
    while (held.length < 2 && Date.now() < deadline) await sleep(10);
    assert.equal(held.length, 2, 'both replays reached the receiver');
    assertRateLimited(await replay(rehook, token, eventId, `${receiver.url}/c`), 'third concurrent replay');
    assert.equal(held.length, 2, 'the refused replay never reached the receiver');

    for (const res of held.splice(0)) res.end('done');
    const done = await Promise.all(inFlight);
    assert.deepEqual(
      done.map((r) => r.status),
      [200, 200],
    );

    const later = replay(rehook, token, eventId, `${receiver.url}/d`);
    for (const until = Date.now() + 15_000; held.length < 1 && Date.now() < until; ) await sleep(10);
    assert.equal(held.length, 1, 'the replay after the others finished reached the receiver');
    for (const res of held.splice(0)) res.end('done');
    assert.equal((await later).status, 200);
    held = [];
  });
});

describe('abuse: replay egress allow and deny lists', () => {
  let receiver: Receiver;
  before(async () => {
    receiver = await startReceiver();
  });
  after(() => receiver.close());

  it('REHOOK_REPLAY_DENY_CIDRS wins over REHOOK_ALLOW_PRIVATE_DESTINATIONS: 403, no connection', async () => {
    const rehook = await startTestRehook({
      env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1', REHOOK_REPLAY_DENY_CIDRS: '10.0.0.0/8, 127.0.0.0/8' },
    });
    try {
      const { token } = await rehook.createUser();
      const eventId = await captureOne(rehook, token);
      const before = receiver.connections;
      const res = await replay(rehook, token, eventId, `${receiver.url}/denied`);
      assert.equal(res.status, 403, res.text);
      assert.equal(res.body.error.code, 'DESTINATION_FORBIDDEN');
      assert.equal(receiver.connections, before, 'a denied replay connected');
    } finally {
      await rehook.stop();
    }
  });

  it('REHOOK_REPLAY_ALLOW_CIDRS opens exactly the named range', async () => {
    const rehook = await startTestRehook({ env: { REHOOK_REPLAY_ALLOW_CIDRS: '127.0.0.1/32' } });
    try {
      const { token } = await rehook.createUser();
      const eventId = await captureOne(rehook, token);
      const allowed = await replay(rehook, token, eventId, `${receiver.url}/allowed`);
      assert.equal(allowed.status, 200, allowed.text);
      const other = await replay(rehook, token, eventId, `http://127.0.0.2:${receiver.port}/not-allowed`);
      assert.equal(other.status, 403, other.text);
    } finally {
      await rehook.stop();
    }
  });

  it('refuses invalid entries at start with one line naming the setting', () => {
    for (const env of ['REHOOK_REPLAY_ALLOW_CIDRS', 'REHOOK_REPLAY_DENY_CIDRS']) {
      assert.throws(
        () => loadConfig({ [env]: '10.0.0.0/8,10.0.0.0/33,example.com' }),
        (err: unknown) =>
          err instanceof ConfigError &&
          !err.message.includes('\n') &&
          err.message.includes(env) &&
          err.message.includes('10.0.0.0/33') &&
          err.message.includes('example.com'),
      );
    }
    const config = loadConfig({ REHOOK_REPLAY_ALLOW_CIDRS: ' 10.1.0.0/16 ,fd00::/8,192.0.2.7 ' });
    assert.deepEqual(config.replayAllowCidrs, ['10.1.0.0/16', 'fd00::/8', '192.0.2.7']);
    assert.equal(loadConfig({}).replayDenyCidrs, null);
  });
});
