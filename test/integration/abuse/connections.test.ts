import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { eventsOf, newInboxId, send } from './support.js';

interface Conn {
  readonly socket: Socket;
  /** Everything received so far. */
  received(): string;
  /** Resolves with the elapsed ms when the server closes (or resets) the socket. */
  readonly closed: Promise<number>;
}

function open(url: string, from?: string): Promise<Conn> {
  const { hostname, port } = new URL(url);
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port), ...(from ? { localAddress: from } : {}) });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const closed = new Promise<number>((done) => socket.once('close', () => done(Date.now() - started)));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => Buffer.concat(chunks).toString('latin1'), closed }));
    socket.once('error', reject);
  });
}

function requestText(url: string, inboxId: string, body: string, keepAlive = true): string {
  const { host } = new URL(url);
  return (
    `POST /i/${inboxId} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
    `${keepAlive ? '' : 'Connection: close\r\n'}\r\n${body}`
  );
}

async function until(predicate: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (predicate()) return true;
    await sleep(20);
  }
  return predicate();
}

describe('abuse: per-IP connection cap on the ingest listener (REHOOK_MAX_CONNECTIONS_PER_IP)', () => {
  let rehook: TestRehook;
  let inboxId: string;
  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_MAX_CONNECTIONS_PER_IP: '3', REHOOK_RATE_INGEST_PER_INBOX: '0' } });
    inboxId = await newInboxId(rehook.apiUrl);
  });
  after(() => rehook.stop());

  it('closes the N+1th socket at once while the first N keep working; other IPs unaffected', async () => {
    const from = '127.0.0.51';
    const first = await Promise.all([open(rehook.ingestUrl, from), open(rehook.ingestUrl, from), open(rehook.ingestUrl, from)]);
    const extra = await open(rehook.ingestUrl, from);
    const closedAfter = await Promise.race([extra.closed, sleep(2_000).then(() => -1)]);
    assert.ok(closedAfter >= 0 && closedAfter < 1_000, `the 4th socket was not closed (${closedAfter})`);
    assert.equal(extra.received(), '', 'nothing is answered on a refused socket');

    // The first three are still served, with keep-alive, more than once.
    for (const [i, conn] of first.entries()) {
      conn.socket.write(requestText(rehook.ingestUrl, inboxId, `first-${i}`));
    }
    assert.ok(await until(() => first.every((c) => c.received().startsWith('HTTP/1.1 200')), 3_000));

    // Another address gets its own budget.
    const elsewhere = await send(`${rehook.ingestUrl}/i/${inboxId}`, { method: 'POST', body: 'other-ip', from: '127.0.0.52' });
    assert.equal(elsewhere.status, 200);

    // Closing one frees a slot for the same address.
    first[0]?.socket.destroy();
    await first[0]?.closed;
    await sleep(50);
    const again = await send(`${rehook.ingestUrl}/i/${inboxId}`, { method: 'POST', body: 'after-close', from });
    assert.equal(again.status, 200);
    for (const conn of first) conn.socket.destroy();
    assert.equal((await eventsOf(rehook.apiUrl, inboxId)).length, 5);
  });
});

describe('abuse: ingest timeouts (REHOOK_INGEST_HEADERS_TIMEOUT, _REQUEST_TIMEOUT, _KEEPALIVE_TIMEOUT)', () => {
  let rehook: TestRehook;
  let inboxId: string;
  before(async () => {
    rehook = await startTestRehook({
      env: {
        REHOOK_INGEST_HEADERS_TIMEOUT: '1s',
        REHOOK_INGEST_REQUEST_TIMEOUT: '2s',
        REHOOK_INGEST_KEEPALIVE_TIMEOUT: '1s',
        REHOOK_RATE_INGEST_PER_INBOX: '0',
      },
    });
    inboxId = await newInboxId(rehook.apiUrl);
  });
  after(() => rehook.stop());

  it('cuts a slowloris header sender and a 1 byte/s body while a well-behaved client is served', async () => {
    const { host } = new URL(rehook.ingestUrl);
    const slowHeaders = await open(rehook.ingestUrl);
    slowHeaders.socket.write(`POST /i/${inboxId}/slowloris HTTP/1.1\r\nHost: ${host}\r\n`);
    const headerDrip = setInterval(() => {
      if (!slowHeaders.socket.destroyed) slowHeaders.socket.write(`X-Drip-${Date.now()}: 1\r\n`);
    }, 200);
    const slowBody = await open(rehook.ingestUrl);
    slowBody.socket.write(`POST /i/${inboxId}/slowbody HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 100\r\n\r\n`);
    const bodyDrip = setInterval(() => {
      if (!slowBody.socket.destroyed) slowBody.socket.write('x');
    }, 1_000);

    // Meanwhile a normal client sends a request every 100 ms and must see fast 200s throughout.
    const latencies: number[] = [];
    let stop = false;
    const normal = (async () => {
      let i = 0;
      while (!stop) {
        const t0 = Date.now();
        const res = await send(`${rehook.ingestUrl}/i/${inboxId}/normal`, { method: 'POST', body: `n${i}` });
        assert.equal(res.status, 200);
        latencies.push(Date.now() - t0);
        i += 1;
        await sleep(100);
      }
    })();

    try {
      const headersCut = await Promise.race([slowHeaders.closed, sleep(4_000).then(() => -1)]);
      const bodyCut = await Promise.race([slowBody.closed, sleep(5_000).then(() => -1)]);
      // Timeouts are checked once per second (connectionsCheckingInterval): timeout + ~1 s.
      assert.ok(headersCut > 0 && headersCut <= 1_000 + 1_500, `slow headers closed after ${headersCut} ms`);
      assert.ok(bodyCut > 0 && bodyCut <= 2_000 + 1_500, `slow body closed after ${bodyCut} ms`);
      for (const conn of [slowHeaders, slowBody]) {
        const answer = conn.received();
        assert.ok(answer === '' || answer.startsWith('HTTP/1.1 408'), `unexpected answer: ${answer.slice(0, 80)}`);
      }
    } finally {
      clearInterval(headerDrip);
      clearInterval(bodyDrip);
      stop = true;
      await normal;
    }
    assert.ok(latencies.length >= 10, `only ${latencies.length} normal requests`);
    assert.ok(Math.max(...latencies) < 500, `normal latency up to ${Math.max(...latencies)} ms`);
    const paths = (await eventsOf(rehook.apiUrl, inboxId)).map((e) => e.path as string);
    assert.ok(!paths.some((p) => p.endsWith('/slowloris') || p.endsWith('/slowbody')), 'a cut request was stored');
    assert.equal(paths.filter((p) => p.endsWith('/normal')).length, latencies.length);
  });

  it('closes an idle keep-alive socket after the keep-alive timeout', async () => {
    const conn = await open(rehook.ingestUrl);
    conn.socket.write(requestText(rehook.ingestUrl, inboxId, 'keep-alive'));
    assert.ok(await until(() => conn.received().startsWith('HTTP/1.1 200'), 2_000));
    const answeredAt = Date.now();
    const closedAfter = await Promise.race([conn.closed, sleep(4_000).then(() => -1)]);
    assert.ok(closedAfter > 0, 'idle keep-alive socket was never closed');
    const idleMs = Date.now() - answeredAt;
    assert.ok(idleMs >= 800 && idleMs <= 2_500, `closed after ${idleMs} ms idle`);
  });
});
