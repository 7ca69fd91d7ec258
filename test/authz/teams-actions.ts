// What each route on an inbox, event or replay job asks of a team role, and how teams.test.ts
// calls the routes the authorization matrix does not (EXTRA).
import assert from 'node:assert/strict';
import type { InboxAction, TeamRole } from '../../src/domain/team.js';
import type { MatrixEntry } from './matrix/entry.js';
import { type EndpointName, ENDPOINTS } from './matrix/index.js';
import type { Target } from './matrix/targets.js';
import { bearer, call, type Reply } from './support.js';

/**
 * The action each endpoint of the matrix on an inbox or event takes (src/domain/team.ts
 * roleNeededFor): the `teamAction` of its entry (matrix/entry.ts).
 */
export const ACTION: Partial<Record<EndpointName, InboxAction>> = Object.fromEntries(
  (Object.entries(ENDPOINTS) as Array<[EndpointName, MatrixEntry]>).flatMap(([name, entry]) =>
    entry.teamAction === null ? [] : [[name, entry.teamAction]],
  ),
);

/**
 * Routes on an inbox, event or replay job that the matrix does not call (the matrix's table of
 * principals × objects predates them): how each is called on a team inbox, and its action. With
 * the matrix's endpoints they make every such route of the OpenAPI document.
 */
export const EXTRA: Record<string, { action: InboxAction; send: (t: Target, token: string) => Promise<Reply> }> = {
  'GET /api/v1/events/:id/meta': { action: 'read', send: (t, token) => get(`/api/v1/events/${t.eventId}/meta`, token) },
  'GET /api/v1/replay-jobs/:id': {
    action: 'read',
    send: async (t, token) => get(`/api/v1/replay-jobs/${await newJob(t)}`, token),
  },
  'DELETE /api/v1/replay-jobs/:id': {
    action: 'replay',
    send: async (t, token) => get(`/api/v1/replay-jobs/${await newJob(t)}`, token, 'DELETE'),
  },
  'GET /api/v1/inboxes/:id/event-types': {
    action: 'read',
    send: (t, token) => get(`/api/v1/inboxes/${t.inboxId}/event-types`, token),
  },
  'GET /api/v1/inboxes/:id/event-types/:eventType/schema': {
    action: 'read',
    send: (t, token) => get(`/api/v1/inboxes/${t.inboxId}/event-types/unknown.type/schema`, token),
  },
  'POST /api/v1/inboxes/:id/event-types/:eventType/schema/rebuild': {
    action: 'replay',
    send: (t, token) => get(`/api/v1/inboxes/${t.inboxId}/event-types/unknown.type/schema/rebuild`, token, 'POST'),
  },
  'POST /api/v1/inboxes/:id/event-types/rebuild': {
    action: 'replay',
    send: (t, token) => get(`/api/v1/inboxes/${t.inboxId}/event-types/rebuild`, token, 'POST'),
  },
  'GET /api/v1/inboxes/:id/event-type-rule': {
    action: 'read',
    send: (t, token) => get(`/api/v1/inboxes/${t.inboxId}/event-type-rule`, token),
  },
  'PUT /api/v1/inboxes/:id/event-type-rule': {
    action: 'manage',
    send: (t, token) => get(`/api/v1/inboxes/${t.inboxId}/event-type-rule`, token, 'PUT', { header: 'X-Event' }),
  },
  'DELETE /api/v1/inboxes/:id/event-type-rule': {
    action: 'manage',
    send: (t, token) => get(`/api/v1/inboxes/${t.inboxId}/event-type-rule`, token, 'DELETE'),
  },
  'GET /api/v1/inboxes/:id/event-type-settings': {
    action: 'read',
    send: (t, token) => get(`/api/v1/inboxes/${t.inboxId}/event-type-settings`, token),
  },
  'PUT /api/v1/inboxes/:id/event-type-settings': {
    action: 'manage',
    send: (t, token) => get(`/api/v1/inboxes/${t.inboxId}/event-type-settings`, token, 'PUT', { minSamples: 7 }),
  },
  'DELETE /api/v1/inboxes/:id/event-type-settings': {
    action: 'manage',
    send: (t, token) => get(`/api/v1/inboxes/${t.inboxId}/event-type-settings`, token, 'DELETE'),
  },
};

/** Routes on an inbox whose rules by role are checked with the team's own endpoints below. */
export const WITH_TEAM_ENDPOINTS = ['PUT /api/v1/inboxes/:id/owner'];

let apiUrl = '';
let ownerToken = '';
/** The server and the team owner's token that EXTRA's calls use: set once the suite has them. */
export function callAs(url: string, token: string): void {
  apiUrl = url;
  ownerToken = token;
}
function get(path: string, token: string, method = 'GET', json?: unknown): Promise<Reply> {
  return call(apiUrl, path, { method, authorization: bearer(token), ...(json === undefined ? {} : { json }) });
}
/** A bulk replay job of the inbox, made by the team's owner: its id. */
async function newJob(t: Target): Promise<string> {
  const made = await get(`/api/v1/inboxes/${t.inboxId}/replays`, ownerToken, 'POST', {
    destination: 'http://127.0.0.1:9/team-job',
    ratePerSecond: 100,
  });
  assert.equal(made.status, 202, made.text);
  return made.body.data.job.id;
}

/** The team roles allowed each action on an inbox. */
export const ALLOWED: Record<InboxAction, readonly TeamRole[]> = {
  read: ['owner', 'admin', 'member', 'viewer'],
  replay: ['owner', 'admin', 'member'],
  manage: ['owner', 'admin'],
};
