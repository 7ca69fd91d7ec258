import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createFakeClock } from '../../../helpers/fake-clock.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import {
  assertError,
  assertUnauthorized,
  call,
  createInbox,
  ingest,
  ingestEvent,
  ISO_UTC,
  UNKNOWN_INBOX_ID,
} from '../support.js';

const HOUR = 3_600_000;

/** Bodies whose `name` must be refused with 400 VALIDATION_FAILED. */
const BAD_NAMES: readonly [label: string, body: string][] = [
  ['empty', '{"name":""}'],
  ['only spaces', '{"name":"   "}'],
  ['101 characters', JSON.stringify({ name: 'x'.repeat(101) })],
  ['a newline', '{"name":"a\\nb"}'],
  ['a tab', '{"name":"a\\tb"}'],
  ['a NUL', '{"name":"a\\u0000b"}'],
  ['a C1 control', '{"name":"a\\u0085b"}'],
  ['a bidi override', '{"name":"abc\\u202edef"}'],
  ['a lone surrogate', '{"name":"a\\ud800b"}'],
  ['a number', '{"name":42}'],
  ['a boolean', '{"name":true}'],
  ['an object', '{"name":{"first":"x"}}'],
  ['an array', '{"name":["x"]}'],
];

describe('inbox names: POST /api/v1/inboxes {"name"} and PATCH /api/v1/inboxes/:id', () => {
  const clock = createFakeClock(new Date('2026-05-01T10:00:00.000Z'));
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({ clock, env: { REHOOK_RATE_ANON_INBOXES: '0', REHOOK_ANON_TTL: '1h' } });
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(() => rehook.stop());

  const json = (body: string) => ({ headers: { 'content-type': 'application/json' }, body });

  it('creates an inbox with a name, trimmed, shown by GET and the list; without one the name is null', async () => {
    const res = await call(rehook.apiUrl, '/api/v1/inboxes', {
      method: 'POST',
      token: alice.token,
      json: { name: '  Stripe (prod)  ' },
    });
    assert.equal(res.status, 201, res.text);
    const inbox = res.body.data.inbox;
    assert.equal(inbox.name, 'Stripe (prod)');
    assert.equal(inbox.eventCount, 0);
    assert.equal(inbox.lastEventAt, null);
    assert.deepEqual(
      (await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}`, { token: alice.token })).body.data.inbox,
      inbox,
    );
    const listed = await call(rehook.apiUrl, '/api/v1/inboxes', { token: alice.token });
    assert.deepEqual(
      listed.body.data.inboxes.find((i: { id: string }) => i.id === inbox.id),
      inbox,
    );

    for (const init of [
      {},
      { json: {} },
      { json: { name: null } },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' },
    ]) {
      const unnamed = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', ...init });
      assert.equal(unnamed.status, 201, unnamed.text);
      assert.equal(unnamed.body.data.inbox.name, null);
    }
    // 100 characters is the limit, counted as characters: 100 emoji are 200 UTF-16 units.
    const emoji = '🚀'.repeat(100);
    const long = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', json: { name: emoji } });
    assert.equal(long.status, 201, long.text);
    assert.equal(long.body.data.inbox.name, emoji);
  });

  it('refuses a bad name with 400 VALIDATION_FAILED and creates nothing', async () => {
    const count = async () =>
      (await call(rehook.apiUrl, '/api/v1/inboxes', { token: alice.token })).body.data.inboxes.length;
    const before = await count();
    for (const [label, body] of BAD_NAMES) {
      const res = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token: alice.token, ...json(body) });
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.match(res.body.error.message, /name/i, label);
    }
    assert.equal(await count(), before);
  });

  it('answers a body that is not a JSON object: 415 for other media types, 400 for arrays and broken JSON', async () => {
    assertError(
      await call(rehook.apiUrl, '/api/v1/inboxes', {
        method: 'POST',
        headers: { 'content-type': 'text/plain' },
        body: 'Stripe',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    assertError(
      await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', ...json('["Stripe"]') }),
      400,
      'VALIDATION_FAILED',
    );
    assertError(
      await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', ...json('{"name":') }),
      400,
      'INVALID_JSON',
    );
  });

  it('lets the owner rename an inbox and remove its name; nothing else changes', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const path = `/api/v1/inboxes/${inbox.id}`;
    const renamed = await call(rehook.apiUrl, path, {
      method: 'PATCH',
      token: alice.token,
      json: { name: ' GitHub ' },
    });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(Object.keys(renamed.body), ['data']);
    assert.deepEqual(renamed.body.data.inbox, { ...inbox, name: 'GitHub' });
    assert.equal((await call(rehook.apiUrl, path, { token: alice.token })).body.data.inbox.name, 'GitHub');
    const cleared = await call(rehook.apiUrl, path, { method: 'PATCH', token: alice.token, json: { name: null } });
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual(cleared.body.data.inbox, inbox);
  });

  it('lets anyone holding its id rename an anonymous inbox, and keeps the name when it is saved', async () => {
    const inbox = await createInbox(rehook);
    const path = `/api/v1/inboxes/${inbox.id}`;
    const anon = await call(rehook.apiUrl, path, { method: 'PATCH', json: { name: 'from anyone' } });
    assert.equal(anon.status, 200, anon.text);
    assert.equal(anon.body.data.inbox.name, 'from anyone');
    const other = await call(rehook.apiUrl, path, { method: 'PATCH', token: bob.token, json: { name: 'from bob' } });
    assert.equal(other.status, 200, other.text);
    assert.equal(other.body.data.inbox.saved, false);
    const saved = await call(rehook.apiUrl, `${path}/save`, { method: 'POST', token: bob.token });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.data.inbox.name, 'from bob');
    // Saved by bob: now his alone.
    assertUnauthorized(await call(rehook.apiUrl, path, { method: 'PATCH', json: { name: 'late' } }));
    assertError(
      await call(rehook.apiUrl, path, { method: 'PATCH', token: alice.token, json: { name: 'late' } }),
      404,
      'INBOX_NOT_FOUND',
    );
  });

  it('answers 401 without a token, 404 to another account, and 404 for unknown, malformed and expired inboxes', async () => {
    const owned = await createInbox(rehook, alice.token);
    const path = `/api/v1/inboxes/${owned.id}`;
    assertUnauthorized(await call(rehook.apiUrl, path, { method: 'PATCH', json: { name: 'x' } }));
    assertError(
      await call(rehook.apiUrl, path, { method: 'PATCH', token: bob.token, json: { name: 'x' } }),
      404,
      'INBOX_NOT_FOUND',
    );
    assert.equal((await call(rehook.apiUrl, path, { token: alice.token })).body.data.inbox.name, null);
    for (const id of [UNKNOWN_INBOX_ID, 'nope']) {
      assertError(
        await call(rehook.apiUrl, `/api/v1/inboxes/${id}`, { method: 'PATCH', json: { name: 'x' } }),
        404,
        'INBOX_NOT_FOUND',
      );
    }
    const expiring = await createInbox(rehook);
    clock.advance(HOUR);
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${expiring.id}`, { method: 'PATCH', json: { name: 'x' } }),
      404,
      'INBOX_NOT_FOUND',
    );
  });

  it('refuses a rename without a valid name: 400 VALIDATION_FAILED, 415 for other media types', async () => {
    const inbox = await createInbox(rehook, alice.token);
    const path = `/api/v1/inboxes/${inbox.id}`;
    for (const [, body] of [...BAD_NAMES, ['no name', '{}'], ['another field', '{"title":"x"}']] as const) {
      assertError(
        await call(rehook.apiUrl, path, { method: 'PATCH', token: alice.token, ...json(body) }),
        400,
        'VALIDATION_FAILED',
      );
    }
    assertError(await call(rehook.apiUrl, path, { method: 'PATCH', token: alice.token }), 400, 'VALIDATION_FAILED');
    assertError(
      await call(rehook.apiUrl, path, {
        method: 'PATCH',
        token: alice.token,
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    assertError(
      await call(rehook.apiUrl, path, { method: 'PATCH', token: alice.token, ...json('{"name":') }),
      400,
      'INVALID_JSON',
    );
    assert.equal((await call(rehook.apiUrl, path, { token: alice.token })).body.data.inbox.name, null);
  });
});

describe('eventCount and lastEventAt of inboxes', () => {
  let rehook: TestRehook;
  let user: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_ANON_MAX_EVENTS: '3', REHOOK_RATE_INGEST_PER_INBOX: '0' } });
    user = await rehook.createUser();
  });
  after(() => rehook.stop());

  async function inboxJson(id: string, token?: string): Promise<any> {
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${id}`, token ? { token } : {});
    assert.equal(res.status, 200, res.text);
    return res.body.data.inbox;
  }

  it('counts what an inbox holds and names the receive time of its newest event, in GET and the list', async () => {
    const busy = await createInbox(rehook, user.token);
    const quiet = await createInbox(rehook, user.token);
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await ingestEvent(rehook, busy.id, { body: `e${i}`, token: user.token }));
    const newest = await call(rehook.apiUrl, `/api/v1/events/${ids[3]}`, { token: user.token });
    const inbox = await inboxJson(busy.id, user.token);
    assert.equal(inbox.eventCount, 4);
    assert.match(inbox.lastEventAt, ISO_UTC);
    assert.equal(inbox.lastEventAt, newest.body.data.event.receivedAt);

    const list = await call(rehook.apiUrl, '/api/v1/inboxes', { token: user.token });
    const byId = new Map<string, any>(list.body.data.inboxes.map((i: { id: string }) => [i.id, i]));
    assert.deepEqual(byId.get(busy.id), inbox);
    assert.deepEqual([byId.get(quiet.id)?.eventCount, byId.get(quiet.id)?.lastEventAt], [0, null]);
  });

  it('keeps the count of a capped anonymous inbox at its cap (REHOOK_ANON_MAX_EVENTS)', async () => {
    const inbox = await createInbox(rehook);
    // Concurrent requests: several land in one commit.
    await Promise.all(Array.from({ length: 8 }, (_, i) => ingest(rehook, inbox.id, { body: `burst ${i}` })));
    const last = await ingestEvent(rehook, inbox.id, { body: 'last' });
    const listed = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/events`);
    assert.equal(listed.body.length, 3);
    const shown = await inboxJson(inbox.id);
    assert.equal(shown.eventCount, 3);
    assert.equal(shown.lastEventAt, listed.body.find((e: { id: string }) => e.id === last)?.receivedAt);
  });
});
