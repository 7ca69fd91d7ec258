// Invitation links carry their maker's rights, no more (docs/teams.md, "Invitations"): a link
// works only while its maker is a member allowed to invite at its role, and a maker's links at
// roles it lost go when its role changes or it is removed. The list shows who made each link.
//
//   node --import tsx --test test/authz/invitation-rights.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/authz/invitation-rights.test.ts
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';

import { newId } from '../../src/domain/ids.js';
import type { TeamRole } from '../../src/domain/team.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { AUTHZ_ENV, bearer, call, newAccount, type Reply } from './support.js';

type Account = Awaited<ReturnType<typeof newAccount>>;

describe('invitations outlive neither their maker nor its rights', () => {
  let rehook: TestRehook;
  let owner: Account;

  const api = (path: string, who: Account, init: { method?: string; json?: unknown } = {}): Promise<Reply> =>
    call(rehook.apiUrl, path, { ...init, authorization: bearer(who.token) });
  const accept = (token: string, who: Account) => api(`/api/v1/invitations/${token}/accept`, who, { method: 'POST' });

  async function invite(teamId: string, maker: Account, role: TeamRole): Promise<{ id: string; token: string }> {
    const made = await api(`/api/v1/teams/${teamId}/invitations`, maker, { method: 'POST', json: { role } });
    assert.equal(made.status, 201, made.text);
    return { id: made.body.data.invitation.id, token: made.body.data.invitation.token };
  }

  async function join(teamId: string, who: Account, role: TeamRole): Promise<void> {
    const joined = await accept((await invite(teamId, owner, role)).token, who);
    assert.equal(joined.status, 200, joined.text);
  }

  async function newTeam(name: string): Promise<string> {
    const created = await api('/api/v1/teams', owner, { method: 'POST', json: { name } });
    assert.equal(created.status, 201, created.text);
    return created.body.data.team.id;
  }

  async function openIds(teamId: string): Promise<string[]> {
    const listed = await api(`/api/v1/teams/${teamId}/invitations`, owner);
    assert.equal(listed.status, 200, listed.text);
    return listed.body.data.invitations.map((i: { id: string }) => i.id);
  }

  before(async () => {
    // Joining by invitation is limited like sign-in; this suite joins several times from one address.
    rehook = await startTestRehook({ env: { ...AUTHZ_ENV, REHOOK_RATE_SIGNIN: '0' } });
    owner = await newAccount(rehook, 'inv-owner');
  });

  after(async () => {
    await rehook?.stop();
  });

  it("refuses a removed admin's earlier link, and drops it from the list at removal", async () => {
    const teamId = await newTeam('Removed admin');
    const admin = await newAccount(rehook, 'inv-admin');
    const accomplice = await newAccount(rehook, 'inv-accomplice');
    await join(teamId, admin, 'admin');
    const link = await invite(teamId, admin, 'admin');
    const kept = await invite(teamId, owner, 'viewer');
    assert.deepEqual((await openIds(teamId)).sort(), [link.id, kept.id].sort());

    const removed = await api(`/api/v1/teams/${teamId}/members/${admin.accountId}`, owner, { method: 'DELETE' });
    assert.equal(removed.status, 204, removed.text);
    assert.deepEqual(await openIds(teamId), [kept.id], "the removed admin's link is revoked with it");
    for (const who of [admin, accomplice]) {
      const refused = await accept(link.token, who);
      assert.equal(refused.status, 404, refused.text);
      assert.equal(refused.code, 'INVITATION_NOT_FOUND');
    }
    assert.equal((await api(`/api/v1/teams/${teamId}`, admin)).code, 'TEAM_NOT_FOUND');
  });

  it("refuses a demoted owner's earlier owner link; keeps the links its new role may still make", async () => {
    const teamId = await newTeam('Demoted owner');
    const second = await newAccount(rehook, 'inv-second-owner');
    const alt = await newAccount(rehook, 'inv-alt');
    await join(teamId, second, 'owner');
    const ownerLink = await invite(teamId, second, 'owner');
    const memberLink = await invite(teamId, second, 'member');

    const demoted = await api(`/api/v1/teams/${teamId}/members/${second.accountId}`, owner, {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    assert.equal(demoted.status, 200, demoted.text);
    // An admin may still invite members: that link stays; the owner link goes.
    assert.deepEqual(await openIds(teamId), [memberLink.id]);
    const refused = await accept(ownerLink.token, alt);
    assert.equal(refused.code, 'INVITATION_NOT_FOUND', refused.text);

    const toViewer = await api(`/api/v1/teams/${teamId}/members/${second.accountId}`, owner, {
      method: 'PATCH',
      json: { role: 'viewer' },
    });
    assert.equal(toViewer.status, 200, toViewer.text);
    assert.deepEqual(await openIds(teamId), [], 'a viewer invites nobody: its links go');
    assert.equal((await accept(memberLink.token, alt)).code, 'INVITATION_NOT_FOUND');
    const team = await api(`/api/v1/teams/${teamId}`, second);
    assert.equal(team.body.data.team.role, 'viewer', 'the demoted owner stays a viewer');
    assert.equal((await api(`/api/v1/teams/${teamId}`, alt)).code, 'TEAM_NOT_FOUND');
  });

  it('checks the maker at acceptance, whatever is still stored', async () => {
    // A link stored for a maker that is now a viewer (as a link made a moment before a
    // demotion would be): the acceptance itself refuses it, on both databases.
    const teamId = await newTeam('Accept-time check');
    const viewer = await newAccount(rehook, 'inv-viewer');
    const joiner = await newAccount(rehook, 'inv-joiner');
    await join(teamId, viewer, 'viewer');
    const token = `rhi_${[...randomBytes(32)].map((b) => '0123456789abcdefghjkmnpqrstvwxyz'[b & 31]).join('')}`;
    const now = new Date();
    const stored = {
      id: newId('invitation'),
      teamId,
      role: 'member' as const,
      hash: createHash('sha256').update(token).digest('hex'),
      prefix: token.slice(0, 8),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      acceptedAt: null,
      acceptedBy: null,
    };
    await rehook.deps.store.teams.insertInvitation({ ...stored, createdBy: viewer.accountId });
    const refused = await accept(token, joiner);
    assert.equal(refused.status, 404, refused.text);
    assert.equal(refused.code, 'INVITATION_NOT_FOUND');
    assert.equal((await api(`/api/v1/teams/${teamId}`, joiner)).code, 'TEAM_NOT_FOUND');
    // The same link made by the owner works: the refusal was the maker's role, not the link.
    const ownerToken = token.replace(/.$/, (c) => (c === 'a' ? 'b' : 'a'));
    await rehook.deps.store.teams.insertInvitation({
      ...stored,
      id: newId('invitation'),
      hash: createHash('sha256').update(ownerToken).digest('hex'),
      createdBy: owner.accountId,
    });
    const joined = await accept(ownerToken, joiner);
    assert.equal(joined.status, 200, joined.text);
    assert.equal(joined.body.data.team.role, 'member');
  });

  it('shows what a link offers before joining, exactly when accepting it would work', async () => {
    const teamId = await newTeam('Preview team');
    const admin = await newAccount(rehook, 'inv-preview-admin');
    const joiner = await newAccount(rehook, 'inv-preview-joiner');
    await join(teamId, admin, 'admin');
    const look = (token: string, who: Account = joiner) => api(`/api/v1/invitations/${token}`, who);
    const link = await invite(teamId, admin, 'member');
    const seen = await look(link.token);
    assert.equal(seen.status, 200, seen.text);
    const { expiresAt, createdBy, ...offer } = seen.body.data.invitation;
    assert.deepEqual(offer, { team: { id: teamId, name: 'Preview team' }, role: 'member' });
    assert.match(createdBy.email, /^authz-inv-preview-admin-/);
    assert.ok(Date.parse(expiresAt) > Date.now());
    // Signed-in accounts only: without one the team's name is not shown.
    const anonymous = await call(rehook.apiUrl, `/api/v1/invitations/${link.token}`, {});
    assert.equal(anonymous.status, 401, anonymous.text);
    assert.ok(!anonymous.text.includes('Preview team'));
    assert.equal((await look('rhi_not-a-token')).code, 'INVITATION_NOT_FOUND');
    assert.equal((await look(`rhi_${'a'.repeat(32)}`)).code, 'INVITATION_NOT_FOUND');
    // A link still stored for a maker that may not invite (a viewer) is not shown, as it is not accepted.
    const viewer = await newAccount(rehook, 'inv-preview-viewer');
    await join(teamId, viewer, 'viewer');
    const token = `rhi_${[...randomBytes(32)].map((b) => '0123456789abcdefghjkmnpqrstvwxyz'[b & 31]).join('')}`;
    const now = new Date();
    await rehook.deps.store.teams.insertInvitation({
      id: newId('invitation'),
      teamId,
      role: 'viewer',
      hash: createHash('sha256').update(token).digest('hex'),
      prefix: token.slice(0, 8),
      createdBy: viewer.accountId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
      acceptedAt: null,
      acceptedBy: null,
    });
    assert.equal((await look(token)).code, 'INVITATION_NOT_FOUND');
    assert.equal((await accept(token, joiner)).code, 'INVITATION_NOT_FOUND');
    // A maker demoted below admin takes its links with it.
    const ownerLink = await invite(teamId, owner, 'viewer');
    const demoted = await api(`/api/v1/teams/${teamId}/members/${admin.accountId}`, owner, {
      method: 'PATCH',
      json: { role: 'member' },
    });
    assert.equal(demoted.status, 200, demoted.text);
    assert.equal((await look(link.token)).code, 'INVITATION_NOT_FOUND');
    // Looking does not use a link up; once used, it is not found.
    assert.equal((await look(ownerLink.token)).status, 200);
    assert.equal((await accept(ownerLink.token, joiner)).status, 200);
    assert.equal((await look(ownerLink.token)).code, 'INVITATION_NOT_FOUND');
  });

  it('limits looking links up per address with accepting them', async () => {
    const limited = await startTestRehook({ env: { ...AUTHZ_ENV, REHOOK_RATE_SIGNIN: '2/h' } });
    try {
      const who = await newAccount(limited, 'inv-limited');
      const look = () =>
        call(limited.apiUrl, `/api/v1/invitations/rhi_${'a'.repeat(32)}`, { authorization: bearer(who.token) });
      assert.equal((await look()).code, 'INVITATION_NOT_FOUND');
      assert.equal((await look()).code, 'INVITATION_NOT_FOUND');
      const third = await look();
      assert.equal(third.status, 429, third.text);
      assert.equal(third.code, 'RATE_LIMITED');
    } finally {
      await limited.stop();
    }
  });

  it('lists who made each link', async () => {
    const teamId = await newTeam('Makers');
    const admin = await newAccount(rehook, 'inv-maker');
    await join(teamId, admin, 'admin');
    const byAdmin = await invite(teamId, admin, 'viewer');
    const byOwner = await invite(teamId, owner, 'member');
    const listed = await api(`/api/v1/teams/${teamId}/invitations`, admin);
    assert.equal(listed.status, 200, listed.text);
    const makers = new Map(
      listed.body.data.invitations.map((i: { id: string; createdBy: { accountId: string; email: string } }) => [
        i.id,
        i.createdBy,
      ]),
    );
    const emailOf = async (id: string) => (await rehook.deps.store.accounts.findById(id))?.email;
    assert.deepEqual(makers.get(byAdmin.id), { accountId: admin.accountId, email: await emailOf(admin.accountId) });
    assert.deepEqual(makers.get(byOwner.id), { accountId: owner.accountId, email: await emailOf(owner.accountId) });
  });
});
