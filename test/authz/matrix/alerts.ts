// The authorization matrix's entries (one per endpoint) for an inbox's alert rules and their
// deliveries. What an entry holds, and the notation of its cells: entry.ts.
import { call } from '../support.js';
import type { MatrixEntry } from './entry.js';
import { ownerOfSavedInbox } from './rules.js';
import { ownerReadsSet } from './targets.js';

export const ALERTS = {
  // Alerts: only the owner of a saved inbox, as for forwarding.
  'PUT /api/v1/inboxes/:id/alerts': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/alerts`, {
        method: 'PUT',
        authorization,
        json: { rules: [{ name: 'm', kind: 'event', url: 'https://alerts.example.test/hooks' }] },
      }),
    after: (env, t, object, _who, reply) =>
      ownerReadsSet(env, t, object, reply, { path: 'alerts', isSet: (data) => data?.rules?.length === 1 }),
    expected: ownerOfSavedInbox('200'),
  },
  'GET /api/v1/inboxes/:id/alerts': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/alerts`, { authorization }),
    expected: ownerOfSavedInbox('200'),
  },
  'DELETE /api/v1/inboxes/:id/alerts': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/alerts`, { method: 'DELETE', authorization }),
    expected: ownerOfSavedInbox('200'),
  },
  'GET /api/v1/inboxes/:id/alerts/deliveries': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/alerts/deliveries`, { authorization }),
    expected: ownerOfSavedInbox('200'),
  },
} satisfies Record<string, MatrixEntry>;
