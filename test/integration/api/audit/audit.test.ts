// The audit log over real HTTP (docs/teams.md, "Audit log"): every recorded action with its
// actor, address, target and outcome, refusals of consequence, never a secret, token or body;
// the account's and the team's logs, their pages and filters; retention; a failed write.
//
//   node --import tsx --test test/integration/api/audit/audit.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/integration/api/audit/audit.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { loadConfig } from '../../../../src/config/load.js';
import { sweepOnce } from '../../../../src/services/expiry.js';
import { recordAudit } from '../../../../src/services/audit.js';
import { startReceiver, type Receiver } from '../../../helpers/receiver.js';
import type { JsonResponse, TestRehook } from '../../../helpers/rehook.js';
import { startTestRehook } from '../../../helpers/rehook.js';
import { asSession, signUp, uniqueEmail, type SignedIn } from '../session-support.js';
import { assertError, call, ingestEvent } from '../support.js';
import type { Entry } from './audit-entry.js';

const PASSWORD = 'correct horse battery';
const SIGNATURE_SECRET = 'whsec_AUDITSECRETVALUEthatmustneverleak0123';
const QUERY_SECRET = 'querySecretThatMustNotLeak';
const BODY_TEXT = 'body-text-that-must-not-appear-in-the-audit-log';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The `before` cursor of a Link header's next page, or null. */
function nextLink(res: JsonResponse): string | null {
  const link = res.headers.get('link');
  const match = link === null ? null : /^<([^>]+)>; rel="next"$/.exec(link);
  return match?.[1] ?? null;
}

describe('audit log', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let owner: SignedIn;
  let ownerEmail: string;
  let ownerId: string;
  let token: string;
  let tokenId: string;
  let teamId: string;
  let helper: { accountId: string; token: string };
  const secrets: string[] = [SIGNATURE_SECRET, QUERY_SECRET, BODY_TEXT, PASSWORD, 'wrong password here'];
  // Every request of the suite comes from this address (REHOOK_TRUST_PROXY takes it from the proxy header).
  const IP = '203.0.113.77';
  const fromProxy = { 'x-forwarded-for': IP };

  const asOwner = (init: { method?: string; json?: unknown } = {}) => ({ ...init, token, headers: fromProxy });

  /** Every entry of a log, following the Link header page by page. */
  async function wholeLog(path: string, as: { token?: string; headers?: Record<string, string> }): Promise<Entry[]> {
    const entries: Entry[] = [];
    let next: string | null = `${path}${path.includes('?') ? '&' : '?'}limit=200`;
    while (next !== null) {
      const res = await call(rehook.apiUrl, next, as);
      assert.equal(res.status, 200, res.text);
      entries.push(...(res.body.data.entries as Entry[]));
      next = nextLink(res);
    }
    return entries;
  }

  function only(entries: Entry[], action: string, outcome = 'success'): Entry {
    const found = entries.filter((e) => e.action === action && e.outcome === outcome);
    assert.equal(found.length, 1, `${action}/${outcome}: ${JSON.stringify(found)}`);
    return found[0] as Entry;
  }

  before(async () => {
    receiver = await startReceiver();
    rehook = await startTestRehook({
      env: { REHOOK_TRUST_PROXY: '1', REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1', REHOOK_RATE_SIGNIN: '0' },
    });
    ownerEmail = uniqueEmail('audit-owner');
    owner = await signUp(rehook, ownerEmail, PASSWORD);
    ownerId = owner.accountId;
    helper = await rehook.createUser(uniqueEmail('audit-helper'));
  });

  after(async () => {
    await rehook?.stop();
    await receiver?.close();
  });

  it('records each action of consequence with actor, address, target and outcome', async () => {
    // Sign-in: a wrong password, then the right one.
    const wrong = await call(rehook.apiUrl, '/api/v1/auth/signin', {
      method: 'POST',
      json: { email: ownerEmail, password: 'wrong password here' },
      headers: fromProxy,
    });
    assertError(wrong, 401, 'INVALID_CREDENTIALS');
    const signedIn = await call(rehook.apiUrl, '/api/v1/auth/signin', {
      method: 'POST',
      json: { email: ownerEmail, password: PASSWORD },
      headers: fromProxy,
    });
    assert.equal(signedIn.status, 200, signedIn.text);

    // Tokens, made with the browser session.
    const session = { ...asSession(owner), ...fromProxy };
    const made = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      headers: session,
      json: { name: 'ci', scopes: ['manage'] },
    });
    assert.equal(made.status, 201, made.text);
    token = made.body.data.token.token;
    tokenId = made.body.data.token.id;
    secrets.push(token);
    const spare = await call(rehook.apiUrl, '/api/v1/tokens', asOwner({ method: 'POST', json: { name: 'spare' } }));
    secrets.push(spare.body.data.token.token);
    assert.equal(
      (await call(rehook.apiUrl, `/api/v1/tokens/${spare.body.data.token.id}`, asOwner({ method: 'DELETE' }))).status,
      204,
    );

    // A team, its inbox, its settings.
    const team = await call(rehook.apiUrl, '/api/v1/teams', asOwner({ method: 'POST', json: { name: 'Audit' } }));
    teamId = team.body.data.team.id;
    const inbox = await call(rehook.apiUrl, '/api/v1/inboxes', asOwner({ method: 'POST', json: { teamId } }));
    assert.equal(inbox.status, 201, inbox.text);
    const inboxId: string = inbox.body.data.inbox.id;
    const eventId = await ingestEvent(rehook, inboxId, { body: BODY_TEXT, token });
    const signature = `/api/v1/inboxes/${inboxId}/signature`;
    const set = await call(
      rehook.apiUrl,
      signature,
      asOwner({ method: 'PUT', json: { scheme: 'github', secret: SIGNATURE_SECRET } }),
    );
    assert.equal(set.status, 200, set.text);
    assert.equal((await call(rehook.apiUrl, signature, asOwner({ method: 'DELETE' }))).status, 204);
    const forwarding = `/api/v1/inboxes/${inboxId}/forwarding`;
    const forward = await call(
      rehook.apiUrl,
      forwarding,
      asOwner({ method: 'PUT', json: { destination: `https://forward.example.test/hooks?key=${QUERY_SECRET}` } }),
    );
    assert.equal(forward.status, 200, forward.text);
    assert.equal((await call(rehook.apiUrl, forwarding, asOwner({ method: 'DELETE' }))).status, 200);
    const share = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/shares`, asOwner({ method: 'POST' }));
    assert.equal(share.status, 201, share.text);
    secrets.push(share.body.data.share.token);
    const shareId: string = share.body.data.share.id;
    assert.equal(
      (await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/shares/${shareId}`, asOwner({ method: 'DELETE' }))).status,
      204,
    );

    // Members: invited, joined as viewer (a replay is refused), promoted, replays, removed.
    const invited = await call(
      rehook.apiUrl,
      `/api/v1/teams/${teamId}/invitations`,
      asOwner({ method: 'POST', json: { role: 'viewer' } }),
    );
    assert.equal(invited.status, 201, invited.text);
    secrets.push(invited.body.data.invitation.token);
    const joined = await call(rehook.apiUrl, `/api/v1/invitations/${invited.body.data.invitation.token}/accept`, {
      method: 'POST',
      token: helper.token,
      headers: fromProxy,
    });
    assert.equal(joined.status, 200, joined.text);
    const replayPath = `/api/v1/events/${eventId}/replay`;
    const destination = `${receiver.url}/hook?sig=${QUERY_SECRET}`;
    const refused = await call(rehook.apiUrl, replayPath, {
      method: 'POST',
      token: helper.token,
      headers: fromProxy,
      json: { destination },
    });
    assertError(refused, 403, 'FORBIDDEN');
    const promoted = await call(
      rehook.apiUrl,
      `/api/v1/teams/${teamId}/members/${helper.accountId}`,
      asOwner({ method: 'PATCH', json: { role: 'member' } }),
    );
    assert.equal(promoted.status, 200, promoted.text);
    const replayed = await call(rehook.apiUrl, replayPath, {
      method: 'POST',
      token: helper.token,
      headers: fromProxy,
      json: { destination },
    });
    assert.equal(replayed.status, 200, replayed.text);
    const bulk = await call(
      rehook.apiUrl,
      `/api/v1/inboxes/${inboxId}/replays`,
      asOwner({ method: 'POST', json: { destination, ratePerSecond: 100 } }),
    );
    assert.equal(bulk.status, 202, bulk.text);
    assert.equal(
      (await call(rehook.apiUrl, `/api/v1/teams/${teamId}/members/${helper.accountId}`, asOwner({ method: 'DELETE' })))
        .status,
      204,
    );

    // Inboxes: cleared, moved out of the team, deleted.
    assert.equal(
      (await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events`, asOwner({ method: 'DELETE' }))).status,
      204,
    );
    const moved = await call(
      rehook.apiUrl,
      `/api/v1/inboxes/${inboxId}/owner`,
      asOwner({ method: 'PUT', json: { account: 'me' } }),
    );
    assert.equal(moved.status, 200, moved.text);
    assert.equal((await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}`, asOwner({ method: 'DELETE' }))).status, 204);

    const mine = await wholeLog('/api/v1/account/audit', { token });
    for (const entry of mine) {
      assert.equal(entry.ip, IP, JSON.stringify(entry));
      assert.match(entry.id, /^aud_/);
    }
    const failedSignIn = only(mine, 'auth.sign_in', 'denied');
    assert.deepEqual(failedSignIn.actor, { accountId: null, email: null, tokenId: null, shareId: null });
    assert.deepEqual(failedSignIn.detail, { method: 'password', email: ownerEmail, status: 401 });
    const signIn = only(mine, 'auth.sign_in');
    assert.deepEqual(signIn.actor, { accountId: ownerId, email: ownerEmail, tokenId: null, shareId: null });
    assert.deepEqual(signIn.target, { type: 'account', id: ownerId });
    const tokenEntries = mine.filter((e) => e.action === 'token.created');
    assert.deepEqual(
      tokenEntries.map((e) => [e.target?.id, e.actor.tokenId, e.detail['name']]).sort(),
      [
        [spare.body.data.token.id, tokenId, 'spare'],
        [tokenId, null, 'ci'],
      ].sort(),
    );
    assert.deepEqual(only(mine, 'token.revoked').target, { type: 'token', id: spare.body.data.token.id });
    assert.equal(only(mine, 'token.revoked').actor.tokenId, tokenId);
    assert.deepEqual(only(mine, 'team.created').target, { type: 'team', id: teamId });
    assert.deepEqual(only(mine, 'inbox.created').target, { type: 'inbox', id: inboxId });
    assert.equal(only(mine, 'inbox.created').teamId, teamId);
    assert.deepEqual(only(mine, 'secret.set').detail, { scheme: 'github' });
    assert.deepEqual(only(mine, 'secret.removed').target, { type: 'inbox', id: inboxId });
    assert.deepEqual(only(mine, 'forwarding.changed').detail, { destination: 'https://forward.example.test/hooks' });
    only(mine, 'forwarding.removed');
    assert.deepEqual(only(mine, 'share.created').target, { type: 'share', id: shareId });
    assert.deepEqual(only(mine, 'share.revoked').target, { type: 'share', id: shareId });
    assert.deepEqual(only(mine, 'member.invited').detail, { role: 'viewer' });
    assert.deepEqual(only(mine, 'member.role_changed').target, { type: 'account', id: helper.accountId });
    assert.deepEqual(only(mine, 'member.role_changed').detail, { role: 'member' });
    assert.deepEqual(only(mine, 'member.removed').detail, { left: false });
    const bulkEntry = only(mine, 'replay.bulk');
    assert.deepEqual(bulkEntry.target, { type: 'replay-job', id: bulk.body.data.job.id });
    assert.equal(bulkEntry.detail['destination'], `${receiver.url}/hook`);
    assert.equal(only(mine, 'inbox.cleared').teamId, teamId);
    assert.equal(only(mine, 'inbox.moved').teamId, teamId, 'written to the team it left');
    assert.equal(only(mine, 'inbox.deleted').teamId, null, 'the inbox was the account’s by then');

    // The team's log: its inboxes and members, whoever acted (the helper's replays included).
    const teamLog = await wholeLog(`/api/v1/teams/${teamId}/audit`, { token });
    assert.ok(teamLog.every((e) => e.teamId === teamId));
    const joinedEntry = only(teamLog, 'member.joined');
    assert.equal(joinedEntry.actor.accountId, helper.accountId);
    assert.deepEqual(joinedEntry.detail, { role: 'viewer' });
    const denied = only(teamLog, 'replay', 'denied');
    assert.equal(denied.actor.accountId, helper.accountId);
    assert.deepEqual(denied.detail, { destination: `${receiver.url}/hook`, status: 403 });
    const replay = only(teamLog, 'replay');
    assert.deepEqual(replay.target, { type: 'event', id: eventId });
    assert.deepEqual(replay.detail, { destination: `${receiver.url}/hook`, replayId: replayed.body.data.replay.id });
    assert.equal(replay.ip, IP);
    for (const action of ['secret.set', 'forwarding.changed', 'share.created', 'member.invited', 'replay.bulk']) {
      only(teamLog, action);
    }
    assert.equal(teamLog.filter((e) => e.action === 'inbox.moved').length, 1);
    assert.equal(teamLog.filter((e) => e.action === 'inbox.deleted').length, 0);

    // Nothing secret anywhere: signature secret, tokens, links, invitation, passwords, query, body.
    const everything = JSON.stringify([
      mine,
      teamLog,
      await wholeLog('/api/v1/account/audit', { token: helper.token }),
    ]);
    for (const secret of secrets) assert.ok(!everything.includes(secret), `the audit log holds ${secret}`);
  });

  it('records deleting an account, and a refused attempt with a wrong password', async () => {
    const email = uniqueEmail('audit-leaver');
    const leaver = await signUp(rehook, email, PASSWORD);
    const headers = { ...asSession(leaver), ...fromProxy };
    const refused = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'DELETE',
      headers,
      json: { password: 'not it at all' },
    });
    assertError(refused, 401, 'INVALID_CREDENTIALS');
    const deleted = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'DELETE',
      headers,
      json: { password: PASSWORD },
    });
    assert.equal(deleted.status, 204, deleted.text);
    // The account is gone, so its log is read from the store.
    const entries = await rehook.deps.store.audit.list({
      accountId: leaver.accountId,
      action: 'account.deleted',
      limit: 10,
    });
    assert.deepEqual(
      entries.map((e) => [e.outcome, e.target?.id, e.ip, e.actor.accountId]),
      [
        ['success', leaver.accountId, IP, leaver.accountId],
        ['denied', leaver.accountId, IP, leaver.accountId],
      ],
    );
    assert.ok(!JSON.stringify(entries).includes(PASSWORD));
  });

  it('pages with limit and the Link header, keeping the filters, and filters by action and actor', async () => {
    const all = await wholeLog('/api/v1/account/audit', { token });
    assert.ok(all.length >= 15, `${all.length} entries`);
    const paged: Entry[] = [];
    let next: string | null = '/api/v1/account/audit?limit=3';
    let pages = 0;
    while (next !== null) {
      const res = await call(rehook.apiUrl, next, { token });
      assert.ok(res.body.data.entries.length <= 3);
      assert.equal(res.body.data.nextBefore === null, nextLink(res) === null);
      paged.push(...res.body.data.entries);
      next = nextLink(res);
      pages += 1;
    }
    assert.equal(pages, Math.ceil(all.length / 3));
    assert.deepEqual(paged, all);
    assert.deepEqual(
      all.map((e) => e.id),
      all
        .map((e) => e.id)
        .sort()
        .reverse(),
      'newest first',
    );

    const tokens = await call(rehook.apiUrl, '/api/v1/account/audit?action=token.created&limit=1', { token });
    assert.equal(tokens.body.data.entries.length, 1);
    const link = nextLink(tokens);
    assert.ok(link?.includes('action=token.created'), String(link));
    const rest = await wholeLog('/api/v1/account/audit?action=token.created', { token });
    assert.ok(rest.length === 2 && rest.every((e) => e.action === 'token.created'));

    const byToken = await wholeLog(`/api/v1/account/audit?actor=${tokenId}`, { token });
    assert.ok(byToken.length > 5);
    assert.ok(byToken.every((e) => e.actor.tokenId === tokenId));
    const byHelper = await wholeLog(`/api/v1/teams/${teamId}/audit?actor=${helper.accountId}`, { token });
    assert.deepEqual(byHelper.map((e) => e.action).sort(), ['member.joined', 'replay', 'replay']);

    assertError(await call(rehook.apiUrl, '/api/v1/account/audit?action=nope', { token }), 400, 'VALIDATION_FAILED');
    assertError(await call(rehook.apiUrl, '/api/v1/account/audit?actor=bob', { token }), 400, 'VALIDATION_FAILED');
    assertError(await call(rehook.apiUrl, '/api/v1/account/audit?before=evt_1', { token }), 400, 'VALIDATION_FAILED');
    assertError(await call(rehook.apiUrl, '/api/v1/account/audit?limit=0', { token }), 400, 'VALIDATION_FAILED');
  });

  it("shows a team's log to owners and admins only, naming the role of anyone else", async () => {
    const invited = await call(
      rehook.apiUrl,
      `/api/v1/teams/${teamId}/invitations`,
      asOwner({ method: 'POST', json: { role: 'member' } }),
    );
    await call(rehook.apiUrl, `/api/v1/invitations/${invited.body.data.invitation.token}/accept`, {
      method: 'POST',
      token: helper.token,
    });
    const asMember = await call(rehook.apiUrl, `/api/v1/teams/${teamId}/audit`, { token: helper.token });
    assertError(asMember, 403, 'FORBIDDEN');
    assert.match(asMember.body.error.message, /member/);
    const stranger = await rehook.createUser(uniqueEmail('audit-stranger'));
    assertError(
      await call(rehook.apiUrl, `/api/v1/teams/${teamId}/audit`, { token: stranger.token }),
      404,
      'TEAM_NOT_FOUND',
    );
    // The helper's own log holds what it did, not the owner's actions.
    const helperLog = await wholeLog('/api/v1/account/audit', { token: helper.token });
    assert.ok(helperLog.length > 0 && helperLog.every((e) => e.actor.accountId === helper.accountId));
  });

  it('deletes entries past REHOOK_AUDIT_RETENTION in the sweep, keeping the rest', async () => {
    assert.equal(loadConfig({}).auditRetentionMs, 365 * DAY_MS);
    assert.equal(loadConfig({ REHOOK_AUDIT_RETENTION: '30d' }).auditRetentionMs, 30 * DAY_MS);
    assert.equal(loadConfig({ REHOOK_AUDIT_RETENTION: '0' }).auditRetentionMs, 0);
    assert.throws(() => loadConfig({ REHOOK_AUDIT_RETENTION: 'a year' }), /REHOOK_AUDIT_RETENTION/);

    const accountId = (await rehook.createUser(uniqueEmail('audit-retention'))).accountId;
    const now = rehook.deps.clock.now().getTime();
    const record = (ageMs: number) =>
      recordAudit(
        { store: rehook.deps.store, clock: { now: () => new Date(now - ageMs) } },
        { action: 'token.created', actor: { accountId, tokenId: null, shareId: null }, ip: '192.0.2.1' },
      );
    for (let i = 0; i < 5; i += 1) await record(400 * DAY_MS + i);
    const recent = await record(DAY_MS);
    const result = await sweepOnce(rehook.deps, { auditRetentionMs: 365 * DAY_MS, batchSize: 2 });
    assert.ok(result.auditEntriesRetired >= 5, JSON.stringify(result));
    const left = await rehook.deps.store.audit.list({ accountId, limit: 10 });
    assert.deepEqual(
      left.map((e) => e.id),
      [recent.id],
    );
  });

  it('answers the action when the entry cannot be written, and logs nothing into the answer', async () => {
    const audit = rehook.deps.store.audit;
    const original = audit.insert;
    (audit as { insert: typeof audit.insert }).insert = () => Promise.reject(new Error('disk full'));
    try {
      const made = await call(rehook.apiUrl, '/api/v1/tokens', asOwner({ method: 'POST', json: { name: 'unlogged' } }));
      assert.equal(made.status, 201, made.text);
      const list = await call(rehook.apiUrl, '/api/v1/tokens', { token });
      assert.ok(list.body.data.tokens.some((t: { id: string }) => t.id === made.body.data.token.id));
    } finally {
      (audit as { insert: typeof audit.insert }).insert = original;
    }
  });

  it('records a refusal by scope with the token that was refused', async () => {
    const made = await call(
      rehook.apiUrl,
      '/api/v1/tokens',
      asOwner({ method: 'POST', json: { name: 'reader', scopes: ['read'] } }),
    );
    assert.equal(made.status, 201, made.text);
    const readerId: string = made.body.data.token.id;
    const refused = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      token: made.body.data.token.token,
      headers: fromProxy,
      json: { name: 'escalate' },
    });
    assertError(refused, 403, 'INSUFFICIENT_SCOPE');
    const byReader = await wholeLog(`/api/v1/account/audit?actor=${readerId}`, { token });
    assert.deepEqual(
      byReader.map((e) => [e.action, e.outcome, e.ip, e.detail['status']]),
      [['token.created', 'denied', IP, 403]],
    );
  });

  it("records a sharing link refused a write in the team's log, with the link as actor", async () => {
    const inbox = await call(rehook.apiUrl, '/api/v1/inboxes', asOwner({ method: 'POST', json: { teamId } }));
    const inboxId: string = inbox.body.data.inbox.id;
    const share = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/shares`, asOwner({ method: 'POST' }));
    const shareId: string = share.body.data.share.id;
    const refused = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}`, {
      method: 'DELETE',
      headers: { 'x-rehook-share': share.body.data.share.token, ...fromProxy },
    });
    assertError(refused, 403, 'SHARE_READ_ONLY');
    const byLink = await wholeLog(`/api/v1/teams/${teamId}/audit?actor=${shareId}`, { token });
    assert.deepEqual(
      byLink.map((e) => [e.action, e.outcome, e.target?.id, e.ip, e.actor.accountId]),
      [['inbox.deleted', 'denied', inboxId, IP, null]],
    );
    assert.ok(!JSON.stringify(byLink).includes(share.body.data.share.token));
  });

  it('writes a move between two teams to both teams, and once to the mover', async () => {
    const other = await call(rehook.apiUrl, '/api/v1/teams', asOwner({ method: 'POST', json: { name: 'Other' } }));
    const otherId: string = other.body.data.team.id;
    const inbox = await call(rehook.apiUrl, '/api/v1/inboxes', asOwner({ method: 'POST', json: { teamId } }));
    const inboxId: string = inbox.body.data.inbox.id;
    const moved = await call(
      rehook.apiUrl,
      `/api/v1/inboxes/${inboxId}/owner`,
      asOwner({ method: 'PUT', json: { teamId: otherId } }),
    );
    assert.equal(moved.status, 200, moved.text);
    const movesOf = async (path: string) =>
      (await wholeLog(`${path}?action=inbox.moved`, { token })).filter((e) => e.target?.id === inboxId);
    assert.deepEqual(
      (await movesOf(`/api/v1/teams/${otherId}/audit`)).map((e) => e.detail),
      [{ toTeamId: otherId }],
    );
    assert.equal((await movesOf(`/api/v1/teams/${teamId}/audit`)).length, 1);
    assert.equal((await movesOf('/api/v1/account/audit')).length, 1);
  });
});
