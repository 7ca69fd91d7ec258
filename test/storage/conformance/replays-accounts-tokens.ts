import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { newId } from '../../../src/domain/ids.js';
import { HOUR, at, createEventMaker, makeAccount, makeReplay, makeToken, type StoreGetter } from './fixtures.js';

/** Conformance cases for ReplayRepository. */
export function describeReplayCases(store: StoreGetter): void {
  describe('replays', () => {
    it('lists replays of an event newest first, filtered by account and limited', async () => {
      const event = createEventMaker()(newId('inbox'));
      const alice = newId('account');
      const bob = newId('account');
      const replays = [
        makeReplay(event, alice, { createdAt: at(HOUR) }),
        makeReplay(event, bob, { createdAt: at(HOUR + 1), statusCode: 500 }),
        makeReplay(event, alice, {
          createdAt: at(HOUR + 2),
          outcome: 'timeout',
          statusCode: null,
          latencyMs: 10_000,
          responseHeaders: [],
          responseBody: Buffer.alloc(0),
          errorCode: 'DESTINATION_TIMEOUT',
          errorMessage: 'no answer within 10 s',
        }),
        makeReplay(event, bob, { createdAt: at(HOUR + 3), truncated: true, latencyMs: 0.25 }),
      ];
      for (const replay of replays) await store().replays.insert(replay);
      await store().replays.insert(makeReplay(createEventMaker()(event.inboxId), alice));

      const newestFirst = [...replays].reverse();
      assert.deepEqual(await store().replays.listByEvent(event.id, { limit: 10 }), newestFirst);
      const firstTwo = await store().replays.listByEvent(event.id, { limit: 2 });
      assert.deepEqual(firstTwo, newestFirst.slice(0, 2));
      assert.deepEqual(
        await store().replays.listByEvent(event.id, { limit: 10, accountId: alice }),
        newestFirst.filter((r) => r.accountId === alice),
      );
      const stranger = { limit: 10, accountId: newId('account') };
      assert.deepEqual(await store().replays.listByEvent(event.id, stranger), []);
      assert.deepEqual(await store().replays.listByEvent(newId('inbox'), { limit: 10 }), []);
    });

    it('keeps a failed replay with null status and latency and an empty body', async () => {
      const event = createEventMaker()(newId('inbox'));
      const replay = makeReplay(event, newId('account'), {
        outcome: 'forbidden',
        statusCode: null,
        latencyMs: null,
        responseHeaders: [],
        responseBody: Buffer.alloc(0),
        errorCode: 'DESTINATION_FORBIDDEN',
        errorMessage: 'private address',
      });
      await store().replays.insert(replay);
      const [found] = await store().replays.listByEvent(event.id, { limit: 1 });
      assert.deepEqual(found, replay);
      assert.ok(Buffer.isBuffer(found?.responseBody));
    });

    it('keeps what an edited replay sent (migration 10): method, URL, headers, body bytes, overrides, job id', async () => {
      const event = createEventMaker()(newId('inbox'));
      const body = Buffer.from([0, 0xff, 0x80, 0x7f, 10, 13]);
      const replay = makeReplay(event, newId('account'), {
        jobId: newId('replayJob'),
        request: {
          method: 'PUT',
          url: 'https://example.com/hooks/v2?attempt=2',
          headers: [
            ['Content-Type', 'application/octet-stream'],
            ['X-Dup', 'one'],
            ['x-dup', 'two \u00e9'],
            ['Authorization', '[REDACTED]'],
          ],
          body,
          bodySize: body.length,
          overrides: {
            method: 'PUT',
            path: '/v2',
            query: 'attempt=2',
            setHeaders: [['Authorization', '[REDACTED]']],
            removeHeaders: ['User-Agent'],
            body: true,
          },
          resigned: true,
        },
      });
      await store().replays.insert(replay);
      const [found] = await store().replays.listByEvent(event.id, { limit: 1 });
      assert.deepEqual(found, replay);
      assert.ok(Buffer.isBuffer(found?.request?.body));
    });

    it("keeps a verbatim replay's request without a body of its own (null: the event's body was sent)", async () => {
      const event = createEventMaker()(newId('inbox'));
      const replay = makeReplay(event, newId('account'), {
        request: {
          method: 'POST',
          url: 'https://example.com/hook?x=1',
          headers: [['Content-Type', 'application/json']],
          body: null,
          bodySize: 1234,
          overrides: null,
          resigned: false,
        },
      });
      const invalid = makeReplay(event, newId('account'), {
        createdAt: at(HOUR + 1),
        outcome: 'invalid',
        request: null,
      });
      await store().replays.insert(replay);
      await store().replays.insert(invalid);
      assert.deepEqual(await store().replays.listByEvent(event.id, { limit: 10 }), [invalid, replay]);
    });
  });
}

/** Conformance cases for AccountRepository. */
export function describeAccountCases(store: StoreGetter): void {
  describe('accounts', () => {
    it('inserts an account and finds it by id and by e-mail', async () => {
      const account = makeAccount({ passwordHash: 'scrypt$16384$8$1$c2FsdA$aGFzaA' });
      assert.equal(await store().accounts.insert(account), true);
      assert.deepEqual(await store().accounts.findById(account.id), account);
      assert.deepEqual(await store().accounts.findByEmail(account.email), account);
      assert.equal(await store().accounts.findById(newId('account')), null);
      assert.equal(await store().accounts.findByEmail('nobody@example.com'), null);
    });

    it('returns false for a taken e-mail and stores nothing', async () => {
      const first = makeAccount({ email: 'dup@example.com' });
      const second = makeAccount({ email: 'dup@example.com', createdAt: at(1) });
      assert.equal(await store().accounts.insert(first), true);
      assert.equal(await store().accounts.insert(second), false);
      assert.equal(await store().accounts.findById(second.id), null);
      assert.deepEqual(await store().accounts.findByEmail('dup@example.com'), first);
      assert.deepEqual(await store().accounts.list(), [first]);
    });

    it('replaces the password hash of one account only', async () => {
      const account = makeAccount({ passwordHash: 'scrypt$16384$8$1$b2xk$b2xk' });
      const other = makeAccount({ passwordHash: null });
      await store().accounts.insert(account);
      await store().accounts.insert(other);
      assert.equal(await store().accounts.setPasswordHash(account.id, 'scrypt$16384$8$1$bmV3$bmV3'), true);
      assert.deepEqual(await store().accounts.findById(account.id), {
        ...account,
        passwordHash: 'scrypt$16384$8$1$bmV3$bmV3',
      });
      assert.deepEqual(await store().accounts.findByEmail(other.email), other);
      assert.equal(await store().accounts.setPasswordHash(newId('account'), 'x'), false);
    });

    it('lists every account', async () => {
      const accounts = [0, 1, 2].map((offset) => makeAccount({ createdAt: at(offset) }));
      for (const account of accounts) assert.equal(await store().accounts.insert(account), true);
      const listed = await store().accounts.list();
      assert.equal(listed.length, 3);
      for (const account of accounts) {
        assert.deepEqual(
          listed.find((a) => a.id === account.id),
          account,
        );
      }
    });
  });
}

/** Conformance cases for TokenRepository. */
export function describeTokenCases(store: StoreGetter): void {
  describe('tokens', () => {
    it('finds a token by hash, revoked or not, and null for an unknown hash', async () => {
      const token = makeToken(newId('account'));
      await store().tokens.insert(token);
      assert.deepEqual(await store().tokens.findByHash(token.hash), token);
      assert.equal(await store().tokens.findByHash('0'.repeat(64)), null);
      await store().tokens.revoke(token.id, token.accountId, at(5));
      assert.deepEqual(await store().tokens.findByHash(token.hash), { ...token, revokedAt: at(5) });
    });

    it('lists the tokens of an account newest first, revoked ones included', async () => {
      const accountId = newId('account');
      const older = makeToken(accountId, { createdAt: at(1), revokedAt: at(2) });
      const newer = makeToken(accountId, { createdAt: at(3), lastUsedAt: at(4) });
      await store().tokens.insert(older);
      await store().tokens.insert(newer);
      await store().tokens.insert(makeToken(newId('account')));
      assert.deepEqual(await store().tokens.listByAccount(accountId), [newer, older]);
      assert.deepEqual(await store().tokens.listByAccount(newId('account')), []);
    });

    it('revokes only a token of the given account, keeping the first revocation time', async () => {
      const token = makeToken(newId('account'));
      await store().tokens.insert(token);
      assert.equal(await store().tokens.revoke(token.id, newId('account'), at(1)), false);
      assert.equal(await store().tokens.revoke(newId('token'), token.accountId, at(1)), false);
      assert.equal((await store().tokens.findByHash(token.hash))?.revokedAt, null);
      assert.equal(await store().tokens.revoke(token.id, token.accountId, at(2)), true);
      assert.equal(await store().tokens.revoke(token.id, token.accountId, at(3)), true);
      assert.deepEqual((await store().tokens.findByHash(token.hash))?.revokedAt, at(2));
    });

    it('touch records the last use', async () => {
      const token = makeToken(newId('account'));
      await store().tokens.insert(token);
      await store().tokens.touch(token.id, at(HOUR));
      const touched = await store().tokens.findByHash(token.hash);
      assert.deepEqual(touched, { ...token, lastUsedAt: at(HOUR) });
      await store().tokens.touch(newId('token'), at(HOUR));
      assert.deepEqual((await store().tokens.findByHash(token.hash))?.lastUsedAt, at(HOUR));
    });
  });
}
