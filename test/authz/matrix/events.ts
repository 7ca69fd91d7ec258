// The authorization matrix's entries (one per endpoint) for an inbox's events: listing, streaming,
// long-polling, reading, comparing, exporting and deleting them. What an entry holds, and the
// notation of its cells: entry.ts.
import { call, streamStatus } from '../support.js';
import type { MatrixEntry } from './entry.js';
import { changeEvent, changeInbox, readEvent, readInbox } from './rules.js';
import { BEFORE_ALL, eventsLeft, NEXT_AFTER_ALL } from './targets.js';

export const EVENTS = {
  // Deleting one of an inbox's events, and clearing the inbox: the rules of deleting the inbox.
  'DELETE /api/v1/events/:id': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}`, { method: 'DELETE', authorization }),
    after: (env, t, object, _who, reply) => eventsLeft(env, t, object, reply, 'deleted the event'),
    expected: changeEvent('204'),
  },
  'DELETE /api/v1/inboxes/:id/events': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/events`, { method: 'DELETE', authorization }),
    after: (env, t, object, _who, reply) => eventsLeft(env, t, object, reply, 'cleared'),
    expected: changeInbox('204'),
  },
  'GET /api/v1/inboxes/:id/events': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/events`, { authorization }),
    expected: readInbox('200'),
  },
  'GET /api/v1/inboxes/:id/stream': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      streamStatus(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/stream`, authorization),
    expected: readInbox('200'),
  },
  // The long-poll with timeout=0 answers at once: 204 (nothing newer than the inbox's newest
  // event), or 200 with the event when asked for anything after an id older than all.
  'GET /api/v1/inboxes/:id/events/next?timeout=0': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/events/next?timeout=0`, { authorization }),
    expected: readInbox('204'),
  },
  [NEXT_AFTER_ALL]: {
    scope: 'read',
    teamAction: 'read',
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
    expected: readInbox('200'),
  },
  'GET /api/v1/events/:id': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}`, { authorization }),
    expected: readEvent('200'),
  },
  'GET /api/v1/events/:id/body': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/body`, { authorization }),
    expected: readEvent('200'),
  },
  // Export: reading, so the rules of reading the event and listing the inbox.
  'GET /api/v1/events/:id/curl': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) => call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/curl`, { authorization }),
    expected: readEvent('200'),
  },
  // The event compared with itself: both sides need the same reading right. An event of an expired
  // inbox is one the caller cannot read: EVENT_NOT_FOUND, not INBOX_NOT_FOUND.
  'GET /api/v1/events/:id/diff?against=:id': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/diff?against=${t.eventId}`, { authorization }),
    // biome-ignore format: a table, one row per object, its cells under the columns they answer
    expected: [
      // object    anon    A       B       revA   bad    shareA  revS
      ['anon',    '200',  '200',  '200',  '401', '401', '404E', '404S'],
      ['ownedA',  '401',  '200',  '404E', '401', '401', '200',  '404S'],
      ['expired', '404E', '404E', '404E', '401', '401', '404E', '404S'],
      ['missing', '404E', '404E', '404E', '401', '401', '404E', '404S'],
    ],
  },
  // The previous event of the same type: the rules of reading the event.
  'GET /api/v1/events/:id/previous-of-type': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/previous-of-type`, { authorization }),
    expected: readEvent('200'),
  },
  'GET /api/v1/inboxes/:id/export': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/export?format=ndjson`, { authorization }),
    expected: readInbox('200'),
  },
} satisfies Record<string, MatrixEntry>;
