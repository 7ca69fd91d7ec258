// The authorization matrix's entries (one per endpoint) for sharing links: an inbox's links, and
// resolving one. What an entry holds, and the notation of its cells: entry.ts.
import { bearer, call } from '../support.js';
import type { MatrixEntry } from './entry.js';
import { ownerOfSavedInbox } from './rules.js';

export const SHARES = {
  // Sharing links of an inbox: its owner only; an anonymous inbox has none (409 INBOX_NOT_SAVED).
  'POST /api/v1/inboxes/:id/shares': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/shares`, { method: 'POST', authorization }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'ownedA') return null;
      // Exactly the links of the object (its own, plus the one just made when it was accepted).
      const list = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/shares`, {
        authorization: bearer(env.A.token),
      });
      const count: number = list.body?.data?.shares?.length ?? -1;
      const want = reply.status === 201 ? 2 : 1;
      return count === want ? null : `${reply.status}, yet the inbox has ${count} links (${want} expected)`;
    },
    expected: ownerOfSavedInbox('201'),
  },
  'GET /api/v1/inboxes/:id/shares': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: false,
    send: async (env, t, authorization) => {
      const reply = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/shares`, { authorization });
      // The owner sees the object's link, without its token.
      const shares: Array<{ id: string }> | undefined = reply.body?.data?.shares;
      if (
        reply.status === 200 &&
        (shares?.length !== 1 || shares[0]?.id !== t.shareId || reply.text.includes(t.shareToken))
      ) {
        return { ...reply, code: 'wrong-links' };
      }
      return reply;
    },
    expected: ownerOfSavedInbox('200'),
  },
  'DELETE /api/v1/inboxes/:id/shares/:shareId': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/shares/${t.shareId}`, { method: 'DELETE', authorization }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'ownedA') return null;
      const use = await call(env.rehook.apiUrl, `/api/v1/shares/${t.shareToken}`);
      if (reply.status === 204) return use.status === 404 ? null : `revoked, yet the link still answers ${use.status}`;
      return use.status === 200 ? null : `refused with ${reply.status}, yet the link now answers ${use.status}`;
    },
    // biome-ignore format: a table, one row per object, its cells under the columns they answer
    expected: [
      // object    anon   A       B       revA   bad    shareA  revS
      ['ownedA',  '401', '204',  '404I', '401', '401', '403S', '404S'],
      ['missing', '401', '404I', '404I', '401', '401', '403S', '404S'],
    ],
  },
  // Resolving a link needs no credential; a bad one sent along is still refused.
  'GET /api/v1/shares/:token': {
    scope: 'none',
    teamAction: null,
    destructive: false,
    send: async (env, t, authorization) => {
      const reply = await call(env.rehook.apiUrl, `/api/v1/shares/${t.shareToken}`, { authorization });
      const id: unknown = reply.body?.data?.inbox?.id;
      return reply.status === 200 && id !== t.inboxId ? { ...reply, code: `wrong-inbox-${String(id)}` } : reply;
    },
    // biome-ignore format: a table, one row per object, its cells under the columns they answer
    expected: [
      // object    anon    A       B       revA   bad    shareA  revS
      ['ownedA',  '200',  '200',  '200',  '401', '401', '200',  '404S'],
      ['missing', '404S', '404S', '404S', '401', '401', '404S', '404S'],
    ],
  },
} satisfies Record<string, MatrixEntry>;
