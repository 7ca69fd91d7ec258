// The authorization matrix's entries (one per endpoint) for inboxes: creating, listing, reading,
// deleting, renaming and saving one. What an entry holds, and the notation of its cells: entry.ts.
import { bearer, call, type Reply } from '../support.js';
import type { MatrixEntry } from './entry.js';
import { accountOnInbox, changeInbox, readInbox } from './rules.js';

export const INBOXES = {
  'POST /api/v1/inboxes': {
    scope: 'manage',
    teamAction: null,
    destructive: false,
    send: (env, _t, authorization) => call(env.rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', authorization }),
    // biome-ignore format: a table, one row per object, its cells under the columns they answer
    expected: [
      // object  anon   A      B      revA   bad    shareA  revS
      ['-',     '201', '201', '201', '401', '401', '403S', '404S'],
    ],
  },
  'GET /api/v1/inboxes': {
    scope: 'read',
    teamAction: null,
    destructive: false,
    send: (env, _t, authorization) => call(env.rehook.apiUrl, '/api/v1/inboxes', { authorization }),
    // biome-ignore format: a table, one row per object, its cells under the columns they answer
    expected: [
      // object  anon   A      B      revA   bad    shareA  revS
      ['-',     '401', '200', '200', '401', '401', '403S', '404S'],
    ],
  },
  'GET /api/v1/inboxes/:id': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}`, { authorization }),
    expected: readInbox('200'),
  },
  'DELETE /api/v1/inboxes/:id': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}`, { method: 'DELETE', authorization }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'anon' && object !== 'ownedA') return null;
      // The rightful reader: anyone for an anonymous inbox, A for A's inbox.
      const reader = object === 'anon' ? undefined : bearer(env.A.token);
      const inbox = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}`, { authorization: reader });
      const event = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}`, { authorization: reader });
      const events = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/events`, { authorization: reader });
      const seen = `inbox ${inbox.status}, event ${event.status}, events ${events.status}`;
      if (reply.status === 204) {
        return inbox.status === 404 && event.status === 404 && events.status === 404 ? null : `deleted, yet ${seen}`;
      }
      return inbox.status === 200 && event.status === 200 && events.status === 200 && events.body?.length === 1
        ? null
        : `refused with ${reply.status}, yet ${seen}`;
    },
    expected: changeInbox('204'),
  },
  'PATCH /api/v1/inboxes/:id': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}`, {
        method: 'PATCH',
        authorization,
        json: { name: 'renamed' },
      }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'anon' && object !== 'ownedA') return null;
      const reader = object === 'anon' ? undefined : bearer(env.A.token);
      const inbox = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}`, { authorization: reader });
      const name: unknown = inbox.body?.data?.inbox?.name;
      if (reply.status === 200) {
        return name === 'renamed' && reply.body?.data?.inbox?.name === 'renamed'
          ? null
          : `renamed, yet the name is ${String(name)}`;
      }
      return inbox.status === 200 && name === null
        ? null
        : `refused with ${reply.status}, yet inbox ${inbox.status}, name ${String(name)}`;
    },
    expected: changeInbox('200'),
  },
  'POST /api/v1/inboxes/:id/save': {
    scope: 'manage',
    teamAction: 'read',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/save`, { method: 'POST', authorization }),
    after: async (env, t, object, who, reply) => {
      if (object !== 'anon' && object !== 'ownedA') return null;
      const get = (authorization: string | undefined): Promise<Reply> =>
        call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}`, { authorization });
      const [asAnon, asA, asB] = [await get(undefined), await get(bearer(env.A.token)), await get(bearer(env.B.token))];
      const seen = `anon ${asAnon.status}, A ${asA.status}, B ${asB.status}`;
      // Who owns the inbox now, according to the model of the README.
      const owner = object === 'ownedA' ? 'A' : reply.status === 200 && (who === 'A' || who === 'B') ? who : null;
      if (owner === null) {
        const inbox = asAnon.body?.data?.inbox;
        return asAnon.status === 200 &&
          asA.status === 200 &&
          asB.status === 200 &&
          inbox?.saved === false &&
          inbox?.expiresAt !== null
          ? null
          : `expected still anonymous, saw ${seen} ${asAnon.text}`;
      }
      const ownerReply = owner === 'A' ? asA : asB;
      const otherReply = owner === 'A' ? asB : asA;
      const inbox = ownerReply.body?.data?.inbox;
      return asAnon.status === 401 &&
        ownerReply.status === 200 &&
        otherReply.status === 404 &&
        inbox?.saved === true &&
        inbox?.expiresAt === null
        ? null
        : `expected owned by ${owner}, saw ${seen} ${ownerReply.text}`;
    },
    expected: accountOnInbox('200'),
  },
} satisfies Record<string, MatrixEntry>;
