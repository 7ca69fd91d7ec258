import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from 'node:test';
import { createFakeClock } from '../../../helpers/fake-clock.js';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import {
  assertError,
  assertUnauthorized,
  assertWellFormed,
  call,
  createInbox,
  ingestEvent,
  ISO_UTC,
  rawRequest,
  UNKNOWN_INBOX_ID,
} from '../support.js';

const TOKEN = /^rhk_[0-9abcdefghjkmnpqrstvwxyz]{38}$/;

interface TokenJson {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  token?: string;
}

describe('GET/POST/DELETE /api/v1/tokens', () => {
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook();
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(() => rehook.stop());

  async function listTokens(token: string): Promise<TokenJson[]> {
    const res = await call(rehook.apiUrl, '/api/v1/tokens', { token });
    assert.equal(res.status, 200, res.text);
    return res.body.data.tokens as TokenJson[];
  }

  async function newToken(token: string, name: string): Promise<TokenJson & { token: string }> {
    const res = await call(rehook.apiUrl, '/api/v1/tokens', { method: 'POST', token, json: { name } });
    assert.equal(res.status, 201, res.text);
    return res.body.data.token;
  }

  it('creates a token: 201 with id, name, prefix, createdAt and the plaintext starting rhk_', async () => {
    const res = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      token: alice.token,
      json: { name: 'CI deploys' },
    });
    assert.equal(res.status, 201, res.text);
    const created = res.body.data.token as TokenJson;
    assert.equal(created.name, 'CI deploys');
    assert.match(created.token ?? '', TOKEN);
    assert.equal(created.prefix, created.token?.slice(0, created.prefix.length));
    assert.ok(created.prefix.startsWith('rhk_') && created.prefix.length < (created.token ?? '').length);
    assert.match(created.createdAt, ISO_UTC);
    assert.equal(created.lastUsedAt, null);
    assert.equal(created.revokedAt, null);
    assert.equal(typeof created.id, 'string');
  });

  it('shows the plaintext only in the creation response; the list has name, prefix, createdAt, lastUsedAt, revokedAt', async () => {
    const created = await newToken(alice.token, 'listed');
    const res = await call(rehook.apiUrl, '/api/v1/tokens', { token: alice.token });
    assert.equal(res.status, 200, res.text);
    assert.ok(!res.text.includes(created.token), 'the list leaks a plaintext token');
    assert.ok(!res.text.includes(alice.token), 'the list leaks the caller’s plaintext token');
    const listed = (res.body.data.tokens as TokenJson[]).find((token) => token.id === created.id);
    assert.ok(listed, 'new token missing from the list');
    assert.equal(listed.token, undefined);
    assert.deepEqual(
      { name: listed.name, prefix: listed.prefix, createdAt: listed.createdAt, revokedAt: listed.revokedAt },
      { name: 'listed', prefix: created.prefix, createdAt: created.createdAt, revokedAt: null },
    );
    assert.ok('lastUsedAt' in listed);
    const bobs = await listTokens(bob.token);
    assert.ok(!bobs.some((token) => token.id === created.id), 'another account sees the token');
  });

  it('makes the new token usable for the same account and records lastUsedAt after its use', async () => {
    const created = await newToken(alice.token, 'used');
    const mine = await createInbox(rehook, alice.token);
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${mine.id}`, { token: created.token });
    assert.equal(res.status, 200, res.text);
    // The use is recorded without holding up the request (on PostgreSQL it may land after the
    // answer): poll for it. The limit only catches a use never recorded.
    let listed: TokenJson | undefined;
    for (const deadline = Date.now() + 15_000; Date.now() < deadline; await sleep(25)) {
      listed = (await listTokens(alice.token)).find((token) => token.id === created.id);
      if (listed?.lastUsedAt) break;
    }
    assert.ok(listed?.lastUsedAt, 'lastUsedAt was not set after the token was used');
    assert.match(listed.lastUsedAt, ISO_UTC);
    assert.ok(Date.parse(listed.lastUsedAt) >= Date.parse(listed.createdAt));
  });

  it('revokes a token (204): it gets 401 at once and the list shows revokedAt', async () => {
    const created = await newToken(alice.token, 'to revoke');
    assert.equal((await call(rehook.apiUrl, '/api/v1/inboxes', { token: created.token })).status, 200);
    const res = await call(rehook.apiUrl, `/api/v1/tokens/${created.id}`, { method: 'DELETE', token: alice.token });
    assert.equal(res.status, 204, res.text);
    assert.equal(res.text, '');
    assertUnauthorized(await call(rehook.apiUrl, '/api/v1/inboxes', { token: created.token }));
    assertUnauthorized(await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token: created.token }));
    const listed = (await listTokens(alice.token)).find((token) => token.id === created.id);
    assert.ok(listed);
    assert.match(listed.revokedAt ?? '', ISO_UTC);
  });

  it('lets a token revoke itself, after which it is refused', async () => {
    const created = await newToken(alice.token, 'self');
    const res = await call(rehook.apiUrl, `/api/v1/tokens/${created.id}`, { method: 'DELETE', token: created.token });
    assert.equal(res.status, 204, res.text);
    assertUnauthorized(await call(rehook.apiUrl, '/api/v1/tokens', { token: created.token }));
  });

  it('answers 404 TOKEN_NOT_FOUND to revoking another account’s token, which keeps working', async () => {
    const bobs = await newToken(bob.token, 'bob’s');
    const res = await call(rehook.apiUrl, `/api/v1/tokens/${bobs.id}`, { method: 'DELETE', token: alice.token });
    assertError(res, 404, 'TOKEN_NOT_FOUND');
    assert.equal((await call(rehook.apiUrl, '/api/v1/tokens', { token: bobs.token })).status, 200);
    assertError(
      await call(rehook.apiUrl, '/api/v1/tokens/tok_aaaaaaaaaaaaaaaaaaaaaaaaaa', {
        method: 'DELETE',
        token: alice.token,
      }),
      404,
      'TOKEN_NOT_FOUND',
    );
  });

  for (const [label, body] of [
    ['a missing name', {}],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '   ' }],
    ['a 101-character name', { name: 'n'.repeat(101) }],
    ['a 10 KB name', { name: 'n'.repeat(10_000) }],
    ['a numeric name', { name: 7 }],
    ['a name with a control character', { name: 'ci\nprod' }],
  ] as const) {
    it(`answers 400 VALIDATION_FAILED to creating a token with ${label}`, async () => {
      const before = (await listTokens(alice.token)).length;
      const res = await call(rehook.apiUrl, '/api/v1/tokens', { method: 'POST', token: alice.token, json: body });
      assertError(res, 400, 'VALIDATION_FAILED');
      assert.equal((await listTokens(alice.token)).length, before);
    });
  }

  it('accepts a name of exactly 100 characters', async () => {
    const created = await newToken(alice.token, 'n'.repeat(100));
    assert.equal(created.name.length, 100);
  });

  it('answers 401 UNAUTHORIZED to every token endpoint without a token', async () => {
    assertUnauthorized(await call(rehook.apiUrl, '/api/v1/tokens'));
    assertUnauthorized(await call(rehook.apiUrl, '/api/v1/tokens', { method: 'POST', json: { name: 'x' } }));
    const [first] = await listTokens(alice.token);
    assert.ok(first);
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/tokens/${first.id}`, { method: 'DELETE' }));
    const still = (await listTokens(alice.token)).find((token) => token.id === first.id);
    assert.equal(still?.revokedAt, first.revokedAt);
  });
});

describe('Authorization header edge cases', () => {
  let rehook: TestRehook;
  let user: { accountId: string; token: string };
  let anonInboxPath: string;

  before(async () => {
    rehook = await startTestRehook();
    user = await rehook.createUser();
    // Readable without a token: a 401 here proves a bad header is never downgraded to anonymous.
    anonInboxPath = `/api/v1/inboxes/${(await createInbox(rehook)).id}`;
  });
  after(() => rehook.stop());

  function withAuthorization(...values: string[]) {
    return rawRequest(`${rehook.apiUrl}${anonInboxPath}`, {
      headers: values.flatMap((value) => ['Authorization', value]),
    });
  }

  function badChecksum(token: string): string {
    // Same shape (rhk_ + 38 base32 characters), last checksum character changed.
    const last = token.at(-1) === '0' ? '1' : '0';
    return token.slice(0, -1) + last;
  }

  const refused: Array<[string, () => string[]]> = [
    ['"Bearer" alone', () => ['Bearer']],
    ['"Bearer  x" (two spaces)', () => ['Bearer  x']],
    ['"Bearer  <valid>" (two spaces)', () => [`Bearer  ${user.token}`]],
    ['"Basic abc"', () => ['Basic abc']],
    ['"Token x"', () => ['Token x']],
    ['a valid token without a scheme', () => [user.token]],
    ['a 10 KB token', () => [`Bearer rhk_${'a'.repeat(10_000)}`]],
    ['an rhk_ token with a bad checksum', () => [`Bearer ${badChecksum(user.token)}`]],
    ['a well-formed token that was never issued', () => [`Bearer rhk_${'0'.repeat(38)}`]],
    ['trailing garbage after a valid token', () => [`Bearer ${user.token} extra`]],
    ['an empty Authorization header', () => ['']],
    ['two Authorization headers (both valid)', () => [`Bearer ${user.token}`, `Bearer ${user.token}`]],
    ['two Authorization headers (valid then invalid)', () => [`Bearer ${user.token}`, 'Bearer nope']],
  ];
  for (const [label, values] of refused) {
    it(`answers 401 UNAUTHORIZED, never 500, for ${label}`, async () => {
      const res = await withAuthorization(...values());
      assertWellFormed(res, label);
      assertUnauthorized(res);
    });
  }

  it('accepts the scheme in any case: "bearer <valid>" and "BEARER <valid>"', async () => {
    for (const scheme of ['bearer', 'BEARER', 'BeArEr']) {
      const res = await rawRequest(`${rehook.apiUrl}/api/v1/inboxes`, {
        headers: ['Authorization', `${scheme} ${user.token}`],
      });
      assert.equal(res.status, 200, `${scheme}: ${res.text}`);
      assert.ok(Array.isArray(res.body.data.inboxes));
    }
  });

  it('refuses an invalid token on anonymous inbox creation instead of downgrading to anonymous', async () => {
    for (const value of ['Basic abc', 'Bearer', `Bearer ${badChecksum(user.token)}`]) {
      const res = await rawRequest(`${rehook.apiUrl}/api/v1/inboxes`, {
        method: 'POST',
        headers: ['Authorization', value],
      });
      assertWellFormed(res, value);
      assertUnauthorized(res);
    }
  });
});

describe('POST /api/v1/inboxes/:id/save', () => {
  const clock = createFakeClock(new Date('2026-05-01T00:00:00.000Z'));
  const TTL = 48 * 3_600_000;
  let rehook: TestRehook;
  let alice: { accountId: string; token: string };
  let bob: { accountId: string; token: string };

  before(async () => {
    rehook = await startTestRehook({ clock, env: { REHOOK_SWEEP_INTERVAL: '1d' } });
    alice = await rehook.createUser();
    bob = await rehook.createUser();
  });
  after(() => rehook.stop());

  it('saves an anonymous inbox for the token’s account: 200, saved true, expiresAt null; it then outlives the TTL and is listed', async () => {
    const anon = await createInbox(rehook);
    const eventId = await ingestEvent(rehook, anon.id, { body: 'keep me' });
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}/save`, { method: 'POST', token: alice.token });
    assert.equal(res.status, 200, res.text);
    const saved = res.body.data.inbox;
    assert.equal(saved.id, anon.id);
    assert.equal(saved.saved, true);
    assert.equal(saved.expiresAt, null);
    assert.equal(saved.ingestUrl, `/i/${anon.id}`);

    clock.advance(TTL + 60_000);
    const later = await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}`, { token: alice.token });
    assert.equal(later.status, 200, later.text);
    assert.equal(later.body.data.inbox.saved, true);
    const event = await call(rehook.apiUrl, `/api/v1/events/${eventId}`, { token: alice.token });
    assert.equal(event.status, 200, event.text);
    const list = await call(rehook.apiUrl, '/api/v1/inboxes', { token: alice.token });
    assert.ok((list.body.data.inboxes as Array<{ id: string }>).some((inbox) => inbox.id === anon.id));
    // Now owned: no longer readable without a token or by another account.
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}`));
    assertError(await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}`, { token: bob.token }), 404, 'INBOX_NOT_FOUND');
  });

  it('is idempotent for the owner', async () => {
    const owned = await createInbox(rehook, alice.token);
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${owned.id}/save`, { method: 'POST', token: alice.token });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.inbox.saved, true);
    assert.equal(res.body.data.inbox.createdAt, owned.createdAt);
  });

  it('answers 401 UNAUTHORIZED without a token and leaves the inbox anonymous', async () => {
    const anon = await createInbox(rehook);
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}/save`, { method: 'POST' }));
    const still = await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}`);
    assert.equal(still.body.data.inbox.saved, false);
  });

  it('answers 404 INBOX_NOT_FOUND for another account’s inbox, and it stays theirs', async () => {
    const bobs = await createInbox(rehook, bob.token);
    const res = await call(rehook.apiUrl, `/api/v1/inboxes/${bobs.id}/save`, { method: 'POST', token: alice.token });
    assertError(res, 404, 'INBOX_NOT_FOUND');
    assert.equal((await call(rehook.apiUrl, `/api/v1/inboxes/${bobs.id}`, { token: bob.token })).status, 200);
  });

  it('answers 404 INBOX_NOT_FOUND for an unknown or already expired inbox', async () => {
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${UNKNOWN_INBOX_ID}/save`, { method: 'POST', token: alice.token }),
      404,
      'INBOX_NOT_FOUND',
    );
    const anon = await createInbox(rehook);
    clock.advance(TTL);
    assertError(
      await call(rehook.apiUrl, `/api/v1/inboxes/${anon.id}/save`, { method: 'POST', token: alice.token }),
      404,
      'INBOX_NOT_FOUND',
    );
  });
});
