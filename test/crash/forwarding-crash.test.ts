/**
 * Forwarding across crashes: a real `rehook serve` forwards a few hundred
 * events to a flaky destination (every event's first attempt answers 500) and is SIGKILLed
 * twice in the middle of it. After each restart on the same data directory, every stored event
 * is delivered at least once, byte-exact, and its attempts are recorded (the ones a kill cut
 * short as `abandoned` once their lease expired). No timing assertions: the waits only catch
 * a hang.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

import { DATABASE_FILE } from '../../src/storage/sqlite/store.js';
import { systemClock } from '../../src/ports/clock.js';
import { createAccount } from '../../src/services/accounts.js';
import { createToken } from '../../src/services/tokens.js';
import { openSqliteStore } from '../../src/storage/sqlite/store.js';
import { startReceiver } from '../helpers/receiver.js';
import { api } from '../helpers/rehook.js';
import { header, waitUntil } from '../integration/api/forwarding/support.js';
import { killAllInstances, startInstance, type Instance } from '../integration/cluster/launcher.js';

const EVENTS = Number(process.env['FORWARD_CRASH_EVENTS'] ?? 300);
const sha = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

describe('forwarding survives SIGKILL of rehook serve', { timeout: 600_000 }, () => {
  after(() => killAllInstances());

  it(`delivers every stored event of ${EVENTS} at least once, byte-exact, across two kills mid-forwarding`, async (t) => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rehook-forward-crash-'));
    // A destination that fails each event's first attempt and answers the rest a little slowly,
    // so the queue is still busy when the kills come.
    const attemptsSeen = new Map<string, number>();
    const delivered = new Map<string, Set<string>>();
    const receiver = await startReceiver(async (req, res) => {
      const eventId = header(req, 'x-rehook-event-id') ?? '';
      const n = (attemptsSeen.get(eventId) ?? 0) + 1;
      attemptsSeen.set(eventId, n);
      if (n === 1) return void res.writeHead(500).end('first attempt fails');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const shas = delivered.get(eventId) ?? new Set<string>();
      shas.add(sha(req.body));
      delivered.set(eventId, shas);
      res.writeHead(200).end('ok');
    });
    try {
      const store = openSqliteStore({ path: join(dataDir, DATABASE_FILE) });
      const account = await createAccount({ store, clock: systemClock }, { email: 'crash@example.test' });
      const { plaintext: token } = await createToken(
        { store, clock: systemClock },
        { accountId: account.id, name: 'crash' },
      );
      await store.close();

      const env = {
        REHOOK_DATA_DIR: dataDir,
        REHOOK_LOG_LEVEL: 'info',
        REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
        REHOOK_RATE_INGEST_PER_INBOX: '0',
        REHOOK_MAX_CONNECTIONS_PER_IP: '0',
        REHOOK_FORWARD_CONCURRENCY: '4',
        REHOOK_FORWARD_BASE_DELAY: '20ms',
        REHOOK_FORWARD_POLL_INTERVAL: '200ms',
        REHOOK_REPLAY_CONNECT_TIMEOUT: '1s',
        REHOOK_REPLAY_TIMEOUT: '2s',
        REHOOK_FORWARD_LEASE: '3s',
      };
      let instance: Instance = await startInstance('forwarder', env);
      const created = await api(instance.apiUrl, '/api/v1/inboxes', { method: 'POST', token });
      assert.equal(created.status, 201, created.text);
      const inboxId: string = created.body.data.inbox.id;
      const set = await api(instance.apiUrl, `/api/v1/inboxes/${inboxId}/forwarding`, {
        method: 'PUT',
        token,
        json: { destination: `${receiver.url}/sink`, maxAttempts: 20, maxDelayMs: 1000 },
      });
      assert.equal(set.status, 200, set.text);

      // Ingest (16 at a time); a body is acknowledged only by a 200.
      const acked = new Set<string>();
      let next = 0;
      const send = async (): Promise<void> => {
        while (next < EVENTS) {
          const i = next++;
          const body = Buffer.concat([Buffer.from(`event ${i} `), randomBytes(100 + (i % 50) * 40)]);
          try {
            const res = await fetch(`${instance.ingestUrl}/i/${inboxId}/sub/${i}?i=${i}`, { method: 'POST', body });
            await res.arrayBuffer();
            if (res.status === 200) acked.add(sha(body));
          } catch {
            // The instance may be down (killed); the sender gives up on this one.
          }
        }
      };
      await Promise.all(Array.from({ length: 16 }, send));
      assert.equal(acked.size, EVENTS);

      // Two SIGKILLs while deliveries are in flight: after a quarter, then half, are delivered.
      for (const fraction of [0.25, 0.5]) {
        await waitUntil(
          `${fraction * 100}% delivered`,
          async () => (delivered.size >= EVENTS * fraction ? true : undefined),
          300_000,
        );
        await instance.kill('SIGKILL');
        t.diagnostic(`killed at ${delivered.size} delivered events`);
        instance = await startInstance('forwarder', env);
      }

      await waitUntil('every event delivered', async () => (delivered.size >= EVENTS ? true : undefined), 300_000);

      // Every stored event (listed through the API), byte-exact at the destination, with its
      // delivery recorded as delivered and the attempts behind it.
      const events: { id: string }[] = [];
      let before = '';
      for (;;) {
        const page = await api(instance.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1000${before}`, { token });
        assert.equal(page.status, 200, page.text);
        events.push(...page.body);
        if (page.body.length < 1000) break;
        before = `&before=${page.body.at(-1).id}`;
      }
      assert.equal(events.length, EVENTS);
      const receivedShas = new Set<string>();
      let abandoned = 0;
      for (const event of events) {
        const shas = delivered.get(event.id);
        assert.ok(shas !== undefined, `${event.id} never delivered`);
        assert.equal(shas.size, 1, `${event.id} arrived with different bodies`);
        const [bodySha] = shas;
        assert.ok(acked.has(bodySha as string), `${event.id} arrived with bytes that were never sent`);
        receivedShas.add(bodySha as string);
        const [delivery] = await waitUntil(`the delivery record of ${event.id}`, async () => {
          const res = await api(instance.apiUrl, `/api/v1/events/${event.id}/deliveries`, { token });
          assert.equal(res.status, 200, res.text);
          return res.body.data.deliveries[0]?.state === 'delivered' ? res.body.data.deliveries : undefined;
        });
        const log: { number: number; outcome: string; statusCode: number | null }[] = delivery.attemptLog;
        assert.deepEqual(
          log.map((a) => a.number),
          log.map((_, index) => index + 1),
          'attempt numbers run 1..n',
        );
        assert.equal(log.at(-1)?.outcome, 'delivered');
        // The destination fails every event's first request, so a delivery has a failed attempt
        // behind it: the 500 itself, or (when the machine is slow or an instance died) a timeout,
        // an unreachable or an abandoned attempt recorded in its place.
        assert.ok(log.length >= 2, `${event.id}: ${JSON.stringify(log)}`);
        assert.ok(
          log.slice(0, -1).every((a) => a.outcome !== 'delivered'),
          `${event.id}: only the last attempt is delivered: ${JSON.stringify(log)}`,
        );
        abandoned += log.filter((a) => a.outcome === 'abandoned').length;
      }
      assert.equal(receivedShas.size, acked.size, 'every acknowledged body reached the destination');
      t.diagnostic(
        `${events.length} events delivered; ${abandoned} attempts abandoned by the kills; ${receiver.requests.length} requests at the destination`,
      );
      await instance.kill('SIGTERM');
    } finally {
      await killAllInstances();
      await receiver.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
