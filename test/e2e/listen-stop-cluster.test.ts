import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { Agent, request } from 'undici';
import { RehookClient } from '../../src/client/rehook-client.js';
import type { CapturedEvent } from '../../src/domain/captured-event.js';
import { createEventIdFactory, eventIdTime } from '../../src/domain/ids.js';
import { openPostgresStore } from '../../src/storage/postgres/store.js';
import { connectTestPostgres } from '../helpers/postgres.js';
import { makeTempDir } from '../helpers/temp-dir.js';
import { killAllInstances, startInstance } from '../integration/cluster/launcher.js';
import {
  jsonLines,
  killChildren,
  portOf,
  spawnRehook,
  waitFor,
  waitForProgress,
  type RehookProcess,
} from './listen-harness.js';

// Graceful stops of `rehook listen` (the built CLI: run `npm run build` first) on a cluster: two
// `rehook serve` processes on one PostgreSQL schema take a numbered stream of events, half
// through each, for the whole test. A listener follows instance A and forwards to a slow local
// handler (50-300 ms an answer). Eight times, while the handler holds a request it has received
// and not answered, the listener gets SIGTERM or SIGINT, then the handler answers and the
// listener is started again with the same command. Once, instance A is SIGKILLed and restarted
// under the listener. Besides, every few deliveries an event is written straight into the
// database with an id 1 s older than one the listener already delivered, as if its commit had
// been that slow (or its instance's clock that far behind): the listener finds it only by looking
// back over its overlap window, across stops too. In the end every acknowledged event (and every other one the
// cluster stored) reached the handler exactly once, byte for byte, in the listener's documented
// order: oldest first, except events a look-back found late.

const pg = await connectTestPostgres();
const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;

/** Graceful stops, alternating SIGTERM and SIGINT. */
const STOPS = 8;
/** The run in which instance A is SIGKILLed and restarted. */
const KILL_RUN = 3;
/** Ingest stays at most this many acknowledged events ahead of the handler, so the catch-up stays short. */
const AHEAD = 20;
/** A late event is written after this many deliveries, with an id this much older than a delivered one (inside the 30 s window). */
const LATE_EVERY = 5;
const LATE_BY_MS = 1_000;
/** Ingest waits at most this long for the handler to catch up before it sends the next event anyway. */
const PACE_MS = 5_000;
/**
 * Deliveries stalled this long in the catch-up mean the listener is done with what it will
 * deliver: look-backs run every 5 s, and each delivery takes well under a second.
 */
const STALL_MS = 60_000;
/** A server start longer than this is a hang (a start takes half a second idle, a minute on a very loaded machine). */
const START_LIMIT_MS = 180_000;
const STOPPING = 'Stopping: finishing the delivery in progress';

/** How long the handler takes to answer request `seq`: 50-300 ms, varying. */
function answerDelayMs(seq: number): number {
  return 50 + ((seq * 7919) % 251);
}

function sha256(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** One request as the handler received it. */
interface Received {
  readonly seq: number;
  readonly method: string;
  readonly url: string;
  readonly sha256: string;
  answered: boolean;
  /** The connection closed before the answer went out (the listener gave up on it). */
  abandoned: boolean;
}

interface SlowHandler {
  readonly url: string;
  /** Every request, in the order received. */
  readonly received: Received[];
  /** The seqs answered so far. */
  readonly answeredSeqs: Set<number>;
  /**
   * Holds the next request until `answer()` (which then answers it after its usual delay);
   * `request` is set once one is held.
   */
  holdNext(): { readonly request: () => Received | null; answer(): void };
  close(): Promise<void>;
}

/** A local HTTP handler that answers 200 after 50-300 ms and records every request. */
async function startSlowHandler(): Promise<SlowHandler> {
  const received: Received[] = [];
  const answeredSeqs = new Set<number>();
  let holder: ((request: Received, answer: () => void) => void) | null = null;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      const seq = Number(new URL(url, 'http://x').searchParams.get('seq'));
      const request: Received = {
        seq,
        method: req.method ?? '',
        url,
        sha256: sha256(Buffer.concat(chunks)),
        answered: false,
        abandoned: false,
      };
      received.push(request);
      res.once('close', () => {
        if (!request.answered) request.abandoned = true;
      });
      const answer = (): void => {
        setTimeout(() => {
          if (res.destroyed) return;
          res.writeHead(200, { 'content-type': 'text/plain' }).end('ok', () => {
            request.answered = true;
            answeredSeqs.add(seq);
          });
        }, answerDelayMs(seq));
      };
      const hold = holder;
      holder = null;
      if (hold === null) answer();
      else hold(request, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answeredSeqs,
    holdNext() {
      let held: Received | null = null;
      let answerHeld = (): void => undefined;
      holder = (request, answer) => {
        held = request;
        answerHeld = answer;
      };
      return { request: () => held, answer: () => answerHeld() };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The body of event `seq`: binary, 0 to about 4 KB. */
function bodyOf(seq: number): Buffer {
  return seq % 11 === 0 ? Buffer.alloc(0) : randomBytes(1 + ((seq * 104_729) % 4096));
}

const cleanups: Array<() => Promise<void>> = [];
after(async () => {
  killChildren();
  await killAllInstances();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  if (pg.available) await pg.close();
});

describe('rehook listen on two instances of one PostgreSQL', { skip }, () => {
  test(`stopped ${STOPS} times mid-delivery of a slow handler, instance SIGKILLed once: every event exactly once, bytes exact, in order`, {
    timeout: 600_000,
  }, async (t) => {
    if (!pg.available) throw new Error('unreachable');
    const schema = await pg.createSchema();
    const tempDir = async (prefix: string): Promise<string> => {
      const dir = await makeTempDir(prefix);
      cleanups.push(() => dir.cleanup());
      return dir.path;
    };
    const serverEnv = {
      DATABASE_URL: schema.url,
      REHOOK_RATE_INGEST_PER_INBOX: '0',
      REHOOK_RATE_ANON_INBOXES: '0',
    };
    const dataDirA = await tempDir('rehook-stop-cluster-a-');
    const dataDirB = await tempDir('rehook-stop-cluster-b-');
    // Side by side: the migrations run under an advisory lock.
    const [firstA, b] = await Promise.all([
      startInstance('A', { ...serverEnv, REHOOK_DATA_DIR: dataDirA }, START_LIMIT_MS),
      startInstance('B', { ...serverEnv, REHOOK_DATA_DIR: dataDirB }, START_LIMIT_MS),
    ]);
    let a = firstA;
    const handler = await startSlowHandler();
    cleanups.push(() => handler.close());
    const store = await openPostgresStore({ url: schema.url, poolSize: 2 });
    cleanups.push(() => store.close());

    const inbox = await new RehookClient({ baseUrl: a.apiUrl }).createInbox();
    const userDir = await tempDir('rehook-stop-cluster-user-');
    // --timeout and --stop-timeout only catch a hang here: an attempt cut short by them would
    // rightly be sent again, and on a loaded machine the held answer may take seconds to arrive.
    const listenArgs = [
      'listen',
      inbox.id,
      '--server',
      a.apiUrl,
      '--forward-to',
      `${handler.url}/hooks`,
      '--json',
      '--timeout',
      '5m',
      '--stop-timeout',
      '5m',
    ];
    const listenEnv = { REHOOK_STATE_DIR: join(userDir, 'state'), REHOOK_CONFIG_DIR: join(userDir, 'config') };
    const runs: RehookProcess[] = [];
    const startListener = async (): Promise<RehookProcess> => {
      const listener = spawnRehook(listenArgs, listenEnv, { built: true });
      runs.push(listener);
      await waitFor(() => listener.stderr().includes('Press Ctrl-C to stop'), 'the listener to start');
      return listener;
    };

    // Ingest: two producers, one per instance, take the next number each. A request that fails
    // (instance A down) is not sent again, so each number is stored at most once and any second
    // delivery of it is the listener's doing.
    const instances = { A: () => a, B: () => b };
    const agents = { A: new Agent({ connections: 1 }), B: new Agent({ connections: 1 }) };
    cleanups.push(async () => {
      await agents.A.close();
      await agents.B.close();
    });
    const sent = new Map<number, { readonly sha256: string; readonly via: 'A' | 'B' | 'late' }>();
    const acked = new Set<number>();
    let next = 0;
    let producing = true;
    const produce = async (via: 'A' | 'B'): Promise<void> => {
      while (producing) {
        // Paced by the handler, not by a clock: a slow machine slows both sides alike. A listener
        // that lost events would never close the gap: ingest then goes on after a while anyway,
        // and the assertions below name the lost events.
        await waitFor(() => !producing || acked.size - handler.answeredSeqs.size < AHEAD, 'pace', PACE_MS).catch(
          () => undefined,
        );
        if (!producing) return;
        const seq = next++;
        const body = bodyOf(seq);
        sent.set(seq, { sha256: sha256(body), via });
        try {
          const res = await request(`${instances[via]().ingestUrl}/i/${inbox.id}/e?seq=${seq}`, {
            dispatcher: agents[via],
            method: 'POST',
            headers: { 'content-type': 'application/octet-stream' },
            body,
          });
          await res.body.arrayBuffer();
          if (res.statusCode === 200) acked.add(seq);
        } catch {
          // The instance is down: that number may or may not be stored; the next one is tried shortly.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    const produceLate = async (): Promise<void> => {
      while (producing) {
        const from = handler.received.length;
        await waitFor(() => !producing || handler.received.length >= from + LATE_EVERY, 'pace', PACE_MS).catch(
          () => undefined,
        );
        if (!producing) return;
        const delivered = runs
          .flatMap((run) => jsonLines(run.stdout()))
          .filter((line) => line['type'] === 'delivery' && line['outcome'] === 'delivered');
        const newest = eventIdTime(String(delivered.at(-1)?.['eventId']));
        if (newest === null) continue;
        const ms = newest - LATE_BY_MS;
        const seq = next++;
        const body = bodyOf(seq);
        sent.set(seq, { sha256: sha256(body), via: 'late' });
        const event: CapturedEvent = {
          id: createEventIdFactory()(ms),
          inboxId: inbox.id,
          receivedAt: new Date(ms),
          method: 'POST',
          path: `/i/${inbox.id}/e`,
          query: `seq=${seq}`,
          contentType: 'application/octet-stream',
          headers: [['Content-Type', 'application/octet-stream']],
          sourceIp: '127.0.0.1',
          signature: null,
          answer: null,
          body,
          size: body.length,
        };
        if (await store.events.insertIfInboxLive(event, new Date())) acked.add(seq);
      }
    };
    let producers: Promise<unknown> | undefined;
    cleanups.push(async () => {
      producing = false;
      await producers?.catch(() => undefined);
    });

    const answeredCount = (): number => handler.received.filter((r) => r.answered).length;
    const stops: Array<{ signal: NodeJS.Signals; seq: number }> = [];
    for (let run = 0; run < STOPS; run += 1) {
      const listener = await startListener();
      // The first run starts "from now" on an empty inbox: ingest begins once it follows.
      producers ??= Promise.all([produce('A'), produce('B'), produceLate()]);
      // A few deliveries in each run, so every stop lands mid-stream.
      await waitForProgress(answeredCount, answeredCount() + 2, `deliveries in run ${run}`);

      if (run === KILL_RUN) {
        // The instance the listener follows dies under it and comes back on the same ports.
        await a.kill('SIGKILL');
        a = await startInstance(
          'A',
          {
            ...serverEnv,
            REHOOK_DATA_DIR: dataDirA,
            REHOOK_PORT: String(portOf(a.apiUrl)),
            REHOOK_INGEST_PORT: String(portOf(a.ingestUrl)),
          },
          START_LIMIT_MS,
        );
        const firstAfterRestart = next;
        await waitFor(
          () => [...handler.answeredSeqs].some((seq) => seq >= firstAfterRestart),
          'deliveries to resume after instance A restarted',
        );
        // It said so: both lines were written before the delivery that just came.
        await waitFor(() => listener.stderr().includes('Lost the connection to '), 'the lost line');
        await waitFor(() => /Back after \d+\.\d s: reconnected to /.test(listener.stderr()), 'the back line');
      }

      // The handler holds the next request: the listener is stopped while it waits for the answer.
      const hold = handler.holdNext();
      await waitFor(() => hold.request() !== null, 'the handler to receive a request');
      const held = hold.request() as Received;
      const signal: NodeJS.Signals = run % 2 === 0 ? 'SIGTERM' : 'SIGINT';
      listener.child.kill(signal);
      await waitFor(() => listener.stderr().includes(STOPPING), 'the listener to start stopping');
      assert.equal(held.answered, false, 'the signal came while the handler had not answered');
      hold.answer();
      const exit = await listener.exited;
      assert.deepEqual(exit, { code: 0, signal: null }, listener.stderr());
      assert.equal(held.answered, true);
      // The output may still be on its way when the exit is reported.
      await waitFor(
        () => /Stopped: delivered \d+, failed 0, skipped 0 this run/.test(listener.stderr()),
        'the summary',
      );
      stops.push({ signal, seq: held.seq });
    }

    // Ingest stops; the last run catches up with everything the cluster stored: every
    // acknowledged event, and any request cut by the SIGKILL that was stored without its 200.
    producing = false;
    await producers;
    const listener = await startListener();
    const stored = new Map<number, string>();
    const client = new RehookClient({ baseUrl: b.apiUrl });
    let before: string | undefined;
    for (;;) {
      const page = await client.events(inbox.id, { limit: 1000, ...(before !== undefined ? { before } : {}) });
      for (const event of page.events) {
        const seq = Number(new URLSearchParams(event.query).get('seq'));
        assert.equal(stored.has(seq), false, `seq ${seq} stored once`);
        stored.set(seq, event.id);
      }
      if (page.nextBefore === null) break;
      before = page.nextBefore;
    }
    const missing = (): number[] => [...stored.keys()].filter((seq) => !handler.answeredSeqs.has(seq));
    // Waits while deliveries go on; a listener that stopped delivering with events left fails
    // below, naming them.
    await waitForProgress(() => stored.size - missing().length, stored.size, 'the catch-up', STALL_MS).catch(
      () => undefined,
    );
    assert.deepEqual(missing(), [], 'stored events never delivered');
    for (const seq of acked) assert.ok(stored.has(seq), `acknowledged event ${seq} is stored`);
    listener.child.kill('SIGINT');
    assert.deepEqual(await listener.exited, { code: 0, signal: null }, listener.stderr());

    // Exactly once: each stored event reached the handler once (no attempt sent twice, none
    // abandoned), and nothing else did.
    const seqs = handler.received.map((r) => r.seq);
    const twice = seqs.filter((seq, i) => seqs.indexOf(seq) !== i);
    assert.deepEqual(twice, [], 'events the handler received more than once');
    assert.deepEqual(
      handler.received.filter((r) => !r.answered || r.abandoned).map((r) => r.seq),
      [],
      'requests not answered',
    );
    assert.deepEqual(
      [...seqs].sort((x, y) => x - y),
      [...stored.keys()].sort((x, y) => x - y),
      'delivered = stored',
    );
    // Byte for byte, as sent.
    for (const r of handler.received) {
      assert.equal(r.method, 'POST');
      assert.equal(r.url, `/hooks/e?seq=${r.seq}`);
      assert.equal(r.sha256, sent.get(r.seq)?.sha256, `body of ${r.seq}`);
    }

    // The listeners' own records agree with the handler, delivery for delivery: each stop
    // recorded the delivery it let finish.
    for (const run of runs) {
      await waitFor(() => jsonLines(run.stdout()).some((line) => line['type'] === 'summary'), "a run's summary line");
    }
    const lines = runs.flatMap((run) =>
      jsonLines(run.stdout()).filter((line) => line['type'] === 'delivery' && line['outcome'] === 'delivered'),
    );
    assert.deepEqual(
      lines.map((line) => Number(new URLSearchParams(String(line['query'])).get('seq'))),
      seqs,
    );
    for (const line of lines) {
      const seq = Number(new URLSearchParams(String(line['query'])).get('seq'));
      assert.equal(line['eventId'], stored.get(seq));
    }
    // In order: oldest (lowest id) first across all runs, except events a look-back found late,
    // each of which is older than one delivered before it.
    let newest = '';
    const late: string[] = [];
    for (const line of lines) {
      const id = String(line['eventId']);
      if (line['late'] === true) {
        assert.ok(id < newest, `late event ${id} is older than ${newest}, delivered before it`);
        late.push(id);
      } else {
        assert.ok(id > newest, `${id} delivered after ${newest}`);
        newest = id;
      }
    }

    assert.equal(stops.length, STOPS);
    assert.equal(runs.length, STOPS + 1);
    assert.deepEqual([...new Set(stops.map((stop) => stop.signal))].sort(), ['SIGINT', 'SIGTERM']);
    const ackedVia = (via: string): number => [...acked].filter((seq) => sent.get(seq)?.via === via).length;
    t.diagnostic(
      `sent ${sent.size}, acknowledged ${acked.size} (A ${ackedVia('A')}, B ${ackedVia('B')}, written late ` +
        `${ackedVia('late')}), stored ${stored.size}, delivered ${seqs.length} (${late.length} found late), stops ${STOPS}`,
    );
    assert.ok(ackedVia('A') > 0 && ackedVia('B') > 0, 'events came through both instances');
    // Each event written late was found by a look-back (the long-poll only returns newer ones).
    // Others may be found late too: two instances commit close events in either order, so one
    // with the older id can become visible after a newer one (the late-event window's reason).
    const writtenLate = [...stored.keys()].filter((seq) => sent.get(seq)?.via === 'late');
    assert.ok(writtenLate.length > 0);
    const foundLate = new Set(late);
    const missed = writtenLate.map((seq) => stored.get(seq)).filter((id) => !foundLate.has(String(id)));
    assert.deepEqual(missed, [], 'every event written late was delivered as found late');
  });
});
