import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { RehookClient } from '../src/client/rehook-client.js';
import { LocalForwarder } from '../src/cli/listen/forward.js';
import { writePosition } from '../src/cli/listen/position.js';
import { startBacklog } from './listen-backlog.js';

/**
 * Where a listener's time per event goes while it catches up: each part of its loop timed alone
 * over N (default 1000) events of a backlog on SQLite: the long-poll for the next event, the
 * look-back listing, the local delivery and the position write.
 * Run: node --import tsx bench/listen-parts.ts
 */
const N = Number(process.env['BENCH_EVENTS'] ?? 1000);
const backlog = await startBacklog(N);
const report = (what: string, started: number): void => {
  const ms = (performance.now() - started) / N;
  console.log(`${what}: ${ms.toFixed(2)} ms per event (${(1000 / ms).toFixed(0)}/s)`);
};
try {
  const { serve, target, inboxId } = backlog;
  const client = new RehookClient({ baseUrl: serve.apiUrl });
  let started = performance.now();
  let after = 'evt_00000000000000000000000000';
  const events = [];
  for (let i = 0; i < N; i += 1) {
    const event = await client.nextEvent(inboxId, { after, timeout: 1000 });
    if (event === null) throw new Error('backlog ended early');
    events.push(event);
    after = event.id;
  }
  report('long-poll nextEvent (full event)', started);
  started = performance.now();
  for (const event of events)
    await client.events(inboxId, { limit: 1000, filter: { since: event.id, until: event.id } });
  report('a listing (look-back)', started);
  const forwarder = new LocalForwarder();
  const never = new AbortController().signal;
  started = performance.now();
  for (const event of events) {
    const body = Buffer.from(event.bodyBase64, 'base64');
    await forwarder.send(
      { method: 'POST', url: `${target.url}/x`, headers: event.headers, body, declaredBody: true },
      30_000,
      never,
    );
  }
  report('local delivery', started);
  await forwarder.close();
  const positionFile = join(backlog.dir, 'position.json');
  const key = { server: serve.apiUrl, inboxId: inboxId, target: 'x' };
  started = performance.now();
  for (const event of events) {
    await writePosition(positionFile, key, {
      lastEventId: event.id,
      lastReceivedAt: event.receivedAt,
      floor: 'evt_00000000000000000000000000',
      recent: events.slice(0, 200).map((e) => e.id),
    });
  }
  report('position write', started);
} finally {
  await backlog.close();
}
