// Settings without secrets for every role that cannot change them (docs/teams.md): viewers,
// members and read-scoped tokens read a team inbox's forwarding and alert rules, and their
// deliveries, with each destination cut to scheme, host and port; owners and admins (who may
// change them) read them whole. Real forwarding and alert deliveries to a local receiver.
//
//   node --import tsx --test test/authz/settings-redaction.test.ts
//   REHOOK_TEST_STORE=postgres node --import tsx --test test/authz/settings-redaction.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import type { TeamRole } from '../../src/domain/team.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import { FAST_FORWARDING, waitUntil } from '../integration/api/forwarding/support.js';
import { AUTHZ_ENV, bearer, call, ingest, newAccount, type Reply } from './support.js';

type Account = Awaited<ReturnType<typeof newAccount>>;
type Who = TeamRole | 'read-token';

const PATH_SECRET = 'T0PATHSECRET0123456789';
const QUERY_SECRET = 'querysecret0123456789';

describe('settings without secrets, for every role that cannot change them', () => {
  let rehook: TestRehook;
  let receiver: Receiver;
  const people = {} as Record<Who, Account>;
  let inboxId: string;
  let eventId: string;
  let origin: string;

  const api = (path: string, who: Who, init: { method?: string; json?: unknown } = {}): Promise<Reply> =>
    call(rehook.apiUrl, path, { ...init, authorization: bearer(people[who].token) });

  before(async () => {
    receiver = await startReceiver();
    origin = receiver.url.replace(/\/$/, '');
    rehook = await startTestRehook({ env: { ...AUTHZ_ENV, ...FAST_FORWARDING, REHOOK_RATE_SIGNIN: '0' } });
    for (const role of ['owner', 'admin', 'member', 'viewer'] as const) {
      people[role] = await newAccount(rehook, `redact-${role}`);
    }
    const team = await api('/api/v1/teams', 'owner', { method: 'POST', json: { name: 'Secrets' } });
    const teamId: string = team.body.data.team.id;
    for (const role of ['admin', 'member', 'viewer'] as const) {
      const made = await api(`/api/v1/teams/${teamId}/invitations`, 'owner', { method: 'POST', json: { role } });
      const joined = await call(rehook.apiUrl, `/api/v1/invitations/${made.body.data.invitation.token}/accept`, {
        method: 'POST',
        authorization: bearer(people[role].token),
      });
      assert.equal(joined.status, 200, joined.text);
    }
    // The owner's own read-only token: the owner may change the settings, this token may not.
    const reader = await api('/api/v1/tokens', 'owner', { method: 'POST', json: { name: 'reader', scopes: ['read'] } });
    assert.equal(reader.status, 201, reader.text);
    people['read-token'] = { ...people.owner, token: reader.body.data.token.token };

    const inbox = await api('/api/v1/inboxes', 'owner', { method: 'POST', json: { teamId } });
    inboxId = inbox.body.data.inbox.id;
    const forwarding = await api(`/api/v1/inboxes/${inboxId}/forwarding`, 'owner', {
      method: 'PUT',
      json: { destination: `${origin}/hooks/${PATH_SECRET}?token=${QUERY_SECRET}` },
    });
    assert.equal(forwarding.status, 200, forwarding.text);
    const alerts = await api(`/api/v1/inboxes/${inboxId}/alerts`, 'owner', {
      method: 'PUT',
      json: {
        rules: [
          {
            name: 'Every event',
            kind: 'event',
            url: `${origin}/services/${PATH_SECRET}?token=${QUERY_SECRET}`,
            format: 'slack',
          },
        ],
      },
    });
    assert.equal(alerts.status, 200, alerts.text);
    assert.equal(await ingest(rehook, inboxId, '/redaction', 'body'), 200);
    const [event] = await rehook.deps.store.events.listByInbox(inboxId, { limit: 1 });
    assert.ok(event);
    eventId = event.id;
    // Both deliveries reached the receiver and were recorded with their attempt.
    await waitUntil('the forwarded event and the alert, each with its attempt', async () => {
      const forwarded = await api(`/api/v1/events/${eventId}/deliveries`, 'owner');
      const notified = await api(`/api/v1/inboxes/${inboxId}/alerts/deliveries`, 'owner');
      const done = (list: Array<{ state: string; attemptLog: unknown[] }> | undefined) =>
        list?.[0]?.state === 'delivered' && list[0].attemptLog.length > 0;
      return done(forwarded.body.data?.deliveries) && done(notified.body.data?.deliveries) ? true : undefined;
    });
  });

  after(async () => {
    await rehook?.stop();
    await receiver?.close();
  });

  /** Every answer that shows a destination of the inbox, as `who` reads it. */
  async function settingsAs(who: Who) {
    const forwarding = await api(`/api/v1/inboxes/${inboxId}/forwarding`, who);
    const deliveries = await api(`/api/v1/events/${eventId}/deliveries`, who);
    const rules = await api(`/api/v1/inboxes/${inboxId}/alerts`, who);
    const notifications = await api(`/api/v1/inboxes/${inboxId}/alerts/deliveries`, who);
    for (const res of [forwarding, deliveries, rules, notifications])
      assert.equal(res.status, 200, `${who}: ${res.text}`);
    return {
      text: [forwarding, deliveries, rules, notifications].map((res) => res.text).join('\n'),
      urls: [
        forwarding.body.data.forwarding.destination,
        deliveries.body.data.deliveries[0].attemptLog[0].url,
        rules.body.data.rules[0].url,
        notifications.body.data.deliveries[0].url,
        notifications.body.data.deliveries[0].attemptLog[0].url,
      ],
    };
  }

  for (const who of ['viewer', 'member', 'read-token'] as const) {
    it(`shows a ${who} every destination without its path, query or secret`, async () => {
      const seen = await settingsAs(who);
      assert.deepEqual(seen.urls, Array(5).fill(`${origin}/***`));
      for (const secret of [PATH_SECRET, QUERY_SECRET]) assert.ok(!seen.text.includes(secret), `${who} read ${secret}`);
    });
  }

  for (const who of ['owner', 'admin'] as const) {
    it(`shows an ${who}, who may change them, the destinations whole`, async () => {
      const seen = await settingsAs(who);
      assert.deepEqual(seen.urls, [
        `${origin}/hooks/${PATH_SECRET}?token=${QUERY_SECRET}`,
        // Forwarding appends the captured path.
        `${origin}/hooks/${PATH_SECRET}/redaction?token=${QUERY_SECRET}`,
        `${origin}/services/${PATH_SECRET}?token=${QUERY_SECRET}`,
        `${origin}/services/${PATH_SECRET}?token=${QUERY_SECRET}`,
        `${origin}/services/${PATH_SECRET}?token=${QUERY_SECRET}`,
      ]);
    });
  }
});
