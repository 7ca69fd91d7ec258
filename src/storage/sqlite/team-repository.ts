import type BetterSqlite3 from 'better-sqlite3';

import { canInvite, leavesNoOwner, type MembershipChange, rolesInvitableBy, type TeamRole } from '../../domain/team.js';
import type { TeamRepository } from '../../ports/team-repository.js';
import * as teamRows from '../shared/team-rows.js';
import { attempt } from './attempt.js';
import { mapper, type SqliteColumns, type SqliteParam } from './rows.js';

/**
 * TeamRepository on SQLite. Nothing is cached: a removed member must be refused by the very next
 * request. Writes that must keep an owner read and write in one IMMEDIATE transaction.
 */
export function createTeamRepository(db: BetterSqlite3.Database): TeamRepository {
  const s = {
    insertTeam: db.prepare<SqliteParam[]>(`INSERT INTO teams (${teamRows.TEAM_COLUMNS}) VALUES (?, ?, ?)`),
    insertMember: db.prepare<SqliteParam[]>(
      `INSERT INTO team_members (${teamRows.MEMBER_COLUMNS}) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    findTeam: db.prepare<[string], teamRows.TeamRow<SqliteColumns>>(
      `SELECT ${teamRows.TEAM_COLUMNS} FROM teams WHERE id = ?`,
    ),
    byName: db.prepare<[string], teamRows.TeamRow<SqliteColumns>>(
      `SELECT ${teamRows.TEAM_COLUMNS} FROM teams WHERE name = ? ORDER BY id`,
    ),
    addMember: db.prepare<SqliteParam[]>(
      `INSERT INTO team_members (${teamRows.MEMBER_COLUMNS}) SELECT ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM teams WHERE id = ?)
       ON CONFLICT DO NOTHING`,
    ),
    rename: db.prepare<[string, string]>('UPDATE teams SET name = ? WHERE id = ?'),
    deleteTeam: db.prepare<[string]>('DELETE FROM teams WHERE id = ?'),
    deleteMembers: db.prepare<[string]>('DELETE FROM team_members WHERE team_id = ?'),
    deleteInvitations: db.prepare<[string]>('DELETE FROM team_invitations WHERE team_id = ?'),
    byAccount: db.prepare<[string], teamRows.TeamRow<SqliteColumns> & { role: string }>(
      `SELECT t.id, t.name, t.created_at, m.role FROM team_members m JOIN teams t ON t.id = m.team_id
       WHERE m.account_id = ? ORDER BY t.name, t.id`,
    ),
    members: db.prepare<[string], teamRows.MemberRow<SqliteColumns> & { email: string }>(
      `SELECT m.team_id, m.account_id, m.role, m.joined_at, a.email FROM team_members m
       JOIN accounts a ON a.id = m.account_id WHERE m.team_id = ? ORDER BY m.joined_at, m.account_id`,
    ),
    role: db
      .prepare<[string, string], string>('SELECT role FROM team_members WHERE team_id = ? AND account_id = ?')
      .pluck(true),
    owners: db
      .prepare<[string], number>("SELECT count(*) FROM team_members WHERE team_id = ? AND role = 'owner'")
      .pluck(true),
    setRole: db.prepare<[string, string, string]>(
      'UPDATE team_members SET role = ? WHERE team_id = ? AND account_id = ?',
    ),
    removeMember: db.prepare<[string, string]>('DELETE FROM team_members WHERE team_id = ? AND account_id = ?'),
    soleOwned: db.prepare<[string], teamRows.TeamRow<SqliteColumns>>(
      `SELECT t.id, t.name, t.created_at FROM team_members m JOIN teams t ON t.id = m.team_id
       WHERE m.account_id = ? AND m.role = 'owner'
         AND (SELECT count(*) FROM team_members o WHERE o.team_id = m.team_id AND o.role = 'owner') = 1
       ORDER BY t.name, t.id`,
    ),
    insertInvitation: db.prepare<SqliteParam[]>(
      `INSERT INTO team_invitations (${teamRows.INVITATION_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    invitations: db.prepare<[string], teamRows.ListedInvitationRow<SqliteColumns>>(
      `SELECT ${teamRows.INVITATION_COLUMNS_OF_I}, a.email AS maker_email FROM team_invitations i
       LEFT JOIN accounts a ON a.id = i.created_by WHERE i.team_id = ? AND i.accepted_at IS NULL
       ORDER BY i.created_at DESC, i.id DESC`,
    ),
    invitationPreview: db.prepare<[string, number], teamRows.InvitationPreviewRow<SqliteColumns>>(
      `SELECT ${teamRows.INVITATION_COLUMNS_OF_I}, a.email AS maker_email, t.name AS team_name FROM team_invitations i
       JOIN teams t ON t.id = i.team_id LEFT JOIN accounts a ON a.id = i.created_by
       WHERE i.hash = ? AND i.accepted_at IS NULL AND i.expires_at > ?`,
    ),
    usableInvitation: db.prepare<[string, number], teamRows.InvitationRow<SqliteColumns>>(
      `SELECT ${teamRows.INVITATION_COLUMNS} FROM team_invitations WHERE hash = ? AND accepted_at IS NULL AND expires_at > ?`,
    ),
    revokeMadeBy: db.prepare<[string, string, string]>(
      `DELETE FROM team_invitations WHERE team_id = ? AND created_by = ? AND accepted_at IS NULL
       AND role NOT IN (SELECT value FROM json_each(?))`,
    ),
    revokeInvitation: db.prepare<[string, string]>(
      'DELETE FROM team_invitations WHERE id = ? AND team_id = ? AND accepted_at IS NULL',
    ),
    useInvitation: db.prepare<[number, string, string, number], teamRows.InvitationRow<SqliteColumns>>(
      `UPDATE team_invitations SET accepted_at = ?, accepted_by = ?
       WHERE hash = ? AND accepted_at IS NULL AND expires_at > ? RETURNING ${teamRows.INVITATION_COLUMNS}`,
    ),
  };

  const change = db.transaction((teamId: string, accountId: string, next: TeamRole | null): MembershipChange => {
    const current = s.role.get(teamId, accountId);
    if (current === undefined) return 'not-member';
    if (leavesNoOwner(mapper.toRole(current), next, s.owners.get(teamId) ?? 0)) return 'last-owner';
    if (next === null) s.removeMember.run(teamId, accountId);
    else s.setRole.run(next, teamId, accountId);
    // Links the member made at a role it may no longer invite at stop working with its rights.
    s.revokeMadeBy.run(teamId, accountId, JSON.stringify(rolesInvitableBy(next)));
    return 'done';
  });
  const insert = db.transaction((teamParams: SqliteParam[], memberParams: SqliteParam[]) => {
    s.insertTeam.run(...teamParams);
    s.insertMember.run(...memberParams);
  });
  const remove = db.transaction((id: string) => {
    s.deleteMembers.run(id);
    s.deleteInvitations.run(id);
    return s.deleteTeam.run(id).changes === 1;
  });
  const accept = db.transaction((hash: string, accountId: string, now: Date) => {
    const usable = s.usableInvitation.get(hash, now.getTime());
    if (usable === undefined) return null;
    // The maker must still be a member allowed to invite at the link's role (read in the same
    // write transaction as the use, so a demotion cannot slip in between).
    const makerRole = s.role.get(usable.team_id, usable.created_by);
    if (!canInvite(makerRole === undefined ? null : mapper.toRole(makerRole), mapper.toRole(usable.role))) return null;
    const row = s.useInvitation.get(now.getTime(), accountId, hash, now.getTime());
    if (row === undefined) return null;
    const invitation = mapper.toInvitation(row);
    s.insertMember.run(
      ...mapper.memberParams({ teamId: invitation.teamId, accountId, role: invitation.role, joinedAt: now }),
    );
    return invitation;
  });

  return {
    insert: (team, owner) =>
      attempt('insert team', () => insert.immediate(mapper.teamParams(team), mapper.memberParams(owner))),
    findById: (id) =>
      attempt('find team', () => {
        const row = s.findTeam.get(id);
        return row === undefined ? null : mapper.toTeam(row);
      }),
    rename: (id, name) =>
      attempt('rename team', () => {
        if (s.rename.run(name, id).changes === 0) return null;
        const row = s.findTeam.get(id);
        return row === undefined ? null : mapper.toTeam(row);
      }),
    delete: (id) => attempt('delete team', () => remove.immediate(id)),
    listByName: (name) => attempt('list teams by name', () => s.byName.all(name).map(mapper.toTeam)),
    addMember: (membership) =>
      attempt('add member', () => s.addMember.run(...mapper.memberParams(membership), membership.teamId).changes === 1),
    listByAccount: (accountId) =>
      attempt('list teams', () =>
        s.byAccount.all(accountId).map((row) => ({ team: mapper.toTeam(row), role: mapper.toRole(row.role) })),
      ),
    listMembers: (teamId) => attempt('list members', () => s.members.all(teamId).map(mapper.toMember)),
    findRole: (teamId, accountId) =>
      attempt('find role', () => {
        const role = s.role.get(teamId, accountId);
        return role === undefined ? null : mapper.toRole(role);
      }),
    changeRole: (teamId, accountId, role) => attempt('change role', () => change.immediate(teamId, accountId, role)),
    removeMember: (teamId, accountId) => attempt('remove member', () => change.immediate(teamId, accountId, null)),
    listSoleOwned: (accountId) => attempt('list sole-owned teams', () => s.soleOwned.all(accountId).map(mapper.toTeam)),
    insertInvitation: (invitation) =>
      attempt('insert invitation', () => void s.insertInvitation.run(...mapper.invitationParams(invitation))),
    listInvitations: (teamId) =>
      attempt('list invitations', () => s.invitations.all(teamId).map(mapper.toListedInvitation)),
    revokeInvitation: (id, teamId) =>
      attempt('revoke invitation', () => s.revokeInvitation.run(id, teamId).changes === 1),
    findUsableInvitation: (hash, now) =>
      attempt('find invitation', () => {
        const row = s.invitationPreview.get(hash, now.getTime());
        return row === undefined ? null : mapper.toInvitationPreview(row);
      }),
    acceptInvitation: (hash, accountId, now) =>
      attempt('accept invitation', () => accept.immediate(hash, accountId, now)),
  };
}
