import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { connectTestPostgres, type TestSchema, waitFor } from '../../helpers/postgres.js';
import { api, type JsonResponse } from '../../helpers/rehook.js';
import { killAllInstances, startInstance, type Instance } from './launcher.js';

/**
 * The next-event long-poll across instances on one PostgreSQL: a poll waiting on one instance is
 * answered by an event ingested on another (the LISTEN/NOTIFY bus wakes it), and an instance
 * shutting down answers its waiting polls at once so clients poll again elsewhere.
 */

const pg = await connectTestPostgres();
const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;

// The limit only catches a hang: the two server starts alone can take many seconds on a loaded
// machine (the launcher gives each 60 s).
describe('long-poll for the next event across two instances', { skip, timeout: 300_000 }, () => {
  let schema: TestSchema;
  let a: Instance;
  let b: Instance;

  before(async () => {
    if (!pg.available) return;
    schema = await pg.createSchema();
    const env = {
      DATABASE_URL: schema.url,
      // Debug logs say when a poll starts waiting: the tests ingest only after that.
      REHOOK_LOG_LEVEL: 'debug',
      REHOOK_RATE_ANON_INBOXES: '0',
      REHOOK_RATE_INGEST_PER_INBOX: '0',
    };
    [a, b] = await Promise.all([startInstance('A', env), startInstance('B', env)]);
  });
  after(async () => {
    await killAllInstances();
    if (pg.available) await pg.close();
  });

  async function createInbox(on: Instance): Promise<string> {
    const created = await api(on.apiUrl, '/api/v1/inboxes', { method: 'POST' });
    assert.equal(created.status, 201, created.text);
    return created.body.data.inbox.id as string;
  }

  /** Ingests on `on` and returns the new event's id (the inbox's newest). */
  async function ingest(on: Instance, inboxId: string, body: string): Promise<string> {
    const res = await fetch(`${on.ingestUrl}/i/${inboxId}/hook`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(res.status, 200);
    await res.arrayBuffer();
    const list = await api(on.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1`);
    assert.equal(list.status, 200, list.text);
    return list.body[0].id as string;
  }

  /** Resolves once `on` has logged that a long-poll of the inbox is waiting (its n-th such poll). */
  function waiting(on: Instance, inboxId: string, nth = 1): Promise<void> {
    return waitFor(
      `a long-poll of ${inboxId} waiting on ${on.name}`,
      async () =>
        on.logs.filter((line) => line.msg === 'long-poll waiting' && line['inboxId'] === inboxId).length >= nth,
    );
  }

  /**
   * Polls ask for 2 minutes, over each test's 30 s limit: an answer that came only from the
   * store read at the poll's deadline (not from the bus waking it) fails the test.
   */
  function poll(on: Instance, inboxId: string, query: string): Promise<JsonResponse> {
    return api(on.apiUrl, `/api/v1/inboxes/${inboxId}/events/next${query}`);
  }

  it('a poll waiting on A is answered by an event ingested on B', { timeout: 30_000 }, async () => {
    const inboxId = await createInbox(a);
    const first = await ingest(b, inboxId, 'first');
    const pending = poll(a, inboxId, `?after=${first}&timeout=2m`);
    await waiting(a, inboxId);
    const second = await ingest(b, inboxId, 'from B');
    const res = await pending;
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.event.id, second);
    assert.equal(res.body.data.event.bodyText, 'from B');
  });

  it('without after, a poll on B gets the first event ingested on A after it started', {
    timeout: 30_000,
  }, async () => {
    const inboxId = await createInbox(b);
    await ingest(a, inboxId, 'before the poll');
    const pending = poll(b, inboxId, '?timeout=2m');
    await waiting(b, inboxId);
    const fresh = await ingest(a, inboxId, 'after the poll');
    const res = await pending;
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.event.id, fresh);
  });

  it('an instance shutting down answers its waiting poll 204 at once; the client polls again on the other', {
    timeout: 30_000,
  }, async () => {
    const inboxId = await createInbox(a);
    const first = await ingest(a, inboxId, 'first');
    const pending = poll(a, inboxId, `?after=${first}&timeout=2m`);
    await waiting(a, inboxId);
    // Graceful shutdown (SIGTERM): the poll must not hold it for its 2 minutes.
    const stopped = a.kill('SIGTERM');
    const res = await pending;
    assert.equal(res.status, 204, res.text);
    await stopped;
    assert.equal(a.child.exitCode, 0, `A exited with ${a.child.exitCode ?? a.child.signalCode}`);
    const again = poll(b, inboxId, `?after=${first}&timeout=2m`);
    await waiting(b, inboxId);
    const second = await ingest(b, inboxId, 'second');
    const answer = await again;
    assert.equal(answer.status, 200, answer.text);
    assert.equal(answer.body.data.event.id, second);
  });
});
