// The authorization matrix's entries (one per endpoint) for the response an inbox's ingest listener
// answers, and previewing one. What an entry holds, and the notation of its cells: entry.ts.
import { bearer, call } from '../support.js';
import type { MatrixEntry } from './entry.js';
import { changeInbox } from './rules.js';
import { responseAfter } from './targets.js';

export const RESPONSES = {
  // Response rules: the rules of renaming the inbox (its owner; anyone holding an anonymous id).
  'GET /api/v1/inboxes/:id/response': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, { authorization }),
    expected: changeInbox('200'),
  },
  'POST /api/v1/inboxes/:id/responses/preview': {
    scope: 'manage',
    teamAction: 'replay',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/responses/preview`, {
        method: 'POST',
        authorization,
        json: { response: { body: '{{ method }}', template: true }, eventId: t.eventId },
      }),
    expected: changeInbox('200'),
  },
  'PUT /api/v1/inboxes/:id/response': {
    scope: 'manage',
    teamAction: 'replay',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, {
        method: 'PUT',
        authorization,
        json: { status: 503 },
      }),
    after: (env, t, object, _who, reply) =>
      responseAfter(env, t, object, reply.status === 200 ? 503 : null, reply.status),
    expected: changeInbox('200'),
  },
  'DELETE /api/v1/inboxes/:id/response': {
    scope: 'manage',
    teamAction: 'replay',
    destructive: true,
    send: async (env, t, authorization) => {
      // The object gets a response first (A may set it on both live objects), so a clear shows.
      await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, {
        method: 'PUT',
        authorization: bearer(env.A.token),
        json: { status: 502 },
      });
      return call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, { method: 'DELETE', authorization });
    },
    after: (env, t, object, _who, reply) =>
      responseAfter(env, t, object, reply.status === 204 ? null : 502, reply.status),
    expected: changeInbox('204'),
  },
} satisfies Record<string, MatrixEntry>;
