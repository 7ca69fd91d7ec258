// Account settings over real HTTP: profile, password change (other sessions end), the list of
// signed-in browsers and signing them out, and deleting the account with everything it owns.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestRehook, type TestRehook } from '../../../helpers/rehook.js';
import { asSession, assertUnauthorizedSession, signIn, signUp, uniqueEmail } from '../session-support.js';
import { assertError, assertUnauthorized, call, createInbox, ingestEvent } from '../support.js';

const PASSWORD = 'correct horse battery';

describe('account settings: /api/v1/account', () => {
  let rehook: TestRehook;

  before(async () => {
    rehook = await startTestRehook();
  });
  after(() => rehook.stop());

  it('changes the display name and e-mail; a taken e-mail is 409 CONFLICT', async () => {
    const email = uniqueEmail('profile');
    const session = await signUp(rehook, email);
    const named = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'PATCH',
      headers: asSession(session),
      json: { displayName: '  Ada Lovelace ' },
    });
    assert.equal(named.status, 200, named.text);
    assert.equal(named.body.data.account.displayName, 'Ada Lovelace');
    assert.equal(named.body.data.account.email, email.toLowerCase());
    const me = await call(rehook.apiUrl, '/api/v1/auth/session', { headers: asSession(session) });
    assert.equal(me.body.data.account.displayName, 'Ada Lovelace');

    const newEmail = uniqueEmail('renamed');
    const moved = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'PATCH',
      headers: asSession(session),
      json: { email: newEmail, displayName: null, currentPassword: PASSWORD },
    });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.data.account.displayName, null);
    assert.equal((await signIn(rehook, newEmail)).accountId, session.accountId);

    const otherEmail = uniqueEmail('taken');
    await signUp(rehook, otherEmail);
    const taken = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'PATCH',
      headers: asSession(session),
      json: { email: otherEmail, currentPassword: PASSWORD },
    });
    assertError(taken, 409, 'CONFLICT');
    for (const json of [{ email: 'not-an-address' }, { displayName: 'x'.repeat(101) }, { displayName: 5 }]) {
      const bad = await call(rehook.apiUrl, '/api/v1/account', { method: 'PATCH', headers: asSession(session), json });
      assertError(bad, 400, 'VALIDATION_FAILED');
    }
  });

  it('changes the password with the current one and signs out the other sessions only', async () => {
    const email = uniqueEmail('password');
    const here = await signUp(rehook, email);
    const elsewhere = await signIn(rehook, email);
    const wrong = await call(rehook.apiUrl, '/api/v1/account/password', {
      method: 'POST',
      headers: asSession(here),
      json: { currentPassword: 'not the password', newPassword: 'a brand new password' },
    });
    assertError(wrong, 401, 'INVALID_CREDENTIALS');
    const short = await call(rehook.apiUrl, '/api/v1/account/password', {
      method: 'POST',
      headers: asSession(here),
      json: { currentPassword: PASSWORD, newPassword: 'short' },
    });
    assertError(short, 400, 'VALIDATION_FAILED');
    const changed = await call(rehook.apiUrl, '/api/v1/account/password', {
      method: 'POST',
      headers: asSession(here),
      json: { currentPassword: PASSWORD, newPassword: 'a brand new password' },
    });
    assert.equal(changed.status, 204, changed.text);
    assert.equal((await call(rehook.apiUrl, '/api/v1/account/sessions', { headers: asSession(here) })).status, 200);
    assertUnauthorizedSession(await call(rehook.apiUrl, '/api/v1/account/sessions', { headers: asSession(elsewhere) }));
    const old = await call(rehook.apiUrl, '/api/v1/auth/signin', {
      method: 'POST',
      json: { email, password: PASSWORD },
    });
    assertError(old, 401, 'INVALID_CREDENTIALS');
    assert.equal((await signIn(rehook, email, 'a brand new password')).accountId, here.accountId);
  });

  it('lists the signed-in browsers with user agent and last use; signs out one, or all others', async () => {
    const email = uniqueEmail('sessions');
    const here = await signUp(rehook, email, PASSWORD, { 'user-agent': 'Browser One' });
    const res = await call(rehook.apiUrl, '/api/v1/auth/signin', {
      method: 'POST',
      json: { email, password: PASSWORD },
      headers: { 'user-agent': 'Browser Two' },
    });
    assert.equal(res.status, 200);
    const third = await signIn(rehook, email);
    const list = await call(rehook.apiUrl, '/api/v1/account/sessions', { headers: asSession(here) });
    assert.equal(list.status, 200, list.text);
    const sessions: Array<{ id: string; userAgent: string | null; current: boolean; lastSeenAt: string }> =
      list.body.data.sessions;
    assert.equal(sessions.length, 3);
    assert.deepEqual(sessions.filter((s) => s.current).length, 1);
    assert.equal(sessions.find((s) => s.current)?.userAgent, 'Browser One');
    const two = sessions.find((s) => s.userAgent === 'Browser Two');
    assert.ok(two);

    // Another account cannot sign it out (404, as for one that does not exist).
    const stranger = await signUp(rehook, uniqueEmail('stranger'));
    const foreign = await call(rehook.apiUrl, `/api/v1/account/sessions/${two.id}`, {
      method: 'DELETE',
      headers: asSession(stranger),
    });
    assertError(foreign, 404, 'SESSION_NOT_FOUND');
    const one = await call(rehook.apiUrl, `/api/v1/account/sessions/${two.id}`, {
      method: 'DELETE',
      headers: asSession(here),
    });
    assert.equal(one.status, 204, one.text);
    const after = await call(rehook.apiUrl, '/api/v1/account/sessions', { headers: asSession(here) });
    assert.equal(after.body.data.sessions.length, 2);

    const others = await call(rehook.apiUrl, '/api/v1/account/sessions', {
      method: 'DELETE',
      headers: asSession(here),
    });
    assert.equal(others.status, 200, others.text);
    assert.equal(others.body.data.ended, 1);
    assertUnauthorizedSession(await call(rehook.apiUrl, '/api/v1/account/sessions', { headers: asSession(third) }));
    const left = await call(rehook.apiUrl, '/api/v1/account/sessions', { headers: asSession(here) });
    assert.deepEqual(
      left.body.data.sessions.map((s: { current: boolean }) => s.current),
      [true],
    );
  });

  it('deletes the account with the password: inboxes, events, tokens and sessions go', async () => {
    const email = uniqueEmail('delete');
    const session = await signUp(rehook, email);
    const created = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      headers: asSession(session),
      json: { name: 'doomed' },
    });
    const token: string = created.body.data.token.token;
    const inbox = await createInbox(rehook, token);
    const eventId = await ingestEvent(rehook, inbox.id, { token });
    const share = await call(rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, { method: 'POST', token });
    assert.equal(share.status, 201, share.text);

    const wrong = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'DELETE',
      headers: asSession(session),
      json: { password: 'wrong password' },
    });
    assertError(wrong, 401, 'INVALID_CREDENTIALS');
    const deleted = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'DELETE',
      headers: asSession(session),
      json: { password: PASSWORD },
    });
    assert.equal(deleted.status, 204, deleted.text);
    assert.match(deleted.headers.getSetCookie().join('\n'), /rehook_session=;/);

    assertUnauthorized(await call(rehook.apiUrl, '/api/v1/inboxes', { token }));
    assertUnauthorizedSession(await call(rehook.apiUrl, '/api/v1/account/sessions', { headers: asSession(session) }));
    assert.equal(await rehook.deps.store.accounts.findById(session.accountId), null);
    assert.equal(await rehook.deps.store.inboxes.findLive(inbox.id, new Date()), null);
    // The events are purged in batches after the inbox; the API no longer reaches them at once.
    assertUnauthorized(await call(rehook.apiUrl, `/api/v1/events/${eventId}`, { token }));
    assert.deepEqual(await rehook.deps.store.shares.listByInbox(inbox.id), []);
    const signin = await call(rehook.apiUrl, '/api/v1/auth/signin', {
      method: 'POST',
      json: { email, password: PASSWORD },
    });
    assertError(signin, 401, 'INVALID_CREDENTIALS');
  });
});

// A server of its own: the sign-ups, sign-ins and password checks above use up the address's
// sign-in allowance.
describe('account settings: deleting an account that belongs to teams', () => {
  let rehook: TestRehook;

  before(async () => {
    rehook = await startTestRehook();
  });
  after(() => rehook.stop());

  it('refuses to delete the only owner of a team (409 naming it); once handed over, the membership goes', async () => {
    const owner = await signUp(rehook, uniqueEmail('team-owner'));
    const other = await signUp(rehook, uniqueEmail('team-other'));
    const team = await call(rehook.apiUrl, '/api/v1/teams', {
      method: 'POST',
      headers: asSession(owner),
      json: { name: 'Billing' },
    });
    assert.equal(team.status, 201, team.text);
    const teamId: string = team.body.data.team.id;
    const invited = await call(rehook.apiUrl, `/api/v1/teams/${teamId}/invitations`, {
      method: 'POST',
      headers: asSession(owner),
      json: { role: 'viewer' },
    });
    assert.equal(invited.status, 201, invited.text);
    const joined = await call(rehook.apiUrl, `/api/v1/invitations/${invited.body.data.invitation.token}/accept`, {
      method: 'POST',
      headers: asSession(other),
    });
    assert.equal(joined.status, 200, joined.text);

    const refused = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'DELETE',
      headers: asSession(owner),
      json: { password: PASSWORD },
    });
    assertError(refused, 409, 'CONFLICT');
    assert.match(refused.body.error.message, /"Billing"/);

    const promoted = await call(rehook.apiUrl, `/api/v1/teams/${teamId}/members/${other.accountId}`, {
      method: 'PATCH',
      headers: asSession(owner),
      json: { role: 'owner' },
    });
    assert.equal(promoted.status, 200, promoted.text);
    const deleted = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'DELETE',
      headers: asSession(owner),
      json: { password: PASSWORD },
    });
    assert.equal(deleted.status, 204, deleted.text);
    const members = await call(rehook.apiUrl, `/api/v1/teams/${teamId}/members`, { headers: asSession(other) });
    assert.equal(members.status, 200, members.text);
    assert.deepEqual(
      members.body.data.members.map((m: { accountId: string }) => m.accountId),
      [other.accountId],
    );
  });
});

describe('account settings: moving the e-mail address', () => {
  let rehook: TestRehook;

  before(async () => {
    // A suite of its own: its password checks count against REHOOK_RATE_SIGNIN.
    rehook = await startTestRehook();
  });
  after(() => rehook.stop());

  it('asks for the current password to change the e-mail address, and for nothing else', async () => {
    const email = uniqueEmail('address');
    const session = await signUp(rehook, email);
    const target = uniqueEmail('newhire');
    const created = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      headers: asSession(session),
      json: { name: 'manage' },
    });
    const token: string = created.body.data.token.token;
    // A stolen session or token alone does not move the address: no password, or a wrong one.
    const without = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'PATCH',
      headers: asSession(session),
      json: { email: target },
    });
    assertError(without, 400, 'VALIDATION_FAILED');
    assert.match(without.body.error.message, /currentPassword is needed to change the e-mail address/);
    for (const currentPassword of ['not the password', '']) {
      const wrong = await call(rehook.apiUrl, '/api/v1/account', {
        method: 'PATCH',
        token,
        json: { email: target, currentPassword },
      });
      if (currentPassword === '') assertError(wrong, 400, 'VALIDATION_FAILED');
      else assertError(wrong, 401, 'INVALID_CREDENTIALS');
    }
    const byToken = await call(rehook.apiUrl, '/api/v1/account', { method: 'PATCH', token, json: { email: target } });
    assertError(byToken, 400, 'VALIDATION_FAILED');
    assert.equal((await rehook.deps.store.accounts.findById(session.accountId))?.email, email.toLowerCase());
    // The same address (any case), or only the display name: nothing to confirm.
    const same = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'PATCH',
      headers: asSession(session),
      json: { email: ` ${email.toUpperCase()} `, displayName: 'Ada' },
    });
    assert.equal(same.status, 200, same.text);
    // With the password, it moves.
    const moved = await call(rehook.apiUrl, '/api/v1/account', {
      method: 'PATCH',
      token,
      json: { email: target, currentPassword: PASSWORD },
    });
    assert.equal(moved.status, 200, moved.text);
    assert.equal(moved.body.data.account.email, target.toLowerCase());
  });
});
