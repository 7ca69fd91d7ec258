// The authorization matrix's entries (one per endpoint) for replays: of one event (as captured, or
// edited), of a whole inbox (bulk jobs), and their history. What an entry holds, and the notation
// of its cells: entry.ts.
import { bearer, call } from '../support.js';
import type { MatrixEntry } from './entry.js';
import { accountOnEvent, accountOnInbox } from './rules.js';
import { REPLAY_EDITED, replayToReceiver } from './targets.js';

export const REPLAYS = {
  'POST /api/v1/events/:id/replay': {
    scope: 'replay',
    teamAction: 'replay',
    destructive: false,
    send: async (env, t, authorization) => {
      const { reply, reached } = await replayToReceiver(env, t, authorization, {});
      // Only an accepted replay may reach the destination, and it must.
      if (reached.length !== (reply.status === 200 ? 1 : 0)) {
        return { ...reply, status: reply.status, code: `${reply.code}+${reached.length}-requests-at-receiver` };
      }
      return reply;
    },
    expected: accountOnEvent('200'),
  },
  // Edit-and-replay: the same rules, whatever the overrides; repeat sends N or nothing.
  [REPLAY_EDITED]: {
    scope: 'replay',
    teamAction: 'replay',
    destructive: false,
    send: async (env, t, authorization) => {
      const { reply, reached } = await replayToReceiver(env, t, authorization, {
        method: 'PUT',
        path: '/edited',
        headers: { set: { 'X-Matrix': 'edited' } },
        body: 'edited',
        repeat: 2,
      });
      // Only an accepted replay may reach the destination, twice, as edited.
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
    expected: accountOnEvent('200'),
  },
  // Bulk replay jobs: the rules of replaying the inbox's events (an account; the
  // owner for an owned inbox). The jobs go to a closed port, so they never reach the receiver.
  'POST /api/v1/inboxes/:id/replays': {
    scope: 'replay',
    teamAction: 'replay',
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
    expected: accountOnInbox('202'),
  },
  'GET /api/v1/inboxes/:id/replay-jobs': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/replay-jobs`, { authorization }),
    expected: accountOnInbox('200'),
  },
  'GET /api/v1/events/:id/replays': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/replays`, { authorization }),
    expected: accountOnEvent('200'),
  },
} satisfies Record<string, MatrixEntry>;
