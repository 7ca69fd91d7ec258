import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Agent, request } from 'undici';
import { RehookClient } from '../../src/client/rehook-client.js';
import { connectTestPostgres } from '../helpers/postgres.js';
import {
  jsonLines,
  killChildren,
  portOf,
  spawnRehook,
  startCuttingProxy,
  startServe,
  startTarget,
  waitFor,
  waitForProgress,
  type Delivery,
  type RehookProcess,
  type ServeProcess,
} from './listen-harness.js';

// `rehook listen` end to end under trouble: a few thousand events of every shape are sent to a
// spawned `rehook serve` while a spawned listener forwards them to a local target, through a TCP
// proxy that cuts its connections (mid-response too). Meanwhile the server is SIGKILLed and
// restarted on the same port and data directory twice, and the listener is SIGKILLed and
// restarted twice (each time while the target holds one of its requests). In the end the target
// must have answered every stored event exactly once, byte for byte.

// REHOOK_LISTEN_EVENTS, REHOOK_LISTEN_PRODUCERS (concurrent senders) and REHOOK_LISTEN_STORE=postgres
// (the server on a fresh schema of REHOOK_TEST_DATABASE_URL) vary the run.
const EVENTS = Number(process.env['REHOOK_LISTEN_EVENTS'] ?? 2000);
const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE', 'GET'] as const;
const PATHS = ['', '/stripe', '/github/push', '/a/b/c', '/x%20y'] as const;

interface Sent {
  readonly seq: number;
  readonly method: string;
  readonly subPath: string;
  readonly query: string;
  readonly headers: string[];
  readonly body: Buffer;
}

/** The request number `seq`: varied method, sub-path, query, headers and body (binary, JSON, text, empty). */
function makeRequest(seq: number): Sent {
  const method = METHODS[seq % METHODS.length] as string;
  const subPath = PATHS[(seq >> 1) % PATHS.length] as string;
  const query = `seq=${seq}${seq % 3 === 0 ? '&a=1&a=2&e=%C3%A9' : ''}`;
  let body: Buffer;
  switch (seq % 4) {
    case 0:
      body = randomBytes(seq % 7 === 0 ? 0 : 1 + ((seq * 7919) % 6000)); // binary, NULs included
      break;
    case 1:
      body = Buffer.from(JSON.stringify({ id: `evt_${seq}`, type: 'invoice.paid', amount: seq, note: 'ünïcode ✓' }));
      break;
    case 2:
      body = Buffer.concat([Buffer.from(`seq ${seq}\r\n`), randomBytes(64), Buffer.from([0, 255, 0])]);
      break;
    default:
      body = Buffer.alloc(0);
  }
  const headers = [
    'Content-Type',
    seq % 4 === 1 ? 'application/json' : 'application/octet-stream',
    'X-Seq',
    String(seq),
    'X-Dup',
    'first',
    'x-dup',
    'second',
    'X-Latin',
    'caf\u00e9',
    'Stripe-Signature',
    `t=${seq},v1=${'ab'.repeat(32)}`,
  ];
  return { seq, method, subPath, query, headers, body };
}

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  killChildren();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

test(`listen: ${EVENTS} events, server SIGKILLed twice, connections cut, listener SIGKILLed twice: none lost, none twice but after a kill, bytes exact`, {
  timeout: 600_000,
}, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'rehook-listen-chaos-'));
  const userDir = await mkdtemp(join(tmpdir(), 'rehook-listen-user-'));
  cleanups.push(
    () => rm(dataDir, { recursive: true, force: true }),
    () => rm(userDir, { recursive: true, force: true }),
  );
  const serveEnv: Record<string, string> = { REHOOK_RATE_INGEST_PER_INBOX: '0', REHOOK_RATE_ANON_INBOXES: '0' };
  if (process.env['REHOOK_LISTEN_STORE'] === 'postgres') {
    const pg = await connectTestPostgres();
    if (!pg.available) throw new Error(pg.reason);
    const schema = await pg.createSchema();
    cleanups.push(() => pg.close());
    serveEnv['DATABASE_URL'] = schema.url;
  }

  let serve: ServeProcess = await startServe(['--port', '0', '--ingest-port', '0', '--data-dir', dataDir], serveEnv);
  const apiPort = portOf(serve.apiUrl);
  const ingestPort = portOf(serve.ingestUrl);
  // Each proxied connection may carry 100-500 KB from the server, then it is cut mid-chunk.
  const proxy = await startCuttingProxy(apiPort, () => 100_000 + Math.floor(Math.random() * 400_000));
  cleanups.push(() => proxy.close());
  const target = await startTarget();
  cleanups.push(() => target.close());

  const api = new RehookClient({ baseUrl: serve.apiUrl });
  const inbox = await api.createInbox();
  const listenerEnv = { REHOOK_STATE_DIR: join(userDir, 'state'), REHOOK_CONFIG_DIR: join(userDir, 'config') };
  const listenArgs = ['listen', inbox.id, '--server', proxy.url, '--forward-to', `${target.url}/hooks`, '--json'];
  const listeners: RehookProcess[] = [];
  const startListener = async (): Promise<RehookProcess> => {
    const listener = spawnRehook(listenArgs, listenerEnv);
    listeners.push(listener);
    await waitFor(() => listener.stderr().includes('Press Ctrl-C to stop'), 'the listener to start');
    return listener;
  };
  let listener = await startListener();

  // The sender: every request until ingest answers 200 (a request cut by a SIGKILL may have been
  // stored anyway; the inbox then holds it twice, as two events, and both must be delivered).
  // Each attempt carries its number in the query (`try`), so every stored event has a key of its
  // own (`seq.try`) and the checks below follow events, not requests: two copies of one request
  // are two events, each with its own place in the order.
  const sent = new Map<number, Sent>();
  /** The attempt of each request that ingest acknowledged. */
  const acked = new Map<number, number>();
  const ingest = new Agent({ connections: 16 });
  cleanups.push(() => ingest.close());
  const sendOne = async (seq: number): Promise<void> => {
    const req = makeRequest(seq);
    sent.set(seq, req);
    for (let attempt = 1; ; attempt++) {
      try {
        const url = `http://127.0.0.1:${ingestPort}/i/${inbox.id}${req.subPath}?${req.query}&try=${attempt}`;
        const res = await request(url, {
          dispatcher: ingest,
          method: req.method,
          headers: req.headers,
          body: req.body,
        });
        await res.body.arrayBuffer();
        if (res.statusCode === 200) {
          acked.set(seq, attempt);
          return;
        }
      } catch {
        // The server is down: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  let next = 0;
  const producers = Array.from({ length: Number(process.env['REHOOK_LISTEN_PRODUCERS'] ?? 4) }, async () => {
    while (next < EVENTS) await sendOne(next++);
  });
  const produced = Promise.all(producers);

  const answeredCount = (): number => target.answered().length;
  /** An event's key: the request's seq and the attempt that stored it (`seq.try`), from its query. */
  const keyOfQuery = (query: string): string => {
    const params = new URLSearchParams(query);
    return `${params.get('seq')}.${params.get('try')}`;
  };
  const keyOf = (delivery: Delivery): string => keyOfQuery(new URL(delivery.url, 'http://x').search);
  const seqOf = (delivery: Delivery): number => Number(new URL(delivery.url, 'http://x').searchParams.get('seq'));
  const killServerAndRestart = async (): Promise<void> => {
    await serve.kill();
    serve = await startServe(
      ['--port', String(apiPort), '--ingest-port', String(ingestPort), '--data-dir', dataDir],
      serveEnv,
    );
  };
  /**
   * What each SIGKILL of the listener left: the position it had saved and the events answered by
   * then. A listener catching up saves its position at most every 250 ms (and before each wait),
   * so after a kill it may send again the events answered after that position, and only those.
   */
  const kills: Array<{ saved: string; answered: Set<string> }> = [];
  const savedPosition = (): string => {
    const dir = join(userDir, 'state', 'listen');
    const [file] = readdirSync(dir).filter((name) => name.endsWith('.json'));
    return (JSON.parse(readFileSync(join(dir, file as string), 'utf8')) as { lastEventId: string }).lastEventId;
  };
  /** The target holds the next request; with it in flight, the listener is SIGKILLed and restarted. */
  const killListenerMidDelivery = async (): Promise<void> => {
    let holding = false;
    const abandonedBefore = target.abandoned.length;
    target.handler = () => {
      if (holding) return { status: 200, body: 'late' };
      holding = true;
      return 'hold';
    };
    await waitFor(() => holding, 'a request to hold');
    await listener.kill();
    kills.push({ saved: savedPosition(), answered: new Set(target.answered().map(keyOf)) });
    await waitFor(() => target.abandoned.length > abandonedBefore, 'the held request to be abandoned');
    target.handler = (delivery) => ({ status: 200, body: `ok ${delivery.body.length}` });
    listener = await startListener();
  };

  const steps: Array<[number, () => Promise<void>]> = [
    [Math.floor(EVENTS * 0.15), async () => proxy.cutAll()],
    [Math.floor(EVENTS * 0.25), killServerAndRestart],
    [Math.floor(EVENTS * 0.4), killListenerMidDelivery],
    [Math.floor(EVENTS * 0.5), async () => proxy.cutAll()],
    [Math.floor(EVENTS * 0.6), killServerAndRestart],
    [Math.floor(EVENTS * 0.75), killListenerMidDelivery],
    [Math.floor(EVENTS * 0.85), async () => proxy.cutAll()],
  ];
  for (const [at, step] of steps) {
    await waitForProgress(answeredCount, at, `${at} deliveries`);
    await step();
  }
  await produced;

  // Everything the server stored, oldest first (the summaries carry the query, hence the key).
  const storedEvents = async (): Promise<Array<{ id: string; key: string }>> => {
    const client = new RehookClient({ baseUrl: serve.apiUrl });
    const events: Array<{ id: string; key: string }> = [];
    let before: string | undefined;
    for (;;) {
      const page = await client.events(inbox.id, { limit: 1000, ...(before ? { before } : {}) });
      for (const event of page.events) events.push({ id: event.id, key: keyOfQuery(event.query) });
      if (page.nextBefore === null) return events.reverse();
      before = page.nextBefore;
    }
  };
  // A last request, sent once every other one is stored: the listener delivers in order, so once
  // the target has answered it, the listener is done with everything before it.
  await sendOne(EVENTS);
  await waitFor(
    () => target.answered().some((delivery) => seqOf(delivery) === EVENTS),
    'the last event to be delivered',
  );
  const storedWithIds = await storedEvents();
  const stored = storedWithIds.map((event) => event.key);
  // An event that became visible late (PostgreSQL) is delivered by a look-back, possibly after the
  // last one: wait until every stored event has been answered (a lost one fails here).
  await waitFor(() => {
    const answeredKeys = new Set(target.answered().map(keyOf));
    return stored.every((key) => answeredKeys.has(key));
  }, 'every stored event to be answered');

  // Ctrl-C: the listener stops cleanly and says how far it got.
  listener.child.kill('SIGINT');
  const exit = await listener.exited;
  assert.equal(exit.code, 0, listener.stderr());
  assert.match(listener.stderr(), /Stopped: delivered \d+, failed 0, skipped 0 this run; last event evt_/);

  // Nothing acknowledged was lost on the way in (a property of the server, checked to be sure).
  const storedKeys = new Set(stored);
  assert.equal(storedKeys.size, stored.length, 'one stored event per attempt');
  for (const [seq, attempt] of acked)
    assert.ok(storedKeys.has(`${seq}.${attempt}`), `acknowledged request ${seq} (try ${attempt}) is stored`);
  assert.equal(acked.size, EVENTS + 1);

  // The stored events were answered by the target: none lost, none twice but those a kill allows.
  const answered = target.answered();
  const answeredKeys = answered.map(keyOf);
  const answeredCounts = new Map<string, number>();
  for (const key of answeredKeys) answeredCounts.set(key, (answeredCounts.get(key) ?? 0) + 1);
  const missing = stored.filter((key) => !answeredCounts.has(key));
  const extra = [...answeredCounts].filter(([key, n]) => n > 1 || !storedKeys.has(key)).map(([key]) => key);
  assert.deepEqual(missing, [], 'stored events never delivered');
  // Sent twice: only events a killed listener had answered after the position it had saved.
  const resendable = new Set(
    kills.flatMap(({ saved, answered: before }) =>
      storedWithIds.filter((event) => event.id > saved && before.has(event.key)).map((event) => event.key),
    ),
  );
  assert.deepEqual(
    extra.filter((key) => !resendable.has(key)),
    [],
    'events delivered more often than stored, not after a kill',
  );
  for (const key of extra) assert.ok((answeredCounts.get(key) ?? 0) <= 1 + kills.length);
  // In order: the target saw the events in the order they were stored (oldest first), except
  // those a look-back found after newer ones were delivered (`"late": true`). On SQLite there are
  // none: its single writer commits in id order.
  const lateKeys = new Set(
    listeners
      .flatMap((proc) => jsonLines(proc.stdout()))
      .filter((line) => line['late'] === true)
      .map((line) => keyOfQuery(String(line['query']))),
  );
  if (process.env['REHOOK_LISTEN_STORE'] !== 'postgres') assert.deepEqual([...lateKeys], [], 'late events on SQLite');
  const inOrder = (keys: string[]): string[] => keys.filter((key) => !lateKeys.has(key));
  // A re-sent event counts where it was last delivered (the killed listener's copy is dropped).
  const lastOfEach = (keys: string[]): string[] =>
    keys.filter((key, index) => !resendable.has(key) || keys.indexOf(key, index + 1) === -1);
  assert.deepEqual(inOrder(lastOfEach(answeredKeys)), inOrder(stored));

  // Every delivery is the request that was sent: method, path, query, headers in order, exact bytes.
  for (const delivery of answered) {
    const req = sent.get(seqOf(delivery));
    assert.ok(req !== undefined);
    assert.equal(delivery.method, req.method);
    const path = req.subPath === '' ? '/hooks' : `/hooks${req.subPath}`;
    const attempt = new URL(delivery.url, 'http://x').searchParams.get('try');
    assert.equal(delivery.url, `${path}?${req.query}&try=${attempt}`);
    assert.equal(delivery.sha256, createHash('sha256').update(req.body).digest('hex'), `body of ${req.seq}`);
    const names = delivery.headers.map(([name]) => name.toLowerCase());
    assert.ok(!names.includes('transfer-encoding'));
    assert.equal(names.filter((name) => name === 'host').length, 1);
    const custom = delivery.headers.filter(([name]) =>
      /^(x-seq|x-dup|x-latin|stripe-signature|content-type)$/i.test(name),
    );
    const expected: Array<[string, string]> = [];
    for (let i = 0; i < req.headers.length; i += 2)
      expected.push([req.headers[i] as string, req.headers[i + 1] as string]);
    assert.deepEqual(custom, expected, `headers of ${req.seq}`);
  }

  // The trouble really happened.
  assert.ok(proxy.cuts >= 3, `connections cut: ${proxy.cuts}`);
  assert.equal(target.abandoned.length, 2, 'two deliveries were in flight when the listener was killed');
  assert.equal(listeners.length, 3);
  // Each listener's own report agrees with the target: one `delivered` line per answered request.
  const deliveredLines = listeners.flatMap((proc) =>
    jsonLines(proc.stdout()).filter((line) => line['type'] === 'delivery' && line['outcome'] === 'delivered'),
  );
  // (A SIGKILLed listener loses the lines it had not written yet: at most its last 50 ms.)
  assert.ok(deliveredLines.length <= answered.length, `${deliveredLines.length} lines, ${answered.length} answered`);
  assert.ok(
    deliveredLines.length >= answered.length - 200,
    `${deliveredLines.length} lines, ${answered.length} answered`,
  );
  // The saved position is the newest event.
  const stateFiles = readdirSync(join(userDir, 'state', 'listen'));
  assert.equal(stateFiles.length, 1);
  const position = JSON.parse(readFileSync(join(userDir, 'state', 'listen', stateFiles[0] as string), 'utf8')) as {
    lastEventId: string;
  };
  const newest = (await new RehookClient({ baseUrl: serve.apiUrl }).events(inbox.id, { limit: 1 })).events[0];
  assert.equal(position.lastEventId, newest?.id);
  await serve.kill();
});
