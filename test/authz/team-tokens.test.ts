// Tokens limited to a team (docs/teams.md): the token reaches that team's inboxes and the team
// itself, nothing of the account's own, and acts with the lesser of its scope and the member's
// role in the team, read again on every request, so a demotion or removal counts at once.
//
//   node --import tsx --test test/authz/team-tokens.test.ts   (REHOOK_TEST_STORE=postgres too)
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { AUTHZ_ENV, bearer, call, ingest, newAccount, type Reply } from './support.js';

interface Account {
  readonly accountId: string;
  readonly token: string;
}

describe('tokens limited to a team', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let owner: Account;
  let member: Account;

  const api = (path: string, token: string, init: { method?: string; json?: unknown } = {}): Promise<Reply> =>
    call(rehook.apiUrl, path, { ...init, authorization: bearer(token) });

  function expectError(reply: Reply, status: number, code: string, what: string): void {
    assert.equal(reply.status, status, `${what}: ${reply.text}`);
    assert.equal(reply.code, code, `${what}: ${reply.text}`);
  }

  async function newTeam(name: string, role: string): Promise<string> {
    const created = await api('/api/v1/teams', owner.token, { method: 'POST', json: { name } });
    assert.equal(created.status, 201, created.text);
    const teamId: string = created.body.data.team.id;
    const invited = await api(`/api/v1/teams/${teamId}/invitations`, owner.token, { method: 'POST', json: { role } });
    const joined = await api(`/api/v1/invitations/${invited.body.data.invitation.token}/accept`, member.token, {
      method: 'POST',
    });
    assert.equal(joined.status, 200, joined.text);
    return teamId;
  }

  /** A team inbox with one event: its id and the event's. */
  async function teamInbox(teamId: string): Promise<{ inboxId: string; eventId: string }> {
    const made = await api('/api/v1/inboxes', owner.token, { method: 'POST', json: { teamId } });
    assert.equal(made.status, 201, made.text);
    const inboxId: string = made.body.data.inbox.id;
    assert.equal(await ingest(rehook, inboxId, '/team-token'), 200);
    const [event] = await rehook.deps.store.events.listByInbox(inboxId, { limit: 1 });
    assert.ok(event);
    return { inboxId, eventId: event.id };
  }

  async function teamToken(teamId: string, scopes?: string[]): Promise<string> {
    const res = await api('/api/v1/tokens', member.token, {
      method: 'POST',
      json: { name: 'team', teamId, ...(scopes ? { scopes } : {}) },
    });
    assert.equal(res.status, 201, res.text);
    assert.equal(res.body.data.token.teamId, teamId);
    return res.body.data.token.token;
  }

  before(async () => {
    receiver = await startReceiver();
    rehook = await startTestRehook({ env: { ...AUTHZ_ENV, REHOOK_RATE_SIGNIN: '0' } });
    owner = await newAccount(rehook, 'tt-owner');
    member = await newAccount(rehook, 'tt-member');
  });
  after(async () => {
    await rehook?.stop();
    await receiver?.close();
  });

  it("reaches the team's inboxes and the team only: the account's own and other teams are 404", async () => {
    const teamId = await newTeam('Payments', 'member');
    const otherTeam = await newTeam('Growth', 'admin');
    const inTeam = await teamInbox(teamId);
    const inOther = await teamInbox(otherTeam);
    const own = await api('/api/v1/inboxes', member.token, { method: 'POST', json: { name: 'mine' } });
    const ownId: string = own.body.data.inbox.id;
    assert.equal(await ingest(rehook, ownId, '/own'), 200);
    const [ownEvent] = await rehook.deps.store.events.listByInbox(ownId, { limit: 1 });
    assert.ok(ownEvent);
    const token = await teamToken(teamId);

    assert.equal((await api(`/api/v1/inboxes/${inTeam.inboxId}`, token)).status, 200);
    assert.equal((await api(`/api/v1/events/${inTeam.eventId}`, token)).status, 200);
    expectError(await api(`/api/v1/inboxes/${ownId}`, token), 404, 'INBOX_NOT_FOUND', 'own inbox');
    expectError(await api(`/api/v1/events/${ownEvent.id}`, token), 404, 'EVENT_NOT_FOUND', 'own event');
    expectError(await api(`/api/v1/inboxes/${ownId}/forwarding`, token), 404, 'INBOX_NOT_FOUND', 'own settings');
    expectError(await api(`/api/v1/inboxes/${inOther.inboxId}`, token), 404, 'INBOX_NOT_FOUND', 'other team');
    expectError(await api(`/api/v1/teams/${otherTeam}`, token), 404, 'TEAM_NOT_FOUND', 'other team');
    assert.equal((await api(`/api/v1/teams/${teamId}/members`, token)).status, 200);

    const listed = await api('/api/v1/inboxes', token);
    assert.deepEqual(
      listed.body.data.inboxes.map((i: { id: string }) => i.id),
      [inTeam.inboxId],
    );
    const teams = await api('/api/v1/teams', token);
    assert.deepEqual(
      teams.body.data.teams.map((t: { id: string }) => t.id),
      [teamId],
    );
    // Account-wide routes are refused like those of an inbox-limited token.
    for (const [method, path] of [
      ['GET', '/api/v1/tokens'],
      ['POST', '/api/v1/teams'],
      ['GET', '/api/v1/account/sessions'],
    ] as const) {
      const res = await api(path, token, { method, ...(method === 'POST' ? { json: { name: 'x' } } : {}) });
      expectError(res, 403, 'INSUFFICIENT_SCOPE', `${method} ${path}`);
      assert.match(res.text, /limited to a team/);
    }
    // A new inbox goes to the token's team; another team is 404.
    const made = await api('/api/v1/inboxes', token, { method: 'POST', json: { name: 'by token' } });
    assert.equal(made.status, 201, made.text);
    assert.equal(made.body.data.inbox.teamId, teamId);
    const elsewhere = await api('/api/v1/inboxes', token, { method: 'POST', json: { teamId: otherTeam } });
    expectError(elsewhere, 404, 'TEAM_NOT_FOUND', 'create in another team');
    const out = await api(`/api/v1/inboxes/${made.body.data.inbox.id}/owner`, token, {
      method: 'PUT',
      json: { account: 'me' },
    });
    // A member may not move inboxes at all; the role answers first.
    expectError(out, 403, 'FORBIDDEN', 'move out of the team');
  });

  it("acts with the lesser of its scope and the member's current role, read at every request", async () => {
    const teamId = await newTeam('Billing', 'admin');
    const { inboxId, eventId } = await teamInbox(teamId);
    const manage = await teamToken(teamId);
    const read = await teamToken(teamId, ['read']);
    const replay = (token: string) =>
      api(`/api/v1/events/${eventId}/replay`, token, { method: 'POST', json: { destination: `${receiver.url}/tt` } });
    const rename = (token: string) =>
      api(`/api/v1/inboxes/${inboxId}`, token, { method: 'PATCH', json: { name: 'n' } });

    // An admin with a manage token: everything an admin may.
    assert.equal((await replay(manage)).status, 200);
    assert.equal((await rename(manage)).status, 200);
    // The scope caps the role.
    expectError(await replay(read), 403, 'INSUFFICIENT_SCOPE', 'read token replays');
    // A demotion caps the scope, at once.
    const demote = async (role: string) => {
      const res = await api(`/api/v1/teams/${teamId}/members/${member.accountId}`, owner.token, {
        method: 'PATCH',
        json: { role },
      });
      assert.equal(res.status, 200, res.text);
    };
    await demote('member');
    expectError(await rename(manage), 403, 'FORBIDDEN', 'member renames');
    assert.equal((await replay(manage)).status, 200);
    await demote('viewer');
    const refused = await replay(manage);
    expectError(refused, 403, 'FORBIDDEN', 'viewer replays');
    assert.match(refused.text, /viewer/);
    assert.equal((await api(`/api/v1/inboxes/${inboxId}`, manage)).status, 200);
    // Removed: the token reaches nothing of the team any more.
    const removed = await api(`/api/v1/teams/${teamId}/members/${member.accountId}`, owner.token, {
      method: 'DELETE',
    });
    assert.equal(removed.status, 204);
    expectError(await api(`/api/v1/inboxes/${inboxId}`, manage), 404, 'INBOX_NOT_FOUND', 'after removal');
    expectError(await api(`/api/v1/teams/${teamId}`, manage), 404, 'TEAM_NOT_FOUND', 'team after removal');
    assert.deepEqual((await api('/api/v1/inboxes', manage)).body.data.inboxes, []);
  });

  it("reads its team's audit log as docs/teams.md says (manage scope, admin or owner), no other team's", async () => {
    const teamId = await newTeam('Audited', 'admin');
    const otherTeam = await newTeam('Unaudited', 'admin');
    const manage = await teamToken(teamId);
    const read = await teamToken(teamId, ['read']);
    const log = await api(`/api/v1/teams/${teamId}/audit`, manage);
    assert.equal(log.status, 200, log.text);
    assert.ok(
      log.body.data.entries.some((e: { action: string }) => e.action === 'member.joined'),
      log.text,
    );
    expectError(await api(`/api/v1/teams/${otherTeam}/audit`, manage), 404, 'TEAM_NOT_FOUND', 'other team');
    expectError(await api(`/api/v1/teams/${teamId}/audit`, read), 403, 'INSUFFICIENT_SCOPE', 'read token');
    expectError(await api('/api/v1/account/audit', manage), 403, 'INSUFFICIENT_SCOPE', "the account's log");
    const demoted = await api(`/api/v1/teams/${teamId}/members/${member.accountId}`, owner.token, {
      method: 'PATCH',
      json: { role: 'member' },
    });
    assert.equal(demoted.status, 200, demoted.text);
    expectError(await api(`/api/v1/teams/${teamId}/audit`, manage), 403, 'FORBIDDEN', 'as member');
  });

  it("refuses a team the account is not in, and inbox limits outside the token's team (400)", async () => {
    const teamId = await newTeam('Limits', 'member');
    const { inboxId } = await teamInbox(teamId);
    const strangers = await api('/api/v1/teams', owner.token, { method: 'POST', json: { name: 'Closed' } });
    const own = await api('/api/v1/inboxes', member.token, { method: 'POST' });
    const make = (json: Record<string, unknown>) =>
      api('/api/v1/tokens', member.token, { method: 'POST', json: { name: 'limits', ...json } });
    for (const teamIdGiven of [strangers.body.data.team.id, 'tem_aaaaaaaaaaaaaaaaaaaaaaaaaa', 42]) {
      const res = await make({ teamId: teamIdGiven });
      expectError(res, 400, 'VALIDATION_FAILED', `teamId ${String(teamIdGiven)}`);
      assert.match(res.text, /teamId/);
    }
    const both = await make({ teamId, inboxIds: [inboxId] });
    assert.equal(both.status, 201, both.text);
    assert.deepEqual(both.body.data.token.inboxIds, [inboxId]);
    const wrong = await make({ teamId, inboxIds: [own.body.data.inbox.id] });
    expectError(wrong, 400, 'VALIDATION_FAILED', "the account's inbox on a team token");
    assert.match(wrong.text, /inboxIds\/0/);
  });
});
