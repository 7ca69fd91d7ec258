// ---------------------------------------------------------------------------------------------
// The expected table.
//
// Principals: anon = no Authorization header; A = a valid token of account A (sent as `Bearer`,
// `bearer` and `BEARER`: the scheme is case-insensitive); B = a valid token of another account;
// revA = a token of A revoked through the API; bad = ten malformed or invalid Authorization
// headers (bad checksum, never issued, other schemes, extra characters, double space, two
// tokens, 10 KB, ...). Every variant of a column must give the cell's answer.
//
// Objects: anon = an anonymous inbox (and, for event endpoints, an event of it); ownedA = an
// inbox created with A's token (and its event); expired = an anonymous inbox past its TTL (and
// an event captured while it lived); missing = well-formed ids nobody was given; tokA = another
// token of A; '-' = the endpoint names no object.
//
// Cells: the status; 401 means 401 UNAUTHORIZED; 404I / 404E / 404T mean 404 with
// INBOX_NOT_FOUND / EVENT_NOT_FOUND / TOKEN_NOT_FOUND; 404S 404 SHARE_NOT_FOUND; 409N 409
// INBOX_NOT_SAVED; 403S 403 SHARE_READ_ONLY.
//
// Browser sessions add two columns whose cells are those of token columns, because a
// session cookie is its account's principal on every endpoint (README "Accounts and sessions"):
// sesA = a live session of A (the rehook_session cookie and its X-CSRF-Token) answers as A;
// endA = a cookie of A whose session was signed out through the API, or has expired, answers as
// revA. Writes with the cookie but without the right X-CSRF-Token are a test of their own below.
//
// Sharing links add two columns with cells of their own: SHARE_CELLS in matrix-share-cells.ts.
// ---------------------------------------------------------------------------------------------

import type { Reply } from './support.js';
import { type Column, isShareColumn, type ObjectKind, PRINCIPALS, scopeOfColumn, type Who } from './matrix-columns.js';
import type { EndpointName } from './matrix-endpoints.js';
import { ENDPOINT_SCOPES } from './matrix-scopes.js';
import { SHARE_CELLS } from './matrix-share-cells.js';
import { NEXT_AFTER_ALL, REPLAY_EDITED } from './matrix-targets.js';

export { SHARE_CELLS } from './matrix-share-cells.js';

export type Row = readonly [
  endpoint: EndpointName,
  object: ObjectKind,
  anon: string,
  A: string,
  B: string,
  revA: string,
  bad: string,
];

export const EXPECTED: readonly Row[] = [
  // endpoint                                   object     anon    A       B       revA   bad
  ['POST /api/v1/inboxes', '-', '201', '201', '201', '401', '401'],
  ['GET /api/v1/inboxes', '-', '401', '200', '200', '401', '401'],

  ['GET /api/v1/inboxes/:id', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/inboxes/:id', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id', 'missing', '404I', '404I', '404I', '401', '401'],

  ['DELETE /api/v1/inboxes/:id', 'anon', '204', '204', '204', '401', '401'],
  ['DELETE /api/v1/inboxes/:id', 'ownedA', '401', '204', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id', 'expired', '404I', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id', 'missing', '404I', '404I', '404I', '401', '401'],

  // Renaming an inbox, deleting one of its events and clearing it: the rules of deleting it.
  ['PATCH /api/v1/inboxes/:id', 'anon', '200', '200', '200', '401', '401'],
  ['PATCH /api/v1/inboxes/:id', 'ownedA', '401', '200', '404I', '401', '401'],
  ['PATCH /api/v1/inboxes/:id', 'expired', '404I', '404I', '404I', '401', '401'],
  ['PATCH /api/v1/inboxes/:id', 'missing', '404I', '404I', '404I', '401', '401'],

  ['DELETE /api/v1/events/:id', 'anon', '204', '204', '204', '401', '401'],
  ['DELETE /api/v1/events/:id', 'ownedA', '401', '204', '404E', '401', '401'],
  ['DELETE /api/v1/events/:id', 'expired', '404I', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/events/:id', 'missing', '404E', '404E', '404E', '401', '401'],

  ['DELETE /api/v1/inboxes/:id/events', 'anon', '204', '204', '204', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/events', 'ownedA', '401', '204', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/events', 'expired', '404I', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/events', 'missing', '404I', '404I', '404I', '401', '401'],

  ['POST /api/v1/inboxes/:id/save', 'anon', '401', '200', '200', '401', '401'],
  ['POST /api/v1/inboxes/:id/save', 'ownedA', '401', '200', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/save', 'expired', '401', '404I', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/save', 'missing', '401', '404I', '404I', '401', '401'],

  ['GET /api/v1/inboxes/:id/events', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/inboxes/:id/events', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/events', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/events', 'missing', '404I', '404I', '404I', '401', '401'],

  ['GET /api/v1/inboxes/:id/stream', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/inboxes/:id/stream', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/stream', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/stream', 'missing', '404I', '404I', '404I', '401', '401'],

  // The long-poll with timeout=0 answers at once: 204 (nothing newer than the inbox's newest
  // event), or 200 with the event when asked for anything after an id older than all.
  ['GET /api/v1/inboxes/:id/events/next?timeout=0', 'anon', '204', '204', '204', '401', '401'],
  ['GET /api/v1/inboxes/:id/events/next?timeout=0', 'ownedA', '401', '204', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/events/next?timeout=0', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/events/next?timeout=0', 'missing', '404I', '404I', '404I', '401', '401'],
  [NEXT_AFTER_ALL, 'anon', '200', '200', '200', '401', '401'],
  [NEXT_AFTER_ALL, 'ownedA', '401', '200', '404I', '401', '401'],
  [NEXT_AFTER_ALL, 'expired', '404I', '404I', '404I', '401', '401'],
  [NEXT_AFTER_ALL, 'missing', '404I', '404I', '404I', '401', '401'],

  ['GET /api/v1/events/:id', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/events/:id', 'ownedA', '401', '200', '404E', '401', '401'],
  ['GET /api/v1/events/:id', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/events/:id', 'missing', '404E', '404E', '404E', '401', '401'],

  ['GET /api/v1/events/:id/body', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/events/:id/body', 'ownedA', '401', '200', '404E', '401', '401'],
  ['GET /api/v1/events/:id/body', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/events/:id/body', 'missing', '404E', '404E', '404E', '401', '401'],

  // Export: reading, so the rules of reading the event and listing the inbox.
  ['GET /api/v1/events/:id/curl', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/events/:id/curl', 'ownedA', '401', '200', '404E', '401', '401'],
  ['GET /api/v1/events/:id/curl', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/events/:id/curl', 'missing', '404E', '404E', '404E', '401', '401'],

  // An event of an expired inbox is one the caller cannot read: EVENT_NOT_FOUND, not INBOX_NOT_FOUND.
  // The previous event of the same type: the rules of reading the event.
  ['GET /api/v1/events/:id/previous-of-type', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/events/:id/previous-of-type', 'ownedA', '401', '200', '404E', '401', '401'],
  ['GET /api/v1/events/:id/previous-of-type', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/events/:id/previous-of-type', 'missing', '404E', '404E', '404E', '401', '401'],
  ['GET /api/v1/events/:id/diff?against=:id', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/events/:id/diff?against=:id', 'ownedA', '401', '200', '404E', '401', '401'],
  ['GET /api/v1/events/:id/diff?against=:id', 'expired', '404E', '404E', '404E', '401', '401'],
  ['GET /api/v1/events/:id/diff?against=:id', 'missing', '404E', '404E', '404E', '401', '401'],
  ['GET /api/v1/inboxes/:id/export', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/inboxes/:id/export', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/export', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/export', 'missing', '404I', '404I', '404I', '401', '401'],

  ['POST /api/v1/events/:id/replay', 'anon', '401', '200', '200', '401', '401'],
  ['POST /api/v1/events/:id/replay', 'ownedA', '401', '200', '404E', '401', '401'],
  ['POST /api/v1/events/:id/replay', 'expired', '401', '404I', '404I', '401', '401'],
  ['POST /api/v1/events/:id/replay', 'missing', '401', '404E', '404E', '401', '401'],

  // Edit-and-replay: the same rules, whatever the overrides; repeat sends N or nothing.
  [REPLAY_EDITED, 'anon', '401', '200', '200', '401', '401'],
  [REPLAY_EDITED, 'ownedA', '401', '200', '404E', '401', '401'],
  [REPLAY_EDITED, 'expired', '401', '404I', '404I', '401', '401'],
  [REPLAY_EDITED, 'missing', '401', '404E', '404E', '401', '401'],

  ['GET /api/v1/events/:id/replays', 'anon', '401', '200', '200', '401', '401'],
  ['GET /api/v1/events/:id/replays', 'ownedA', '401', '200', '404E', '401', '401'],
  ['GET /api/v1/events/:id/replays', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/events/:id/replays', 'missing', '401', '404E', '404E', '401', '401'],

  // Bulk replay jobs: the rules of replaying the inbox's events (an account; the
  // owner for an owned inbox). The jobs go to a closed port, so they never reach the receiver.
  ['POST /api/v1/inboxes/:id/replays', 'anon', '401', '202', '202', '401', '401'],
  ['POST /api/v1/inboxes/:id/replays', 'ownedA', '401', '202', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/replays', 'expired', '401', '404I', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/replays', 'missing', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/replay-jobs', 'anon', '401', '200', '200', '401', '401'],
  ['GET /api/v1/inboxes/:id/replay-jobs', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/replay-jobs', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/replay-jobs', 'missing', '401', '404I', '404I', '401', '401'],

  // Sharing links of an inbox: its owner only; an anonymous inbox has none (409 INBOX_NOT_SAVED).
  ['POST /api/v1/inboxes/:id/shares', 'anon', '401', '409N', '409N', '401', '401'],
  ['POST /api/v1/inboxes/:id/shares', 'ownedA', '401', '201', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/shares', 'expired', '401', '404I', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/shares', 'missing', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/shares', 'anon', '401', '409N', '409N', '401', '401'],
  ['GET /api/v1/inboxes/:id/shares', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/shares', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/shares', 'missing', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/shares/:shareId', 'ownedA', '401', '204', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/shares/:shareId', 'missing', '401', '404I', '404I', '401', '401'],
  // Resolving a link needs no credential; a bad one sent along is still refused.
  ['GET /api/v1/shares/:token', 'ownedA', '200', '200', '200', '401', '401'],
  ['GET /api/v1/shares/:token', 'missing', '404S', '404S', '404S', '401', '401'],

  // Automatic forwarding: only the owner of a saved inbox (an anonymous one answers 409N).
  ['PUT /api/v1/inboxes/:id/forwarding', 'anon', '401', '409N', '409N', '401', '401'],
  ['PUT /api/v1/inboxes/:id/forwarding', 'ownedA', '401', '200', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/forwarding', 'expired', '401', '404I', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/forwarding', 'missing', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/forwarding', 'anon', '401', '409N', '409N', '401', '401'],
  ['GET /api/v1/inboxes/:id/forwarding', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/forwarding', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/forwarding', 'missing', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/forwarding', 'anon', '401', '409N', '409N', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/forwarding', 'ownedA', '401', '404(FORWARDING_NOT_FOUND)', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/forwarding', 'expired', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/forwarding', 'missing', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/events/:id/deliveries', 'anon', '401', '409N', '409N', '401', '401'],
  ['GET /api/v1/events/:id/deliveries', 'ownedA', '401', '200', '404E', '401', '401'],
  ['GET /api/v1/events/:id/deliveries', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/events/:id/deliveries', 'missing', '401', '404E', '404E', '401', '401'],
  ['POST /api/v1/events/:id/deliveries/retry', 'anon', '401', '409N', '409N', '401', '401'],
  ['POST /api/v1/events/:id/deliveries/retry', 'ownedA', '401', '404(FORWARDING_NOT_FOUND)', '404E', '401', '401'],
  ['POST /api/v1/events/:id/deliveries/retry', 'expired', '401', '404I', '404I', '401', '401'],
  ['POST /api/v1/events/:id/deliveries/retry', 'missing', '401', '404E', '404E', '401', '401'],

  // Alerts: only the owner of a saved inbox, as for forwarding.
  ['PUT /api/v1/inboxes/:id/alerts', 'anon', '401', '409N', '409N', '401', '401'],
  ['PUT /api/v1/inboxes/:id/alerts', 'ownedA', '401', '200', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/alerts', 'expired', '401', '404I', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/alerts', 'missing', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/alerts', 'anon', '401', '409N', '409N', '401', '401'],
  ['GET /api/v1/inboxes/:id/alerts', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/alerts', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/alerts', 'missing', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/alerts', 'anon', '401', '409N', '409N', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/alerts', 'ownedA', '401', '200', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/alerts', 'expired', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/alerts', 'missing', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/alerts/deliveries', 'anon', '401', '409N', '409N', '401', '401'],
  ['GET /api/v1/inboxes/:id/alerts/deliveries', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/alerts/deliveries', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/alerts/deliveries', 'missing', '401', '404I', '404I', '401', '401'],

  // Response rules: the rules of renaming the inbox (its owner; anyone holding an anonymous id).
  ['GET /api/v1/inboxes/:id/response', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/inboxes/:id/response', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/response', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/response', 'missing', '404I', '404I', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/responses/preview', 'anon', '200', '200', '200', '401', '401'],
  ['POST /api/v1/inboxes/:id/responses/preview', 'ownedA', '401', '200', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/responses/preview', 'expired', '404I', '404I', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/responses/preview', 'missing', '404I', '404I', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/response', 'anon', '200', '200', '200', '401', '401'],
  ['PUT /api/v1/inboxes/:id/response', 'ownedA', '401', '200', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/response', 'expired', '404I', '404I', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/response', 'missing', '404I', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/response', 'anon', '204', '204', '204', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/response', 'ownedA', '401', '204', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/response', 'expired', '404I', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/response', 'missing', '404I', '404I', '404I', '401', '401'],

  // Signature settings: only the owner of a saved inbox (an anonymous one answers 409N).
  ['PUT /api/v1/inboxes/:id/signature', 'anon', '401', '409N', '409N', '401', '401'],
  ['PUT /api/v1/inboxes/:id/signature', 'ownedA', '401', '200', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/signature', 'expired', '401', '404I', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/signature', 'missing', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/signature', 'anon', '401', '409N', '409N', '401', '401'],
  ['GET /api/v1/inboxes/:id/signature', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/signature', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/signature', 'missing', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/signature', 'anon', '401', '409N', '409N', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/signature', 'ownedA', '401', '204', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/signature', 'expired', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/signature', 'missing', '401', '404I', '404I', '401', '401'],
  // Re-signing an event: its inbox's owner (the object's inbox gets a secret first); an anonymous
  // inbox never has a secret.
  ['POST /api/v1/events/:id/resign', 'anon', '401', '409(SIGNATURE_NOT_SET)', '409(SIGNATURE_NOT_SET)', '401', '401'],
  ['POST /api/v1/events/:id/resign', 'ownedA', '401', '200', '404E', '401', '401'],
  ['POST /api/v1/events/:id/resign', 'expired', '401', '404I', '404I', '401', '401'],
  ['POST /api/v1/events/:id/resign', 'missing', '401', '404E', '404E', '401', '401'],

  // Event types: the rules of listing the inbox's events (a rebuild too, but not with a link).
  ['GET /api/v1/inboxes/:id/event-types', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-types', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-types', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-types', 'missing', '404I', '404I', '404I', '401', '401'],
  [
    'GET /api/v1/inboxes/:id/event-types/:type/schema',
    'anon',
    '404(EVENT_TYPE_NOT_FOUND)',
    '404(EVENT_TYPE_NOT_FOUND)',
    '404(EVENT_TYPE_NOT_FOUND)',
    '401',
    '401',
  ],
  [
    'GET /api/v1/inboxes/:id/event-types/:type/schema',
    'ownedA',
    '401',
    '404(EVENT_TYPE_NOT_FOUND)',
    '404I',
    '401',
    '401',
  ],
  ['GET /api/v1/inboxes/:id/event-types/:type/schema', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-types/:type/schema', 'missing', '404I', '404I', '404I', '401', '401'],
  [
    'POST /api/v1/inboxes/:id/event-types/:type/schema/rebuild',
    'anon',
    '404(EVENT_TYPE_NOT_FOUND)',
    '404(EVENT_TYPE_NOT_FOUND)',
    '404(EVENT_TYPE_NOT_FOUND)',
    '401',
    '401',
  ],
  [
    'POST /api/v1/inboxes/:id/event-types/:type/schema/rebuild',
    'ownedA',
    '401',
    '404(EVENT_TYPE_NOT_FOUND)',
    '404I',
    '401',
    '401',
  ],
  ['POST /api/v1/inboxes/:id/event-types/:type/schema/rebuild', 'expired', '404I', '404I', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/event-types/:type/schema/rebuild', 'missing', '404I', '404I', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/event-types/rebuild', 'anon', '202', '202', '202', '401', '401'],
  ['POST /api/v1/inboxes/:id/event-types/rebuild', 'ownedA', '401', '202', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/event-types/rebuild', 'expired', '404I', '404I', '404I', '401', '401'],
  ['POST /api/v1/inboxes/:id/event-types/rebuild', 'missing', '404I', '404I', '404I', '401', '401'],
  // The inbox's own type rule: only the owner of a saved inbox, as for alerts.
  ['PUT /api/v1/inboxes/:id/event-type-rule', 'anon', '401', '409N', '409N', '401', '401'],
  ['PUT /api/v1/inboxes/:id/event-type-rule', 'ownedA', '401', '200', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/event-type-rule', 'expired', '401', '404I', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/event-type-rule', 'missing', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-type-rule', 'anon', '401', '409N', '409N', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-type-rule', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-type-rule', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-type-rule', 'missing', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/event-type-rule', 'anon', '401', '409N', '409N', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/event-type-rule', 'ownedA', '401', '200', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/event-type-rule', 'expired', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/event-type-rule', 'missing', '401', '404I', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/event-type-settings', 'anon', '401', '409N', '409N', '401', '401'],
  ['PUT /api/v1/inboxes/:id/event-type-settings', 'ownedA', '401', '200', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/event-type-settings', 'expired', '401', '404I', '404I', '401', '401'],
  ['PUT /api/v1/inboxes/:id/event-type-settings', 'missing', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-type-settings', 'anon', '401', '409N', '409N', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-type-settings', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-type-settings', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/event-type-settings', 'missing', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/event-type-settings', 'anon', '401', '409N', '409N', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/event-type-settings', 'ownedA', '401', '200', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/event-type-settings', 'expired', '401', '404I', '404I', '401', '401'],
  ['DELETE /api/v1/inboxes/:id/event-type-settings', 'missing', '401', '404I', '404I', '401', '401'],

  ['GET /api/v1/tokens', '-', '401', '200', '200', '401', '401'],
  ['POST /api/v1/tokens', '-', '401', '201', '201', '401', '401'],
  ['GET /api/v1/account/audit', '-', '401', '200', '200', '401', '401'],
  ['DELETE /api/v1/tokens/:id', 'tokA', '401', '204', '404T', '401', '401'],
  ['DELETE /api/v1/tokens/:id', 'missing', '401', '404T', '404T', '401', '401'],
];

const SCOPE_ORDER = ['read', 'replay', 'manage'] as const;

/** The expected cell of a column in a row of EXPECTED. */
export function expectedCell(
  endpoint: EndpointName,
  object: ObjectKind,
  column: Column,
  who: Who,
  cells: readonly string[],
): string {
  const scope = scopeOfColumn(column);
  if (scope !== undefined) {
    const needed = ENDPOINT_SCOPES[endpoint];
    const covered = needed === 'none' || SCOPE_ORDER.indexOf(scope) >= SCOPE_ORDER.indexOf(needed);
    return covered ? (cells[PRINCIPALS.indexOf(who)] as string) : '403(INSUFFICIENT_SCOPE)';
  }
  if (!isShareColumn(column)) return cells[PRINCIPALS.indexOf(who)] as string;
  const row = SHARE_CELLS.find(([e, o]) => e === endpoint && o === object);
  if (row === undefined) return `(no SHARE_CELLS row for ${endpoint} [${object}])`;
  return column === 'shareA' ? row[2] : row[3];
}

/** The answer in the notation of the table. */
export function notation(reply: Reply): string {
  if (reply.status === 401) return reply.code === 'UNAUTHORIZED' ? '401' : `401(${reply.code})`;
  if (reply.status === 404) {
    const letter = { INBOX_NOT_FOUND: 'I', EVENT_NOT_FOUND: 'E', TOKEN_NOT_FOUND: 'T', SHARE_NOT_FOUND: 'S' }[
      reply.code as string
    ];
    return letter ? `404${letter}` : `404(${reply.code})`;
  }
  if (reply.status === 403 && reply.code === 'SHARE_READ_ONLY') return '403S';
  if (reply.status === 409 && reply.code === 'INBOX_NOT_SAVED') return '409N';
  if (reply.status >= 200 && reply.status < 300 && reply.code === '') return String(reply.status);
  return `${reply.status}(${reply.code})`;
}
