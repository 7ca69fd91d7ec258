import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createTlsServer, createSecureContext } from 'node:tls';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import type { TestContext } from 'node:test';
import type { OutboundRequest, EgressClient, EgressOutcome } from '../../src/ports/egress-client.js';
import { createEgressClient } from '../../src/egress/client.js';
import type { EgressClientOptions } from '../../src/egress/client.js';
import { missingFromMachine } from '../helpers/environment.js';
import { startReceiver } from '../helpers/receiver.js';
import type { Receiver, ReceiverHandler } from '../helpers/receiver.js';

const DEADLINE_MS = 300;
/**
 * The replay contract promises an answer by the deadline + 1 s. On a loaded machine this process can be held up
 * for longer than that, so the bounds below allow 5 s: they still catch a deadline that is not
 * applied or in the wrong unit, and each test's outcome reason (deadline, DNS) tells which
 * timer ended it.
 */
const SLACK_MS = 5_000;

function client(t: TestContext, opts: Partial<EgressClientOptions> = {}): EgressClient {
  const c = createEgressClient({
    policy: { allowPrivate: true },
    connectTimeoutMs: DEADLINE_MS,
    totalTimeoutMs: DEADLINE_MS,
    maxResponseBytes: 1024,
    ...opts,
  });
  t.after(() => c.close());
  return c;
}

async function receiver(t: TestContext, handler?: ReceiverHandler): Promise<Receiver> {
  const r = await startReceiver(handler);
  t.after(() => r.close());
  return r;
}

function req(url: string): OutboundRequest {
  return { url: new URL(url), method: 'POST', headers: [], body: Buffer.from('x') };
}

async function timed(work: Promise<EgressOutcome>): Promise<[EgressOutcome, number]> {
  const start = performance.now();
  const outcome = await work;
  return [outcome, performance.now() - start];
}

function assertKind(outcome: EgressOutcome, kind: EgressOutcome['kind'], reason?: RegExp): void {
  assert.equal(outcome.kind, kind, JSON.stringify(outcome));
  if (reason !== undefined && 'reason' in outcome) assert.match(outcome.reason, reason);
}

describe('egress client: deadlines', () => {
  it('times out on a destination that accepts TCP and never answers, and closes the socket', async (t) => {
    let accepted = 0;
    let closed = 0;
    const blackhole = createNetServer((socket) => {
      accepted += 1;
      socket.resume();
      socket.on('close', () => (closed += 1));
    });
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise<void>((resolve) => blackhole.close(() => resolve())));
    const { port } = blackhole.address() as AddressInfo;

    const [outcome, elapsed] = await timed(client(t).send(req(`http://127.0.0.1:${port}/`)));
    assertKind(outcome, 'timeout', /deadline/);
    // No lower bound: Node arms timers from the loop's cached clock, which lags when the loop
    // is busy, so a deadline may fire a few ms "early" by performance.now().
    assert.ok(elapsed < DEADLINE_MS + SLACK_MS, `took ${elapsed} ms`);
    assert.ok(outcome.kind === 'timeout' && outcome.latencyMs > 0);
    // Polled until the socket closes; the limit only catches one left open.
    for (const deadline = Date.now() + 15_000; (accepted === 0 || closed < accepted) && Date.now() < deadline; ) {
      await delay(20);
    }
    assert.ok(accepted >= 1 && closed === accepted, `accepted ${accepted}, closed ${closed}`);
  });

  // A 2 s deadline rather than 500 ms: the drip must have sent two bytes before it ends, and
  // only a stall of this process for most of the 2 s could prevent that.
  it('ends a slow-drip body (1 byte every 50 ms) at the total deadline', async (t) => {
    let sent = 0;
    const r = await receiver(t, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      const timer = setInterval(() => {
        sent += 1;
        res.write('x');
      }, 50);
      res.on('close', () => clearInterval(timer));
    });
    const [outcome, elapsed] = await timed(client(t, { totalTimeoutMs: 2_000 }).send(req(r.url)));
    assertKind(outcome, 'timeout', /deadline/);
    assert.ok(elapsed < 2_000 + SLACK_MS, `took ${elapsed} ms`);
    // undici's bodyTimeout (also 2 s here) restarts on every byte, so only the absolute
    // deadline can have ended this replay.
    assert.ok(sent >= 2, `only ${sent} bytes dripped`);
  });

  it('times out a DNS lookup that never answers within the connect timeout', async (t) => {
    const lookup = () => new Promise<never>(() => undefined);
    const c = client(t, { connectTimeoutMs: 150, totalTimeoutMs: 5_000, lookup });
    const [outcome, elapsed] = await timed(c.send(req('http://slow-dns.example:1/')));
    assertKind(outcome, 'timeout', /DNS/);
    assert.ok(elapsed < 150 + SLACK_MS, `took ${elapsed} ms`);
  });
});

describe('egress client: unreachable destinations', () => {
  it('reports connection refused on a closed port', async (t) => {
    const r = await startReceiver();
    const url = r.url;
    await r.close();
    assertKind(await client(t).send(req(url)), 'unreachable', /refused/);
  });

  it('reports a DNS failure from the resolver (ENOTFOUND, EAI_AGAIN) as unreachable', async (t) => {
    for (const code of ['ENOTFOUND', 'EAI_AGAIN']) {
      const lookup = () => Promise.reject(Object.assign(new Error('lookup failed'), { code }));
      assertKind(await client(t, { lookup }).send(req('http://nx.example/')), 'unreachable', /DNS/);
    }
    const empty = () => Promise.resolve([]);
    assertKind(await client(t, { lookup: empty }).send(req('http://nx.example/')), 'unreachable', /DNS/);
  });

  it('reports HTTPS to a plain-HTTP port as a TLS/protocol failure', async (t) => {
    const r = await receiver(t);
    const outcome = await client(t, { totalTimeoutMs: 2_000 }).send(req(`https://127.0.0.1:${r.port}/`));
    assertKind(outcome, 'unreachable', /TLS failure \(ERR_SSL_/);
  });

  it('reports a connection dropped mid-request as unreachable', async (t) => {
    const r = await receiver(t, (_req, res) => {
      res.socket?.destroy();
    });
    assertKind(await client(t, { totalTimeoutMs: 2_000 }).send(req(r.url)), 'unreachable', /closed|reset/);
  });

  it('never disables TLS verification and sends the destination name as SNI to the pinned IP', async (t) => {
    const dir = mkdtempSync(join(tmpdir(), 'rehook-tls-'));
    t.after(() => rmSync(dir, { recursive: true, force: true }));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=sni.example',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
    } catch (err) {
      // Only a missing tool is the machine's; openssl failing otherwise fails the test.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      return missingFromMachine(
        t,
        'openssl is not installed: no self-signed certificate, so TLS verification and SNI are not proven',
        "Install Debian's openssl (.ci/run does).",
      );
    }
    const context = createSecureContext({
      key: readFileSync(join(dir, 'key.pem')),
      cert: readFileSync(join(dir, 'cert.pem')),
    });
    const seen: string[] = [];
    const server = createTlsServer({
      SNICallback: (name, cb) => {
        seen.push(name);
        cb(null, context);
      },
    });
    server.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;

    const lookup = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);
    const c = client(t, { lookup, totalTimeoutMs: 2_000 });
    const outcome = await c.send(req(`https://sni.example:${port}/`));
    assertKind(outcome, 'unreachable', /TLS failure \((DEPTH_ZERO_SELF|SELF)_SIGNED_CERT/);
    assert.deepEqual(seen, ['sni.example']);
  });
});

describe('egress client: address fallback', () => {
  it('moves to the next validated address when one refuses, and reports the last error', async (t) => {
    const r = await receiver(t);
    const lookup = () =>
      Promise.resolve([
        { address: '127.0.0.3', family: 4 }, // nothing listens there: ECONNREFUSED
        { address: '127.0.0.1', family: 4 },
      ]);
    const c = client(t, { lookup, totalTimeoutMs: 2_000 });
    const outcome = await c.send(req(`http://dual.example:${r.port}/`));
    assertKind(outcome, 'response');
    assert.equal(r.requests.length, 1);
    const closed = () => Promise.resolve([{ address: '127.0.0.3', family: 4 }]);
    const refused = await client(t, { lookup: closed }).send(req(`http://dual.example:${r.port}/`));
    assertKind(refused, 'unreachable', /refused/);
  });
});
