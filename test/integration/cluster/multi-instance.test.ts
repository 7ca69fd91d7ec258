import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { systemClock } from '../../../src/ports/clock.js';
import { createAccount } from '../../../src/services/accounts.js';
import { createToken } from '../../../src/services/tokens.js';
import { openPostgresStore, type PostgresStore } from '../../../src/storage/postgres/store.js';
import { connectTestPostgres, type TestSchema, waitFor } from '../../helpers/postgres.js';
import { api } from '../../helpers/rehook.js';
import { openSse, type SseConnection } from '../../helpers/sse-client.js';
import { killAllInstances, metricValue, startInstance, type Instance } from './launcher.js';

/**
 * Two real `rehook serve` processes on one PostgreSQL schema behave as one service:
 * shared state, live events across instances, one sweeper at a time, and surviving the loss of
 * an instance mid-load.
 */

const pg = await connectTestPostgres();
const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;

/** Anonymous inboxes live this long here, so the sweeper has work within the test. */
const ANON_TTL = '2s';

/** Only catches a hang: two server processes share a possibly loaded machine with this one. */
const HANG_MS = 15_000;

// The limit only catches a hang: the two server starts alone can take many seconds on a loaded
// machine (the launcher gives each 60 s).
describe('two rehook serve instances on one PostgreSQL', { skip, timeout: 300_000 }, () => {
  let schema: TestSchema;
  let store: PostgresStore;
  let a: Instance;
  let b: Instance;
  let token: string;
  /** Every anonymous inbox this file creates: the sweeper must delete each exactly once. */
  const anonIds: string[] = [];

  before(async () => {
    if (!pg.available) return;
    schema = await pg.createSchema();
    store = await openPostgresStore({ url: schema.url, poolSize: 2 });
    const account = await createAccount({ store, clock: systemClock }, { email: `cluster-${Date.now()}@example.test` });
    token = (await createToken({ store, clock: systemClock }, { accountId: account.id, name: 'cluster' })).plaintext;
    const env = {
      DATABASE_URL: schema.url,
      REHOOK_SWEEP_INTERVAL: '200ms',
      REHOOK_ANON_TTL: ANON_TTL,
      REHOOK_LOG_LEVEL: 'debug',
      // Abuse limits are per instance and not under test here.
      REHOOK_RATE_ANON_INBOXES: '0',
      REHOOK_RATE_INGEST_PER_INBOX: '0',
    };
    [a, b] = await Promise.all([startInstance('A', env), startInstance('B', env)]);
  });

  after(async () => {
    await killAllInstances();
    if (!pg.available) return;
    await store?.close();
    await pg.close();
  });

  async function createOwnedInbox(on: Instance): Promise<string> {
    const created = await api(on.apiUrl, '/api/v1/inboxes', { method: 'POST', token });
    assert.equal(created.status, 201, created.text);
    return created.body.data.inbox.id as string;
  }

  async function createAnonInbox(on: Instance): Promise<string> {
    const created = await api(on.apiUrl, '/api/v1/inboxes', { method: 'POST' });
    assert.equal(created.status, 201, created.text);
    const id = created.body.data.inbox.id as string;
    anonIds.push(id);
    return id;
  }

  async function metrics(on: Instance): Promise<string> {
    const response = await fetch(`${on.apiUrl}/metrics`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    return response.text();
  }

  it('an inbox created on A is visible on B', async () => {
    const id = await createAnonInbox(a);
    const onB = await api(b.apiUrl, `/api/v1/inboxes/${id}`);
    assert.equal(onB.status, 200, onB.text);
    assert.equal(onB.body.data.inbox.id, id);
  });

  // The event is pushed (NOTIFY on A, LISTEN on B): nothing polls, so without the push it never
  // arrives. The delivery limit of 5 s (about 10 ms on an idle machine) tells the push from a
  // heartbeat (15 s) with room for a loaded machine, where two server processes share the CPU.
  it("ingest on A shows in B's list and in B's live stream within seconds", async () => {
    const inboxId = await createOwnedInbox(a);
    const conn = (await openSse(`${b.apiUrl}/api/v1/inboxes/${inboxId}/stream`, {
      authorization: `Bearer ${token}`,
    })) as SseConnection;
    assert.equal(conn.status, 200);
    try {
      await conn.waitFor(() => conn.comments.length > 0, HANG_MS, 'the stream on B to start');
      const sent = Date.now();
      const ingested = await fetch(`${a.ingestUrl}/i/${inboxId}/hook?x=1`, { method: 'POST', body: 'hello from A' });
      assert.equal(ingested.status, 200);
      await conn.waitFor(() => conn.events().length === 1, HANG_MS, "the event in B's stream");
      const latency = Date.now() - sent;
      assert.ok(latency < 5_000, `arrived after ${latency} ms`);
      const [event] = conn.events();
      assert.equal(event.inboxId, inboxId);
      assert.equal(event.path, `/i/${inboxId}/hook`);

      const listed = await api(b.apiUrl, `/api/v1/inboxes/${inboxId}/events`, { token });
      assert.equal(listed.status, 200, listed.text);
      assert.deepEqual(
        listed.body.map((e: { id: string }) => e.id),
        [event.id],
      );
      // And the other way round, on the same stream: ingest on B reaches B's own stream too.
      assert.equal((await fetch(`${b.ingestUrl}/i/${inboxId}`, { method: 'PUT', body: 'from B' })).status, 200);
      await conn.waitFor(() => conn.events().length === 2, HANG_MS, 'the event ingested on B');
    } finally {
      conn.close();
    }
  });

  it('an owned token works on both; revoking it on A is a 401 on B at once', async () => {
    const created = await api(a.apiUrl, '/api/v1/tokens', { method: 'POST', token, json: { name: 'second' } });
    assert.equal(created.status, 201, created.text);
    const second = created.body.data.token as { id: string; token: string };
    const inboxId = await createOwnedInbox(b);
    for (const on of [a, b]) {
      const got = await api(on.apiUrl, `/api/v1/inboxes/${inboxId}`, { token: second.token });
      assert.equal(got.status, 200, `${on.name}: ${got.text}`);
    }
    const revoked = await api(a.apiUrl, `/api/v1/tokens/${second.id}`, { method: 'DELETE', token });
    assert.equal(revoked.status, 204, revoked.text);
    const onB = await api(b.apiUrl, `/api/v1/inboxes/${inboxId}`, { token: second.token });
    assert.equal(onB.status, 401, onB.text);
    // The first token still works everywhere.
    assert.equal((await api(b.apiUrl, `/api/v1/inboxes/${inboxId}`, { token })).status, 200);
  });

  it('the sweeper deletes expired inboxes once, never sweeping on both instances at once', async () => {
    for (let i = 0; i < 6; i += 1) await createAnonInbox(i % 2 === 0 ? a : b);
    // Deleted rows, not just expired ones (reads already hide those).
    const admin = pg.available ? pg.admin : null;
    assert.ok(admin);
    await waitFor('the sweeper to delete every expired anonymous inbox', async () => {
      const { rows } = await admin.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${schema.name}".inboxes WHERE id = ANY($1)`,
        [anonIds],
      );
      return Number(rows[0]?.n) === 0;
    });
    const deletedTotal = async (): Promise<number> => {
      const [ma, mb] = await Promise.all([metrics(a), metrics(b)]);
      return (
        metricValue(ma, 'rehook_sweep_inboxes_deleted_total') + metricValue(mb, 'rehook_sweep_inboxes_deleted_total')
      );
    };
    // A sweep counts its deletions when it ends, a moment after its rows are gone.
    await waitFor('the sweeps to report their deletions', async () => (await deletedTotal()) >= anonIds.length);
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(await deletedTotal(), anonIds.length, 'each expired inbox deleted exactly once across the cluster');
    const [ma, mb] = await Promise.all([metrics(a), metrics(b)]);
    const sweeps = metricValue(ma, 'rehook_sweeps_total') + metricValue(mb, 'rehook_sweeps_total');
    const skipped = metricValue(ma, 'rehook_sweeps_skipped_total') + metricValue(mb, 'rehook_sweeps_skipped_total');
    assert.ok(sweeps > 2, `sweeps ran (${sweeps}; ${skipped} skipped for the lock)`);
    assert.equal(metricValue(ma, 'rehook_sweep_failures_total') + metricValue(mb, 'rehook_sweep_failures_total'), 0);

    // Every sweep logs when it ran (same machine, same clock): no two intervals overlap.
    // Log lines reach this process a moment after the metrics count them (a pipe, not the
    // socket the metrics came over): wait for them rather than count on the pause above.
    const sweepLines = (): number =>
      [a, b].flatMap((instance) =>
        instance.logs.filter((line) => line.msg === 'expiry sweep' && typeof line['startedAt'] === 'number'),
      ).length;
    await waitFor(
      `${Math.min(sweeps, 3)} sweep log lines for ${sweeps} sweeps`,
      async () => sweepLines() >= Math.min(sweeps, 3),
    );
    const intervals = [a, b].flatMap((instance) =>
      instance.logs
        .filter((line) => line.msg === 'expiry sweep' && typeof line['startedAt'] === 'number')
        .map((line) => ({ who: instance.name, start: line['startedAt'] as number, end: line['endedAt'] as number })),
    );
    intervals.sort((x, y) => x.start - y.start);
    for (let i = 1; i < intervals.length; i += 1) {
      const prev = intervals[i - 1]!;
      const cur = intervals[i]!;
      assert.ok(cur.start >= prev.end, `sweeps overlapped: ${JSON.stringify(prev)} and ${JSON.stringify(cur)}`);
    }
  });

  it('killing A (SIGKILL) mid-load leaves B serving', async () => {
    const inboxId = await createOwnedInbox(a);
    const counts = {
      A: { ok: 0, failed: 0, other: 0 },
      B: { ok: 0, failed: 0, other: 0 },
    };
    let stop = false;
    let observed = { sweepsBefore: 0, okAtKill: 0 };
    const load = async (on: Instance, tally: { ok: number; failed: number; other: number }): Promise<void> => {
      while (!stop) {
        try {
          const response = await fetch(`${on.ingestUrl}/i/${inboxId}`, { method: 'POST', body: `to ${on.name}` });
          await response.arrayBuffer();
          if (response.status === 200) tally.ok += 1;
          else tally.other += 1;
        } catch {
          tally.failed += 1;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }
    };
    const loops = [load(a, counts.A), load(a, counts.A), load(b, counts.B), load(b, counts.B)];
    // Both take load (waited for, not slept on: how fast depends on the machine), ...
    try {
      await waitFor('both instances to answer', async () => counts.A.ok > 0 && counts.B.ok > 0);
      const sweepsBefore = metricValue(await metrics(b), 'rehook_sweeps_total');
      await a.kill('SIGKILL');
      // ... then A is gone: its requests fail while B goes on answering.
      const okAtKill = counts.B.ok;
      await waitFor(
        'requests to A to fail and B to serve 10 more',
        async () => counts.A.failed > 0 && counts.B.ok > okAtKill + 10,
      );
      observed = { sweepsBefore, okAtKill };
    } finally {
      stop = true;
      await Promise.all(loops);
    }
    const { sweepsBefore, okAtKill } = observed;

    assert.ok(counts.A.ok > 0, 'A took load before it was killed');
    assert.ok(counts.A.failed > 0, 'requests to A failed once it was gone');
    assert.deepEqual(
      { failed: counts.B.failed, other: counts.B.other },
      { failed: 0, other: 0 },
      'B answered every request with 200',
    );
    assert.ok(counts.B.ok > okAtKill + 10, `B kept serving after A died (${okAtKill} → ${counts.B.ok})`);

    // Every acknowledged event is stored (A may have committed some it could not acknowledge).
    let listed = 0;
    let beforeId: string | undefined;
    for (;;) {
      const page = await api(
        b.apiUrl,
        `/api/v1/inboxes/${inboxId}/events?limit=1000${beforeId ? `&before=${beforeId}` : ''}`,
        { token },
      );
      assert.equal(page.status, 200, page.text);
      listed += page.body.length;
      if (page.body.length < 1000) break;
      beforeId = page.body[page.body.length - 1].id;
    }
    assert.ok(listed >= counts.A.ok + counts.B.ok, `${listed} listed, ${counts.A.ok + counts.B.ok} acknowledged`);
    assert.ok(listed <= counts.A.ok + counts.A.failed + counts.B.ok);

    assert.equal((await fetch(`${b.apiUrl}/readyz`)).status, 200);
    // A's sweep lock died with its session: B goes on sweeping.
    await waitFor(
      'B to keep sweeping',
      async () => metricValue(await metrics(b), 'rehook_sweeps_total') > sweepsBefore + 1,
    );
  });
});
