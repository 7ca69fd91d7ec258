// Re-signing an edited request needs what setting the secret needs (docs/decisions.md #59): the
// manage role on a team inbox and a session or a manage token. A member or a replay token may
// replay, edit, and re-sign the captured request as it is, but not have a body or headers of its
// choosing signed with the inbox's secret (a signing oracle against the real receiver).
//
//   node --import tsx --test test/authz/resign-rights.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/authz/resign-rights.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { AUTHZ_ENV, bearer, call, ingest, newAccount, type Reply } from './support.js';

type Account = Awaited<ReturnType<typeof newAccount>>;

const SECRET = `whsec_${'f00dfeed'.repeat(4)}`;

describe('re-signing an edited request needs the manage role and scope', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  let owner: Account;
  let admin: Account;
  let member: Account;
  let teamEvent: string;
  let ownEvent: string;

  const replay = (eventId: string, token: string, json: Record<string, unknown>): Promise<Reply> =>
    call(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, {
      method: 'POST',
      authorization: bearer(token),
      json: { destination: `${receiver.url}/resign`, ...json },
    });

  async function signedInboxEvent(json: Record<string, unknown>): Promise<string> {
    const inbox = await call(rehook.apiUrl, '/api/v1/inboxes', {
      method: 'POST',
      authorization: bearer(owner.token),
      json,
    });
    assert.equal(inbox.status, 201, inbox.text);
    const inboxId: string = inbox.body.data.inbox.id;
    const secret = await call(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/signature`, {
      method: 'PUT',
      authorization: bearer(owner.token),
      json: { scheme: 'stripe', secret: SECRET },
    });
    assert.equal(secret.status, 200, secret.text);
    assert.equal(await ingest(rehook, inboxId, '/paid', '{"type":"charge.succeeded"}'), 200);
    const [event] = await rehook.deps.store.events.listByInbox(inboxId, { limit: 1 });
    assert.ok(event);
    return event.id;
  }

  before(async () => {
    receiver = await startReceiver();
    rehook = await startTestRehook({ env: { ...AUTHZ_ENV, REHOOK_RATE_SIGNIN: '0' } });
    owner = await newAccount(rehook, 'resign-owner');
    admin = await newAccount(rehook, 'resign-admin');
    member = await newAccount(rehook, 'resign-member');
    const team = await call(rehook.apiUrl, '/api/v1/teams', {
      method: 'POST',
      authorization: bearer(owner.token),
      json: { name: 'Signers' },
    });
    const teamId: string = team.body.data.team.id;
    for (const [who, role] of [
      [admin, 'admin'],
      [member, 'member'],
    ] as const) {
      const made = await call(rehook.apiUrl, `/api/v1/teams/${teamId}/invitations`, {
        method: 'POST',
        authorization: bearer(owner.token),
        json: { role },
      });
      const joined = await call(rehook.apiUrl, `/api/v1/invitations/${made.body.data.invitation.token}/accept`, {
        method: 'POST',
        authorization: bearer(who.token),
      });
      assert.equal(joined.status, 200, joined.text);
    }
    teamEvent = await signedInboxEvent({ teamId });
    ownEvent = await signedInboxEvent({});
  });

  after(async () => {
    await rehook?.stop();
    await receiver?.close();
  });

  it('refuses a member re-signing an edited body or edited headers, and sends nothing', async () => {
    const sentBefore = receiver.requests.length;
    for (const edit of [
      { body: '{"type":"charge.refunded"}' },
      { headers: { set: [['X-Edited', '1']], remove: [] } },
    ]) {
      const refused = await replay(teamEvent, member.token, { ...edit, resign: true });
      assert.equal(refused.status, 403, refused.text);
      assert.equal(refused.code, 'FORBIDDEN');
      assert.match(refused.text, /member cannot re-sign an edited request/);
    }
    assert.equal(receiver.requests.length, sentBefore, 'nothing was sent');
    const history = await call(rehook.apiUrl, `/api/v1/events/${teamEvent}/replays`, {
      authorization: bearer(owner.token),
    });
    assert.deepEqual(history.body.data.replays, [], 'nothing was recorded');
  });

  it('lets a member replay edited, and re-sign the captured request as it is', async () => {
    const edited = await replay(teamEvent, member.token, { body: '{"type":"charge.refunded"}' });
    assert.equal(edited.status, 200, edited.text);
    const resigned = await replay(teamEvent, member.token, { path: '/elsewhere', resign: true });
    assert.equal(resigned.status, 200, resigned.text);
    assert.equal(resigned.body.data.replay.request.resigned, true);
  });

  it('lets an admin re-sign an edited request', async () => {
    const res = await replay(teamEvent, admin.token, { body: '{"type":"charge.refunded"}', resign: true });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.data.replay.request.resigned, true);
  });

  it("refuses the owner's replay-scoped token, not its manage token", async () => {
    const made = await call(rehook.apiUrl, '/api/v1/tokens', {
      method: 'POST',
      authorization: bearer(owner.token),
      json: { name: 'replayer', scopes: ['replay'] },
    });
    assert.equal(made.status, 201, made.text);
    const edit = { body: '{"type":"charge.refunded"}', resign: true };
    const refused = await replay(ownEvent, made.body.data.token.token, edit);
    assert.equal(refused.status, 403, refused.text);
    assert.equal(refused.code, 'INSUFFICIENT_SCOPE');
    const plain = await replay(ownEvent, made.body.data.token.token, { resign: true });
    assert.equal(plain.status, 200, plain.text);
    const whole = await replay(ownEvent, owner.token, edit);
    assert.equal(whole.status, 200, whole.text);
  });
});
