import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { parseMethods } from '../../src/cli/listen/rules.js';
import { RehookClient } from '../../src/client/rehook-client.js';
import { startTarget, waitFor } from './listen-harness.js';
import { client, listen, newInbox, one, outcomes, rehook, started, two, useListenRig } from './listen-in-process.js';

// What `rehook listen` does with each event, its loop run in-process against a real Rehook and
// real local targets: routing by path prefix, --only-method/--only-path filters, retries and
// giving up, a target that is down, --timeout, --print-body (text and --json), and --resign.

useListenRig();

describe('rehook listen (in-process, real server and targets)', { concurrency: 1 }, () => {
  test('routes by the longest path prefix, cuts the prefix, keeps the query; unmatched events are skipped', async () => {
    const inboxId = await newInbox();
    const run = listen(inboxId, [
      `/stripe=${one.url}/s?fixed=1`,
      `/stripe/special=${two.url}/sp/`,
      `/github=${two.url}`,
    ]);
    await started(run);
    const before1 = one.deliveries.length;
    const before2 = two.deliveries.length;
    await client.send(inboxId, { path: '/stripe/a', query: 'q=1&q=2', body: 'a' });
    await client.send(inboxId, { path: '/stripe/special/b', body: 'b' });
    await client.send(inboxId, { path: '/stripey', body: 'c' });
    await client.send(inboxId, { path: '/stripe', body: 'd' });
    await client.send(inboxId, { path: '/github', query: 'x=%2F', body: 'e' });
    await client.send(inboxId, { body: 'f' });
    await waitFor(() => outcomes(run, 'delivered').length + outcomes(run, 'skipped').length === 6, 'six events');
    const summary = await run.stop();
    assert.deepEqual(
      one.deliveries.slice(before1).map((d) => [d.url, d.body.toString()]),
      [
        ['/s/a?fixed=1&q=1&q=2', 'a'],
        ['/s?fixed=1', 'd'],
      ],
    );
    assert.deepEqual(
      two.deliveries.slice(before2).map((d) => [d.url, d.body.toString()]),
      [
        ['/sp/b', 'b'],
        ['/?x=%2F', 'e'],
      ],
    );
    assert.deepEqual(
      outcomes(run, 'skipped').map((line) => [line['path'], line['reason']]),
      [
        ['/stripey', 'no --forward-to rule matches its path'],
        ['/', 'no --forward-to rule matches its path'],
      ],
    );
    assert.equal(summary.delivered, 4);
    assert.equal(summary.skipped, 2);
    assert.equal(summary.failed, 0);
  });

  test('--only-method and --only-path: the rest is skipped and the position still moves', async () => {
    const inboxId = await newInbox();
    const run = listen(inboxId, [`${one.url}/h`], { filters: { methods: parseMethods(['post,put']), paths: ['/a'] } });
    await started(run);
    const start = one.deliveries.length;
    await client.send(inboxId, { method: 'POST', path: '/a/1', body: '1' });
    await client.send(inboxId, { method: 'GET', path: '/a/2' });
    await client.send(inboxId, { method: 'PUT', path: '/b', body: '3' });
    await client.send(inboxId, { method: 'PUT', path: '/a', body: '4' });
    await client.send(inboxId, { method: 'DELETE', path: '/a/5' });
    await client.send(inboxId, { method: 'POST', path: '/ab', body: '6' });
    await waitFor(() => outcomes(run, 'delivered').length + outcomes(run, 'skipped').length === 6, 'six events');
    const summary = await run.stop();
    assert.deepEqual(
      one.deliveries.slice(start).map((d) => `${d.method} ${d.url}`),
      ['POST /h/a/1', 'PUT /h/a'],
    );
    assert.equal(summary.skipped, 4);
    const newest = (await client.events(inboxId, { limit: 1 })).events[0];
    assert.equal(summary.last?.lastEventId, newest?.id);
  });

  test('a target that fails twice with 503 gets the event on the third attempt; one that always fails is given up on', async () => {
    const inboxId = await newInbox();
    let failures = 0;
    one.handler = (delivery) => {
      if (delivery.url.startsWith('/always')) return { status: 500, body: 'broken' };
      if (delivery.url.startsWith('/flaky') && failures < 2) {
        failures += 1;
        return { status: 503, body: 'busy' };
      }
      return { status: 200, body: 'fine' };
    };
    try {
      const run = listen(inboxId, [one.url], { retries: 2 });
      await started(run);
      await client.send(inboxId, { path: '/flaky', body: 'x' });
      await client.send(inboxId, { path: '/always', body: 'y' });
      await client.send(inboxId, { path: '/after', body: 'z' });
      await waitFor(
        () => run.json().filter((line) => line['outcome'] !== 'retrying').length === 3,
        'three events done',
      );
      const summary = await run.stop();
      const lines = run.json().map((line) => [line['path'], line['outcome'], line['status'], line['attempt']]);
      assert.deepEqual(lines, [
        ['/flaky', 'retrying', 503, 1],
        ['/flaky', 'retrying', 503, 2],
        ['/flaky', 'delivered', 200, 3],
        ['/always', 'retrying', 500, 1],
        ['/always', 'retrying', 500, 2],
        ['/always', 'gave-up', 500, 3],
        ['/after', 'delivered', 200, 1],
      ]);
      assert.deepEqual([summary.delivered, summary.failed, summary.skipped], [2, 1, 0]);
    } finally {
      one.handler = (delivery) => ({ status: 200, body: `ok ${delivery.body.length}` });
    }
  });

  test('a target that is down: the line says so, the event is retried, then given up on', async () => {
    const inboxId = await newInbox();
    const down = await startTarget();
    const url = down.url;
    await down.close();
    const run = listen(inboxId, [url], { retries: 1, json: false });
    await started(run);
    await client.send(inboxId, { path: '/x', body: 'x' });
    await waitFor(() => run.out.some((line) => line.includes('gave up')), 'the listener to give up');
    const summary = await run.stop();
    assert.match(
      run.out[0] ?? '',
      /POST \/x {2}→ failed: connection refused \(is the local server running\?\) {2}\d+ ms {2}attempt 1 of 2, retrying in \d+ms {2}evt_/,
    );
    assert.match(run.out[1] ?? '', /→ failed: connection refused .* gave up after 2 attempts, moving on {2}evt_/);
    assert.equal(summary.failed, 1);
  });

  test('--timeout: an attempt past it fails as timed out; --timeout 0 waits as long as the handler takes', async () => {
    const inboxId = await newInbox();
    let release: (() => void) | undefined;
    one.handler = (delivery) => {
      if (delivery.url === '/slow-timeout') return 'hold';
      if (delivery.url === '/slow-none') {
        release = () => one.release(200);
        return 'hold';
      }
      return { status: 200 };
    };
    try {
      const limited = listen(inboxId, [one.url], { timeoutMs: 200, retries: 0 });
      await started(limited);
      await client.send(inboxId, { path: '/slow-timeout', body: 'x' });
      await waitFor(() => outcomes(limited, 'gave-up').length === 1, 'the attempt to time out');
      await limited.stop();
      assert.equal(outcomes(limited, 'gave-up')[0]?.['error'], 'timed out after 0.2s');

      const unlimited = listen(inboxId, [one.url], { timeoutMs: 0, retries: 0, key: 'no-timeout' });
      await started(unlimited);
      await client.send(inboxId, { path: '/slow-none', body: 'y' });
      await waitFor(() => release !== undefined, 'the request to be held');
      // Held well past the 200 ms limit above (a sleep, but nothing is asserted about time).
      await new Promise((resolve) => setTimeout(resolve, 1000));
      assert.equal(unlimited.json().length, 0);
      release?.();
      await waitFor(() => outcomes(unlimited, 'delivered').length === 1, 'the held request to be answered');
      await unlimited.stop();
      assert.equal(outcomes(unlimited, 'delivered')[0]?.['status'], 200);
    } finally {
      one.handler = (delivery) => ({ status: 200, body: `ok ${delivery.body.length}` });
    }
  });

  test('--print-body: the response body under the line (text as text, binary summarised); control characters escaped', async () => {
    const inboxId = await newInbox();
    one.handler = (delivery) => {
      if (delivery.url === '/bin') return { status: 201, body: Buffer.from([0xff, 0xfe, 0x00]) };
      if (delivery.url === '/empty') return { status: 204 };
      return { status: 200, body: 'line one\nline \u001b[31mtwo' };
    };
    try {
      const run = listen(inboxId, [one.url], { printBody: true, json: false });
      await started(run);
      await client.send(inboxId, { path: '/text', body: 'x' });
      await client.send(inboxId, { path: '/bin', body: 'x' });
      await client.send(inboxId, { path: '/empty', body: 'x' });
      await waitFor(() => run.out.length === 6, 'three events with bodies');
      await run.stop();
      assert.match(run.out[0] ?? '', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ {2}POST \/text {2}→ 200 {2}\d+ ms {2}evt_/);
      assert.equal(run.out[1], '    line one\n    line \\x1b[31mtwo');
      assert.match(run.out[2] ?? '', /POST \/bin {2}→ 201/);
      assert.equal(run.out[3], '    (binary response body, 3 bytes)');
      assert.match(run.out[4] ?? '', /POST \/empty {2}→ 204/);
      assert.equal(run.out[5], '    (empty response body)');
    } finally {
      one.handler = (delivery) => ({ status: 200, body: `ok ${delivery.body.length}` });
    }
  });

  test('--print-body with --json: the response body in base64', async () => {
    const inboxId = await newInbox();
    const run = listen(inboxId, [one.url], { printBody: true });
    await started(run);
    await client.send(inboxId, { body: 'abc' });
    await waitFor(() => outcomes(run, 'delivered').length === 1, 'one event');
    await run.stop();
    const line = outcomes(run, 'delivered')[0];
    assert.equal(Buffer.from(String(line?.['responseBodyBase64']), 'base64').toString(), 'ok 3');
    assert.equal(line?.['responseTruncated'], false);
  });

  test('--resign: an event signed an hour ago reaches the target with a fresh Stripe signature that verifies; without it, it fails', async () => {
    const { default: Stripe } = await import('stripe');
    const secret = 'whsec_listen_test_secret_0123456789abcdef';
    const { token } = await rehook.createUser();
    const owner = new RehookClient({ baseUrl: rehook.apiUrl, token });
    const inbox = await owner.createInbox();
    const set = await fetch(`${rehook.apiUrl}/api/v1/inboxes/${inbox.id}/signature`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scheme: 'stripe', secret }),
    });
    assert.equal(set.status, 200, await set.text());
    const payload = '{"id":"evt_1","type":"invoice.paid","amount":4200}';
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const headers: Array<[string, string]> = [
      ['Content-Type', 'application/json'],
      ['Stripe-Signature', old],
      ['X-After', '1'],
    ];

    const resigned = listen(inbox.id, [`${one.url}/stripe`], { resign: true, as: owner, key: 'resign' });
    await started(resigned);
    const plain = listen(inbox.id, [`${two.url}/stripe`], { as: owner, key: 'plain' });
    await started(plain);
    const from1 = one.deliveries.length;
    const from2 = two.deliveries.length;
    await owner.send(inbox.id, { headers, body: payload });
    await waitFor(
      () => outcomes(resigned, 'delivered').length === 1 && outcomes(plain, 'delivered').length === 1,
      'both deliveries',
    );
    await resigned.stop();
    await plain.stop();

    const signedDelivery = one.deliveries[from1];
    const plainDelivery = two.deliveries[from2];
    assert.ok(signedDelivery && plainDelivery);
    const header = (pairs: ReadonlyArray<readonly [string, string]>, name: string): string[] =>
      pairs.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v);
    // Re-signed: one Stripe-Signature, where the captured one was, and it verifies now.
    const [fresh] = header(signedDelivery.headers, 'stripe-signature');
    assert.equal(header(signedDelivery.headers, 'stripe-signature').length, 1);
    assert.notEqual(fresh, old);
    const event = Stripe.webhooks.constructEvent(signedDelivery.body.toString(), fresh ?? '', secret);
    assert.equal(event.type, 'invoice.paid');
    const names = signedDelivery.headers
      .map(([n]) => n.toLowerCase())
      .filter((n) => ['content-type', 'stripe-signature', 'x-after'].includes(n));
    assert.deepEqual(names, ['content-type', 'stripe-signature', 'x-after']);
    // As captured: the hour-old signature fails the library's five-minute tolerance.
    assert.deepEqual(header(plainDelivery.headers, 'stripe-signature'), [old]);
    assert.throws(() => Stripe.webhooks.constructEvent(plainDelivery.body.toString(), old, secret), /tolerance/i);
  });

  test('--resign when the server refuses (no secret on an anonymous inbox): a status line, and the event goes out as captured', async () => {
    const inboxId = await newInbox();
    const run = listen(inboxId, [one.url], { resign: true });
    await started(run);
    const from = one.deliveries.length;
    await client.send(inboxId, { headers: [['Stripe-Signature', 't=1,v1=00']], body: 'x' });
    await waitFor(() => outcomes(run, 'delivered').length === 1, 'the delivery');
    await run.stop();
    assert.ok(
      run.err.some((line) => /^Could not re-sign evt_\w+ \(\w+: .*\); forwarding it as captured\.$/.test(line)),
      run.err.join('\n'),
    );
    assert.deepEqual(
      one.deliveries[from]?.headers.filter(([n]) => n === 'Stripe-Signature'),
      [['Stripe-Signature', 't=1,v1=00']],
    );
  });
});
