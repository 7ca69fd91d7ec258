import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { newId } from '../../../src/domain/ids.js';
import type { Team } from '../../../src/domain/team.js';
import { at, makeAccount, type StoreGetter } from './fixtures.js';

const ISSUER = 'https://sso.example.com/realms/acme';

/** Conformance cases for single sign-on: identity links, and joining teams named by the provider. */
export function describeIdentityCases(store: StoreGetter): void {
  describe('single sign-on identities', () => {
    it('links a subject of an issuer to one account, once', async () => {
      const account = makeAccount();
      const other = makeAccount();
      await store().accounts.insert(account);
      await store().accounts.insert(other);
      assert.equal(await store().identities.find(ISSUER, 'sub-1'), null);
      const identity = { issuer: ISSUER, subject: 'sub-1', accountId: account.id, createdAt: at(5) };
      assert.equal(await store().identities.link(identity), true);
      assert.deepEqual(await store().identities.find(ISSUER, 'sub-1'), identity);
      // The same subject again, for another account: the first link stays.
      assert.equal(await store().identities.link({ ...identity, accountId: other.id }), false);
      assert.equal((await store().identities.find(ISSUER, 'sub-1'))?.accountId, account.id);
      // Subjects are per issuer, and compared exactly (case matters).
      assert.equal(await store().identities.find('https://other.example.com', 'sub-1'), null);
      assert.equal(await store().identities.find(ISSUER, 'SUB-1'), null);
      assert.equal(await store().identities.link({ ...identity, subject: 'SUB-1', accountId: other.id }), true);
      assert.equal((await store().identities.find(ISSUER, 'SUB-1'))?.accountId, other.id);
    });

    it('links an account to one subject per issuer: never a second one, and never a taken subject', async () => {
      const account = makeAccount();
      const other = makeAccount();
      await store().accounts.insert(account);
      await store().accounts.insert(other);
      assert.deepEqual(await store().identities.listByAccount(account.id), []);
      const identity = { issuer: ISSUER, subject: 'first', accountId: account.id, createdAt: at(1) };
      assert.equal(await store().identities.linkIfUnlinked(identity), true);
      assert.deepEqual(await store().identities.listByAccount(account.id), [identity]);
      // A second subject of the same issuer for that account: refused, the first link stays.
      assert.equal(await store().identities.linkIfUnlinked({ ...identity, subject: 'second' }), false);
      assert.equal(await store().identities.find(ISSUER, 'second'), null);
      // The taken subject for another account: refused.
      assert.equal(await store().identities.linkIfUnlinked({ ...identity, accountId: other.id }), false);
      assert.deepEqual(await store().identities.listByAccount(other.id), []);
      // Another issuer is another namespace; an unknown account gets nothing.
      const elsewhere = { ...identity, issuer: 'https://other.example.com', subject: 'second', createdAt: at(2) };
      assert.equal(await store().identities.linkIfUnlinked(elsewhere), true);
      assert.deepEqual(
        (await store().identities.listByAccount(account.id)).map((link) => [link.issuer, link.subject]),
        [
          [ISSUER, 'first'],
          ['https://other.example.com', 'second'],
        ],
      );
      const ghost = { ...identity, subject: 'ghost', accountId: makeAccount().id };
      assert.equal(await store().identities.linkIfUnlinked(ghost), false);
    });

    it('of two links of one account at once, exactly one is stored', async () => {
      const account = makeAccount();
      await store().accounts.insert(account);
      const results = await Promise.all(
        ['x', 'y', 'z'].map((subject) =>
          store().identities.linkIfUnlinked({ issuer: ISSUER, subject, accountId: account.id, createdAt: at(2) }),
        ),
      );
      assert.deepEqual(results.filter(Boolean).length, 1);
    });

    it('deleting the account deletes its links, and no other', async () => {
      const account = makeAccount();
      const other = makeAccount();
      await store().accounts.insert(account);
      await store().accounts.insert(other);
      await store().identities.link({ issuer: ISSUER, subject: 'a', accountId: account.id, createdAt: at(0) });
      await store().identities.link({ issuer: ISSUER, subject: 'b', accountId: other.id, createdAt: at(0) });
      assert.equal(await store().accounts.delete(account.id), true);
      assert.equal(await store().identities.find(ISSUER, 'a'), null);
      assert.equal((await store().identities.find(ISSUER, 'b'))?.accountId, other.id);
    });
  });

  describe('teams named by a provider', () => {
    async function team(name: string): Promise<Team> {
      const owner = makeAccount();
      await store().accounts.insert(owner);
      const created: Team = { id: newId('team'), name, createdAt: at(0) };
      await store().teams.insert(created, { teamId: created.id, accountId: owner.id, role: 'owner', joinedAt: at(0) });
      return created;
    }

    it('lists every team with exactly a name', async () => {
      const first = await team('Payments');
      const second = await team('Payments');
      await team('payments');
      await team('Payments team');
      const found = await store().teams.listByName('Payments');
      assert.deepEqual(
        found.map((t) => t.id),
        [first.id, second.id].sort(),
      );
      assert.deepEqual(
        found.find((t) => t.id === first.id),
        first,
      );
      assert.deepEqual(await store().teams.listByName('Nobody'), []);
    });

    it('adds a member once, keeps an existing role, and adds nobody to a missing team', async () => {
      const payments = await team('Payments');
      const account = makeAccount();
      await store().accounts.insert(account);
      const joined = { teamId: payments.id, accountId: account.id, role: 'member' as const, joinedAt: at(10) };
      assert.equal(await store().teams.addMember(joined), true);
      assert.equal(await store().teams.findRole(payments.id, account.id), 'member');
      await store().teams.changeRole(payments.id, account.id, 'admin');
      assert.equal(await store().teams.addMember(joined), false);
      assert.equal(await store().teams.findRole(payments.id, account.id), 'admin');
      const missing = newId('team');
      assert.equal(await store().teams.addMember({ ...joined, teamId: missing }), false);
      assert.equal(await store().teams.findRole(missing, account.id), null);
      const members = await store().teams.listMembers(payments.id);
      assert.deepEqual(
        members.map((m) => [m.accountId, m.role, m.joinedAt.getTime()]),
        [
          [members[0]?.accountId, 'owner', at(0).getTime()],
          [account.id, 'admin', at(10).getTime()],
        ],
      );
    });
  });
}
