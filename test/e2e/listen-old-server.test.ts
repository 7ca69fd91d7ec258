import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { RehookClient } from '../../src/client/rehook-client.js';
import { waitFor } from './listen-harness.js';
import { client, listen, newInbox, one, outcomes, rehook, started, useListenRig } from './listen-in-process.js';

// A Rehook older than the NDJSON export answers 404 on its route. The listener, run in-process,
// talks to a real Rehook through a loopback proxy that plays that older server: 404 (Rehook's
// NOT_FOUND body) for the export path, everything else forwarded. The listener must fall back to
// one long-poll per event and still deliver every event exactly once, oldest first: a backlog
// from before it started and the events sent while it runs.

useListenRig();

const EXPORT_PATH = /^\/api\/v1\/inboxes\/[^/]+\/export(\?|$)/;
const NEXT_PATH = /^\/api\/v1\/inboxes\/[^/]+\/events\/next(\?|$)/;

describe('rehook listen and a Rehook older than the NDJSON export', () => {
  let proxy: Server | undefined;
  let proxyUrl: string;
  let seen: string[] = [];
  /** How the proxy says 404 on the export path: Rehook's NOT_FOUND body, or a bare page (a proxy in front). */
  let missing: 'rehook' | 'bare' = 'rehook';

  before(async () => {
    const upstream = new URL(rehook.apiUrl);
    const server = createServer((req, res) => {
      const url = req.url ?? '/';
      seen.push(url);
      if (EXPORT_PATH.test(url)) {
        if (missing === 'bare')
          return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Route not found' } }));
        return;
      }
      const forwarded = request(
        { host: upstream.hostname, port: upstream.port, method: req.method, path: url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      forwarded.on('error', () => res.destroy());
      // A long-poll the listener gives up on (at its stop) ends the upstream request too.
      res.on('close', () => forwarded.destroy());
      req.pipe(forwarded);
    });
    proxy = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    const server = proxy;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** Delivers a backlog and then live events through the proxy; checks all of them, and how they were read. */
  async function listenThroughOldServer(): Promise<void> {
    seen = [];
    const inboxId = await newInbox();
    const send = (seq: number) =>
      client.send(inboxId, { method: 'POST', path: '/e', query: `seq=${seq}`, body: `event ${seq}` });
    // A backlog the listener finds when it starts (--since 1h).
    for (let seq = 1; seq <= 12; seq += 1) await send(seq);
    const before = one.deliveries.length;
    const seqs = (): number[] =>
      one.deliveries
        .slice(before)
        .filter((delivery) => delivery.answered)
        .map((delivery) => Number(new URL(delivery.url, 'http://x').searchParams.get('seq')));

    const run = listen(inboxId, [one.url], {
      as: new RehookClient({ baseUrl: proxyUrl }),
      start: { kind: 'ago', ms: 3_600_000, text: '1h' },
    });
    await started(run);
    await waitFor(() => seqs().length >= 12, 'the backlog');
    for (let seq = 13; seq <= 20; seq += 1) await send(seq);
    // Stopped once the listener itself has recorded the 20th delivery: this stop abandons an
    // attempt in progress at once, so one the target answered but the listener has not read yet
    // would not count (and would be sent again by the next run).
    await waitFor(() => outcomes(run, 'delivered').length >= 20, 'the events sent while listening');
    const summary = await run.stop();

    const expected = Array.from({ length: 20 }, (_, i) => i + 1);
    assert.deepEqual(seqs(), expected);
    assert.deepEqual(
      one.deliveries.slice(before).map((delivery) => delivery.body.toString()),
      expected.map((seq) => `event ${seq}`),
    );
    assert.equal(summary.delivered, 20);
    assert.equal(summary.failed, 0);
    // The export was asked for once, and the events came through the long-poll.
    assert.equal(seen.filter((url) => EXPORT_PATH.test(url)).length, 1);
    assert.ok(seen.filter((url) => NEXT_PATH.test(url)).length >= 20, seen.join('\n'));
    assert.ok(
      run.err.some(
        (line) => line === `${proxyUrl} has no NDJSON export (an older Rehook): reading one event per request.`,
      ),
      run.err.join('\n'),
    );
  }

  test('listen against a server without the NDJSON export: one long-poll per event, every event once, in order', async () => {
    missing = 'rehook';
    await listenThroughOldServer();
  });

  test("the same when the 404 is not Rehook's (a proxy in front that does not know the route)", async () => {
    missing = 'bare';
    await listenThroughOldServer();
  });
});
