import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RehookClient } from '../../src/client/rehook-client.js';
import { runListener } from '../../src/cli/listen/listener.js';
import type { ListenDeps, ListenSettings, ListenSummary } from '../../src/cli/listen/settings.js';
import { positionPath, readPosition } from '../../src/cli/listen/position.js';
import { parseForwardRules } from '../../src/cli/listen/rules.js';
import { OverlapWindow } from '../../src/cli/listen/window.js';
import type { CapturedEvent } from '../../src/domain/captured-event.js';
import { createEventIdFactory, eventIdTime, firstEventIdAt } from '../../src/domain/ids.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { summaryOf } from '../storage/conformance/fixtures.js';
import { startTarget, waitFor, type Target } from './listen-harness.js';

// The listener's overlap window (decision 21): an event that becomes visible after the listener
// delivered a newer one (concurrent commits on PostgreSQL, instances with their own clocks) is
// still delivered, exactly once, across restarts, as long as it is less than the window late.
// Late events are made by inserting an event with an older id straight into the store. No
// timing is asserted: the tests wait for deliveries and for look-backs (counted list requests).

let rehook: TestRehook;
let client: RehookClient;
let stateDir: string;
let target: Target;

before(async () => {
  rehook = await startTestRehook();
  client = new RehookClient({ baseUrl: rehook.apiUrl });
  stateDir = await mkdtemp(join(tmpdir(), 'rehook-listen-window-'));
  target = await startTarget();
});
/** Every listener started, so a failed test does not leave one polling (and the process running). */
const running = new Set<AbortController>();

after(async () => {
  for (const controller of running) controller.abort();
  await target.close();
  await rehook.stop();
  await rm(stateDir, { recursive: true, force: true });
});

interface Running {
  /** Event ids of `delivered` lines, in order. */
  delivered(): string[];
  /** Event ids of lines marked `"late": true` (found by a look-back). */
  late(): string[];
  /** Look-backs (and start-up listings) so far: list requests made by the listener. */
  lists(): number;
  stop(): Promise<ListenSummary>;
  readonly done: Promise<ListenSummary>;
}

function listen(inboxId: string, key: string, opts: { windowMs?: number; lookBackMs?: number } = {}): Running {
  const rules = parseForwardRules([target.url]);
  const positionKey = { server: rehook.apiUrl, inboxId, target: key };
  const settings: ListenSettings = {
    inboxId,
    rules,
    filters: { methods: [], paths: [] },
    retries: 0,
    timeoutMs: 30_000,
    printBody: false,
    resign: false,
    json: true,
    start: { kind: 'default' },
    positionPath: positionPath({ REHOOK_STATE_DIR: stateDir }, positionKey),
    positionKey,
    ...(opts.windowMs !== undefined ? { windowMs: opts.windowMs } : {}),
  };
  let lists = 0;
  const counting: ListenDeps['client'] = {
    baseUrl: client.baseUrl,
    inbox: (id) => client.inbox(id),
    event: (id) => client.event(id),
    nextEvent: (id, options) => client.nextEvent(id, options),
    exportInbox: (id, options) => client.exportInbox(id, options),
    resign: (id) => client.resign(id),
    events: (id, options) => {
      lists += 1;
      return client.events(id, options);
    },
  };
  const out: string[] = [];
  const controller = new AbortController();
  running.add(controller);
  const done = runListener(settings, {
    client: counting,
    io: { stdout: (line) => out.push(line), stderr: () => undefined },
    signal: controller.signal,
    retry: { baseMs: 5, capMs: 20 },
    reconnect: { baseMs: 5, capMs: 20 },
    lookBackMs: opts.lookBackMs ?? 50,
  });
  const lines = (): Array<Record<string, unknown>> =>
    out.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
  return {
    delivered: () =>
      lines()
        .filter((line) => line['outcome'] === 'delivered')
        .map((line) => String(line['eventId'])),
    late: () =>
      lines()
        .filter((line) => line['late'] === true)
        .map((line) => String(line['eventId'])),
    lists: () => lists,
    stop: async () => {
      controller.abort();
      return done;
    },
    done,
  };
}

/** Waits until the listener has made `more` further list requests: look-backs that started after now. */
async function lookBacks(run: Running, more = 2): Promise<void> {
  const from = run.lists();
  await waitFor(() => run.lists() >= from + more, `${more} more look-backs`);
}

async function send(inboxId: string, body: string): Promise<string> {
  await client.send(inboxId, { path: `/${body}`, body });
  const newest = (await client.events(inboxId, { limit: 1 })).events[0];
  assert.ok(newest !== undefined);
  return newest.id;
}

/**
 * Stores an event whose id is `msBefore` older than `than` (as if its commit had been slow, or
 * its instance's clock behind) and tells the live bus, as ingest would.
 */
async function insertLate(inboxId: string, than: string, msBefore: number, body: string): Promise<string> {
  const ms = (eventIdTime(than) ?? 0) - msBefore;
  assert.ok(msBefore > 0);
  const bytes = Buffer.from(body);
  const event: CapturedEvent = {
    id: createEventIdFactory()(ms), // a fresh factory: one keeps its ids increasing across calls
    inboxId,
    receivedAt: new Date(ms),
    method: 'POST',
    path: `/i/${inboxId}/${body}`,
    query: '',
    contentType: 'text/plain',
    headers: [['Content-Type', 'text/plain']],
    sourceIp: '127.0.0.1',
    signature: null,
    answer: null,
    body: bytes,
    size: bytes.length,
  };
  assert.ok(event.id < than);
  assert.equal(await rehook.deps.store.events.insertIfInboxLive(event, new Date()), true);
  rehook.deps.bus.publish(summaryOf(event));
  return event.id;
}

function count(ids: readonly string[], id: string): number {
  return ids.filter((one) => one === id).length;
}

describe('the overlap window (pure)', () => {
  test('event id time: the millisecond firstEventIdAt and the id factory encode', () => {
    const ms = Date.UTC(2031, 4, 6, 7, 8, 9, 123);
    assert.equal(eventIdTime(firstEventIdAt(ms)), ms);
    assert.equal(eventIdTime(createEventIdFactory()(ms)), ms);
    assert.equal(eventIdTime('inb_00000000000000000000000000'), null);
    assert.equal(eventIdTime('evt_00000000000000000000000000'), 0);
  });

  test('range, pending, pruning and the floor', () => {
    const make = createEventIdFactory();
    const t = Date.UTC(2031, 0, 1);
    const [a, b, c, d, e] = [t, t + 1000, t + 2000, t + 3000, t + 40_000].map((ms) => make(ms)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    // Started at `a` (the floor): an empty window until the cursor moves.
    const window = new OverlapWindow(30_000, a, a);
    assert.equal(window.range(), null);
    assert.equal(window.markDone(c), true);
    assert.deepEqual(window.range(), { since: a, until: c });
    // b showed up late: pending; a (the floor) never; c (the cursor) is done.
    assert.deepEqual(window.pending([c, b, a]), [b]);
    assert.equal(window.markDone(b), false);
    assert.equal(window.cursor, c);
    assert.deepEqual(window.pending([c, b, a]), []);
    assert.deepEqual(window.recent(), [a, b]);
    // 40 s later: a, b, c, d fall out of the 30 s window behind e, and are forgotten.
    window.markDone(d);
    assert.equal(window.markDone(e), true);
    assert.deepEqual(window.recent(), []);
    assert.deepEqual(window.range(), { since: firstEventIdAt(t + 10_000), until: e });
    assert.deepEqual(window.pending([d, c]), [], 'older than the window: not looked for');
    // Restored from a saved state: the done ids come back.
    const restored = new OverlapWindow(30_000, d, a, [b, c]);
    assert.deepEqual(restored.pending([a, b, c, d]), []);
    // No window: nothing is ever looked back at.
    const none = new OverlapWindow(0, d, a);
    assert.equal(none.range(), null);
    assert.deepEqual(none.pending([b]), []);
  });
});

describe('rehook listen with late-visible events (real server)', { concurrency: 1 }, () => {
  test('a late event inside the window is delivered exactly once (no newer event needed); a restart sends nothing twice', async () => {
    const inboxId = (await client.createInbox()).id;
    const run = listen(inboxId, 'restart');
    await waitFor(() => run.lists() >= 1, 'the listener to start');
    const e1 = await send(inboxId, 'e1');
    const e2 = await send(inboxId, 'e2');
    const e3 = await send(inboxId, 'e3');
    await waitFor(() => run.delivered().length === 3, 'three events');
    assert.deepEqual(run.delivered(), [e1, e2, e3]);

    // Committed only now, with an id 3 s older than the last delivered event: the long-poll
    // (after e3) never returns it; the look-back finds it.
    const late = await insertLate(inboxId, e3, 3_000, 'late');
    await waitFor(() => run.delivered().includes(late), 'the late event');
    await lookBacks(run);
    const e4 = await send(inboxId, 'e4');
    await waitFor(() => run.delivered().includes(e4), 'a newer event');
    await lookBacks(run);
    const first = await run.stop();
    assert.deepEqual(run.delivered(), [e1, e2, e3, late, e4]);
    assert.deepEqual(run.late(), [late], 'only the late event is marked late');
    assert.equal(first.last?.lastEventId, e4, 'the position is the newest event, not the late one');

    // The saved state: the newest event and the window's ids, 0600.
    const path = positionPath({ REHOOK_STATE_DIR: stateDir }, { server: rehook.apiUrl, inboxId, target: 'restart' });
    const saved = JSON.parse(await readFile(path, 'utf8')) as Record<string, unknown>;
    assert.equal(saved['version'], 2);
    assert.equal(saved['lastEventId'], e4);
    assert.deepEqual(saved['recent'], [e1, late, e2, e3].sort());
    assert.equal((await stat(path)).mode & 0o777, 0o600);

    // While no listener runs, another event becomes visible late (2 s before e4): the restarted
    // listener delivers it, and nothing of the first run again.
    const lateWhileDown = await insertLate(inboxId, e4, 2_000, 'late-while-down');
    const again = listen(inboxId, 'restart');
    await waitFor(() => again.delivered().includes(lateWhileDown), 'the event that became visible while stopped');
    await lookBacks(again);
    const e5 = await send(inboxId, 'e5');
    await waitFor(() => again.delivered().includes(e5), 'a new event after the restart');
    await lookBacks(again);
    await again.stop();
    assert.deepEqual(again.delivered(), [lateWhileDown, e5]);
    assert.deepEqual(again.late(), [lateWhileDown]);
    const all = [...run.delivered(), ...again.delivered()];
    for (const id of [e1, e2, e3, late, e4, lateWhileDown, e5]) assert.equal(count(all, id), 1, `${id} delivered once`);
  });

  test('a late event found right after the long-poll wakes up (no periodic look-back)', async () => {
    const inboxId = (await client.createInbox()).id;
    // The periodic look-back is an hour away: only the look-back after a wake-up can find it.
    const run = listen(inboxId, 'wake', { lookBackMs: 3_600_000 });
    await waitFor(() => run.lists() >= 1, 'the listener to start');
    const e1 = await send(inboxId, 'w1');
    const e2 = await send(inboxId, 'w2');
    await waitFor(() => run.delivered().length === 2, 'two events');
    const late = await insertLate(inboxId, e2, 1_000, 'w-late');
    const e3 = await send(inboxId, 'w3');
    await waitFor(() => run.delivered().includes(late), 'the late event after the wake-up');
    await waitFor(() => run.delivered().includes(e3), 'the event that woke the poll');
    // One more wake-up, and the look-back that follows it: the late event is not sent again.
    const e4 = await send(inboxId, 'w4');
    await waitFor(() => run.delivered().includes(e4), 'another event');
    await lookBacks(run, 1);
    await run.stop();
    // The late one comes after e2; before or after e3 depends on when the look-back ran.
    assert.deepEqual(run.delivered().slice(0, 2), [e1, e2]);
    assert.deepEqual([...run.delivered()].sort(), [e1, e2, e3, e4, late].sort());
  });

  test('an event more than the window late is missed, not waited for; one inside it is delivered', async () => {
    const inboxId = (await client.createInbox()).id;
    const run = listen(inboxId, 'outside', { windowMs: 5_000 });
    await waitFor(() => run.lists() >= 1, 'the listener to start');
    const e1 = await send(inboxId, 'o1');
    const e2 = await send(inboxId, 'o2');
    await waitFor(() => run.delivered().length === 2, 'two events');
    // Both become visible now: one 60 s older than e2 (beyond the 5 s window), one 1 s older.
    const tooLate = await insertLate(inboxId, e2, 60_000, 'too-late');
    const inWindow = await insertLate(inboxId, e2, 1_000, 'in-window');
    // The look-back that found the second one listed the window after both were committed.
    await waitFor(() => run.delivered().includes(inWindow), 'the late event inside the window');
    await lookBacks(run);
    const e3 = await send(inboxId, 'o3');
    await waitFor(() => run.delivered().includes(e3), 'the listener to go on');
    await run.stop();
    assert.deepEqual(run.delivered(), [e1, e2, inWindow, e3]);
    assert.equal(count(run.delivered(), tooLate), 0);
  });

  test('old position files (version 1, or a bare event id) load: resume after it, nothing before it sent again', async () => {
    const inboxId = (await client.createInbox()).id;
    const e1 = await send(inboxId, 'v1');
    const e2 = await send(inboxId, 'v2');
    const e3 = await send(inboxId, 'v3');
    // Became visible before the old listener saved e2: that listener may or may not have sent
    // it; the old file cannot tell, so it is not looked back at (no second delivery).
    const before2 = await insertLate(inboxId, e2, 1_000, 'before-v2');
    const key = { server: rehook.apiUrl, inboxId, target: 'old-file' };
    const path = positionPath({ REHOOK_STATE_DIR: stateDir }, key);
    await mkdir(dirname(path), { recursive: true });
    const receivedAt = new Date(eventIdTime(e2) ?? 0).toISOString();
    const v1 = {
      version: 1,
      server: key.server,
      inboxId,
      target: key.target,
      lastEventId: e2,
      lastReceivedAt: receivedAt,
      updatedAt: receivedAt,
    };
    await writeFile(path, `${JSON.stringify(v1)}\n`, { mode: 0o600 });
    assert.deepEqual(readPosition(path), { lastEventId: e2, lastReceivedAt: receivedAt, recent: [], floor: e2 });

    const run = listen(inboxId, 'old-file');
    await waitFor(() => run.delivered().includes(e3), 'the event after the old position');
    await lookBacks(run);
    const e4 = await send(inboxId, 'v4');
    await waitFor(() => run.delivered().includes(e4), 'a new event');
    await lookBacks(run);
    await run.stop();
    assert.deepEqual(run.delivered(), [e3, e4]);
    assert.equal(count(run.delivered(), e1) + count(run.delivered(), before2), 0);
    const saved = readPosition(path);
    assert.equal(saved?.lastEventId, e4);
    assert.equal(saved?.floor, e2, 'the floor of the old file stays');

    // A bare id (what a hand-written or very old file may hold).
    await writeFile(path, `${e3}\n`, { mode: 0o600 });
    assert.deepEqual(readPosition(path), {
      lastEventId: e3,
      lastReceivedAt: new Date(eventIdTime(e3) ?? 0).toISOString(),
      recent: [],
      floor: e3,
    });
    const bare = listen(inboxId, 'old-file');
    await waitFor(() => bare.delivered().includes(e4), 'the event after the bare id');
    await lookBacks(bare);
    await bare.stop();
    assert.deepEqual(bare.delivered(), [e4]);
  });
});
