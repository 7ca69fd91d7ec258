// How each endpoint of the authorization matrix (matrix.test.ts) is called, and what must hold
// afterwards for the ones that change state.
import { bearer, call, streamStatus, type Reply } from './support.js';
import { BEFORE_ALL, type Endpoint, eventsLeft, NEXT_AFTER_ALL, REPLAY_EDITED } from './matrix-targets.js';
import { SETTINGS_ENDPOINTS } from './matrix-endpoints-settings.js';

// Inboxes, events, replays, shares, tokens and the account audit; the settings of an inbox are in
// matrix-endpoints-settings.ts.
const CORE_ENDPOINTS = {
  'POST /api/v1/inboxes': {
    destructive: false,
    send: (env, _t, authorization) => call(env.rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', authorization }),
  },
  'GET /api/v1/inboxes': {
    destructive: false,
    send: (env, _t, authorization) => call(env.rehook.apiUrl, '/api/v1/inboxes', { authorization }),
  },
  'GET /api/v1/inboxes/:id': {
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}`, { authorization }),
  },
  'DELETE /api/v1/inboxes/:id': {
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
  },
  'PATCH /api/v1/inboxes/:id': {
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
  },
  'DELETE /api/v1/events/:id': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}`, { method: 'DELETE', authorization }),
    after: (env, t, object, _who, reply) => eventsLeft(env, t, object, reply, 'deleted the event'),
  },
  'DELETE /api/v1/inboxes/:id/events': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/events`, { method: 'DELETE', authorization }),
    after: (env, t, object, _who, reply) => eventsLeft(env, t, object, reply, 'cleared'),
  },
  'POST /api/v1/inboxes/:id/save': {
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
  },
  'GET /api/v1/inboxes/:id/events': {
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/events`, { authorization }),
  },
  'GET /api/v1/inboxes/:id/stream': {
    destructive: false,
    send: (env, t, authorization) =>
      streamStatus(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/stream`, authorization),
  },
  'GET /api/v1/inboxes/:id/events/next?timeout=0': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/events/next?timeout=0`, { authorization }),
  },
  [NEXT_AFTER_ALL]: {
    destructive: false,
    send: async (env, t, authorization) => {
      const reply = await call(
        env.rehook.apiUrl,
        `/api/v1/inboxes/${t.inboxId}/events/next?after=${BEFORE_ALL}&timeout=0`,
        { authorization },
      );
      // An allowed caller gets the object's one event, nothing else.
      const id: unknown = reply.body?.data?.event?.id;
      return reply.status === 200 && id !== t.eventId ? { ...reply, code: `wrong-event-${String(id)}` } : reply;
    },
  },
  'GET /api/v1/events/:id': {
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}`, { authorization }),
  },
  'GET /api/v1/events/:id/body': {
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/body`, { authorization }),
  },
  'GET /api/v1/events/:id/curl': {
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/curl`, { authorization }),
  },
  // The event compared with itself: both sides need the same reading right.
  'GET /api/v1/events/:id/diff?against=:id': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/diff?against=${t.eventId}`, { authorization }),
  },
  'GET /api/v1/events/:id/previous-of-type': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/previous-of-type`, { authorization }),
  },
  'GET /api/v1/inboxes/:id/export': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/export?format=ndjson`, { authorization }),
  },
  'POST /api/v1/events/:id/replay': {
    destructive: false,
    send: async (env, t, authorization) => {
      const before = env.receiver.requests.length;
      const reply = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/replay`, {
        method: 'POST',
        authorization,
        json: { destination: `${env.receiver.url}/matrix` },
      });
      // Only an accepted replay may reach the destination, and it must.
      const reached = env.receiver.requests.length - before;
      if (reached !== (reply.status === 200 ? 1 : 0)) {
        return { ...reply, status: reply.status, code: `${reply.code}+${reached}-requests-at-receiver` };
      }
      return reply;
    },
  },
  [REPLAY_EDITED]: {
    destructive: false,
    send: async (env, t, authorization) => {
      const before = env.receiver.requests.length;
      const reply = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/replay`, {
        method: 'POST',
        authorization,
        json: {
          destination: `${env.receiver.url}/matrix`,
          method: 'PUT',
          path: '/edited',
          headers: { set: { 'X-Matrix': 'edited' } },
          body: 'edited',
          repeat: 2,
        },
      });
      // Only an accepted replay may reach the destination, twice, as edited.
      const reached = env.receiver.requests.slice(before);
      const want = reply.status === 200 ? 2 : 0;
      const edited = reached.every(
        (r) => r.method === 'PUT' && r.url === '/matrix/edited' && r.body.toString() === 'edited',
      );
      if (reached.length !== want || !edited) {
        return {
          ...reply,
          status: reply.status,
          code: `${reply.code}+${reached.length}-requests-at-receiver${edited ? '' : '-not-as-edited'}`,
        };
      }
      return reply;
    },
  },
  'POST /api/v1/inboxes/:id/replays': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/replays`, {
        method: 'POST',
        authorization,
        json: { destination: 'http://127.0.0.1:9/matrix-job', ratePerSecond: 100 },
      }),
    after: async (env, _t, _object, _who, reply) => {
      if (reply.status !== 202) return null;
      // The job exists, with the inbox's one event, and its maker reads it.
      const jobId: unknown = reply.body?.data?.job?.id;
      const total: unknown = reply.body?.data?.job?.counts?.total;
      const read = await call(env.rehook.apiUrl, `/api/v1/replay-jobs/${String(jobId)}`, {
        authorization: bearer(env.A.token),
      });
      const maker = await call(env.rehook.apiUrl, `/api/v1/replay-jobs/${String(jobId)}`, {
        authorization: bearer(env.B.token),
      });
      return total === 1 && (read.status === 200 || maker.status === 200)
        ? null
        : `created ${String(jobId)} (total ${String(total)}), yet A reads ${read.status}, B ${maker.status}`;
    },
  },
  'GET /api/v1/inboxes/:id/replay-jobs': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/replay-jobs`, { authorization }),
  },
  'GET /api/v1/events/:id/replays': {
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/replays`, { authorization }),
  },
  'POST /api/v1/inboxes/:id/shares': {
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
  },
  'GET /api/v1/inboxes/:id/shares': {
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
  },
  'DELETE /api/v1/inboxes/:id/shares/:shareId': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/shares/${t.shareId}`, { method: 'DELETE', authorization }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'ownedA') return null;
      const use = await call(env.rehook.apiUrl, `/api/v1/shares/${t.shareToken}`);
      if (reply.status === 204) return use.status === 404 ? null : `revoked, yet the link still answers ${use.status}`;
      return use.status === 200 ? null : `refused with ${reply.status}, yet the link now answers ${use.status}`;
    },
  },
  'GET /api/v1/shares/:token': {
    destructive: false,
    send: async (env, t, authorization) => {
      const reply = await call(env.rehook.apiUrl, `/api/v1/shares/${t.shareToken}`, { authorization });
      const id: unknown = reply.body?.data?.inbox?.id;
      return reply.status === 200 && id !== t.inboxId ? { ...reply, code: `wrong-inbox-${String(id)}` } : reply;
    },
  },
  'GET /api/v1/tokens': {
    destructive: false,
    send: (env, _t, authorization) => call(env.rehook.apiUrl, '/api/v1/tokens', { authorization }),
  },
  'POST /api/v1/tokens': {
    destructive: false,
    send: (env, _t, authorization) =>
      call(env.rehook.apiUrl, '/api/v1/tokens', { method: 'POST', authorization, json: { name: 'matrix' } }),
  },
  'GET /api/v1/account/audit': {
    destructive: false,
    send: (env, _t, authorization) => call(env.rehook.apiUrl, '/api/v1/account/audit', { authorization }),
  },
  'DELETE /api/v1/tokens/:id': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/tokens/${t.tokenId}`, { method: 'DELETE', authorization }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'tokA') return null;
      const use = await call(env.rehook.apiUrl, '/api/v1/tokens', { authorization: bearer(t.token) });
      if (reply.status === 204) return use.status === 401 ? null : `revoked, yet the token still answers ${use.status}`;
      return use.status === 200 ? null : `refused with ${reply.status}, yet the token now answers ${use.status}`;
    },
  },
} satisfies Record<string, Endpoint>;

export const ENDPOINTS = { ...CORE_ENDPOINTS, ...SETTINGS_ENDPOINTS } satisfies Record<string, Endpoint>;
export type EndpointName = keyof typeof ENDPOINTS;
