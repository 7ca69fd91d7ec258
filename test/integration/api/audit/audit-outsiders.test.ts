// The audit log over real HTTP: refusals of an account outside a team go to that account's own
// log, never to the team's (the rest of the audit log: audit.test.ts).
//
//   node --import tsx --test test/integration/api/audit/audit-outsiders.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/integration/api/audit/audit-outsiders.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { TestRehook } from '../../../helpers/rehook.js';
import { startTestRehook } from '../../../helpers/rehook.js';
import { uniqueEmail } from '../session-support.js';
import { assertError, call } from '../support.js';
import type { Entry } from './audit-entry.js';

describe('audit log: refusals of outsiders', () => {
  let rehook: TestRehook;
  let owner: { accountId: string; token: string };
  let outsider: { accountId: string; token: string };
  let teamId: string;
  let inboxId: string;

  before(async () => {
    rehook = await startTestRehook({ env: { REHOOK_RATE_SIGNIN: '0' } });
    owner = await rehook.createUser(uniqueEmail('audit-team-owner'));
    outsider = await rehook.createUser(uniqueEmail('audit-outsider'));
    const team = await call(rehook.apiUrl, '/api/v1/teams', {
      method: 'POST',
      token: owner.token,
      json: { name: 'Guarded' },
    });
    teamId = team.body.data.team.id;
    const inbox = await call(rehook.apiUrl, '/api/v1/inboxes', {
      method: 'POST',
      token: owner.token,
      json: { teamId },
    });
    inboxId = inbox.body.data.inbox.id;
  });

  after(async () => {
    await rehook?.stop();
  });

  it("writes a non-member's refusals to its own log, never to the team's", async () => {
    const made = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      token: outsider.token,
      json: { name: 'outsider-reader', scopes: ['read'] },
    });
    assert.equal(made.status, 201, made.text);
    const reader: string = made.body.data.token.token;
    // Refused by scope before anything looks at the team: each would name the team.
    const rename = await call(rehook.apiUrl, `/api/v1/teams/${teamId}`, {
      method: 'PATCH',
      token: reader,
      json: { name: 'Taken' },
    });
    assertError(rename, 403, 'INSUFFICIENT_SCOPE');
    const remove = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}`, { method: 'DELETE', token: reader });
    assertError(remove, 403, 'INSUFFICIENT_SCOPE');
    // A sharing link of the outsider's own inbox, used on the team's routes.
    const own = await call(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token: outsider.token, json: {} });
    const share = await call(rehook.apiUrl, `/api/v1/inboxes/${own.body.data.inbox.id}/shares`, {
      method: 'POST',
      token: outsider.token,
    });
    const viaLink = await call(rehook.apiUrl, `/api/v1/teams/${teamId}/invitations`, {
      method: 'POST',
      headers: { 'x-rehook-share': share.body.data.share.token },
      json: { role: 'owner' },
    });
    assertError(viaLink, 403, 'SHARE_READ_ONLY');

    const teamLog = await call(rehook.apiUrl, `/api/v1/teams/${teamId}/audit?limit=200`, { token: owner.token });
    assert.equal(teamLog.status, 200, teamLog.text);
    const entries = teamLog.body.data.entries as Entry[];
    assert.deepEqual(
      entries.filter((e) => e.outcome !== 'success'),
      [],
      "an outsider's refusals are not the team's to read",
    );
    const ownLog = await call(rehook.apiUrl, '/api/v1/account/audit?limit=200', { token: outsider.token });
    const denied = (ownLog.body.data.entries as Entry[]).filter((e) => e.outcome === 'denied');
    assert.deepEqual(denied.map((e) => [e.action, e.teamId, e.actor.accountId]).sort(), [
      ['inbox.deleted', null, outsider.accountId],
      ['team.renamed', null, outsider.accountId],
    ]);
  });
});
