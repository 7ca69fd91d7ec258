// Scoped API tokens: scopes (read < replay < manage), inbox limits and expiry, over real HTTP.
// The authorization matrix (test/authz) has every scope × every endpoint; this suite covers
// creating such tokens and the limits the matrix does not name.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createFakeClock } from '../../../helpers/fake-clock.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { assertError, assertUnauthorized, call, createInbox, ingestEvent } from '../support.js';

describe('scoped API tokens', () => {
  const clock = createFakeClock();
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({ clock });
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(() => rehook.stop());

  async function newToken(json: Record<string, unknown>, token = alice.token) {
    return call(rehook.apiUrl, '/api/v1/tokens', { method: 'POST', token, json: { name: 'scoped', ...json } });
  }

  it('creates manage tokens by default, as before scopes, and shows scopes, limits and expiry', async () => {
    const res = await newToken({});
    assert.equal(res.status, 201, res.text);
    const token = res.body.data.token;
    assert.deepEqual(token.scopes, ['read', 'replay', 'manage']);
    assert.equal(token.inboxIds, null);
    assert.equal(token.teamId, null);
    assert.equal(token.expiresAt, null);
    const listed = await call(rehook.apiUrl, '/api/v1/tokens', { token: alice.token });
    const found = listed.body.data.tokens.find((t: { id: string }) => t.id === token.id);
    assert.deepEqual(found.scopes, ['read', 'replay', 'manage']);
  });

  it('refuses a scope that is not one of the three, and an empty list (400 VALIDATION_FAILED)', async () => {
    for (const scopes of [['admin'], [], 'read', ['read', 'write']]) {
      const res = await newToken({ scopes });
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, /scopes/);
    }
  });

  it('answers 403 INSUFFICIENT_SCOPE naming the scope needed, before looking at anything', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const eventId = await ingestEvent(rehook, inbox.id, { token: alice.token });
    const read = (await newToken({ scopes: ['read'] })).body.data.token;
    assert.deepEqual(read.scopes, ['read']);
    const events = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`, { token: read.token });
    assert.equal(events.status, 200, events.text);
    const replay = await call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      token: read.token,
      json: { destination: 'http://127.0.0.1:9/' },
    });
    assertError(replay, 403, 'INSUFFICIENT_SCOPE');
    assert.match(replay.body.error.message, /needs replay/);
    const tokens = await call(rehook.apiUrl, '/api/v1/tokens', { token: read.token });
    assertError(tokens, 403, 'INSUFFICIENT_SCOPE');
    assert.match(tokens.body.error.message, /needs manage/);

    const replayToken = (await newToken({ scopes: ['replay', 'read'] })).body.data.token;
    assert.deepEqual(replayToken.scopes, ['read', 'replay']);
    const share = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, {
      method: 'POST',
      token: replayToken.token,
    });
    assertError(share, 403, 'INSUFFICIENT_SCOPE');
    // Any scope may ask who it is (rehook login does).
    const me = await call(rehook.apiUrl, '/api/v1/account', { token: read.token });
    assert.equal(me.status, 200, me.text);
    assert.equal(me.body.data.token.id, read.id);
    assert.deepEqual(me.body.data.token.scopes, ['read']);
  });

  it('limits a token to its inboxes: others are 404, account-wide routes 403, the list shows only its own', async () => {
    const mine = await createInbox(rehook, alice.token);
    const other = await createInbox(rehook, alice.token);
    const otherEvent = await ingestEvent(rehook, other.id, { token: alice.token });
    const res = await newToken({ scopes: ['read'], inboxIds: [mine.id, mine.id] });
    assert.equal(res.status, 201, res.text);
    const limited = res.body.data.token;
    assert.deepEqual(limited.inboxIds, [mine.id]);
    assert.equal((await call(rehook.apiUrl, `/api/v1/inboxes/${mine.id}`, { token: limited.token })).status, 200);
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${other.id}`, { token: limited.token }),
      404,
      'INBOX_NOT_FOUND',
    );
    assertError(
      await call(rehook.apiUrl, `/api/v1/events/${otherEvent}`, { token: limited.token }),
      404,
      'EVENT_NOT_FOUND',
    );
    const list = await call(rehook.apiUrl, '/api/v1/inboxes', { token: limited.token });
    assert.deepEqual(
      list.body.data.inboxes.map((i: { id: string }) => i.id),
      [mine.id],
    );
    const manageLimited = (await newToken({ inboxIds: [mine.id] })).body.data.token;
    const create = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token: manageLimited.token });
    assertError(create, 403, 'INSUFFICIENT_SCOPE');
    assert.match(create.body.error.message, /limited to some inboxes/);
  });

  it('refuses a limit to an inbox the account cannot see (400 VALIDATION_FAILED, whoever owns it)', async () => {
    const bobs = await createInbox(rehook, bob.token);
    const anonymous = await createInbox(rehook);
    for (const id of [bobs.id, anonymous.id, 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa', 7]) {
      const res = await newToken({ inboxIds: [id] });
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, /inboxIds\/0/);
    }
    assertError(await newToken({ inboxIds: [] }), 400, 'VALIDATION_FAILED');
  });

  it('refuses a limit to a team the account is not a member of (400 VALIDATION_FAILED)', async () => {
    assert.equal((await newToken({ teamId: null })).status, 201);
    const res = await newToken({ teamId: 'team_x' });
    assertError(res, 400, 'VALIDATION_FAILED');
    assert.match(res.body.error.message, /teamId/);
  });

  it('expires a token: 401 like a revoked one from its expiry on; a past expiry is refused', async () => {
    const at = new Date(clock.now().getTime() + 60 * 60 * 1000).toISOString();
    const res = await newToken({ scopes: ['read'], expiresAt: at });
    assert.equal(res.status, 201, res.text);
    const token = res.body.data.token;
    assert.equal(token.expiresAt, at);
    assert.equal((await call(rehook.apiUrl, '/api/v1/inboxes', { token: token.token })).status, 200);
    clock.advance(60 * 60 * 1000);
    assertUnauthorized(await call(rehook.apiUrl, '/api/v1/inboxes', { token: token.token }));
    for (const expiresAt of [new Date(clock.now().getTime() - 1).toISOString(), 'tomorrow', 5]) {
      assertError(await newToken({ expiresAt }), 400, 'VALIDATION_FAILED');
    }
  });
});
