import type { Pool, PoolClient } from 'pg';

import { canInvite, leavesNoOwner, type MembershipChange, rolesInvitableBy, type TeamRole } from '../../domain/team.js';
import type { TeamRepository } from '../../ports/team-repository.js';
import * as teamRows from '../shared/team-rows.js';
import { attempt, inTransaction } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';

const SQL = {
  insertTeam: `INSERT INTO teams (${teamRows.TEAM_COLUMNS}) VALUES ($1, $2, $3)`,
  insertMember: `INSERT INTO team_members (${teamRows.MEMBER_COLUMNS}) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
  findTeam: `SELECT ${teamRows.TEAM_COLUMNS} FROM teams WHERE id = $1`,
  byName: `SELECT ${teamRows.TEAM_COLUMNS} FROM teams WHERE name = $1 ORDER BY id`,
  addMember: `INSERT INTO team_members (${teamRows.MEMBER_COLUMNS}) SELECT $1, $2, $3, $4::timestamptz
    WHERE EXISTS (SELECT 1 FROM teams WHERE id = $1) ON CONFLICT DO NOTHING`,
  rename: `UPDATE teams SET name = $1 WHERE id = $2 RETURNING ${teamRows.TEAM_COLUMNS}`,
  deleteMembers: 'DELETE FROM team_members WHERE team_id = $1',
  deleteInvitations: 'DELETE FROM team_invitations WHERE team_id = $1',
  deleteTeam: 'DELETE FROM teams WHERE id = $1',
  byAccount: `SELECT t.id, t.name, t.created_at, m.role FROM team_members m JOIN teams t ON t.id = m.team_id
    WHERE m.account_id = $1 ORDER BY t.name, t.id`,
  members: `SELECT m.team_id, m.account_id, m.role, m.joined_at, a.email FROM team_members m
    JOIN accounts a ON a.id = m.account_id WHERE m.team_id = $1 ORDER BY m.joined_at, m.account_id`,
  role: 'SELECT role FROM team_members WHERE team_id = $1 AND account_id = $2',
  // The team row is the lock that serialises every change of its owners.
  lockTeam: 'SELECT id FROM teams WHERE id = $1 FOR UPDATE',
  owners: "SELECT count(*)::int AS n FROM team_members WHERE team_id = $1 AND role = 'owner'",
  setRole: 'UPDATE team_members SET role = $1 WHERE team_id = $2 AND account_id = $3',
  removeMember: 'DELETE FROM team_members WHERE team_id = $1 AND account_id = $2',
  soleOwned: `SELECT t.id, t.name, t.created_at FROM team_members m JOIN teams t ON t.id = m.team_id
    WHERE m.account_id = $1 AND m.role = 'owner'
      AND (SELECT count(*) FROM team_members o WHERE o.team_id = m.team_id AND o.role = 'owner') = 1
    ORDER BY t.name, t.id`,
  insertInvitation: `INSERT INTO team_invitations (${teamRows.INVITATION_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
  invitations: `SELECT ${teamRows.INVITATION_COLUMNS_OF_I}, a.email AS maker_email FROM team_invitations i
    LEFT JOIN accounts a ON a.id = i.created_by WHERE i.team_id = $1 AND i.accepted_at IS NULL
    ORDER BY i.created_at DESC, i.id DESC`,
  invitationPreview: `SELECT ${teamRows.INVITATION_COLUMNS_OF_I}, a.email AS maker_email, t.name AS team_name
    FROM team_invitations i JOIN teams t ON t.id = i.team_id LEFT JOIN accounts a ON a.id = i.created_by
    WHERE i.hash = $1 AND i.accepted_at IS NULL AND i.expires_at > $2`,
  usableInvitation: `SELECT ${teamRows.INVITATION_COLUMNS} FROM team_invitations
    WHERE hash = $1 AND accepted_at IS NULL AND expires_at > $2`,
  revokeMadeBy: `DELETE FROM team_invitations WHERE team_id = $1 AND created_by = $2 AND accepted_at IS NULL
    AND NOT (role = ANY($3::text[]))`,
  revokeInvitation: 'DELETE FROM team_invitations WHERE id = $1 AND team_id = $2 AND accepted_at IS NULL',
  useInvitation: `UPDATE team_invitations SET accepted_at = $1, accepted_by = $2
    WHERE hash = $3 AND accepted_at IS NULL AND expires_at > $1 RETURNING ${teamRows.INVITATION_COLUMNS}`,
};

async function change(
  client: PoolClient,
  teamId: string,
  accountId: string,
  next: TeamRole | null,
): Promise<MembershipChange> {
  await client.query(SQL.lockTeam, [teamId]);
  const { rows } = await client.query<{ role: string }>(SQL.role, [teamId, accountId]);
  const current = rows[0]?.role;
  if (current === undefined) return 'not-member';
  const owners = (await client.query<{ n: number }>(SQL.owners, [teamId])).rows[0]?.n ?? 0;
  if (leavesNoOwner(mapper.toRole(current), next, owners)) return 'last-owner';
  if (next === null) await client.query(SQL.removeMember, [teamId, accountId]);
  else await client.query(SQL.setRole, [next, teamId, accountId]);
  // Links the member made at a role it may no longer invite at stop working with its rights.
  await client.query(SQL.revokeMadeBy, [teamId, accountId, rolesInvitableBy(next)]);
  return 'done';
}

/** TeamRepository on PostgreSQL. Nothing is cached: a removed member is refused at once. */
export function createTeamRepository(pool: Pool): TeamRepository {
  return {
    insert: (team, owner) =>
      attempt('insert team', () =>
        inTransaction(pool, async (client) => {
          await client.query(SQL.insertTeam, mapper.teamParams(team));
          await client.query(SQL.insertMember, mapper.memberParams(owner));
        }),
      ),
    findById: (id) =>
      attempt('find team', async () => {
        const { rows } = await pool.query<teamRows.TeamRow<PostgresColumns>>(SQL.findTeam, [id]);
        return rows[0] === undefined ? null : mapper.toTeam(rows[0]);
      }),
    rename: (id, name) =>
      attempt('rename team', async () => {
        const { rows } = await pool.query<teamRows.TeamRow<PostgresColumns>>(SQL.rename, [name, id]);
        return rows[0] === undefined ? null : mapper.toTeam(rows[0]);
      }),
    delete: (id) =>
      attempt('delete team', () =>
        inTransaction(pool, async (client) => {
          await client.query(SQL.deleteMembers, [id]);
          await client.query(SQL.deleteInvitations, [id]);
          return (await client.query(SQL.deleteTeam, [id])).rowCount === 1;
        }),
      ),
    listByName: (name) =>
      attempt('list teams by name', async () => {
        const { rows } = await pool.query<teamRows.TeamRow<PostgresColumns>>(SQL.byName, [name]);
        return rows.map(mapper.toTeam);
      }),
    addMember: (membership) =>
      attempt(
        'add member',
        async () => (await pool.query(SQL.addMember, mapper.memberParams(membership))).rowCount === 1,
      ),
    listByAccount: (accountId) =>
      attempt('list teams', async () => {
        const { rows } = await pool.query<teamRows.TeamRow<PostgresColumns> & { role: string }>(SQL.byAccount, [
          accountId,
        ]);
        return rows.map((row) => ({ team: mapper.toTeam(row), role: mapper.toRole(row.role) }));
      }),
    listMembers: (teamId) =>
      attempt('list members', async () => {
        const { rows } = await pool.query<teamRows.MemberRow<PostgresColumns> & { email: string }>(SQL.members, [
          teamId,
        ]);
        return rows.map(mapper.toMember);
      }),
    findRole: (teamId, accountId) =>
      attempt('find role', async () => {
        const { rows } = await pool.query<{ role: string }>(SQL.role, [teamId, accountId]);
        return rows[0] === undefined ? null : mapper.toRole(rows[0].role);
      }),
    changeRole: (teamId, accountId, role) =>
      attempt('change role', () => inTransaction(pool, (client) => change(client, teamId, accountId, role))),
    removeMember: (teamId, accountId) =>
      attempt('remove member', () => inTransaction(pool, (client) => change(client, teamId, accountId, null))),
    listSoleOwned: (accountId) =>
      attempt('list sole-owned teams', async () => {
        const { rows } = await pool.query<teamRows.TeamRow<PostgresColumns>>(SQL.soleOwned, [accountId]);
        return rows.map(mapper.toTeam);
      }),
    insertInvitation: (invitation) =>
      attempt('insert invitation', async () => {
        await pool.query(SQL.insertInvitation, mapper.invitationParams(invitation));
      }),
    listInvitations: (teamId) =>
      attempt('list invitations', async () => {
        const { rows } = await pool.query<teamRows.ListedInvitationRow<PostgresColumns>>(SQL.invitations, [teamId]);
        return rows.map(mapper.toListedInvitation);
      }),
    revokeInvitation: (id, teamId) =>
      attempt('revoke invitation', async () => (await pool.query(SQL.revokeInvitation, [id, teamId])).rowCount === 1),
    findUsableInvitation: (hash, now) =>
      attempt('find invitation', async () => {
        const { rows } = await pool.query<teamRows.InvitationPreviewRow<PostgresColumns>>(SQL.invitationPreview, [
          hash,
          now.toISOString(),
        ]);
        return rows[0] === undefined ? null : mapper.toInvitationPreview(rows[0]);
      }),
    acceptInvitation: (hash, accountId, now) =>
      attempt('accept invitation', () =>
        inTransaction(pool, async (client) => {
          const found = await client.query<teamRows.InvitationRow<PostgresColumns>>(SQL.usableInvitation, [
            hash,
            now.toISOString(),
          ]);
          const usable = found.rows[0];
          if (usable === undefined) return null;
          // The team row's lock orders this use after (or before) any change of the maker's role,
          // which takes the same lock: the maker's role read below is the one in force.
          await client.query(SQL.lockTeam, [usable.team_id]);
          const maker = await client.query<{ role: string }>(SQL.role, [usable.team_id, usable.created_by]);
          const makerRole = maker.rows[0] === undefined ? null : mapper.toRole(maker.rows[0].role);
          if (!canInvite(makerRole, mapper.toRole(usable.role))) return null;
          const { rows } = await client.query<teamRows.InvitationRow<PostgresColumns>>(SQL.useInvitation, [
            now.toISOString(),
            accountId,
            hash,
          ]);
          if (rows[0] === undefined) return null;
          const invitation = mapper.toInvitation(rows[0]);
          await client.query(
            SQL.insertMember,
            mapper.memberParams({ teamId: invitation.teamId, accountId, role: invitation.role, joinedAt: now }),
          );
          return invitation;
        }),
      ),
  };
}
