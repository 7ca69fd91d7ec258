import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import type { TestContext } from 'node:test';
import type { HeaderPair } from '../../src/domain/captured-event.js';
import type { OutboundRequest, EgressClient, EgressOutcome } from '../../src/ports/egress-client.js';
import { createEgressClient } from '../../src/egress/client.js';
import type { EgressClientOptions } from '../../src/egress/client.js';
import { startReceiver } from '../helpers/receiver.js';
import type { Receiver, ReceiverHandler } from '../helpers/receiver.js';

const ALL_BYTES = Buffer.from(Array.from({ length: 256 }, (_, i) => i));

function client(t: TestContext, opts: Partial<EgressClientOptions> = {}): EgressClient {
  const c = createEgressClient({
    policy: { allowPrivate: false, allowCidrs: ['127.0.0.1/32'] },
    connectTimeoutMs: 2_000,
    totalTimeoutMs: 5_000,
    maxResponseBytes: 1024 * 1024,
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

function req(url: string, over: Partial<OutboundRequest> = {}): OutboundRequest {
  return { url: new URL(url), method: 'POST', headers: [], body: Buffer.alloc(0), ...over };
}

function asResponse(outcome: EgressOutcome) {
  assert.equal(outcome.kind, 'response', JSON.stringify(outcome));
  if (outcome.kind !== 'response') throw new Error('unreachable');
  return outcome;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const named = (headers: readonly HeaderPair[], name: string) =>
  headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);

describe('egress client: what the destination receives', () => {
  const stored: HeaderPair[] = [
    ['X-Foo', '1'],
    ['Content-Type', 'application/octet-stream'],
    ['x-foo', '2'],
    ['X-Latin', 'caf\u00e9'],
    ['Connection', 'keep-alive, X-Drop-Me'],
    ['X-Drop-Me', 'bye'],
    ['Keep-Alive', 'timeout=5'],
    ['Transfer-Encoding', 'chunked'],
    ['TE', 'trailers'],
    ['Trailer', 'X-T'],
    ['Upgrade', 'websocket'],
    ['Expect', '100-continue'],
    ['Proxy-Connection', 'keep-alive'],
    ['Proxy-Authorization', 'Basic c2VjcmV0'],
    ['Host', 'evil.example'],
    ['Content-Length', '999'],
    ['Authorization', '[REDACTED]'],
    ['Cookie', '[REDACTED]'],
    ['Stripe-Signature', 't=1,v1=abc'],
    ['X-Foo', '3'],
  ];
  const kept: HeaderPair[] = [
    ['X-Foo', '1'],
    ['Content-Type', 'application/octet-stream'],
    ['x-foo', '2'],
    ['X-Latin', 'caf\u00e9'],
    ['Stripe-Signature', 't=1,v1=abc'],
    ['X-Foo', '3'],
  ];

  it('sends method, path, filtered headers in order with case and duplicates, and the exact body', async (t) => {
    const r = await receiver(t);
    const url = `${r.url}/hook/a%20b?x=1&x=2&e=%C3%A9`;
    const outbound = req(url, { method: 'PATCH', headers: stored, body: ALL_BYTES });
    asResponse(await client(t).send(outbound));

    const [got] = r.requests;
    assert.ok(got);
    assert.equal(got.method, 'PATCH');
    assert.equal(got.url, '/hook/a%20b?x=1&x=2&e=%C3%A9');
    const added = new Set(['host', 'connection', 'content-length']);
    assert.deepEqual(
      got.headers.filter(([n]) => !added.has(n.toLowerCase())),
      kept,
    );
    assert.deepEqual(named(got.headers, 'host'), [`127.0.0.1:${r.port}`]);
    assert.deepEqual(named(got.headers, 'content-length'), ['256']);
    // undici's own `connection: close` (one connection per replay), not the stored value.
    assert.deepEqual(named(got.headers, 'connection'), ['close']);
    assert.deepEqual(got.body, ALL_BYTES);
  });

  it('keeps a latin1 header value byte-identical', async (t) => {
    const r = await receiver(t);
    await client(t).send(req(r.url, { headers: [['X-Latin', 'caf\u00e9 \u00ff\u0080']] }));
    const value = named(r.requests[0]?.headers ?? [], 'x-latin')[0] ?? '';
    const expected = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0xff, 0x80]);
    assert.deepEqual(Buffer.from(value, 'latin1'), expected);
  });

  it('sends a 5 MiB random body byte-identical (SHA-256)', async (t) => {
    const r = await receiver(t);
    const body = randomBytes(5 * 1024 * 1024);
    asResponse(await client(t).send(req(r.url, { method: 'PUT', body })));
    assert.equal(sha256(r.requests[0]?.body ?? Buffer.alloc(0)), sha256(body));
    assert.deepEqual(named(r.requests[0]?.headers ?? [], 'content-length'), [String(body.length)]);
  });

  it('sends the stored body for GET and DELETE too', async (t) => {
    const r = await receiver(t);
    const c = client(t);
    for (const method of ['GET', 'DELETE']) await c.send(req(r.url, { method, body: ALL_BYTES }));
    const seen = r.requests.map((x) => [x.method, x.body.length]);
    assert.deepEqual(seen, [
      ['GET', 256],
      ['DELETE', 256],
    ]);
  });
});

describe('egress client: responses', () => {
  it('returns status, header pairs and the binary body as bytes', async (t) => {
    const r = await receiver(t, (_req, res) => {
      res.writeHead(201, [
        ['X-Dup', 'a'],
        ['X-Dup', 'b'],
        ['Content-Type', 'application/octet-stream'],
      ]);
      res.end(ALL_BYTES);
    });
    const out = asResponse(await client(t).send(req(r.url)));
    assert.equal(out.statusCode, 201);
    assert.deepEqual(named(out.headers, 'x-dup'), ['a', 'b']);
    assert.deepEqual(out.body, ALL_BYTES);
    assert.equal(out.truncated, false);
    assert.ok(out.latencyMs > 0);
  });

  for (const status of [404, 500]) {
    it(`treats ${status} as a normal result`, async (t) => {
      const r = await receiver(t, (_req, res) => {
        res.statusCode = status;
        res.end('nope');
      });
      const out = asResponse(await client(t).send(req(r.url)));
      assert.equal(out.statusCode, status);
      assert.equal(out.body.toString(), 'nope');
    });
  }

  for (const status of [301, 302, 303, 307, 308]) {
    it(`returns a ${status} as the result and never follows it`, async (t) => {
      const second = await receiver(t);
      const first = await receiver(t, (_req, res) => {
        res.writeHead(status, { Location: `${second.url}/next` });
        res.end();
      });
      const out = asResponse(await client(t).send(req(first.url)));
      assert.equal(out.statusCode, status);
      assert.deepEqual(named(out.headers, 'location'), [`${second.url}/next`]);
      assert.equal(second.requests.length, 0);
      assert.equal(second.connections, 0);
    });
  }

  it('caps a 20 MiB streamed response at maxResponseBytes and stops reading', async (t) => {
    let written = 0;
    let handlerDone: () => void = () => undefined;
    const served = new Promise<void>((resolve) => {
      handlerDone = resolve;
    });
    const r = await receiver(t, async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/octet-stream' });
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      while (written < 20 * 1024 * 1024 && !res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) {
          await new Promise((resolve) => res.once('drain', resolve).once('close', resolve));
        }
      }
      res.end();
      handlerDone();
    });
    const cap = 1024 * 1024;
    const out = asResponse(await client(t, { maxResponseBytes: cap }).send(req(r.url)));
    assert.equal(out.body.length, cap);
    assert.equal(out.truncated, true);
    // The writer stops when the client closes the connection, or once all 20 MiB went out to a
    // client that kept reading: wait for it to stop (a signal, not a 50 ms pause), then see which.
    await served;
    assert.ok(written < 20 * 1024 * 1024, `server wrote ${written} bytes: the client kept reading`);
  });

  it('does not flag a body of exactly the cap as truncated', async (t) => {
    const r = await receiver(t, (_req, res) => {
      res.end(Buffer.alloc(1000, 1));
    });
    const out = asResponse(await client(t, { maxResponseBytes: 1000 }).send(req(r.url)));
    assert.equal(out.body.length, 1000);
    assert.equal(out.truncated, false);
  });
});

describe('egress client: never throws for bad input', () => {
  it('turns requests undici refuses (CONNECT, a value outside latin1) into outcomes', async (t) => {
    const r = await receiver(t);
    const c = client(t);
    const bad: Array<Partial<OutboundRequest>> = [
      { method: 'CONNECT' },
      { method: 'GET', headers: [['X-Bad', 'a\u0100']] },
      { method: 'GET', headers: [['Bad Name', 'x']] },
    ];
    for (const over of bad) {
      const outcome = await c.send(req(r.url, over));
      assert.equal(outcome.kind, 'unreachable', JSON.stringify(outcome));
    }
    assert.equal(r.requests.length, 0);
  });

  it('sends HEAD with its stored body and reads an empty response', async (t) => {
    const r = await receiver(t);
    const head = req(r.url, { method: 'HEAD', body: Buffer.from('abc') });
    const out = asResponse(await client(t).send(head));
    assert.equal(out.body.length, 0);
    assert.deepEqual(r.requests[0]?.body, Buffer.from('abc'));
  });

  it('answers unreachable after close() instead of throwing', async (t) => {
    const r = await receiver(t);
    const c = createEgressClient({
      policy: { allowPrivate: true },
      connectTimeoutMs: 1_000,
      totalTimeoutMs: 1_000,
      maxResponseBytes: 10,
    });
    await c.close();
    assert.equal((await c.send(req(r.url))).kind, 'unreachable');
  });

  it('rejects invalid construction options up front', () => {
    const policy = { allowPrivate: false };
    const base = { policy, connectTimeoutMs: 1, totalTimeoutMs: 1, maxResponseBytes: 1 };
    assert.throws(() => createEgressClient({ ...base, totalTimeoutMs: 0 }), RangeError);
    assert.throws(() => createEgressClient({ ...base, maxResponseBytes: -1 }), RangeError);
    const badCidr = { allowPrivate: false, allowCidrs: ['nope'] };
    assert.throws(() => createEgressClient({ ...base, policy: badCidr }), RangeError);
  });
});
