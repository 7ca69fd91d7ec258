// The authorization matrix's entries (one per endpoint) for an inbox's event types, their schemas,
// its type rule and its drift settings. What an entry holds, and the notation of its cells:
// entry.ts.
import { call } from '../support.js';
import type { MatrixEntry } from './entry.js';
import { changeInbox, ownerOfSavedInbox, readInbox } from './rules.js';
import { ownerReadsSet } from './targets.js';

export const EVENT_TYPES = {
  // Event types: the rules of listing the inbox's events (a rebuild too, but not with a link); a type
  // no event has is 404 EVENT_TYPE_NOT_FOUND past the access rules (the background worker may not
  // have typed the object's event yet).
  'GET /api/v1/inboxes/:id/event-types': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-types`, { authorization }),
    expected: readInbox('200'),
  },
  'GET /api/v1/inboxes/:id/event-types/:type/schema': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-types/matrix.none/schema`, { authorization }),
    expected: readInbox('404(EVENT_TYPE_NOT_FOUND)'),
  },
  // A rebuild checks drift again and sends its alerts again: a change, not a read.
  'POST /api/v1/inboxes/:id/event-types/rebuild': {
    scope: 'manage',
    teamAction: 'replay',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-types/rebuild`, { method: 'POST', authorization }),
    expected: changeInbox('202'),
  },
  'POST /api/v1/inboxes/:id/event-types/:type/schema/rebuild': {
    scope: 'manage',
    teamAction: 'replay',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-types/matrix.none/schema/rebuild`, {
        method: 'POST',
        authorization,
      }),
    expected: changeInbox('404(EVENT_TYPE_NOT_FOUND)'),
  },
  // The inbox's own type rule: only the owner of a saved inbox, as for alerts.
  'PUT /api/v1/inboxes/:id/event-type-rule': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-rule`, {
        method: 'PUT',
        authorization,
        json: { header: 'X-Matrix-Type' },
      }),
    after: (env, t, object, _who, reply) =>
      ownerReadsSet(env, t, object, reply, {
        path: 'event-type-rule',
        isSet: (data) => data?.rule?.header === 'X-Matrix-Type',
      }),
    expected: ownerOfSavedInbox('200'),
  },
  'GET /api/v1/inboxes/:id/event-type-rule': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-rule`, { authorization }),
    expected: ownerOfSavedInbox('200'),
  },
  'DELETE /api/v1/inboxes/:id/event-type-rule': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-rule`, { method: 'DELETE', authorization }),
    expected: ownerOfSavedInbox('200'),
  },
  // The inbox's own minimum of samples for drift: as its type rule.
  'PUT /api/v1/inboxes/:id/event-type-settings': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-settings`, {
        method: 'PUT',
        authorization,
        json: { minSamples: 7 },
      }),
    after: (env, t, object, _who, reply) =>
      ownerReadsSet(env, t, object, reply, {
        path: 'event-type-settings',
        isSet: (data) => data?.settings?.minSamples === 7,
      }),
    expected: ownerOfSavedInbox('200'),
  },
  'GET /api/v1/inboxes/:id/event-type-settings': {
    scope: 'read',
    teamAction: 'read',
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-settings`, { authorization }),
    expected: ownerOfSavedInbox('200'),
  },
  'DELETE /api/v1/inboxes/:id/event-type-settings': {
    scope: 'manage',
    teamAction: 'manage',
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/event-type-settings`, { method: 'DELETE', authorization }),
    expected: ownerOfSavedInbox('200'),
  },
} satisfies Record<string, MatrixEntry>;
