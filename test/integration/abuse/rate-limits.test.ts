import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestRehook, type TestRehook } from '../../helpers/rehook.js';
import { assertRateLimited, createAnonInbox, eventsOf, newInboxId, send } from './support.js';

describe('abuse: per-IP and per-inbox rate limits', () => {
  let rehook: TestRehook;
  let token: string;

  before(async () => {
    // Per hour, not per minute: the limiters run on the real clock, and at 5/min a token comes
    // back after 12 s, which a slow enough run of these tests could reach.
    rehook = await startTestRehook({
      env: {
        REHOOK_RATE_ANON_INBOXES: '3/h',
        REHOOK_RATE_AUTH_FAILURES: '3/h',
        REHOOK_RATE_INGEST_PER_INBOX: '5/h',
      },
    });
    ({ token } = await rehook.createUser());
  });
  after(() => rehook.stop());

  it('limits anonymous inbox creation per client IP (REHOOK_RATE_ANON_INBOXES)', async () => {
    const from = '127.0.0.11';
    for (let i = 0; i < 3; i += 1) assert.equal((await createAnonInbox(rehook.apiUrl, from)).status, 201);
    assertRateLimited(await createAnonInbox(rehook.apiUrl, from), 'fourth anonymous inbox');
    // Another address is unaffected, and so are accounts from the limited address.
    assert.equal((await createAnonInbox(rehook.apiUrl, '127.0.0.12')).status, 201);
    const owned = await send(`${rehook.apiUrl}/api/v1/inboxes`, {
      method: 'POST',
      from,
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(owned.status, 201, owned.text);
  });

  it('blocks every request carrying a token from an IP past its failed-authentication budget', async () => {
    const from = '127.0.0.21';
    const bad = { authorization: 'Bearer rhk_not_a_real_token' };
    for (let i = 0; i < 3; i += 1) {
      const res = await send(`${rehook.apiUrl}/api/v1/tokens`, { from, headers: bad });
      assert.equal(res.status, 401, res.text);
    }
    assertRateLimited(await send(`${rehook.apiUrl}/api/v1/tokens`, { from, headers: bad }), 'fourth bad token');
    // Even a valid token is refused from that address until the window passes ...
    const good = { authorization: `Bearer ${token}` };
    assertRateLimited(await send(`${rehook.apiUrl}/api/v1/tokens`, { from, headers: good }), 'valid token, blocked IP');
    // ... requests without a token still go through ...
    assert.equal((await send(`${rehook.apiUrl}/healthz`, { from })).status, 200);
    // ... and other addresses are unaffected.
    assert.equal((await send(`${rehook.apiUrl}/api/v1/tokens`, { from: '127.0.0.22', headers: good })).status, 200);
    assert.equal((await send(`${rehook.apiUrl}/api/v1/tokens`, { from: '127.0.0.22', headers: bad })).status, 401);
  });

  it('limits ingest per inbox with 429 + Retry-After and stores nothing beyond (REHOOK_RATE_INGEST_PER_INBOX)', async () => {
    const inboxId = await newInboxId(rehook.apiUrl, token);
    const other = await newInboxId(rehook.apiUrl, token);
    const url = `${rehook.ingestUrl}/i/${inboxId}`;
    for (let i = 0; i < 5; i += 1) assert.equal((await send(url, { method: 'POST', body: `n=${i}` })).status, 200);
    const refused = await send(url, { method: 'POST', body: 'n=5' });
    assertRateLimited(refused, 'sixth ingest');
    assert.equal(refused.headers['access-control-allow-origin'], '*');
    // Other sources do not help: the limit is per inbox, whoever sends.
    assertRateLimited(await send(url, { method: 'POST', body: 'n=6', from: '127.0.0.31' }), 'other sender');
    assert.equal((await eventsOf(rehook.apiUrl, inboxId, token)).length, 5);
    // Another inbox is unaffected.
    assert.equal((await send(`${rehook.ingestUrl}/i/${other}`, { method: 'POST', body: 'x' })).status, 200);
    assert.equal((await eventsOf(rehook.apiUrl, other, token)).length, 1);
  });
});

describe('abuse: limits set to 0 are off', () => {
  let rehook: TestRehook;

  before(async () => {
    rehook = await startTestRehook({
      env: {
        REHOOK_RATE_ANON_INBOXES: '0',
        REHOOK_RATE_AUTH_FAILURES: '0',
        REHOOK_RATE_INGEST_PER_INBOX: '0',
        REHOOK_MAX_CONNECTIONS_PER_IP: '0',
        REHOOK_ANON_MAX_EVENTS: '0',
        REHOOK_REPLAY_MAX_CONCURRENT: '0',
      },
    });
  });
  after(() => rehook.stop());

  it('creates inboxes, takes bad tokens and ingests far past the small limits above', async () => {
    for (let i = 0; i < 15; i += 1) assert.equal((await createAnonInbox(rehook.apiUrl, '127.0.0.41')).status, 201);
    for (let i = 0; i < 15; i += 1) {
      const res = await send(`${rehook.apiUrl}/api/v1/tokens`, {
        from: '127.0.0.41',
        headers: { authorization: 'Bearer rhk_nope' },
      });
      assert.equal(res.status, 401);
    }
    const inboxId = await newInboxId(rehook.apiUrl);
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(`${rehook.ingestUrl}/i/${inboxId}`, { method: 'POST', body: String(i) }).then((r) => r.status),
      ),
    );
    assert.deepEqual(
      results,
      results.map(() => 200),
    );
    assert.equal((await eventsOf(rehook.apiUrl, inboxId)).length, 40);
  });
});

describe('abuse: generous defaults', () => {
  let rehook: TestRehook;
  before(async () => {
    rehook = await startTestRehook();
  });
  after(() => rehook.stop());

  it('lets a burst of 100 requests to one inbox and 20 anonymous inboxes through', async () => {
    const inboxId = await newInboxId(rehook.apiUrl);
    const statuses = await Promise.all(
      Array.from({ length: 100 }, () =>
        send(`${rehook.ingestUrl}/i/${inboxId}`, { method: 'POST', body: 'x' }).then((r) => r.status),
      ),
    );
    assert.deepEqual(
      statuses,
      statuses.map(() => 200),
    );
    for (let i = 0; i < 20; i += 1) assert.equal((await createAnonInbox(rehook.apiUrl)).status, 201);
  });
});
