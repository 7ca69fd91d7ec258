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
 * "A removed member loses access at once, on every instance, open streams included", and a
 * revoked token likewise. Two real `rehook serve` processes on one PostgreSQL schema: the change
 * is made through A, and what the member (or token) holds open on B ends at once: its live
 * streams and its waiting long-poll, with no event ingested meanwhile, so nothing but the
 * control message on the LISTEN/NOTIFY bus can end them (account streams are not re-checked on
 * heartbeats). Its next request on B is refused.
 */

const pg = await connectTestPostgres();
const skip = pg.available ? false : `PostgreSQL unavailable: ${pg.reason}`;

/** Only catches a hang: two server processes share a possibly loaded machine with this one. */
const HANG_MS = 15_000;

describe('team access and tokens across two instances on one PostgreSQL', { skip, timeout: 300_000 }, () => {
  let schema: TestSchema;
  let store: PostgresStore;
  let a: Instance;
  let b: Instance;
  const streams: SseConnection[] = [];

  async function newAccountToken(label: string): Promise<{ accountId: string; token: string }> {
    const deps = { store, clock: systemClock };
    const account = await createAccount(deps, { email: `cluster-teams-${label}-${Date.now()}@example.test` });
    return {
      accountId: account.id,
      token: (await createToken(deps, { accountId: account.id, name: label })).plaintext,
    };
  }

  async function stream(on: Instance, inboxId: string, token: string): Promise<SseConnection> {
    const conn = assertStream(
      await openSse(`${on.apiUrl}/api/v1/inboxes/${inboxId}/stream`, { authorization: `Bearer ${token}` }),
    );
    streams.push(conn);
    await conn.waitFor(() => conn.comments.length > 0, HANG_MS, `the stream of ${inboxId} on ${on.name} to start`);
    return conn;
  }

  const ended = (on: Instance): number =>
    on.logs.filter((line) => line.msg === 'live stream ended: its access was withdrawn').length;

  before(async () => {
    if (!pg.available) return;
    schema = await pg.createSchema();
    store = await openPostgresStore({ url: schema.url, poolSize: 2 });
    const env = {
      DATABASE_URL: schema.url,
      // Debug logs say when a long-poll waits and why a stream ended.
      REHOOK_LOG_LEVEL: 'debug',
      REHOOK_RATE_ANON_INBOXES: '0',
      REHOOK_RATE_INGEST_PER_INBOX: '0',
      REHOOK_RATE_SIGNIN: '0',
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

  it("removing a member through A ends its streams and long-poll on B at once, and refuses it on B; others' go on", async () => {
    const owner = await newAccountToken('owner');
    const member = await newAccountToken('member');
    const team = await api(a.apiUrl, '/api/v1/teams', { method: 'POST', token: owner.token, json: { name: 'Ops' } });
    assert.equal(team.status, 201, team.text);
    const teamId: string = team.body.data.team.id;
    const invited = await api(a.apiUrl, `/api/v1/teams/${teamId}/invitations`, {
      method: 'POST',
      token: owner.token,
      json: { role: 'member' },
    });
    const joined = await api(a.apiUrl, `/api/v1/invitations/${invited.body.data.invitation.token}/accept`, {
      method: 'POST',
      token: member.token,
    });
    assert.equal(joined.status, 200, joined.text);
    const limited = await api(a.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      token: member.token,
      json: { name: 'team only', teamId, scopes: ['read'] },
    });
    assert.equal(limited.status, 201, limited.text);
    const teamToken: string = limited.body.data.token.token;
    const inbox = await api(a.apiUrl, '/api/v1/inboxes', { method: 'POST', token: owner.token, json: { teamId } });
    const inboxId: string = inbox.body.data.inbox.id;

    const kept = await stream(b, inboxId, owner.token);
    const doomed = [await stream(b, inboxId, member.token), await stream(b, inboxId, teamToken)];
    // Two minutes, over this test's limit: only the removal can answer it in time.
    const pending: Promise<JsonResponse> = api(b.apiUrl, `/api/v1/inboxes/${inboxId}/events/next?timeout=2m`, {
      token: member.token,
    });
    await waitFor(`a long-poll of ${inboxId} waiting on B`, async () =>
      b.logs.some((line) => line.msg === 'long-poll waiting' && line['inboxId'] === inboxId),
    );
    const endedBefore = ended(b);

    const removed = await api(a.apiUrl, `/api/v1/teams/${teamId}/members/${member.accountId}`, {
      method: 'DELETE',
      token: owner.token,
    });
    assert.equal(removed.status, 204, removed.text);
    for (const conn of doomed) await conn.waitFor(() => conn.ended, HANG_MS, "the removed member's stream on B to end");
    assert.equal(ended(b) - endedBefore, 2, 'B did not log the withdrawn access ending both streams');
    const answer = await pending;
    assert.equal(answer.status, 404, answer.text);
    assert.equal(answer.body.error.code, 'INBOX_NOT_FOUND');
    for (const token of [member.token, teamToken]) {
      const next = await api(b.apiUrl, `/api/v1/inboxes/${inboxId}`, { token });
      assert.equal(next.status, 404, next.text);
      assert.equal(next.body.error.code, 'INBOX_NOT_FOUND');
    }
    // The owner's stream goes on, and gets the next event.
    assert.equal(kept.ended, false, "the owner's stream ended too");
    const ingested = await fetch(`${a.ingestUrl}/i/${inboxId}/after`, { method: 'POST', body: 'x' });
    assert.equal(ingested.status, 200);
    await kept.waitFor(() => kept.events().length === 1, HANG_MS, "the event on the owner's stream");
  });

  it("revoking a token through A ends its open stream on B at once; the account's other token keeps its own", async () => {
    const account = await newAccountToken('revoker');
    const second = await api(a.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      token: account.token,
      json: { name: 'to revoke' },
    });
    assert.equal(second.status, 201, second.text);
    const inbox = await api(a.apiUrl, '/api/v1/inboxes', { method: 'POST', token: account.token });
    const inboxId: string = inbox.body.data.inbox.id;
    const kept = await stream(b, inboxId, account.token);
    const doomed = await stream(b, inboxId, second.body.data.token.token);
    const endedBefore = ended(b);

    const revoked = await api(a.apiUrl, `/api/v1/tokens/${second.body.data.token.id}`, {
      method: 'DELETE',
      token: account.token,
    });
    assert.equal(revoked.status, 204, revoked.text);
    await doomed.waitFor(() => doomed.ended, HANG_MS, "the revoked token's stream on B to end");
    assert.equal(ended(b) - endedBefore, 1, 'B did not log the withdrawn access ending the stream');
    assert.equal(kept.ended, false, "the other token's stream ended too");
    const next = await api(b.apiUrl, `/api/v1/inboxes/${inboxId}`, { token: second.body.data.token.token });
    assert.equal(next.status, 401, next.text);
    const ingested = await fetch(`${a.ingestUrl}/i/${inboxId}/after`, { method: 'POST', body: 'x' });
    assert.equal(ingested.status, 200);
    await kept.waitFor(() => kept.events().length === 1, HANG_MS, "the event on the other token's stream");
  });
});
