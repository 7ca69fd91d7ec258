// Commands of the authorization model test (model.test.ts) on teams and limited tokens: create a
// team, add the other account by invitation with a role, change a role, remove a member (or
// leave), make a team inbox, move an inbox between account and team, and make a token with a
// scope and maybe a team. The other commands then use those tokens and team inboxes.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { bearer, call, UNKNOWN_INBOX_ID } from './support.js';
import {
  accountAccess,
  accountOf,
  type AccountName,
  type Action,
  assertAnswer,
  authorization,
  err,
  type Expect,
  FORBIDDEN,
  INSUFFICIENT_SCOPE,
  isRevoked,
  isShare,
  label,
  limitOf,
  live,
  type MTeam,
  type Model,
  NO_INBOX,
  NO_TEAM,
  NOT_SAVED,
  ok,
  outsideTeam,
  pickInbox,
  recent,
  refusedToShare,
  type Role,
  roleAtLeast,
  roleAllows,
  scopeRefusal,
  teamLabel,
  UNAUTHORIZED,
  usable,
  type Who,
} from './model-rules.js';
import { accountArb, command, refArb, whoArb } from './model-commands.js';

/** A well-formed team id nobody was given. */
const UNKNOWN_TEAM_ID = 'tem_aaaaaaaaaaaaaaaaaaaaaaaaaa';
const NO_MEMBER = err(404, 'MEMBER_NOT_FOUND');
const LAST_OWNER = err(409, 'LAST_OWNER');

const roleArb = fc.constantFrom<Role>('owner', 'admin', 'member', 'viewer');
const scopeArb = fc.constantFrom<Action>('read', 'replay', 'manage');
const other = (account: AccountName): AccountName => (account === 'A' ? 'B' : 'A');
const pickTeam = (m: Readonly<Model>, ref: number | null): MTeam | undefined => recent(m.teams, ref);
const owners = (team: MTeam): number => Object.values(team.members).filter((role) => role === 'owner').length;

export const createTeam = accountArb.map((account) =>
  command(
    `createTeam(${account})`,
    () => true,
    async (m, r) => {
      const reply = await call(r.rehook.apiUrl, '/api/v1/teams', {
        method: 'POST',
        authorization: bearer(m.accounts[account].token),
        json: { name: `Team ${m.teams.length + 1}` },
      });
      assertAnswer(reply, ok(201), `create a team as ${account}`);
      assert.equal(reply.body.data.team.role, 'owner');
      m.teams.push({ id: reply.body.data.team.id, members: { [account]: 'owner' } });
    },
  ),
);

/** `inviter` invites the other account with `role`; the other accepts the link at once. */
export const addMember = fc.tuple(accountArb, fc.nat(50), roleArb).map(([inviter, ref, role]) =>
  command(
    `addMember(by ${inviter}, team ${ref}, as ${role})`,
    (m) => {
      const team = pickTeam(m, ref);
      return team !== undefined && team.members[other(inviter)] === undefined;
    },
    async (m, r) => {
      const team = pickTeam(m, ref) as MTeam;
      const invitee = other(inviter);
      const reply = await call(r.rehook.apiUrl, `/api/v1/teams/${team.id}/invitations`, {
        method: 'POST',
        authorization: bearer(m.accounts[inviter].token),
        json: { role },
      });
      const mine = team.members[inviter];
      // Admins and owners invite, never above their own role.
      const expected =
        mine === undefined ? NO_TEAM : roleAtLeast(mine, 'admin') && roleAtLeast(mine, role) ? ok(201) : FORBIDDEN;
      assertAnswer(reply, expected, `invite to ${teamLabel(team)} as ${inviter}`);
      if (expected.status !== 201) return;
      const joined = await call(r.rehook.apiUrl, `/api/v1/invitations/${reply.body.data.invitation.token}/accept`, {
        method: 'POST',
        authorization: bearer(m.accounts[invitee].token),
      });
      assertAnswer(joined, ok(200), `join ${teamLabel(team)} as ${invitee}`);
      assert.equal(joined.body.data.team.role, role);
      team.members[invitee] = role;
    },
  ),
);

export const changeRole = fc.tuple(accountArb, fc.nat(50), accountArb, roleArb).map(([actor, ref, target, role]) =>
  command(
    `changeRole(by ${actor}, team ${ref}, ${target} to ${role})`,
    (m) => m.teams.length > 0,
    async (m, r) => {
      const team = pickTeam(m, ref) as MTeam;
      const reply = await call(r.rehook.apiUrl, `/api/v1/teams/${team.id}/members/${m.accounts[target].accountId}`, {
        method: 'PATCH',
        authorization: bearer(m.accounts[actor].token),
        json: { role },
      });
      const mine = team.members[actor];
      const theirs = team.members[target];
      let expected: Expect;
      if (mine === undefined) expected = NO_TEAM;
      else if (!roleAtLeast(mine, 'admin')) expected = FORBIDDEN;
      else if (theirs === undefined) expected = NO_MEMBER;
      else if (mine !== 'owner' && (theirs === 'owner' || role === 'owner')) expected = FORBIDDEN;
      else if (theirs === 'owner' && role !== 'owner' && owners(team) <= 1) expected = LAST_OWNER;
      else expected = ok(200);
      assertAnswer(reply, expected, `make ${target} ${role} in ${teamLabel(team)} as ${actor}`);
      if (expected.status === 200) team.members[target] = role;
    },
  ),
);

/** Removes `target` from the team, or leaves it when `target` is the actor. */
export const removeMember = fc.tuple(accountArb, fc.nat(50), accountArb).map(([actor, ref, target]) =>
  command(
    `removeMember(by ${actor}, team ${ref}, ${target})`,
    (m) => m.teams.length > 0,
    async (m, r) => {
      const team = pickTeam(m, ref) as MTeam;
      const reply = await call(r.rehook.apiUrl, `/api/v1/teams/${team.id}/members/${m.accounts[target].accountId}`, {
        method: 'DELETE',
        authorization: bearer(m.accounts[actor].token),
      });
      const mine = team.members[actor];
      const theirs = team.members[target];
      let expected: Expect;
      if (mine === undefined) expected = NO_TEAM;
      else if (actor !== target && !roleAtLeast(mine, 'admin')) expected = FORBIDDEN;
      else if (theirs === undefined) expected = NO_MEMBER;
      else if (actor !== target && theirs === 'owner' && mine !== 'owner') expected = FORBIDDEN;
      else if (theirs === 'owner' && owners(team) <= 1) expected = LAST_OWNER;
      else expected = ok(204);
      assertAnswer(reply, expected, `remove ${target} from ${teamLabel(team)} as ${actor}`);
      if (expected.status === 204) delete team.members[target];
    },
  ),
);

/** The account callers: a full token or the latest limited one. */
const memberArb = fc.constantFrom<Who>('A', 'B', 'limitedA', 'limitedB');

export const createTeamInbox = fc.tuple(memberArb, refArb).map(([who, ref]) =>
  command(
    `createTeamInbox(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const team = pickTeam(m, ref);
      const reply = await call(r.rehook.apiUrl, '/api/v1/inboxes', {
        method: 'POST',
        authorization: authorization(m, who),
        json: { teamId: team?.id ?? UNKNOWN_TEAM_ID },
      });
      const limit = limitOf(m, who)?.team ?? null;
      const role = team?.members[accountOf(who) as AccountName];
      let expected = scopeRefusal(m, who, 'manage');
      if (expected === null && (role === undefined || (limit !== null && limit !== team))) expected = NO_TEAM;
      // Members and above make team inboxes; a viewer only reads.
      if (expected === null && role !== undefined && !roleAllows(role, 'replay')) expected = FORBIDDEN;
      expected ??= ok(201);
      assertAnswer(reply, expected, `create an inbox of ${teamLabel(team)} as ${who}`);
      if (expected.status !== 201 || !team) return;
      const body = reply.body.data.inbox;
      assert.equal(body.teamId, team.id);
      m.inboxes.push({
        id: body.id,
        owner: team,
        expiresAt: null,
        deleted: false,
        purged: false,
        name: null,
        events: [],
      });
    },
  ),
);

/** PUT /inboxes/:id/owner: to a team (`ref`, null for an unknown one) or to the caller's account. */
export const moveInbox = fc
  .tuple(whoArb, refArb, fc.option(fc.nat(50), { freq: 3, nil: 'me' as const }))
  .map(([who, ref, to]) =>
    command(
      `moveInbox(${who}, ${ref ?? 'unknown'}, to ${to === 'me' ? 'me' : `team ${to}`})`,
      (m) => usable(m, who),
      async (m, r) => {
        const inbox = pickInbox(m, ref);
        const team = to === 'me' ? undefined : pickTeam(m, to);
        const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/owner`, {
          method: 'PUT',
          authorization: authorization(m, who),
          json: to === 'me' ? { account: 'me' } : { teamId: team?.id ?? UNKNOWN_TEAM_ID },
        });
        const account = accountOf(who);
        const limit = limitOf(m, who)?.team ?? null;
        let expected: Expect;
        if (isShare(who)) expected = refusedToShare(m, who);
        else if (isRevoked(who) || account === null) expected = UNAUTHORIZED;
        else if (scopeRefusal(m, who, 'manage')) expected = INSUFFICIENT_SCOPE;
        else if (!inbox || !live(m, inbox) || outsideTeam(m, who, inbox)) expected = NO_INBOX;
        else if (inbox.owner === null) expected = NOT_SAVED;
        else {
          expected = accountAccess(who, inbox, 'manage', NO_INBOX);
          if (expected.status === 200 && limit !== null && (to === 'me' || team !== limit)) {
            // The inbox would leave the only team the token reaches.
            expected = to === 'me' ? INSUFFICIENT_SCOPE : NO_TEAM;
          } else if (expected.status === 200 && to !== 'me') {
            const role = team?.members[account];
            expected = role === undefined ? NO_TEAM : roleAtLeast(role, 'admin') ? ok(200) : FORBIDDEN;
          }
          // Out of a team (to the account or another team): its owners only.
          const from = inbox.owner;
          const destination = to === 'me' ? account : team;
          if (expected.status === 200 && typeof from === 'object' && from !== destination) {
            if (from.members[account] !== 'owner') expected = FORBIDDEN;
          }
        }
        assertAnswer(reply, expected, `move ${label(inbox)} to ${to === 'me' ? 'me' : teamLabel(team)} as ${who}`);
        if (expected.status === 200 && inbox && account !== null) {
          inbox.owner = to === 'me' ? account : (team as MTeam);
          assert.equal(reply.body.data.inbox.teamId, to === 'me' ? null : (team as MTeam).id);
        }
      },
    ),
  );

/** A token of the account with a scope and, maybe, a team (null: an unknown team). */
export const createLimitedToken = fc
  .tuple(accountArb, scopeArb, fc.option(fc.option(fc.nat(50), { freq: 6 }), { freq: 2 }))
  .map(([account, scope, teamRef]) =>
    command(
      `createLimitedToken(${account}, ${scope}${teamRef === null ? '' : `, team ${teamRef ?? 'unknown'}`})`,
      () => true,
      async (m, r) => {
        const team = teamRef === null ? null : pickTeam(m, teamRef);
        const reply = await call(r.rehook.apiUrl, '/api/v1/tokens', {
          method: 'POST',
          authorization: bearer(m.accounts[account].token),
          json: {
            name: `limited-${m.seq}`,
            scopes: [scope],
            ...(teamRef === null ? {} : { teamId: team?.id ?? UNKNOWN_TEAM_ID }),
          },
        });
        // A team the account is not in (or none) is refused like an inbox it cannot see.
        const refused = teamRef !== null && (team == null || team.members[account] === undefined);
        assertAnswer(reply, refused ? err(400, 'VALIDATION_FAILED') : ok(201), `create a limited token as ${account}`);
        if (refused) return;
        assert.equal(reply.body.data.token.teamId, team?.id ?? null);
        m.accounts[account].limited = { token: reply.body.data.token.token, scope, team: team ?? null };
      },
    ),
  );
