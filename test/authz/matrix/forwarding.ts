// The authorization matrix's entries (one per endpoint) for automatic forwarding of an inbox's
// events, and their deliveries. What an entry holds, and the notation of its cells: entry.ts.
import { call } from '../support.js';
import type { MatrixEntry } from './entry.js';
import { ownerOfSavedInbox, ownerOfSavedInboxEvent } from './rules.js';
import { ownerReadsSet } from './targets.js';

export const FORWARDING = {
  // Automatic forwarding: only the owner of a saved inbox (an anonymous one answers 409N).
  'PUT /api/v1/inboxes/:id/forwarding': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, {
        method: 'PUT',
        authorization,
        json: { destination: 'https://forward.example.test/hooks' },
      }),
    after: (env, t, object, _who, reply) =>
      ownerReadsSet(env, t, object, reply, { path: 'forwarding', isSet: (data) => data?.forwarding != null }),
    expected: ownerOfSavedInbox('200'),
  },
  'GET /api/v1/inboxes/:id/forwarding': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, { authorization }),
    expected: ownerOfSavedInbox('200'),
  },
  'DELETE /api/v1/inboxes/:id/forwarding': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, { method: 'DELETE', authorization }),
    expected: ownerOfSavedInbox('404(FORWARDING_NOT_FOUND)'),
  },
  'GET /api/v1/events/:id/deliveries': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: async (env, t, authorization) => {
      const reply = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/deliveries`, { authorization });
      // The object's event was stored without forwarding: it has no delivery.
      return reply.status === 200 && reply.body?.data?.deliveries?.length !== 0
        ? { ...reply, code: 'unexpected-deliveries' }
        : reply;
    },
    expected: ownerOfSavedInboxEvent('200'),
  },
  'POST /api/v1/events/:id/deliveries/retry': {
    scope: 'replay',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/deliveries/retry`, { method: 'POST', authorization }),
    expected: ownerOfSavedInboxEvent('404(FORWARDING_NOT_FOUND)'),
  },
} satisfies Record<string, MatrixEntry>;
