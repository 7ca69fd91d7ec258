import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { systemClock } from '../../../src/ports/clock.js';
import { createAccount } from '../../../src/services/accounts.js';
import { createToken } from '../../../src/services/tokens.js';
import { openPostgresStore, type PostgresStore } from '../../../src/storage/postgres/store.js';
import { connectTestPostgres, type TestSchema } from '../../helpers/postgres.js';
import { startReceiver, type Receiver } from '../../helpers/receiver.js';
import { api } from '../../helpers/rehook.js';
import { header, waitUntil } from '../api/forwarding/support.js';
import { killAllInstances, metricValue, startInstance, type Instance } from './launcher.js';

/**
 * Two real `rehook serve` processes on one PostgreSQL forward one inbox's events: the claim
 * (FOR UPDATE SKIP LOCKED with a lease) gives each delivery to one instance, so in steady
 * state (no crash, a destination that answers) every event reaches the destination once.
 */

const pg = await connectTestPostgres();
const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;
const EVENTS = 200;

describe('forwarding with two rehook serve instances on one PostgreSQL', { skip, timeout: 300_000 }, () => {
  let schema: TestSchema;
  let store: PostgresStore;
  let a: Instance;
  let b: Instance;
  let token: string;
  let receiver: Receiver;

  before(async () => {
    if (!pg.available) return;
    schema = await pg.createSchema();
    store = await openPostgresStore({ url: schema.url, poolSize: 2 });
    const account = await createAccount({ store, clock: systemClock }, { email: `forward-${Date.now()}@example.test` });
    token = (await createToken({ store, clock: systemClock }, { accountId: account.id, name: 'cluster' })).plaintext;
    receiver = await startReceiver();
    const env = {
      DATABASE_URL: schema.url,
      REHOOK_LOG_LEVEL: 'info',
      REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
      REHOOK_RATE_INGEST_PER_INBOX: '0',
      REHOOK_FORWARD_POLL_INTERVAL: '100ms',
      REHOOK_FORWARD_CONCURRENCY: '4',
    };
    [a, b] = await Promise.all([startInstance('A', env), startInstance('B', env)]);
  });

  after(async () => {
    await killAllInstances();
    await receiver?.close();
    if (!pg.available) return;
    await store?.close();
    await schema?.drop();
    await pg.close();
  });

  it('delivers each event exactly once between them, each delivery taken by one instance', async (t) => {
    const created = await api(a.apiUrl, '/api/v1/inboxes', { method: 'POST', token });
    const inboxId: string = created.body.data.inbox.id;
    const set = await api(b.apiUrl, `/api/v1/inboxes/${inboxId}/forwarding`, {
      method: 'PUT',
      token,
      json: { destination: `${receiver.url}/x` },
    });
    assert.equal(set.status, 200, set.text);
    // B learns of the forwarding set on A at its next poll; events are sent through both.
    for (let i = 0; i < EVENTS; i += 1) {
      const via = i % 2 === 0 ? a : b;
      const res = await fetch(`${via.ingestUrl}/i/${inboxId}`, { method: 'POST', body: `event ${i}` });
      await res.arrayBuffer();
      assert.equal(res.status, 200);
    }
    await waitUntil('every event at the destination', async () =>
      new Set(receiver.requests.map((r) => header(r, 'x-rehook-event-id'))).size >= EVENTS ? true : undefined,
    );
    const { rows } = await store.pool.query<{ state: string; n: number }>(
      'SELECT state, count(*)::int AS n FROM deliveries GROUP BY state',
    );
    await waitUntil('every delivery recorded', async () => {
      const res = await store.pool.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM deliveries WHERE state = 'delivered'",
      );
      return res.rows[0]?.n === EVENTS ? true : undefined;
    });
    const ids = receiver.requests.map((r) => header(r, 'x-rehook-event-id'));
    assert.equal(
      ids.length,
      EVENTS,
      `a delivery was sent twice (${ids.length} requests for ${EVENTS} events; states ${JSON.stringify(rows)})`,
    );
    assert.equal(new Set(ids).size, EVENTS);
    const attempts = await store.pool.query<{ n: number; multi: number }>(
      'SELECT count(*)::int AS n, count(*) FILTER (WHERE number > 1)::int AS multi FROM delivery_attempts',
    );
    assert.deepEqual(attempts.rows[0], { n: EVENTS, multi: 0 });
    const byInstance = await Promise.all(
      [a, b].map(async (instance) =>
        metricValue(
          await (await fetch(`${instance.apiUrl}/metrics`)).text(),
          'rehook_deliveries_total',
          '{outcome="delivered"}',
        ),
      ),
    );
    assert.equal(byInstance[0]! + byInstance[1]!, EVENTS);
    t.diagnostic(`delivered by A: ${byInstance[0]}, by B: ${byInstance[1]}`);
  });
});
