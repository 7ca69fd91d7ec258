import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { newId } from '../../../src/domain/ids.js';
import { HOUR, at, makeAccount, makeToken, type StoreGetter } from './fixtures.js';
import { makeSession } from './sessions.js';

/**
 * Conformance cases of account settings (migration 14): profile, deleting an account, the
 * sessions Settings lists and signs out, and the limits of scoped tokens.
 */
export function describeAccountSettingsCases(store: StoreGetter): void {
  describe('account settings and scoped tokens', () => {
    it('keeps a display name, and updates e-mail and name of one account only', async () => {
      const account = makeAccount({ displayName: 'Ada' });
      const other = makeAccount();
      await store().accounts.insert(account);
      await store().accounts.insert(other);
      assert.deepEqual(await store().accounts.findById(account.id), account);
      const updated = await store().accounts.updateProfile(account.id, { email: 'new@example.com', displayName: null });
      assert.deepEqual(updated, { ...account, email: 'new@example.com', displayName: null });
      assert.deepEqual(await store().accounts.findByEmail('new@example.com'), updated);
      assert.equal(await store().accounts.findByEmail(account.email), null);
      assert.deepEqual(await store().accounts.findById(other.id), other);
      // Its own address again is not a conflict.
      const same = await store().accounts.updateProfile(account.id, { email: 'new@example.com', displayName: 'A' });
      assert.equal(same !== null && same !== 'email-taken' ? same.displayName : same, 'A');
    });

    it("refuses another account's e-mail, changing nothing, and says when the account is unknown", async () => {
      const account = makeAccount();
      const other = makeAccount();
      await store().accounts.insert(account);
      await store().accounts.insert(other);
      const taken = await store().accounts.updateProfile(account.id, { email: other.email, displayName: 'x' });
      assert.equal(taken, 'email-taken');
      assert.deepEqual(await store().accounts.findById(account.id), account);
      const unknown = await store().accounts.updateProfile(newId('account'), {
        email: 'z@example.com',
        displayName: null,
      });
      assert.equal(unknown, null);
    });

    it('deletes an account with its tokens and sessions, and nothing of another account', async () => {
      const account = makeAccount();
      const other = makeAccount();
      await store().accounts.insert(account);
      await store().accounts.insert(other);
      const token = makeToken(account.id);
      const otherToken = makeToken(other.id);
      await store().tokens.insert(token);
      await store().tokens.insert(otherToken);
      const session = makeSession(account.id);
      const otherSession = makeSession(other.id);
      await store().sessions.insert(session);
      await store().sessions.insert(otherSession);

      assert.equal(await store().accounts.delete(account.id), true);
      assert.equal(await store().accounts.findById(account.id), null);
      assert.equal(await store().tokens.findByHash(token.hash), null);
      assert.equal(await store().sessions.findLiveByHash(session.hash, at(HOUR)), null);
      assert.deepEqual(await store().tokens.findByHash(otherToken.hash), otherToken);
      assert.deepEqual(await store().sessions.findLiveByHash(otherSession.hash, at(HOUR)), otherSession);
      assert.equal(await store().accounts.delete(account.id), false);
    });

    it('lists the live sessions of an account, most recently used first, with their user agents', async () => {
      const accountId = newId('account');
      const older = makeSession(accountId, { lastSeenAt: at(HOUR), userAgent: 'Firefox' });
      const newer = makeSession(accountId, { lastSeenAt: at(2 * HOUR), userAgent: null });
      const expired = makeSession(accountId, { expiresAt: at(3 * HOUR) });
      await store().sessions.insert(older);
      await store().sessions.insert(newer);
      await store().sessions.insert(expired);
      await store().sessions.insert(makeSession(newId('account')));
      assert.deepEqual(await store().sessions.listLiveByAccount(accountId, at(3 * HOUR)), [newer, older]);
      assert.deepEqual(await store().sessions.listLiveByAccount(newId('account'), at(0)), []);
    });

    it("signs out one session of the account (never another account's) or all others", async () => {
      const accountId = newId('account');
      const [a, b, c] = [makeSession(accountId), makeSession(accountId), makeSession(accountId)];
      const foreign = makeSession(newId('account'));
      for (const session of [a, b, c, foreign]) await store().sessions.insert(session);
      assert.equal(await store().sessions.deleteOfAccount(foreign.id, accountId), false);
      assert.ok(await store().sessions.findLiveByHash(foreign.hash, at(0)));
      assert.equal(await store().sessions.deleteOfAccount(a.id, accountId), true);
      assert.equal(await store().sessions.deleteOfAccount(a.id, accountId), false);
      assert.equal(await store().sessions.deleteOthers(accountId, b.id), 1);
      assert.deepEqual(await store().sessions.listLiveByAccount(accountId, at(0)), [b]);
      assert.ok(await store().sessions.findLiveByHash(foreign.hash, at(0)));
    });

    it('keeps the scope, inbox limits, team and expiry of a token; old tokens read as manage', async () => {
      const accountId = newId('account');
      const limited = makeToken(accountId, {
        scope: 'read',
        inboxIds: [newId('inbox'), newId('inbox')],
        teamId: null,
        expiresAt: at(HOUR),
      });
      const open = makeToken(accountId, { scope: 'replay', inboxIds: [] });
      await store().tokens.insert(limited);
      await store().tokens.insert(open);
      assert.deepEqual(await store().tokens.findByHash(limited.hash), limited);
      assert.deepEqual(await store().tokens.findByHash(open.hash), open);
      const plain = makeToken(accountId);
      await store().tokens.insert(plain);
      assert.equal((await store().tokens.findByHash(plain.hash))?.scope, 'manage');
    });
  });
}
