import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createFakeClock } from '../../../helpers/fake-clock.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import {
  assertError,
  assertUnauthorized,
  call,
  createInbox,
  INBOX_ID,
  ingestEvent,
  ISO_UTC,
  UNKNOWN_INBOX_ID,
} from '../support.js';

const HOUR = 3_600_000;

describe('POST /api/v1/inboxes', () => {
  const clock = createFakeClock(new Date('2026-03-01T10:00:00.000Z'));
  let rehook: TestRehook;
  let user: { accountId: string; token: string };

  before(async () => {
    // 1000 anonymous creations from one address: past the default per-IP limit, which is off here.
    rehook = await startTestRehook({ clock, env: { REHOOK_SWEEP_INTERVAL: '1d', REHOOK_RATE_ANON_INBOXES: '0' } });
    user = await rehook.createUser();
  });
  after(() => rehook.stop());

  it('creates an anonymous inbox without a token: 201 with id, ingestUrl, url, expiresAt = createdAt + 48h, saved false', async () => {
    const res = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST' });
    assert.equal(res.status, 201, res.text);
    assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
    assert.deepEqual(Object.keys(res.body), ['data']);
    assert.deepEqual(Object.keys(res.body.data), ['inbox']);
    const inbox = res.body.data.inbox;
    assert.match(inbox.id, INBOX_ID);
    assert.equal(inbox.ingestUrl, `/i/${inbox.id}`);
    assert.equal(inbox.url, `${rehook.ingestUrl}/i/${inbox.id}`);
    assert.equal(inbox.saved, false);
    assert.match(inbox.createdAt, ISO_UTC);
    assert.match(inbox.expiresAt, ISO_UTC);
    assert.equal(inbox.createdAt, '2026-03-01T10:00:00.000Z');
    assert.equal(Date.parse(inbox.expiresAt) - Date.parse(inbox.createdAt), 48 * HOUR);
  });

  it('answers 201 for an empty JSON body and an empty form body as well as for no body', async () => {
    const json = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', json: {} });
    assert.equal(json.status, 201, json.text);
    const emptyForm = await call(rehook.apiUrl, '/api/v1/inboxes', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    assert.equal(emptyForm.status, 201, emptyForm.text);
  });

  it('creates a persistent inbox with a valid Bearer token: saved true, expiresAt null', async () => {
    const res = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token: user.token });
    assert.equal(res.status, 201, res.text);
    const inbox = res.body.data.inbox;
    assert.match(inbox.id, INBOX_ID);
    assert.equal(inbox.ingestUrl, `/i/${inbox.id}`);
    assert.equal(inbox.url, `${rehook.ingestUrl}/i/${inbox.id}`);
    assert.equal(inbox.saved, true);
    assert.equal(inbox.expiresAt, null);
    assert.match(inbox.createdAt, ISO_UTC);
  });

  it('refuses an invalid token with 401 UNAUTHORIZED instead of creating an anonymous inbox', async () => {
    const before = (await rehook.deps.store.inboxes.listByOwner(user.accountId, clock.now())).length;
    const res = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token: 'rhk_not-a-real-token' });
    assertUnauthorized(res);
    const valid = user.token;
    const tampered = valid.slice(0, -1) + (valid.endsWith('a') ? 'b' : 'a');
    assertUnauthorized(await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token: tampered }));
    const afterCount = (await rehook.deps.store.inboxes.listByOwner(user.accountId, clock.now())).length;
    assert.equal(afterCount, before);
  });

  it('gives type-prefixed ids of 26 base32 characters (>= 128 bits), unique over 1000 creations', async () => {
    const ids = new Set<string>();
    for (let batch = 0; batch < 20; batch += 1) {
      const created = await Promise.all(
        Array.from({ length: 50 }, () => call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST' })),
      );
      for (const res of created) {
        assert.equal(res.status, 201, res.text);
        assert.match(res.body.data.inbox.id, INBOX_ID);
        ids.add(res.body.data.inbox.id);
      }
    }
    assert.equal(ids.size, 1000);
    // 26 characters of a 32-letter alphabet = 130 bits, if every position is random: over 1000
    // ids each position should show (nearly) all 32 letters; a fixed or biased position would not.
    for (let position = 4; position < 30; position += 1) {
      const seen = new Set([...ids].map((id) => id[position]));
      assert.ok(seen.size >= 28, `id position ${position - 4} shows only ${seen.size} distinct characters`);
    }
  });
});

describe('POST /api/v1/inboxes with REHOOK_PUBLIC_INGEST_URL', () => {
  let rehook: TestRehook;

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_PUBLIC_INGEST_URL: 'https://hooks.example.com' } });
  });
  after(() => rehook.stop());

  it('builds the full url from the public ingest origin while ingestUrl stays relative', async () => {
    const inbox = await createInbox(rehook);
    assert.equal(inbox.url, `https://hooks.example.com/i/${inbox.id}`);
    assert.equal(inbox.ingestUrl, `/i/${inbox.id}`);
    const fetched = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}`);
    assert.equal(fetched.body.data.inbox.url, `https://hooks.example.com/i/${inbox.id}`);
  });
});

describe('GET /api/v1/inboxes and GET /api/v1/inboxes/:id', () => {
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook();
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(() => rehook.stop());

  it('lists only the inboxes of the token’s account', async () => {
    const a1 = await createInbox(rehook, alice.token);
    const a2 = await createInbox(rehook, alice.token);
    const b1 = await createInbox(rehook, bob.token);
    const anon = await createInbox(rehook);
    const res = await call(rehook.apiUrl, '/api/v1/inboxes', { token: alice.token });
    assert.equal(res.status, 200, res.text);
    const ids = (res.body.data.inboxes as Array<{ id: string }>).map((inbox) => inbox.id);
    assert.deepEqual(new Set(ids), new Set([a1.id, a2.id]));
    assert.ok(!ids.includes(b1.id) && !ids.includes(anon.id));
    for (const inbox of res.body.data.inboxes) {
      assert.equal(inbox.saved, true);
      assert.equal(inbox.expiresAt, null);
      assert.equal(inbox.ingestUrl, `/i/${inbox.id}`);
    }
    const bobs = await call(rehook.apiUrl, '/api/v1/inboxes', { token: bob.token });
    assert.deepEqual(
      (bobs.body.data.inboxes as Array<{ id: string }>).map((inbox) => inbox.id),
      [b1.id],
    );
  });

  it('answers 401 UNAUTHORIZED to listing inboxes without a token', async () => {
    assertUnauthorized(await call(rehook.apiUrl, '/api/v1/inboxes'));
  });

  it('returns an anonymous inbox to anyone who knows its id', async () => {
    const anon = await createInbox(rehook);
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}`);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.data.inbox, anon);
    const withToken = await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}`, { token: bob.token });
    assert.equal(withToken.status, 200, withToken.text);
  });

  it('returns an owned inbox to its owner, 401 without token and 404 INBOX_NOT_FOUND to another account', async () => {
    const owned = await createInbox(rehook, alice.token);
    const mine = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`, { token: alice.token });
    assert.equal(mine.status, 200, mine.text);
    assert.deepEqual(mine.body.data.inbox, owned);
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`));
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`, { token: bob.token }), 404, 'INBOX_NOT_FOUND');
  });

  it('answers 404 INBOX_NOT_FOUND for unknown and malformed inbox ids', async () => {
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${UNKNOWN_INBOX_ID}`), 404, 'INBOX_NOT_FOUND');
    assertError(await call(rehook.apiUrl, '/api/v1/inboxes/nope'), 404, 'INBOX_NOT_FOUND');
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${'x'.repeat(150)}`), 404, 'INBOX_NOT_FOUND');
  });
});

describe('DELETE /api/v1/inboxes/:id', () => {
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook();
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(() => rehook.stop());

  it('lets the owner delete an inbox (204), after which the inbox, its event list and its events are 404', async () => {
    const owned = await createInbox(rehook, alice.token);
    const eventId = await ingestEvent(rehook, owned.id, { body: 'to be deleted', token: alice.token });
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`, { method: 'DELETE', token: alice.token });
    assert.equal(res.status, 204, res.text);
    assert.equal(res.text, '');
    const opts = { token: alice.token };
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`, opts), 404, 'INBOX_NOT_FOUND');
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}/events`, opts), 404, 'INBOX_NOT_FOUND');
    // services/events.ts: an event of a deleted inbox answers INBOX_NOT_FOUND.
    assertError(await call(rehook.apiUrl, `/api/v1/events/${eventId}`, opts), 404, 'INBOX_NOT_FOUND');
    assertError(await call(rehook.apiUrl, `/api/v1/events/${eventId}/body`, opts), 404, 'INBOX_NOT_FOUND');
    const list = await call(rehook.apiUrl, '/api/v1/inboxes', opts);
    assert.ok(!(list.body.data.inboxes as Array<{ id: string }>).some((inbox) => inbox.id === owned.id));
    // A second delete finds nothing.
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`, { method: 'DELETE', token: alice.token }),
      404,
      'INBOX_NOT_FOUND',
    );
  });

  it('answers 404 INBOX_NOT_FOUND when another account deletes an owned inbox, and keeps it', async () => {
    const owned = await createInbox(rehook, alice.token);
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`, { method: 'DELETE', token: bob.token });
    assertError(res, 404, 'INBOX_NOT_FOUND');
    const still = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`, { token: alice.token });
    assert.equal(still.status, 200, still.text);
  });

  it('answers 401 UNAUTHORIZED when an owned inbox is deleted without a token, and keeps it', async () => {
    const owned = await createInbox(rehook, alice.token);
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`, { method: 'DELETE' }));
    const still = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}`, { token: alice.token });
    assert.equal(still.status, 200, still.text);
  });

  it('lets whoever holds the id delete an anonymous inbox', async () => {
    const anon = await createInbox(rehook);
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}`, { method: 'DELETE' });
    assert.equal(res.status, 204, res.text);
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}`), 404, 'INBOX_NOT_FOUND');
  });

  it('answers 404 INBOX_NOT_FOUND to deleting an unknown inbox', async () => {
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${UNKNOWN_INBOX_ID}`, { method: 'DELETE', token: alice.token }),
      404,
      'INBOX_NOT_FOUND',
    );
  });
});
