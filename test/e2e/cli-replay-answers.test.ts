/**
 * What the CLI says and how it exits when a replay was sent but not taken: `rehook replay`
 * exits 3 (EXIT.REJECTED) after printing an answer of 400 or above, `replay-all --wait` exits 3
 * when its job completed with failed sends (a 5xx answer counts as failed), `replay-all
 * --resign` re-signs each send, and a refused loopback destination names the setting and
 * suggests `rehook listen`. The CLI runs in this process against a real server and receiver.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { runCli } from '../../src/cli/cli.js';
import { EXIT, ExitError } from '../../src/cli/exit.js';
import { RehookApiError } from '../../src/client/errors.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { api, startTestRehook, type TestRehook } from '../helpers/rehook.js';

async function cli(args: readonly string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  const out: string[] = [];
  const err: string[] = [];
  let code = 0;
  try {
    await runCli(args, { stdout: (t) => out.push(t), stderr: (t) => err.push(t), stdin: async () => null, env: {} });
  } catch (error) {
    // The bin entry exits 1 for an API error (src/cli/index.ts).
    if (error instanceof RehookApiError) {
      code = 1;
      err.push(error.message);
    } else {
      if (!(error instanceof ExitError)) throw error;
      code = error.code;
      if (error.message !== '') err.push(error.message);
    }
  }
  return { stdout: out.join('\n'), stderr: err.join('\n'), code };
}

const STRIPE_SECRET = `whsec_${'5eed5eed'.repeat(4)}`;

describe('rehook replay and replay-all: answers of 400 or above, re-signing', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let token: string;
  let client: string[];

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1' } });
    receiver = await startReceiver((req, res) => {
      res.writeHead(req.url.startsWith('/broken') ? 500 : req.url.startsWith('/gone') ? 410 : 200).end('answer');
    });
    token = (await rehook.createUser()).token;
    client = ['--server', rehook.apiUrl, '--token', token];
  });
  after(async () => {
    await receiver.close();
    await rehook.stop();
  });

  async function inboxWithEvents(count: number, headers: Record<string, string> = {}): Promise<string> {
    const inbox = (await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token })).body.data.inbox;
    for (let i = 0; i < count; i += 1) {
      const res = await fetch(`${rehook.ingestUrl}/i/${inbox.id}`, { method: 'POST', headers, body: `{"n":${i}}` });
      await res.arrayBuffer();
    }
    return inbox.id as string;
  }

  async function eventIds(inboxId: string): Promise<string[]> {
    return (await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events`, { token })).body.map(
      (event: { id: string }) => event.id,
    );
  }

  test('rehook replay exits 3 when the destination answered 500 or 410, 0 when it answered 200', async () => {
    const [eventId] = await eventIds(await inboxWithEvents(1));
    const broken = await cli(['replay', eventId as string, '--to', `${receiver.url}/broken`, ...client]);
    assert.equal(broken.code, EXIT.REJECTED);
    assert.equal(EXIT.REJECTED, 3);
    assert.match(broken.stdout, /^status +500$/m);
    assert.match(broken.stderr, /the destination answered 500 \(exit 3\)/);
    const gone = await cli(['replay', eventId as string, '--to', `${receiver.url}/gone`, '--repeat', '2', ...client]);
    assert.equal(gone.code, EXIT.REJECTED);
    const ok = await cli(['replay', eventId as string, '--to', `${receiver.url}/ok`, ...client]);
    assert.equal(ok.code, 0, ok.stderr);
  });

  test('replay-all --wait counts 500 answers as failed and exits 3', async () => {
    const inboxId = await inboxWithEvents(2);
    const run = await cli([
      'replay-all',
      inboxId,
      '--to',
      `${receiver.url}/broken`,
      '--rate',
      '100',
      '--wait',
      ...client,
    ]);
    assert.equal(run.code, EXIT.REJECTED, run.stderr);
    assert.match(run.stdout, /^succeeded +0 \(answered below 400\)$/m);
    assert.match(run.stdout, /^failed +2 \(answered 400 or above, or no answer\)$/m);
    const fine = await cli([
      'replay-all',
      inboxId,
      '--to',
      `${receiver.url}/fine`,
      '--rate',
      '100',
      '--wait',
      ...client,
    ]);
    assert.equal(fine.code, 0, fine.stderr);
  });

  test("replay-all --resign re-signs each send with the inbox's secret, so Stripe's check passes", async () => {
    const { default: Stripe } = await import('stripe');
    const inboxId = await inboxWithEvents(0);
    const set = await cli(['signature', 'set', inboxId, '--scheme', 'stripe', '--secret', STRIPE_SECRET, ...client]);
    assert.equal(set.code, 0, set.stderr);
    const payload = '{"id":"evt_old","type":"invoice.paid"}';
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: STRIPE_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const res = await fetch(`${rehook.ingestUrl}/i/${inboxId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stale },
      body: payload,
    });
    await res.arrayBuffer();
    const run = await cli(['replay-all', inboxId, '--to', `${receiver.url}/resigned`, '--resign', '--wait', ...client]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^re-signed +yes$/m);
    const got = receiver.requests.filter((request) => request.url === '/resigned');
    assert.equal(got.length, 1);
    const signature = got[0]?.headers.find(([name]) => name.toLowerCase() === 'stripe-signature')?.[1] ?? '';
    assert.equal(Stripe.webhooks.constructEvent(payload, signature, STRIPE_SECRET).type, 'invoice.paid');
  });
});

describe('rehook and a refused loopback destination (default policy)', () => {
  let rehook: TestRehook;
  let client: string[];

  before(async () => {
    rehook = await startTestRehook();
    client = ['--server', rehook.apiUrl, '--token', (await rehook.createUser()).token];
  });
  after(() => rehook.stop());

  test('forwarding set and replay name REHOOK_ALLOW_PRIVATE_DESTINATIONS and suggest rehook listen', async () => {
    const token = client[3] as string;
    const inbox = (await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token })).body.data.inbox;
    const set = await cli(['forwarding', 'set', inbox.id, '--to', 'http://localhost:3000/webhooks', ...client]);
    assert.equal(set.code, 1);
    assert.match(set.stderr, /REHOOK_ALLOW_PRIVATE_DESTINATIONS=1 \(--allow-private-destinations\)/);
    assert.match(set.stderr, /rehook listen/);
    await (await fetch(`${rehook.ingestUrl}/i/${inbox.id}`, { method: 'POST', body: 'x' })).arrayBuffer();
    const [event] = (await api(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, { token })).body;
    const replay = await cli(['replay', event.id, '--to', 'http://127.0.0.1:3000/webhooks', ...client]);
    assert.equal(replay.code, 1);
    assert.match(replay.stderr, /Destination forbidden: loopback: .*REHOOK_ALLOW_PRIVATE_DESTINATIONS=1/);
    assert.match(replay.stderr, /rehook listen/);
  });
});
