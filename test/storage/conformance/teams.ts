import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { describe, it } from 'node:test';

import { newId } from '../../../src/domain/ids.js';
import type { Team, TeamInvitation, TeamRole } from '../../../src/domain/team.js';
import { HOUR, at, makeAccount, ownedInbox, type StoreGetter } from './fixtures.js';

function makeTeam(name = 'Payments', offsetMs = 0): Team {
  return { id: newId('team'), name, createdAt: at(offsetMs) };
}

/** An invitation made by `createdBy` (it works only while that account may invite at `role`). */
function makeInvitation(teamId: string, role: TeamRole, createdBy: string, offsetMs = 0): TeamInvitation {
  const id = newId('invitation');
  return {
    id,
    teamId,
    role,
    hash: createHash('sha256').update(id).digest('hex'),
    prefix: 'rhi_4f9a',
    createdBy,
    createdAt: at(offsetMs),
    expiresAt: at(offsetMs + 24 * HOUR),
    acceptedAt: null,
    acceptedBy: null,
  };
}

/** Conformance cases for TeamRepository and moving inboxes between owners. */
export function describeTeamCases(store: StoreGetter): void {
  describe('teams', () => {
    /** A team owned by a new account, with the accounts stored (the members list joins them). */
    async function teamWithOwner(name = 'Payments'): Promise<{ team: Team; ownerId: string }> {
      const owner = makeAccount();
      await store().accounts.insert(owner);
      const team = makeTeam(name);
      await store().teams.insert(team, { teamId: team.id, accountId: owner.id, role: 'owner', joinedAt: at(0) });
      return { team, ownerId: owner.id };
    }

    /** A new account that joins the team with `role` through an invitation made by an owner. */
    async function join(teamId: string, role: TeamRole, offsetMs = 1): Promise<string> {
      const account = makeAccount();
      await store().accounts.insert(account);
      const owner = (await store().teams.listMembers(teamId)).find((m) => m.role === 'owner');
      assert.ok(owner, 'the team has an owner to invite');
      const invitation = makeInvitation(teamId, role, owner.accountId);
      await store().teams.insertInvitation(invitation);
      const used = await store().teams.acceptInvitation(invitation.hash, account.id, at(offsetMs));
      assert.equal(used?.acceptedBy, account.id);
      return account.id;
    }

    it('stores a team with its owner, finds, renames and lists it with the role', async () => {
      const { team, ownerId } = await teamWithOwner('Zeta');
      const other = await teamWithOwner('Alpha');
      const memberId = await join(team.id, 'viewer');
      await store().teams.insert(makeTeam('Beta'), {
        teamId: newId('team'),
        accountId: newId('account'),
        role: 'owner',
        joinedAt: at(0),
      });
      assert.deepEqual(await store().teams.findById(team.id), team);
      assert.equal(await store().teams.findById(newId('team')), null);
      assert.equal(await store().teams.findRole(team.id, ownerId), 'owner');
      assert.equal(await store().teams.findRole(team.id, memberId), 'viewer');
      assert.equal(await store().teams.findRole(other.team.id, memberId), null);
      const renamed = await store().teams.rename(team.id, 'Omega');
      assert.deepEqual(renamed, { ...team, name: 'Omega' });
      assert.equal(await store().teams.rename(newId('team'), 'x'), null);
      assert.deepEqual(await store().teams.listByAccount(memberId), [
        { team: { ...team, name: 'Omega' }, role: 'viewer' },
      ]);
      const members = await store().teams.listMembers(team.id);
      assert.deepEqual(
        members.map((m) => [m.accountId, m.role]),
        [
          [ownerId, 'owner'],
          [memberId, 'viewer'],
        ],
      );
      assert.match(members[0]?.email ?? '', /@/);
    });

    it('changes roles and removes members, never leaving a team without an owner', async () => {
      const { team, ownerId } = await teamWithOwner();
      const adminId = await join(team.id, 'admin');
      assert.equal(await store().teams.changeRole(team.id, ownerId, 'admin'), 'last-owner');
      assert.equal(await store().teams.removeMember(team.id, ownerId), 'last-owner');
      assert.equal(await store().teams.changeRole(team.id, newId('account'), 'viewer'), 'not-member');
      assert.equal(await store().teams.removeMember(team.id, newId('account')), 'not-member');
      assert.deepEqual(
        (await store().teams.listSoleOwned(ownerId)).map((t) => t.id),
        [team.id],
      );
      assert.equal(await store().teams.changeRole(team.id, adminId, 'owner'), 'done');
      assert.deepEqual(await store().teams.listSoleOwned(ownerId), []);
      // Two owners demoting each other at once: exactly one succeeds.
      const results = await Promise.all([
        store().teams.changeRole(team.id, ownerId, 'viewer'),
        store().teams.changeRole(team.id, adminId, 'viewer'),
      ]);
      assert.deepEqual([...results].sort(), ['done', 'last-owner']);
      const owners = (await store().teams.listMembers(team.id)).filter((m) => m.role === 'owner');
      assert.equal(owners.length, 1);
      const viewer = results[0] === 'done' ? ownerId : adminId;
      assert.equal(await store().teams.removeMember(team.id, viewer), 'done');
      assert.equal(await store().teams.findRole(team.id, viewer), null);
    });

    it('uses an invitation once, never after it expired or was revoked, and lists only unused ones', async () => {
      const { team, ownerId } = await teamWithOwner();
      const account = makeAccount();
      await store().accounts.insert(account);
      const older = makeInvitation(team.id, 'member', ownerId, 1);
      const newer = makeInvitation(team.id, 'viewer', ownerId, 2);
      const revoked = makeInvitation(team.id, 'viewer', ownerId, 3);
      for (const invitation of [older, newer, revoked]) await store().teams.insertInvitation(invitation);
      const listed = (i: TeamInvitation) => ({ ...i, createdByEmail: `${ownerId}@example.com` });
      assert.deepEqual(await store().teams.listInvitations(team.id), [revoked, newer, older].map(listed));
      assert.equal(await store().teams.revokeInvitation(revoked.id, team.id), true);
      assert.equal(await store().teams.revokeInvitation(revoked.id, team.id), false);
      assert.equal(await store().teams.acceptInvitation(revoked.hash, account.id, at(10)), null);
      // Expired: refused at its expiry, nothing changes.
      assert.equal(await store().teams.acceptInvitation(newer.hash, account.id, newer.expiresAt), null);
      const used = await store().teams.acceptInvitation(older.hash, account.id, at(10));
      assert.deepEqual(used, { ...older, acceptedAt: at(10), acceptedBy: account.id });
      assert.equal(await store().teams.findRole(team.id, account.id), 'member');
      assert.equal(await store().teams.acceptInvitation(older.hash, account.id, at(11)), null);
      assert.deepEqual(await store().teams.listInvitations(team.id), [newer].map(listed));
      assert.equal(await store().teams.revokeInvitation(older.id, team.id), false, 'a used link is not revocable');
    });

    it('finds a usable invitation by hash with its team name and maker, never a used, expired or revoked one', async () => {
      const { team, ownerId } = await teamWithOwner('Payments');
      const account = makeAccount();
      await store().accounts.insert(account);
      const open = makeInvitation(team.id, 'member', ownerId, 1);
      const revoked = makeInvitation(team.id, 'viewer', ownerId, 2);
      for (const invitation of [open, revoked]) await store().teams.insertInvitation(invitation);
      await store().teams.revokeInvitation(revoked.id, team.id);
      assert.deepEqual(await store().teams.findUsableInvitation(open.hash, at(10)), {
        ...open,
        createdByEmail: `${ownerId}@example.com`,
        teamName: 'Payments',
      });
      assert.equal(await store().teams.findUsableInvitation(open.hash, open.expiresAt), null, 'expired');
      assert.equal(await store().teams.findUsableInvitation(revoked.hash, at(10)), null, 'revoked');
      assert.equal(await store().teams.findUsableInvitation('0'.repeat(64), at(10)), null, 'unknown');
      // Looking does not use it up.
      assert.ok(await store().teams.acceptInvitation(open.hash, account.id, at(11)));
      assert.equal(await store().teams.findUsableInvitation(open.hash, at(12)), null, 'used');
    });

    it("refuses an invitation whose maker may no longer invite at its role, and drops a maker's links with its rights", async () => {
      const { team, ownerId } = await teamWithOwner();
      const adminId = await join(team.id, 'admin');
      const joiner = makeAccount();
      await store().accounts.insert(joiner);
      // Stored for a maker that is not a member, and for one whose role is below the link's.
      const byStranger = makeInvitation(team.id, 'viewer', newId('account'));
      const aboveAdmin = makeInvitation(team.id, 'owner', adminId);
      for (const invitation of [byStranger, aboveAdmin]) await store().teams.insertInvitation(invitation);
      assert.equal(await store().teams.acceptInvitation(byStranger.hash, joiner.id, at(10)), null);
      assert.equal(await store().teams.acceptInvitation(aboveAdmin.hash, joiner.id, at(10)), null);
      assert.equal(await store().teams.findRole(team.id, joiner.id), null);

      // A demotion takes the links the new role may not make; a removal takes them all.
      const adminViewer = makeInvitation(team.id, 'viewer', adminId, 1);
      const ownerAdmin = makeInvitation(team.id, 'admin', ownerId, 2);
      const ownerOwner = makeInvitation(team.id, 'owner', ownerId, 3);
      for (const invitation of [adminViewer, ownerAdmin, ownerOwner]) await store().teams.insertInvitation(invitation);
      const secondOwner = await join(team.id, 'owner');
      assert.equal(await store().teams.changeRole(team.id, ownerId, 'admin'), 'done');
      const ids = async () => (await store().teams.listInvitations(team.id)).map((i) => i.id).sort();
      assert.deepEqual(await ids(), [byStranger.id, aboveAdmin.id, adminViewer.id, ownerAdmin.id].sort());
      assert.equal(await store().teams.changeRole(team.id, ownerId, 'member'), 'done');
      assert.deepEqual(await ids(), [byStranger.id, aboveAdmin.id, adminViewer.id].sort());
      assert.equal(await store().teams.removeMember(team.id, adminId), 'done');
      assert.deepEqual(await ids(), [byStranger.id].sort());
      assert.equal(await store().teams.acceptInvitation(adminViewer.hash, joiner.id, at(10)), null);
      assert.equal(await store().teams.findRole(team.id, secondOwner), 'owner');
    });

    it('deletes a team with its members and invitations', async () => {
      const { team, ownerId } = await teamWithOwner();
      await store().teams.insertInvitation(makeInvitation(team.id, 'viewer', ownerId));
      assert.equal(await store().teams.delete(team.id), true);
      assert.equal(await store().teams.delete(team.id), false);
      assert.equal(await store().teams.findById(team.id), null);
      assert.equal(await store().teams.findRole(team.id, ownerId), null);
      assert.deepEqual(await store().teams.listInvitations(team.id), []);
      assert.deepEqual(await store().teams.listByAccount(ownerId), []);
    });

    it('moves a saved inbox to another owner only while the expected owner still has it', async () => {
      const accountId = newId('account');
      const teamId = newId('team');
      const inbox = ownedInbox(accountId);
      await store().inboxes.insert(inbox);
      assert.equal(await store().inboxes.move(inbox.id, teamId, newId('account'), at(0)), null);
      const moved = await store().inboxes.move(inbox.id, teamId, accountId, at(0));
      assert.deepEqual(moved, { ...inbox, ownerId: teamId });
      assert.deepEqual(
        (await store().inboxes.listByOwner(teamId, at(0))).map((i) => i.id),
        [inbox.id],
      );
      assert.deepEqual(await store().inboxes.listByOwner(accountId, at(0)), []);
      assert.equal(await store().inboxes.move(newId('inbox'), accountId, teamId, at(0)), null);
    });
  });
}
