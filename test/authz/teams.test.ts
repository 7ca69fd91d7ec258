// Team roles × every inbox endpoint, and every role on every team endpoint (docs/teams.md).
//
// A team with one account in each role (owner, admin, member, viewer) and an outsider. Every
// endpoint of the authorization matrix that names an inbox or an event (its entry in matrix/
// gives the action; called the same way) is called by each of them on a team inbox: a role allowed the action must
// get past the access rules, a weaker one gets 403 FORBIDDEN naming its role, and the outsider
// 404 as for another account's inbox. Then the team's own endpoints, the rules on members
// (last owner, roles above one's own), invitations, and losing access at once on removal,
// open streams included.
//
//   node --import tsx --test test/authz/teams.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { InboxAction, TeamRole } from '../../src/domain/team.js';
import type { Team } from '../../src/client/index.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';

type TeamPermissionsJson = Omit<Team['permissions'], 'assignableRoles'>;
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { ENDPOINTS, type EndpointName } from './matrix/index.js';
import type { Env, Target } from './matrix/targets.js';
import { ACTION, ALLOWED, callAs, EXTRA, WITH_TEAM_ENDPOINTS } from './teams-actions.js';
import { AUTHZ_ENV, bearer, call, ingest, newAccount, newShareLink, type Reply, UNKNOWN_TOKEN_ID } from './support.js';

const ROLES: readonly TeamRole[] = ['owner', 'admin', 'member', 'viewer'];
/** Answers that mean the access rules refused: anything else got past them. */
const REFUSALS = new Set(['FORBIDDEN', 'INBOX_NOT_FOUND', 'EVENT_NOT_FOUND', 'UNAUTHORIZED', 'TEAM_NOT_FOUND']);

type Who = TeamRole | 'outsider';
interface Account {
  readonly accountId: string;
  readonly token: string;
}

describe('teams: every role × every endpoint', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let env: Env;
  const people = {} as Record<Who, Account>;

  async function api(path: string, who: Who, init: { method?: string; json?: unknown } = {}): Promise<Reply> {
    return call(rehook.apiUrl, path, { ...init, authorization: bearer(people[who].token) });
  }

  /** A team with one account in each role, joined through invitation links. */
  async function newTeam(name: string, extra: ReadonlyArray<[Account, TeamRole]> = []): Promise<string> {
    const created = await api('/api/v1/teams', 'owner', { method: 'POST', json: { name } });
    assert.equal(created.status, 201, created.text);
    const teamId: string = created.body.data.team.id;
    const joiners: Array<[Account, TeamRole]> = [
      [people.admin, 'admin'],
      [people.member, 'member'],
      [people.viewer, 'viewer'],
      ...extra,
    ];
    for (const [account, role] of joiners) {
      const invited = await api(`/api/v1/teams/${teamId}/invitations`, 'owner', { method: 'POST', json: { role } });
      assert.equal(invited.status, 201, invited.text);
      const joined = await call(rehook.apiUrl, `/api/v1/invitations/${invited.body.data.invitation.token}/accept`, {
        method: 'POST',
        authorization: bearer(account.token),
      });
      assert.equal(joined.status, 200, joined.text);
      assert.equal(joined.body.data.team.role, role);
    }
    return teamId;
  }

  let teamId: string;

  async function newTeamInbox(): Promise<Target> {
    const res = await api('/api/v1/inboxes', 'owner', { method: 'POST', json: { teamId } });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.data.inbox.teamId, teamId);
    const inboxId: string = res.body.data.inbox.id;
    assert.equal(await ingest(rehook, inboxId, '/teams', 'team body'), 200);
    const [event] = await rehook.deps.store.events.listByInbox(inboxId, { limit: 1 });
    assert.ok(event);
    const link = await newShareLink(rehook, inboxId, people.owner.token);
    return {
      inboxId,
      eventId: event.id,
      tokenId: UNKNOWN_TOKEN_ID,
      token: '',
      shareId: link.id,
      shareToken: link.token,
    };
  }

  before(async () => {
    receiver = await startReceiver();
    // Joining by invitation is limited like sign-in; this suite joins dozens of teams from one address.
    rehook = await startTestRehook({ env: { ...AUTHZ_ENV, REHOOK_RATE_SIGNIN: '0' } });
    for (const who of [...ROLES, 'outsider'] as const) people[who] = await newAccount(rehook, `team-${who}`);
    env = { rehook, receiver, A: people.owner, B: people.outsider };
    callAs(rehook.apiUrl, people.owner.token);
    teamId = await newTeam('Payments');
  });

  after(async () => {
    await rehook?.stop();
    await receiver?.close();
  });

  it('covers every route of the OpenAPI document on an inbox, an event or a replay job', async () => {
    const doc = (await call(rehook.apiUrl, '/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, { 'x-rehook-inbox'?: string }>>;
    };
    const covered = new Set([
      ...Object.keys(ACTION).map((name) => name.replace(/\?.*$/, '').replace(/ \(.*\)$/, '')),
      ...Object.keys(EXTRA),
      ...WITH_TEAM_ENDPOINTS,
    ]);
    const missing = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, op]) => ['inboxId', 'eventId', 'jobId'].includes(op['x-rehook-inbox'] ?? ''))
        .map(
          ([method]) =>
            `${method.toUpperCase()} ${path.replace(/\{(inboxId|eventId|jobId)\}/g, ':id').replace(/\{(\w+)\}/g, ':$1')}`,
        )
        .filter((name) => !covered.has(name)),
    );
    assert.deepEqual(missing, []);
  });

  it("applies the team's roles on every inbox endpoint, and hides team inboxes from outsiders", async () => {
    const mismatches: string[] = [];
    const shared = await newTeamInbox();
    const cases = [
      ...(Object.entries(ACTION) as Array<[EndpointName, InboxAction]>).map(([name, action]) => {
        const endpoint = ENDPOINTS[name];
        return {
          name,
          action,
          destructive: endpoint.destructive,
          send: (t: Target, token: string) => endpoint.send(env, t, bearer(token)),
        };
      }),
      ...Object.entries(EXTRA).map(([name, extra]) => ({ name, destructive: true, ...extra })),
    ];
    // What the API tells each role it may do with the inbox (the web app offers exactly that).
    const offered = {} as Record<TeamRole, Record<InboxAction, boolean>>;
    for (const who of ROLES) {
      const shown = await api(`/api/v1/inboxes/${shared.inboxId}`, who);
      assert.equal(shown.body.data.inbox.role, who);
      offered[who] = shown.body.data.inbox.permissions;
    }
    for (const { name, action, destructive, send } of cases) {
      for (const who of [...ROLES, 'outsider'] as const) {
        const target = destructive ? await newTeamInbox() : shared;
        const reply = await send(target, people[who].token);
        const cell = `${name} as ${who}: ${reply.status} ${reply.code}`;
        if (who !== 'outsider' && offered[who][action] === REFUSALS.has(reply.code)) {
          mismatches.push(`${cell} (the inbox's permissions say ${action}: ${offered[who][action]})`);
        }
        if (reply.status >= 500) mismatches.push(`${cell} (server error)`);
        else if (who === 'outsider') {
          if (reply.status !== 404) mismatches.push(`${cell} (expected 404)`);
        } else if (ALLOWED[action].includes(who)) {
          if (REFUSALS.has(reply.code)) mismatches.push(`${cell} (expected to be allowed): ${reply.text}`);
        } else if (reply.status !== 403 || reply.code !== 'FORBIDDEN' || !reply.text.includes(who)) {
          mismatches.push(`${cell} (expected 403 FORBIDDEN naming the role): ${reply.text}`);
        }
      }
    }
    assert.deepEqual(mismatches, []);
  });

  it('lets members and above create team inboxes; not viewers, not outsiders', async () => {
    const expected: Record<Who, number> = { owner: 201, admin: 201, member: 201, viewer: 403, outsider: 404 };
    for (const who of Object.keys(expected) as Who[]) {
      const res = await api('/api/v1/inboxes', who, { method: 'POST', json: { teamId } });
      assert.equal(res.status, expected[who], `${who}: ${res.text}`);
      if (who === 'outsider') continue;
      const team = (await api(`/api/v1/teams/${teamId}`, who)).body.data.team;
      assert.equal(team.permissions.createInboxes, res.status === 201, `${who}: the team's permissions`);
    }
  });

  it("answers the team's own endpoints by role", async () => {
    const cases: Array<[string, (t: string, who: Who) => Promise<Reply>, Record<Who, number>, boolean]> = [
      [
        'GET team',
        (t, who) => api(`/api/v1/teams/${t}`, who),
        { owner: 200, admin: 200, member: 200, viewer: 200, outsider: 404 },
        false,
      ],
      [
        'GET members',
        (t, who) => api(`/api/v1/teams/${t}/members`, who),
        { owner: 200, admin: 200, member: 200, viewer: 200, outsider: 404 },
        false,
      ],
      [
        'GET audit log',
        (t, who) => api(`/api/v1/teams/${t}/audit`, who),
        { owner: 200, admin: 200, member: 403, viewer: 403, outsider: 404 },
        false,
      ],
      [
        'PATCH team',
        (t, who) => api(`/api/v1/teams/${t}`, who, { method: 'PATCH', json: { name: 'Renamed' } }),
        { owner: 200, admin: 200, member: 403, viewer: 403, outsider: 404 },
        false,
      ],
      [
        'POST invitation',
        (t, who) => api(`/api/v1/teams/${t}/invitations`, who, { method: 'POST', json: { role: 'viewer' } }),
        { owner: 201, admin: 201, member: 403, viewer: 403, outsider: 404 },
        false,
      ],
      [
        'GET invitations',
        (t, who) => api(`/api/v1/teams/${t}/invitations`, who),
        { owner: 200, admin: 200, member: 403, viewer: 403, outsider: 404 },
        false,
      ],
      [
        'DELETE invitation',
        async (t, who) => {
          const made = await api(`/api/v1/teams/${t}/invitations`, 'owner', {
            method: 'POST',
            json: { role: 'viewer' },
          });
          return api(`/api/v1/teams/${t}/invitations/${made.body.data.invitation.id}`, who, { method: 'DELETE' });
        },
        { owner: 204, admin: 204, member: 403, viewer: 403, outsider: 404 },
        false,
      ],
      [
        'PATCH member role',
        (t, who) =>
          api(`/api/v1/teams/${t}/members/${people.viewer.accountId}`, who, {
            method: 'PATCH',
            json: { role: 'member' },
          }),
        { owner: 200, admin: 200, member: 403, viewer: 403, outsider: 404 },
        true,
      ],
      [
        'DELETE member',
        (t, who) => api(`/api/v1/teams/${t}/members/${people.member.accountId}`, who, { method: 'DELETE' }),
        { owner: 204, admin: 204, member: 204, viewer: 403, outsider: 404 },
        true,
      ],
      [
        'DELETE team',
        (t, who) => api(`/api/v1/teams/${t}`, who, { method: 'DELETE' }),
        { owner: 204, admin: 403, member: 403, viewer: 403, outsider: 404 },
        true,
      ],
      [
        'PUT inbox owner (to me)',
        async (t, who) => {
          const made = await api('/api/v1/inboxes', 'owner', { method: 'POST', json: { teamId: t } });
          return api(`/api/v1/inboxes/${made.body.data.inbox.id}/owner`, who, {
            method: 'PUT',
            json: { account: 'me' },
          });
        },
        // Out of a team: owners only (an admin could take the team's inbox, and its webhooks, away).
        { owner: 200, admin: 403, member: 403, viewer: 403, outsider: 404 },
        false,
      ],
    ];
    // The permission the team's JSON shows for each case (the web app offers by it); removing a
    // member is left out, as a member may remove itself whatever its role.
    const permissionOf: Record<string, keyof TeamPermissionsJson> = {
      'GET audit log': 'readAudit',
      'PATCH team': 'rename',
      'POST invitation': 'invite',
      'GET invitations': 'invite',
      'DELETE invitation': 'invite',
      'PATCH member role': 'manageMembers',
      'DELETE team': 'delete',
    };
    const shown = {} as Record<TeamRole, TeamPermissionsJson>;
    for (const who of ROLES) shown[who] = (await api(`/api/v1/teams/${teamId}`, who)).body.data.team.permissions;
    const mismatches: string[] = [];
    for (const [label, send, expected, fresh] of cases) {
      for (const who of Object.keys(expected) as Who[]) {
        const t = fresh ? await newTeam(`${label} ${who}`) : teamId;
        const reply = await send(t, who);
        const permission = permissionOf[label];
        if (permission !== undefined && who !== 'outsider' && shown[who][permission] !== reply.status < 300) {
          mismatches.push(
            `${label} as ${who}: ${reply.status}, but the team's permissions say ${permission}: ${shown[who][permission]}`,
          );
        }
        if (reply.status !== expected[who]) mismatches.push(`${label} as ${who}: ${reply.status} ${reply.text}`);
        if (reply.status === 403 && !reply.text.includes(who === 'outsider' ? '' : who)) {
          mismatches.push(`${label} as ${who}: the 403 does not name the role: ${reply.text}`);
        }
      }
    }
    assert.deepEqual(mismatches, []);
  });

  it('refuses a blank team name with a message about the team, not an inbox', async () => {
    for (const name of ['', '   ', 'x'.repeat(101)]) {
      const made = await api('/api/v1/teams', 'owner', { method: 'POST', json: { name } });
      assert.equal(made.status, 400, made.text);
      assert.equal(made.code, 'VALIDATION_FAILED');
      assert.match(made.body.error.message, /^Team name must be 1 to 100 printable characters/);
      const renamed = await api(`/api/v1/teams/${teamId}`, 'owner', { method: 'PATCH', json: { name } });
      assert.match(renamed.body.error.message, /^Team name must/, renamed.text);
    }
  });

  it("keeps at least one owner, refuses unknown roles and invitations above one's own role", async () => {
    const t = await newTeam('Rules');
    const leave = await api(`/api/v1/teams/${t}/members/${people.owner.accountId}`, 'owner', { method: 'DELETE' });
    assert.equal(leave.status, 409);
    assert.equal(leave.code, 'LAST_OWNER');
    const demote = await api(`/api/v1/teams/${t}/members/${people.owner.accountId}`, 'owner', {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    assert.equal(demote.code, 'LAST_OWNER');
    const unknown = await api(`/api/v1/teams/${t}/members/${people.viewer.accountId}`, 'owner', {
      method: 'PATCH',
      json: { role: 'superuser' },
    });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.code, 'VALIDATION_FAILED');
    const above = await api(`/api/v1/teams/${t}/invitations`, 'admin', { method: 'POST', json: { role: 'owner' } });
    assert.equal(above.status, 403);
    assert.equal(above.code, 'FORBIDDEN');
    assert.match(above.text, /admin/);
    const makeOwner = await api(`/api/v1/teams/${t}/members/${people.viewer.accountId}`, 'admin', {
      method: 'PATCH',
      json: { role: 'owner' },
    });
    assert.equal(makeOwner.code, 'FORBIDDEN');
    // With a second owner the first may leave; the team's inboxes stay the team's.
    const inbox = await api('/api/v1/inboxes', 'owner', { method: 'POST', json: { teamId: t } });
    const promote = await api(`/api/v1/teams/${t}/members/${people.admin.accountId}`, 'owner', {
      method: 'PATCH',
      json: { role: 'owner' },
    });
    assert.equal(promote.status, 200, promote.text);
    assert.equal(promote.body.data.member.role, 'owner');
    const left = await api(`/api/v1/teams/${t}/members/${people.owner.accountId}`, 'owner', { method: 'DELETE' });
    assert.equal(left.status, 204);
    const still = await api(`/api/v1/inboxes/${inbox.body.data.inbox.id}`, 'admin');
    assert.equal(still.status, 200);
    assert.equal(still.body.data.inbox.teamId, t);
    const gone = await api(`/api/v1/inboxes/${inbox.body.data.inbox.id}`, 'owner');
    assert.equal(gone.code, 'INBOX_NOT_FOUND');
  });

  it('makes single-use invitation links that expire and can be revoked, listed without tokens', async () => {
    const t = await newTeam('Links');
    const other = await newAccount(rehook, 'team-joiner');
    const joiner = (token: string) =>
      call(rehook.apiUrl, `/api/v1/invitations/${token}/accept`, {
        method: 'POST',
        authorization: bearer(other.token),
      });
    const made = await api(`/api/v1/teams/${t}/invitations`, 'owner', { method: 'POST', json: { role: 'member' } });
    assert.equal(made.status, 201);
    const { token, path, id } = made.body.data.invitation;
    assert.equal(path, `/join/${token}`);
    const listed = await api(`/api/v1/teams/${t}/invitations`, 'owner');
    assert.deepEqual(
      listed.body.data.invitations.map((i: { id: string }) => i.id),
      [id],
    );
    assert.ok(!listed.text.includes(token), 'the list must not show the token');
    assert.equal((await joiner(token)).status, 200);
    const again = await joiner(token);
    assert.equal(again.status, 404);
    assert.equal(again.code, 'INVITATION_NOT_FOUND');
    // Revoked.
    const second = await api(`/api/v1/teams/${t}/invitations`, 'owner', { method: 'POST', json: { role: 'viewer' } });
    const revoke = await api(`/api/v1/teams/${t}/invitations/${second.body.data.invitation.id}`, 'owner', {
      method: 'DELETE',
    });
    assert.equal(revoke.status, 204);
    assert.equal((await joiner(second.body.data.invitation.token)).code, 'INVITATION_NOT_FOUND');
    // Expired: made to expire in an hour, used after the store's clock passed it.
    const third = await api(`/api/v1/teams/${t}/invitations`, 'owner', {
      method: 'POST',
      json: { role: 'viewer', expiresInHours: 1 },
    });
    assert.equal(
      Date.parse(third.body.data.invitation.expiresAt) - Date.parse(third.body.data.invitation.createdAt),
      3_600_000,
    );
    const late = await rehook.deps.store.teams.acceptInvitation(
      // The store is given a time past the expiry: the link is refused and stays unused.
      (await import('node:crypto')).createHash('sha256').update(third.body.data.invitation.token).digest('hex'),
      other.accountId,
      new Date(Date.parse(third.body.data.invitation.expiresAt) + 1),
    );
    assert.equal(late, null);
    assert.equal((await joiner('rhi_not-a-token')).code, 'INVITATION_NOT_FOUND');
  });

  it('shows who replayed on a team inbox', async () => {
    const target = await newTeamInbox();
    const replayed = await api(`/api/v1/events/${target.eventId}/replay`, 'member', {
      method: 'POST',
      json: { destination: `${receiver.url}/who` },
    });
    assert.equal(replayed.status, 200, replayed.text);
    const history = await api(`/api/v1/events/${target.eventId}/replays`, 'viewer');
    assert.equal(history.status, 200);
    assert.ok(
      history.body.data.replays.some((r: { accountId: string }) => r.accountId === people.member.accountId),
      history.text,
    );
  });

  it("lists team inboxes in every member's inbox list, and moves inboxes between account and team", async () => {
    const own = await api('/api/v1/inboxes', 'admin', { method: 'POST', json: { name: 'mine' } });
    const ownId: string = own.body.data.inbox.id;
    const moved = await api(`/api/v1/inboxes/${ownId}/owner`, 'admin', { method: 'PUT', json: { teamId } });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.data.inbox.teamId, teamId);
    const listed = await api('/api/v1/inboxes', 'viewer');
    assert.ok(listed.body.data.inboxes.some((i: { id: string }) => i.id === ownId));
    const memberMove = await api(`/api/v1/inboxes/${ownId}/owner`, 'member', {
      method: 'PUT',
      json: { account: 'me' },
    });
    assert.equal(memberMove.code, 'FORBIDDEN');
    const both = await api(`/api/v1/inboxes/${ownId}/owner`, 'admin', {
      method: 'PUT',
      json: { account: 'me', teamId },
    });
    assert.equal(both.status, 400);
    // Out of the team: owners only, the admin who moved it in included (docs/teams.md).
    const adminBack = await api(`/api/v1/inboxes/${ownId}/owner`, 'admin', { method: 'PUT', json: { account: 'me' } });
    assert.equal(adminBack.status, 403, adminBack.text);
    assert.equal(adminBack.code, 'FORBIDDEN');
    assert.match(adminBack.text, /admin: only owners can move inboxes out of the team/);
    assert.equal((await api(`/api/v1/inboxes/${ownId}`, 'admin')).body.data.inbox.teamId, teamId);
    const back = await api(`/api/v1/inboxes/${ownId}/owner`, 'owner', { method: 'PUT', json: { account: 'me' } });
    assert.equal(back.status, 200, back.text);
    assert.equal(back.body.data.inbox.teamId, null);
    assert.equal((await api(`/api/v1/inboxes/${ownId}`, 'viewer')).code, 'INBOX_NOT_FOUND');
    assert.equal((await api(`/api/v1/inboxes/${ownId}`, 'admin')).code, 'INBOX_NOT_FOUND');
  });

  it("ends a removed member's access at once: its next request and its open live stream", async () => {
    const t = await newTeam('Removal');
    const inbox = await api('/api/v1/inboxes', 'owner', { method: 'POST', json: { teamId: t } });
    const inboxId: string = inbox.body.data.inbox.id;
    const controller = new AbortController();
    const stream = await fetch(`${rehook.apiUrl}/api/v1/inboxes/${inboxId}/stream`, {
      headers: { authorization: bearer(people.viewer.token) },
      signal: controller.signal,
    });
    assert.equal(stream.status, 200);
    const reader = stream.body?.getReader();
    assert.ok(reader);
    // The stream's first bytes: it is open and subscribed.
    const first = await reader.read();
    assert.equal(first.done, false);
    const removed = await api(`/api/v1/teams/${t}/members/${people.viewer.accountId}`, 'owner', { method: 'DELETE' });
    assert.equal(removed.status, 204);
    // The server ends the stream by itself (no event needed).
    for (;;) {
      const chunk = await reader.read();
      if (chunk.done) break;
    }
    const after = await api(`/api/v1/inboxes/${inboxId}`, 'viewer');
    assert.equal(after.code, 'INBOX_NOT_FOUND');
    controller.abort();
  });
});
