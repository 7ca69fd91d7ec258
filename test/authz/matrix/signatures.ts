// The authorization matrix's entries (one per endpoint) for an inbox's signature settings, and
// re-signing an event with them. What an entry holds, and the notation of its cells: entry.ts.
import { bearer, call } from '../support.js';
import type { MatrixEntry } from './entry.js';
import { ownerOfSavedInbox } from './rules.js';
import { signatureAfter } from './targets.js';

export const SIGNATURES = {
  // Signature settings: only the owner of a saved inbox (an anonymous one answers 409N).
  'PUT /api/v1/inboxes/:id/signature': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, {
        method: 'PUT',
        authorization,
        json: { scheme: 'github', secret: 'matrix secret' },
      }),
    after: (env, t, object, _who, reply) =>
      signatureAfter(env, t, object, reply.status === 200 ? 'github' : null, reply.status),
    expected: ownerOfSavedInbox('200'),
  },
  'GET /api/v1/inboxes/:id/signature': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, { authorization }),
    expected: ownerOfSavedInbox('200'),
  },
  'DELETE /api/v1/inboxes/:id/signature': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: async (env, t, authorization) => {
      // The object gets a secret first (A may set one on its own inbox), so a removal shows.
      await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, {
        method: 'PUT',
        authorization: bearer(env.A.token),
        json: { scheme: 'slack', secret: 'matrix secret' },
      });
      return call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, { method: 'DELETE', authorization });
    },
    after: (env, t, object, _who, reply) =>
      signatureAfter(env, t, object, reply.status === 204 ? null : 'slack', reply.status),
    expected: ownerOfSavedInbox('204'),
  },
  // Re-signing an event: its inbox's owner (the object's inbox gets a secret first); an anonymous
  // inbox never has a secret.
  'POST /api/v1/events/:id/resign': {
    scope: 'replay',
    teamAction: 'replay',
    destructive: false,
    send: async (env, t, authorization) => {
      await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, {
        method: 'PUT',
        authorization: bearer(env.A.token),
        json: { scheme: 'github', secret: 'matrix secret' },
      });
      const reply = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/resign`, {
        method: 'POST',
        authorization,
      });
      // A fresh signature is exactly the one header of the scheme.
      const headers: unknown = reply.body?.data?.headers;
      const ok = Array.isArray(headers) && headers.length === 1 && headers[0]?.[0] === 'X-Hub-Signature-256';
      return reply.status === 200 && !ok ? { ...reply, code: 'unexpected-headers' } : reply;
    },
    // biome-ignore format: a table, one row per object, its cells under the columns they answer
    expected: [
      // object    anon   A                         B                         revA   bad    shareA  revS
      ['anon',    '401', '409(SIGNATURE_NOT_SET)', '409(SIGNATURE_NOT_SET)', '401', '401', '403S', '404S'],
      ['ownedA',  '401', '200',                    '404E',                   '401', '401', '403S', '404S'],
      ['expired', '401', '404I',                   '404I',                   '401', '401', '403S', '404S'],
      ['missing', '401', '404E',                   '404E',                   '401', '401', '403S', '404S'],
    ],
  },
} satisfies Record<string, MatrixEntry>;
