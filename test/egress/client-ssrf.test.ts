import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { createEgressClient } from '../../src/egress/client.js';
import type { EgressClientOptions } from '../../src/egress/client.js';
import type { LookupAddress } from '../../src/egress/guarded-connector.js';
import type { OutboundRequest, EgressOutcome } from '../../src/ports/egress-client.js';
import { missingFromMachine } from '../helpers/environment.js';
import { startReceiver } from '../helpers/receiver.js';
import type { Receiver } from '../helpers/receiver.js';
import { installSafetyNet } from './safety-net.js';
import type { SafetyNet } from './safety-net.js';

const TIMEOUTS = { connectTimeoutMs: 2_000, totalTimeoutMs: 5_000, maxResponseBytes: 1024 };

function request(url: string): OutboundRequest {
  return { url: new URL(url), method: 'POST', headers: [['X-Test', '1']], body: Buffer.from('hi') };
}

async function replay(url: string, opts: Partial<EgressClientOptions> = {}): Promise<EgressOutcome> {
  const client = createEgressClient({ policy: { allowPrivate: false }, ...TIMEOUTS, ...opts });
  try {
    return await client.send(request(url));
  } finally {
    await client.close();
  }
}

function answers(...addresses: string[]): () => Promise<LookupAddress[]> {
  const family = (address: string) => (address.includes(':') ? 6 : 4);
  return () => Promise.resolve(addresses.map((address) => ({ address, family: family(address) })));
}

function assertForbidden(outcome: EgressOutcome, reason?: string): void {
  assert.equal(outcome.kind, 'forbidden', JSON.stringify(outcome));
  if (reason !== undefined && outcome.kind === 'forbidden') assert.equal(outcome.reason, reason);
}

/** A receiver on `host`, or why it could not listen there (EADDRNOTAVAIL: no such address here). */
async function tryStart(host: string, port = 0): Promise<Receiver | { readonly error: string }> {
  try {
    return await startReceiver(undefined, { host, port });
  } catch (err) {
    return { error: `${(err as NodeJS.ErrnoException).code ?? String(err)}` };
  }
}

const started = (attempt: Receiver | { readonly error: string }): attempt is Receiver => !('error' in attempt);

describe('egress client SSRF guard (default policy, loopback receivers)', () => {
  let net: SafetyNet;
  let v4: Receiver;
  let v6: Receiver | { readonly error: string };

  before(async () => {
    net = installSafetyNet();
    v4 = await startReceiver();
    v6 = await tryStart('::1');
  });
  after(async () => {
    await v4.close();
    if (started(v6)) await v6.close();
    net.uninstall();
    assert.deepEqual(net.trips, [], 'the client tried to dial a non-loopback address');
  });

  const notations = [
    'http://127.0.0.1:PORT/',
    'http://2130706433:PORT/',
    'http://0x7f000001:PORT/',
    'http://0177.0.0.1:PORT/',
    'http://127.1:PORT/',
    'http://127.0.1:PORT/',
    'http://0x7f.1:PORT/',
    'http://127.000.000.001:PORT/',
    'http://[::ffff:127.0.0.1]:PORT/',
    'http://[::ffff:7f00:1]:PORT/',
    'http://[0:0:0:0:0:ffff:7f00:1]:PORT/',
    'http://localhost:PORT/',
    'https://127.0.0.1:PORT/',
  ];
  for (const notation of notations) {
    it(`refuses ${notation} with no connection`, async () => {
      const outcome = await replay(notation.replace('PORT', String(v4.port)));
      assertForbidden(outcome);
      assert.equal(v4.connections, 0);
    });
  }

  it('refuses http://[::1]:PORT/ with no connection to an IPv6 receiver', async (t) => {
    if (!started(v6)) {
      return missingFromMachine(
        t,
        `cannot listen on ::1 (${v6.error}): the IPv6 loopback refusals are not proven`,
        'Give lo its IPv6 address: ip -6 addr add ::1/128 dev lo (.ci/run does).',
      );
    }
    for (const url of [`http://[::1]:${v6.port}/`, `http://[0:0:0:0:0:0:0:1]:${v6.port}/`]) {
      assertForbidden(await replay(url), 'loopback');
    }
    assertForbidden(await replay(`http://localhost:${v6.port}/`));
    assert.equal(v6.connections, 0);
  });

  it('refuses a name that resolves to 127.0.0.1, before dialing', async () => {
    let calls = 0;
    const lookup = (host: string) => {
      calls += 1;
      assert.equal(host, 'rebind.example');
      return answers('127.0.0.1')();
    };
    assertForbidden(await replay(`http://rebind.example:${v4.port}/`, { lookup }), 'loopback');
    assert.equal(calls, 1);
    assert.equal(v4.connections, 0);
  });

  it('refuses a name whose answers mix public and private addresses (fail closed)', async () => {
    for (const mixed of [
      ['8.8.8.8', '127.0.0.1'],
      ['127.0.0.1', '1.1.1.1'],
      ['2606:4700::1111', '::ffff:127.0.0.1'],
      ['93.184.216.34', '10.0.0.1'],
    ]) {
      const lookup = answers(...mixed);
      assertForbidden(await replay(`http://mixed.example:${v4.port}/`, { lookup }));
    }
    assert.equal(v4.connections, 0);
  });

  it('refuses names resolving to metadata, loopback (A, AAAA, mapped) or compatible forms', async () => {
    const cases = [
      ['metadata.google.internal', '169.254.169.254', 'metadata'],
      ['v6only.example', '::1', 'loopback'],
      ['mapped.example', '::ffff:127.0.0.2', 'loopback'],
      ['compat.example', '::127.0.0.1', 'ipv4-compatible'],
      // Row 9: names that public DNS points at loopback (resolution faked, never real DNS).
      ['LOCALHOST.', '127.0.0.1', 'loopback'],
      ['ip6-localhost', '::1', 'loopback'],
      ['localtest.me', '127.0.0.1', 'loopback'],
      ['127.0.0.1.nip.io', '127.0.0.1', 'loopback'],
    ] as const;
    for (const [name, address, reason] of cases) {
      const outcome = await replay(`http://${name}:${v4.port}/`, { lookup: answers(address) });
      assertForbidden(outcome, reason);
    }
    assert.equal(v4.connections, 0);
  });

  it('refuses a metadata name even with allowPrivate', async () => {
    const outcome = await replay(`http://metadata:${v4.port}/`, {
      policy: { allowPrivate: true },
      lookup: answers('169.254.169.254'),
    });
    assertForbidden(outcome, 'metadata');
  });

  it('refuses non-http schemes and URL credentials without connecting', async () => {
    const open = { policy: { allowPrivate: true } };
    assertForbidden(await replay(`ftp://127.0.0.1:${v4.port}/`, open), 'scheme');
    assertForbidden(await replay(`http://user:pass@127.0.0.1:${v4.port}/`, open), 'credentials');
    assert.equal(v4.connections, 0);
  });
});

/**
 * Receivers on 127.0.0.2:P and 127.0.0.1:P (same port, so one URL can reach either), or why
 * 127.0.0.2 cannot be listened on here. A port that is taken on 127.0.0.1 is tried again with
 * another; five in a row is an error, not a missing address.
 */
async function aliasPair(): Promise<[Receiver, Receiver] | { readonly error: string }> {
  const taken: string[] = [];
  for (let attempt = 0; attempt < 5; attempt++) {
    const good = await tryStart('127.0.0.2');
    if (!started(good)) return good;
    const rebound = await tryStart('127.0.0.1', good.port);
    if (started(rebound)) return [good, rebound];
    taken.push(`${good.port}: ${rebound.error}`);
    await good.close();
  }
  throw new Error(`no port free on both 127.0.0.2 and 127.0.0.1 in five tries (${taken.join(', ')})`);
}

describe('egress client DNS rebinding', () => {
  it('dials only the validated address and re-resolves (and refuses) on the next replay', async (t) => {
    const pair = await aliasPair();
    if (!Array.isArray(pair)) {
      return missingFromMachine(
        t,
        `cannot listen on 127.0.0.2 (${pair.error}): the DNS rebinding guard is not proven`,
        'Loopback must hold 127.0.0.0/8, as Linux does by default: ip addr add 127.0.0.2/8 dev lo (.ci/run checks).',
      );
    }
    const [good, rebound] = pair;
    t.after(() => Promise.all([good.close(), rebound.close()]));

    let calls = 0;
    // TTL 0: first answer is the allowed alias, every later answer the forbidden loopback.
    const lookup = () => {
      calls += 1;
      return answers(calls === 1 ? '127.0.0.2' : '127.0.0.1')();
    };
    const client = createEgressClient({
      policy: { allowPrivate: false, allowCidrs: ['127.0.0.2/32'] },
      ...TIMEOUTS,
      lookup,
    });
    t.after(() => client.close());
    const url = `http://rebind.example:${good.port}/hook`;

    const first = await client.send(request(url));
    assert.equal(first.kind, 'response', JSON.stringify(first));
    assert.equal(good.requests.length, 1);
    assert.equal(calls, 1, 'one resolution per replay');

    // Give a pooled keep-alive socket time to become reusable, as between real replays.
    await delay(50);
    const second = await client.send(request(url));
    assertForbidden(second, 'loopback');
    assert.equal(calls, 2, 'a later replay resolves again instead of reusing a pooled socket');
    assert.equal(good.requests.length, 1);
    assert.equal(rebound.connections, 0, 'the rebound address was never dialed');
  });
});

const PROXY_VARS = ['HTTP_PROXY', 'HTTPS_PROXY', 'ALL_PROXY', 'http_proxy', 'https_proxy'];

describe('egress client and environment proxies (row 35)', () => {
  it('ignores HTTP_PROXY/HTTPS_PROXY/ALL_PROXY and connects directly', async (t) => {
    const proxy = await startReceiver();
    const destination = await startReceiver();
    const saved = { ...process.env };
    t.after(async () => {
      for (const key of [...PROXY_VARS, 'NO_PROXY']) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      await Promise.all([proxy.close(), destination.close()]);
    });
    for (const key of PROXY_VARS) process.env[key] = proxy.url;
    delete process.env['NO_PROXY'];
    const outcome = await replay(`${destination.url}/`, { policy: { allowPrivate: true } });
    assert.equal(outcome.kind, 'response', JSON.stringify(outcome));
    assert.equal(destination.requests.length, 1);
    assert.equal(proxy.connections, 0);
  });
});
