import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { RehookClient } from '../../src/client/rehook-client.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import {
  killChildren,
  spawnRehook,
  startTarget,
  waitFor,
  type Delivery,
  type RehookProcess,
  type Target,
} from './listen-harness.js';

// Stopping `rehook listen` (the built CLI: run `npm run build` first): the first SIGTERM/SIGINT lets the delivery in progress finish, records
// it and exits 0; the next run neither sends it again nor skips what came after. A second SIGINT
// abandons it (exit 130) and the next run sends it again. Stops and restarts while events keep
// arriving lose none and send none twice.

let rehook: TestRehook;
let token: string;
let dir: string;
let target: Target;
const cleanups: Array<() => Promise<void>> = [];

before(async () => {
  rehook = await startTestRehook({ env: { REHOOK_RATE_INGEST_PER_INBOX: '0' } });
  cleanups.push(() => rehook.stop());
  dir = await mkdtemp(join(tmpdir(), 'rehook-listen-stop-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  target = await startTarget();
  cleanups.push(() => target.close());
  token = (await rehook.createUser()).token;
});
after(async () => {
  killChildren();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const STOPPING = 'Stopping: finishing the delivery in progress';

function seqOf(delivery: Delivery): number {
  return Number(new URL(delivery.url, 'http://x').searchParams.get('seq'));
}

/** The seqs the target answered for the listener forwarding to `/<name>`, in order. */
function answered(name: string): number[] {
  return target
    .answered()
    .filter((delivery) => delivery.url.startsWith(`/${name}/`))
    .map(seqOf);
}

async function setUp(
  name: string,
): Promise<{ client: RehookClient; start: () => Promise<RehookProcess>; send: (seq: number) => Promise<void> }> {
  const client = new RehookClient({ baseUrl: rehook.apiUrl, token });
  const inbox = await client.createInbox();
  const env = { REHOOK_STATE_DIR: join(dir, name, 'state'), REHOOK_CONFIG_DIR: join(dir, name, 'config') };
  const args = [
    'listen',
    inbox.id,
    '--server',
    rehook.apiUrl,
    '--token',
    token,
    '--forward-to',
    `${target.url}/${name}`,
  ];
  return {
    client,
    start: async () => {
      const listener = spawnRehook(args, env, { built: true });
      await waitFor(() => listener.stderr().includes('Press Ctrl-C to stop'), 'the listener to start');
      return listener;
    },
    send: (seq) => client.send(inbox.id, { method: 'POST', path: '/e', query: `seq=${seq}`, body: `event ${seq}` }),
  };
}

/** The target holds the next request to `/<name>` until released; resolves once it holds one. */
function holdNext(name: string): { held: Promise<Delivery> } {
  let resolveHeld: (delivery: Delivery) => void = () => undefined;
  const held = new Promise<Delivery>((resolve) => (resolveHeld = resolve));
  let holding = false;
  target.handler = (delivery) => {
    if (holding || !delivery.url.startsWith(`/${name}/`)) return { status: 200, body: 'ok' };
    holding = true;
    resolveHeld(delivery);
    return 'hold';
  };
  return { held };
}

describe('rehook listen: stopping', { concurrency: 1 }, () => {
  test('SIGTERM lets the delivery in progress finish, records it and exits 0; the next run goes on after it', async () => {
    const { start, send } = await setUp('graceful');
    let listener = await start();
    const { held } = holdNext('graceful');
    await send(1);
    const delivery = await held;
    listener.child.kill('SIGTERM');
    await waitFor(() => listener.stderr().includes(STOPPING), 'the listener to start stopping');
    // Sent while it stops: not taken by this run.
    await send(2);
    await send(3);
    target.release(200);
    const exit = await listener.exited;
    assert.deepEqual(exit, { code: 0, signal: null }, listener.stderr());
    assert.equal(delivery.answered, true);
    assert.match(listener.stderr(), /Stopped: delivered 1, failed 0, skipped 0 this run/);
    assert.deepEqual(answered('graceful'), [1]);

    listener = await start();
    assert.match(listener.stderr(), /resuming after evt_/);
    await waitFor(() => answered('graceful').includes(3), 'the events after it');
    listener.child.kill('SIGINT');
    assert.equal((await listener.exited).code, 0, listener.stderr());
    assert.deepEqual(answered('graceful'), [1, 2, 3]);
  });

  test('a second SIGINT abandons the delivery in progress (exit 130); the next run sends it again', async () => {
    const { start, send } = await setUp('abandon');
    let listener = await start();
    // One event done first, so a position is saved (without one, the next run would start from now).
    target.handler = () => ({ status: 200, body: 'ok' });
    await send(0);
    await waitFor(() => answered('abandon').includes(0), 'the first event');
    const { held } = holdNext('abandon');
    await send(1);
    const delivery = await held;
    listener.child.kill('SIGINT');
    await waitFor(() => listener.stderr().includes(STOPPING), 'the listener to start stopping');
    listener.child.kill('SIGINT');
    const exit = await listener.exited;
    assert.deepEqual(exit, { code: 130, signal: null }, listener.stderr());
    await waitFor(() => target.abandoned.includes(delivery), 'the held request to be abandoned');
    assert.equal(delivery.answered, false);

    await send(2);
    listener = await start();
    await waitFor(() => answered('abandon').length === 3, 'the abandoned event and the next');
    listener.child.kill('SIGINT');
    assert.equal((await listener.exited).code, 0, listener.stderr());
    const abandon = target.deliveries.filter((d) => d.url.startsWith('/abandon/'));
    // Sent twice (the first attempt abandoned), answered once; then the next one.
    assert.deepEqual(abandon.map(seqOf), [0, 1, 1, 2]);
    assert.deepEqual(
      abandon.map((d) => d.answered),
      [true, false, true, true],
    );
  });

  test('stopped with SIGTERM and restarted six times while events arrive: none missed, none twice, in order', async () => {
    const { start, send } = await setUp('cycles');
    target.handler = () => ({ status: 200, body: 'ok' });
    const TOTAL = 300;
    let next = 0;
    let producing: Promise<void> | undefined;
    const cycles = (): number[] => answered('cycles');
    for (let cycle = 0; cycle < 6; cycle += 1) {
      const listener = await start();
      // The first run starts "from now" (no saved position yet): events come only after it started.
      producing ??= (async () => {
        while (next < TOTAL) await send(next++);
      })();
      const before = cycles().length;
      // Each run delivers something before it is stopped, so the stops land mid-stream.
      await waitFor(() => cycles().length > before || next >= TOTAL, 'a delivery in this run');
      listener.child.kill('SIGTERM');
      const exit = await listener.exited;
      assert.equal(exit.code, 0, listener.stderr());
    }
    await producing;
    await send(TOTAL);
    const listener = await start();
    await waitFor(() => cycles().includes(TOTAL), 'the last event');
    listener.child.kill('SIGTERM');
    assert.equal((await listener.exited).code, 0, listener.stderr());
    assert.deepEqual(
      cycles(),
      Array.from({ length: TOTAL + 1 }, (_, seq) => seq),
    );
  });
});
