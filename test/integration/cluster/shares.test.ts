import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { systemClock } from '../../../src/ports/clock.js';
import { createAccount } from '../../../src/services/accounts.js';
import { createToken } from '../../../src/services/tokens.js';
import { openPostgresStore, type PostgresStore } from '../../../src/storage/postgres/store.js';
import { connectTestPostgres, type TestSchema, waitFor } from '../../helpers/postgres.js';
import { api, type JsonResponse } from '../../helpers/rehook.js';
import { assertStream, openSse, type SseConnection } from '../../helpers/sse-client.js';
import { killAllInstances, startInstance, type Instance } from './launcher.js';

/**
 * Revoking a sharing link on one instance ends, at once, what the link holds open on another:
 * its live streams and its waiting long-polls. Two real `rehook serve`
 * processes on one PostgreSQL schema; the revocation travels as a control message on the
 * LISTEN/NOTIFY bus. No event is ingested meanwhile, so nothing but that message (or the
 * heartbeat re-check, which B's log tells apart) can end them.
 */

const pg = await connectTestPostgres();
const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;

/** Only catches a hang: two server processes share a possibly loaded machine with this one. */
const HANG_MS = 15_000;

// The limit only catches a hang: the two server starts alone can take many seconds on a loaded
// machine (the launcher gives each 60 s).
describe('sharing links across two instances on one PostgreSQL', { skip, timeout: 300_000 }, () => {
  let schema: TestSchema;
  let store: PostgresStore;
  let a: Instance;
  let b: Instance;
  let token: string;
  const streams: SseConnection[] = [];

  before(async () => {
    if (!pg.available) return;
    schema = await pg.createSchema();
    store = await openPostgresStore({ url: schema.url, poolSize: 2 });
    const account = await createAccount(
      { store, clock: systemClock },
      { email: `cluster-shares-${Date.now()}@example.test` },
    );
    token = (await createToken({ store, clock: systemClock }, { accountId: account.id, name: 'cluster' })).plaintext;
    const env = {
      DATABASE_URL: schema.url,
      // Debug logs say when a long-poll waits and why a stream or poll of a link ended.
      REHOOK_LOG_LEVEL: 'debug',
      REHOOK_RATE_ANON_INBOXES: '0',
      REHOOK_RATE_INGEST_PER_INBOX: '0',
    };
    [a, b] = await Promise.all([startInstance('A', env), startInstance('B', env)]);
  });
  after(async () => {
    for (const conn of streams) conn.close();
    await killAllInstances();
    if (!pg.available) return;
    await store?.close();
    await pg.close();
  });

  async function sharedInbox(on: Instance): Promise<{ inboxId: string; shareId: string; shareToken: string }> {
    const created = await api(on.apiUrl, '/api/v1/inboxes', { method: 'POST', token });
    assert.equal(created.status, 201, created.text);
    const inboxId = created.body.data.inbox.id as string;
    const share = await api(on.apiUrl, `/api/v1/inboxes/${inboxId}/shares`, { method: 'POST', token });
    assert.equal(share.status, 201, share.text);
    return { inboxId, shareId: share.body.data.share.id, shareToken: share.body.data.share.token };
  }

  const logged = (on: Instance, msg: string, shareId: string): boolean =>
    on.logs.some((line) => line.msg === msg && line['shareId'] === shareId);

  it('revoking on A ends the link’s live stream on B at once, and leaves another link’s stream open', async () => {
    const { inboxId, shareId, shareToken } = await sharedInbox(a);
    const other = await api(a.apiUrl, `/api/v1/inboxes/${inboxId}/shares`, { method: 'POST', token });
    const doomed = assertStream(await openSse(`${b.apiUrl}/api/v1/inboxes/${inboxId}/stream?share=${shareToken}`));
    const kept = assertStream(
      await openSse(`${b.apiUrl}/api/v1/inboxes/${inboxId}/stream`, { 'x-rehook-share': other.body.data.share.token }),
    );
    streams.push(doomed, kept);
    for (const conn of [doomed, kept])
      await conn.waitFor(() => conn.comments.length > 0, HANG_MS, 'the streams on B to start');

    const revoked = await api(a.apiUrl, `/api/v1/inboxes/${inboxId}/shares/${shareId}`, { method: 'DELETE', token });
    assert.equal(revoked.status, 204, revoked.text);
    await doomed.waitFor(() => doomed.ended, HANG_MS, 'the stream of the revoked link on B to end');
    // Ended by the bus message, not by a heartbeat's re-check.
    assert.ok(
      logged(b, 'live stream ended: its sharing link was revoked', shareId),
      'B did not log the revocation message ending the stream',
    );
    assert.equal(kept.ended, false, "another link's stream ended too");

    // The other link's stream goes on receiving events, from either instance.
    const ingested = await fetch(`${a.ingestUrl}/i/${inboxId}/after`, { method: 'POST', body: 'x' });
    assert.equal(ingested.status, 200);
    await kept.waitFor(() => kept.events().length === 1, HANG_MS, 'the event on the other link');
    // And the revoked link is refused on B too.
    const onB = await api(b.apiUrl, `/api/v1/inboxes/${inboxId}`, { headers: { 'x-rehook-share': shareToken } });
    assert.equal(onB.status, 404);
    assert.equal(onB.body.error.code, 'SHARE_NOT_FOUND');
  });

  it('revoking on B answers the link’s long-poll waiting on A with 404 SHARE_NOT_FOUND at once', async () => {
    const { inboxId, shareId, shareToken } = await sharedInbox(b);
    // Two minutes, over this test's limit: only the revocation can answer it in time.
    const pending: Promise<JsonResponse> = api(a.apiUrl, `/api/v1/inboxes/${inboxId}/events/next?timeout=2m`, {
      headers: { 'x-rehook-share': shareToken },
    });
    await waitFor(`a long-poll of ${inboxId} waiting on A`, async () =>
      a.logs.some((line) => line.msg === 'long-poll waiting' && line['inboxId'] === inboxId),
    );
    const revoked = await api(b.apiUrl, `/api/v1/inboxes/${inboxId}/shares/${shareId}`, { method: 'DELETE', token });
    assert.equal(revoked.status, 204, revoked.text);
    const answer = await pending;
    assert.equal(answer.status, 404, answer.text);
    assert.equal(answer.body.error.code, 'SHARE_NOT_FOUND');
    assert.ok(logged(a, 'long-poll ended: its sharing link was revoked', shareId));
  });
});
