// Endpoint × principal × object matrix of the REST API (issue 5 point 6; RELIABILITY rows 81-88).
//
// The expected answers are written out below as data, taken from README.md ("API reference" and
// "Access rules"): a cell is one principal calling one endpoint that names one object, asserted
// for each variant of the principal's credentials. Requests that change state (delete, save,
// revoke) get a fresh object each, and what the object looks like afterwards is checked too
// (a refused delete left it readable, an accepted save made it private, ...). Replays go to a
// loopback receiver, which must see exactly the accepted ones. On failure the whole matrix is
// printed with the mismatches marked, then each mismatch with the response body.
//
//   node --import tsx --test test/authz/matrix.test.ts
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateToken } from '../../src/services/secrets.js';
import { generateShareToken } from '../../src/services/shares.js';
import { createFakeClock, type FakeClock } from '../helpers/fake-clock.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import {
  ANON_TTL_MS,
  AUTHZ_ENV,
  bearer,
  call,
  credentialHeaders,
  credentialPath,
  extraToken,
  ingest,
  newAccount,
  newSession,
  newShareLink,
  shareCredential,
  streamStatus,
  UNKNOWN_EVENT_ID,
  UNKNOWN_INBOX_ID,
  UNKNOWN_TOKEN_ID,
  type Credential,
  type Reply,
} from './support.js';

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
// Browser sessions (issue 11) add two columns whose cells are those of token columns, because a
// session cookie is its account's principal on every endpoint (README "Accounts and sessions"):
// sesA = a live session of A (the rehook_session cookie and its X-CSRF-Token) answers as A;
// endA = a cookie of A whose session was signed out through the API, or has expired, answers as
// revA. Writes with the cookie but without the right X-CSRF-Token are a test of their own below.
//
// Sharing links (issue 11 point 8) add two columns with cells of their own (SHARE_CELLS below):
// shareA = a live link of A's inbox (the shared ownedA object), sent as `X-Rehook-Share` and as
// `?share=`; revS = a dead link: one revoked through the API (header and query), a well-formed
// one never issued, a malformed one. A link reads its own inbox, its events and their stream
// (404 for every other inbox and event, anonymous ones included) and is refused everything else
// with 403 SHARE_READ_ONLY (403S), before anything is looked at; a dead link is 404
// SHARE_NOT_FOUND (404S) wherever it is sent.
// ---------------------------------------------------------------------------------------------

/** An event id older than every real one: the long-poll answers at once with the first event. */
const BEFORE_ALL = 'evt_00000000000000000000000000';
/** A well-formed link that nobody was given (its id, and a token with a valid checksum). */
const UNKNOWN_SHARE_ID = 'shr_aaaaaaaaaaaaaaaaaaaaaaaaaa';
const UNKNOWN_SHARE_TOKEN = generateShareToken();
const NEXT_AFTER_ALL = `GET /api/v1/inboxes/:id/events/next?after=${BEFORE_ALL}&timeout=0` as const;
/** A replay with overrides and repeat (edit-and-replay): the replay route's rules hold for it too. */
const REPLAY_EDITED = 'POST /api/v1/events/:id/replay (edited, repeat 2)';

const PRINCIPALS = ['anon', 'A', 'B', 'revA', 'bad'] as const;
type Who = (typeof PRINCIPALS)[number];
type ObjectKind = '-' | 'anon' | 'ownedA' | 'expired' | 'missing' | 'tokA';
type Row = readonly [
  endpoint: EndpointName,
  object: ObjectKind,
  anon: string,
  A: string,
  B: string,
  revA: string,
  bad: string,
];

/** Session columns, each with the token column whose cells it must answer. */
const SESSION_COLUMNS = [
  ['sesA', 'A'],
  ['endA', 'revA'],
] as const;
/**
 * Sharing-link columns. Their cells are in SHARE_CELLS; to the checks made after a request they
 * are callers with no rights over the object ('anon').
 */
const SHARE_COLUMNS = ['shareA', 'revS'] as const;
type ShareColumn = (typeof SHARE_COLUMNS)[number];
const isShareColumn = (column: string): column is ShareColumn => (SHARE_COLUMNS as readonly string[]).includes(column);
type Column = Who | (typeof SESSION_COLUMNS)[number][0] | ShareColumn;
const COLUMNS: ReadonlyArray<readonly [column: Column, answersAs: Who]> = [
  ...PRINCIPALS.map((who) => [who, who] as const),
  ...SESSION_COLUMNS,
  ...SHARE_COLUMNS.map((column) => [column, 'anon'] as const),
];
/** Ways a write made with A's session cookie can lack the right X-CSRF-Token (see its test). */
const FORGED_CSRF_VARIANTS = 4;

const EXPECTED: readonly Row[] = [
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

  // Export (issue 13): reading, so the rules of reading the event and listing the inbox.
  ['GET /api/v1/events/:id/curl', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/events/:id/curl', 'ownedA', '401', '200', '404E', '401', '401'],
  ['GET /api/v1/events/:id/curl', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/events/:id/curl', 'missing', '404E', '404E', '404E', '401', '401'],
  ['GET /api/v1/inboxes/:id/export', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/inboxes/:id/export', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/export', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/export', 'missing', '404I', '404I', '404I', '401', '401'],

  ['POST /api/v1/events/:id/replay', 'anon', '401', '200', '200', '401', '401'],
  ['POST /api/v1/events/:id/replay', 'ownedA', '401', '200', '404E', '401', '401'],
  ['POST /api/v1/events/:id/replay', 'expired', '401', '404I', '404I', '401', '401'],
  ['POST /api/v1/events/:id/replay', 'missing', '401', '404E', '404E', '401', '401'],

  // Edit-and-replay (issue 12): the same rules, whatever the overrides; repeat sends N or nothing.
  [REPLAY_EDITED, 'anon', '401', '200', '200', '401', '401'],
  [REPLAY_EDITED, 'ownedA', '401', '200', '404E', '401', '401'],
  [REPLAY_EDITED, 'expired', '401', '404I', '404I', '401', '401'],
  [REPLAY_EDITED, 'missing', '401', '404E', '404E', '401', '401'],

  ['GET /api/v1/events/:id/replays', 'anon', '401', '200', '200', '401', '401'],
  ['GET /api/v1/events/:id/replays', 'ownedA', '401', '200', '404E', '401', '401'],
  ['GET /api/v1/events/:id/replays', 'expired', '401', '404I', '404I', '401', '401'],
  ['GET /api/v1/events/:id/replays', 'missing', '401', '404E', '404E', '401', '401'],

  // Bulk replay jobs (issue 12): the rules of replaying the inbox's events (an account; the
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
  ['GET /api/v1/inboxes/:id/forwarding', 'ownedA', '401', '404(FORWARDING_NOT_FOUND)', '404I', '401', '401'],
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

  // Programmed responses: the rules of renaming the inbox (its owner; anyone holding an anonymous id).
  ['GET /api/v1/inboxes/:id/response', 'anon', '200', '200', '200', '401', '401'],
  ['GET /api/v1/inboxes/:id/response', 'ownedA', '401', '200', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/response', 'expired', '404I', '404I', '404I', '401', '401'],
  ['GET /api/v1/inboxes/:id/response', 'missing', '404I', '404I', '404I', '401', '401'],
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

  ['GET /api/v1/tokens', '-', '401', '200', '200', '401', '401'],
  ['POST /api/v1/tokens', '-', '401', '201', '201', '401', '401'],
  ['DELETE /api/v1/tokens/:id', 'tokA', '401', '204', '404T', '401', '401'],
  ['DELETE /api/v1/tokens/:id', 'missing', '401', '404T', '404T', '401', '401'],
];

// ---------------------------------------------------------------------------------------------
// How each endpoint is called, and what must hold afterwards for the ones that change state.
// ---------------------------------------------------------------------------------------------

interface Target {
  readonly inboxId: string;
  readonly eventId: string;
  readonly tokenId: string;
  /** The token of `tokenId` (tokA only), to see whether it still works. */
  readonly token: string;
  /** A sharing link of the inbox (ownedA only; unknown ids otherwise), created with A's token. */
  readonly shareId: string;
  readonly shareToken: string;
}

interface Env {
  readonly rehook: TestRehook;
  readonly receiver: Receiver;
  readonly A: { accountId: string; token: string };
  readonly B: { accountId: string; token: string };
}

interface Endpoint {
  /** Needs a fresh object for every request: the request may change or remove it. */
  readonly destructive: boolean;
  send(env: Env, target: Target, authorization: Credential): Promise<Reply>;
  /** Checks the object after the request; returns a description of what is wrong, or null. */
  after?(env: Env, target: Target, object: ObjectKind, who: Who, reply: Reply): Promise<string | null>;
}

const ENDPOINTS = {
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
  'PUT /api/v1/inboxes/:id/forwarding': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, {
        method: 'PUT',
        authorization,
        json: { destination: 'https://forward.example.test/hooks' },
      }),
    after: async (env, t, object, _who, reply) => {
      if (object !== 'ownedA') return null;
      const shown = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, {
        authorization: bearer(env.A.token),
      });
      const want = reply.status === 200 ? 200 : 404;
      return shown.status === want ? null : `${reply.status}, yet the owner reads the forwarding with ${shown.status}`;
    },
  },
  'GET /api/v1/inboxes/:id/forwarding': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, { authorization }),
  },
  'DELETE /api/v1/inboxes/:id/forwarding': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/forwarding`, { method: 'DELETE', authorization }),
  },
  'GET /api/v1/events/:id/deliveries': {
    destructive: false,
    send: async (env, t, authorization) => {
      const reply = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/deliveries`, { authorization });
      // The object's event was stored without forwarding: it has no delivery.
      return reply.status === 200 && reply.body?.data?.deliveries?.length !== 0
        ? { ...reply, code: 'unexpected-deliveries' }
        : reply;
    },
  },
  'POST /api/v1/events/:id/deliveries/retry': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}/deliveries/retry`, { method: 'POST', authorization }),
  },
  'PUT /api/v1/inboxes/:id/signature': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, {
        method: 'PUT',
        authorization,
        json: { scheme: 'github', secret: 'matrix secret' },
      }),
    after: (env, t, object, _who, reply) =>
      signatureAfter(env, t, object, reply.status === 200 ? 'github' : null, reply.status),
  },
  'GET /api/v1/inboxes/:id/signature': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, { authorization }),
  },
  'DELETE /api/v1/inboxes/:id/signature': {
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
  },
  'POST /api/v1/events/:id/resign': {
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
  },
  'GET /api/v1/inboxes/:id/response': {
    destructive: false,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, { authorization }),
  },
  'PUT /api/v1/inboxes/:id/response': {
    destructive: true,
    send: (env, t, authorization) =>
      call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, {
        method: 'PUT',
        authorization,
        json: { status: 503 },
      }),
    after: (env, t, object, _who, reply) =>
      responseAfter(env, t, object, reply.status === 200 ? 503 : null, reply.status),
  },
  'DELETE /api/v1/inboxes/:id/response': {
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
  },
} satisfies Record<string, Endpoint>;
type EndpointName = keyof typeof ENDPOINTS;

/** After setting or removing an owned object's signature settings: its owner sees `want` (the scheme, or null for none). */
async function signatureAfter(
  env: Env,
  t: Target,
  object: ObjectKind,
  want: string | null,
  status: number,
): Promise<string | null> {
  if (object !== 'ownedA') return null;
  const shown = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/signature`, {
    authorization: bearer(env.A.token),
  });
  const seen: unknown = shown.body?.data?.signature?.scheme ?? null;
  return seen === want
    ? null
    : `answered ${status}, yet the owner reads the scheme ${String(seen)} (expected ${String(want)})`;
}

/**
 * After setting or clearing an object's programmed response: the rightful reader sees `want`
 * (the status set, or null for none), and the ingest listener answers it.
 */
async function responseAfter(
  env: Env,
  t: Target,
  object: ObjectKind,
  want: number | null,
  status: number,
): Promise<string | null> {
  if (object !== 'anon' && object !== 'ownedA') return null;
  const reader = object === 'anon' ? undefined : bearer(env.A.token);
  const shown = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/response`, { authorization: reader });
  const seen: unknown = shown.body?.data?.response?.status ?? null;
  if (seen !== want)
    return `answered ${status}, yet the response's status is ${String(seen)} (expected ${String(want)})`;
  const ingested = await fetch(`${env.rehook.ingestUrl}/i/${t.inboxId}/matrix`, { method: 'POST', body: 'x' });
  await ingested.arrayBuffer();
  return ingested.status === (want ?? 200)
    ? null
    : `the ingest listener answered ${ingested.status} (expected ${want ?? 200})`;
}

/**
 * After deleting an object's event or clearing its inbox: accepted, the inbox is still there and
 * holds nothing; refused, it still holds its one event. Read by the rightful reader.
 */
async function eventsLeft(env: Env, t: Target, object: ObjectKind, reply: Reply, what: string): Promise<string | null> {
  if (object !== 'anon' && object !== 'ownedA') return null;
  const reader = object === 'anon' ? undefined : bearer(env.A.token);
  const inbox = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}`, { authorization: reader });
  const event = await call(env.rehook.apiUrl, `/api/v1/events/${t.eventId}`, { authorization: reader });
  const events = await call(env.rehook.apiUrl, `/api/v1/inboxes/${t.inboxId}/events`, { authorization: reader });
  const count: unknown = inbox.body?.data?.inbox?.eventCount;
  const seen = `inbox ${inbox.status} (eventCount ${String(count)}), event ${event.status}, events ${events.body?.length}`;
  if (reply.status === 204) {
    return inbox.status === 200 && count === 0 && event.status === 404 && events.body?.length === 0
      ? null
      : `${what}, yet ${seen}`;
  }
  return inbox.status === 200 && count === 1 && event.status === 200 && events.body?.length === 1
    ? null
    : `refused with ${reply.status}, yet ${seen}`;
}

/** The cells of the sharing-link columns, one row per row of EXPECTED (a test checks it). */
const SHARE_CELLS: ReadonlyArray<readonly [endpoint: EndpointName, object: ObjectKind, shareA: string, revS: string]> =
  [
    // endpoint                                   object     shareA  revS
    ['POST /api/v1/inboxes', '-', '403S', '404S'],
    ['GET /api/v1/inboxes', '-', '403S', '404S'],

    ['GET /api/v1/inboxes/:id', 'anon', '404I', '404S'],
    ['GET /api/v1/inboxes/:id', 'ownedA', '200', '404S'],
    ['GET /api/v1/inboxes/:id', 'expired', '404I', '404S'],
    ['GET /api/v1/inboxes/:id', 'missing', '404I', '404S'],

    ['DELETE /api/v1/inboxes/:id', 'anon', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id', 'ownedA', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id', 'expired', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id', 'missing', '403S', '404S'],

    ['PATCH /api/v1/inboxes/:id', 'anon', '403S', '404S'],
    ['PATCH /api/v1/inboxes/:id', 'ownedA', '403S', '404S'],
    ['PATCH /api/v1/inboxes/:id', 'expired', '403S', '404S'],
    ['PATCH /api/v1/inboxes/:id', 'missing', '403S', '404S'],

    ['DELETE /api/v1/events/:id', 'anon', '403S', '404S'],
    ['DELETE /api/v1/events/:id', 'ownedA', '403S', '404S'],
    ['DELETE /api/v1/events/:id', 'expired', '403S', '404S'],
    ['DELETE /api/v1/events/:id', 'missing', '403S', '404S'],

    ['DELETE /api/v1/inboxes/:id/events', 'anon', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/events', 'ownedA', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/events', 'expired', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/events', 'missing', '403S', '404S'],

    ['POST /api/v1/inboxes/:id/save', 'anon', '403S', '404S'],
    ['POST /api/v1/inboxes/:id/save', 'ownedA', '403S', '404S'],
    ['POST /api/v1/inboxes/:id/save', 'expired', '403S', '404S'],
    ['POST /api/v1/inboxes/:id/save', 'missing', '403S', '404S'],

    ['GET /api/v1/inboxes/:id/events', 'anon', '404I', '404S'],
    ['GET /api/v1/inboxes/:id/events', 'ownedA', '200', '404S'],
    ['GET /api/v1/inboxes/:id/events', 'expired', '404I', '404S'],
    ['GET /api/v1/inboxes/:id/events', 'missing', '404I', '404S'],

    ['GET /api/v1/inboxes/:id/stream', 'anon', '404I', '404S'],
    ['GET /api/v1/inboxes/:id/stream', 'ownedA', '200', '404S'],
    ['GET /api/v1/inboxes/:id/stream', 'expired', '404I', '404S'],
    ['GET /api/v1/inboxes/:id/stream', 'missing', '404I', '404S'],

    ['GET /api/v1/inboxes/:id/events/next?timeout=0', 'anon', '404I', '404S'],
    ['GET /api/v1/inboxes/:id/events/next?timeout=0', 'ownedA', '204', '404S'],
    ['GET /api/v1/inboxes/:id/events/next?timeout=0', 'expired', '404I', '404S'],
    ['GET /api/v1/inboxes/:id/events/next?timeout=0', 'missing', '404I', '404S'],
    [NEXT_AFTER_ALL, 'anon', '404I', '404S'],
    [NEXT_AFTER_ALL, 'ownedA', '200', '404S'],
    [NEXT_AFTER_ALL, 'expired', '404I', '404S'],
    [NEXT_AFTER_ALL, 'missing', '404I', '404S'],

    ['GET /api/v1/events/:id', 'anon', '404E', '404S'],
    ['GET /api/v1/events/:id', 'ownedA', '200', '404S'],
    ['GET /api/v1/events/:id', 'expired', '404I', '404S'],
    ['GET /api/v1/events/:id', 'missing', '404E', '404S'],

    ['GET /api/v1/events/:id/body', 'anon', '404E', '404S'],
    ['GET /api/v1/events/:id/body', 'ownedA', '200', '404S'],
    ['GET /api/v1/events/:id/body', 'expired', '404I', '404S'],
    ['GET /api/v1/events/:id/body', 'missing', '404E', '404S'],

    ['GET /api/v1/events/:id/curl', 'anon', '404E', '404S'],
    ['GET /api/v1/events/:id/curl', 'ownedA', '200', '404S'],
    ['GET /api/v1/events/:id/curl', 'expired', '404I', '404S'],
    ['GET /api/v1/events/:id/curl', 'missing', '404E', '404S'],
    ['GET /api/v1/inboxes/:id/export', 'anon', '404I', '404S'],
    ['GET /api/v1/inboxes/:id/export', 'ownedA', '200', '404S'],
    ['GET /api/v1/inboxes/:id/export', 'expired', '404I', '404S'],
    ['GET /api/v1/inboxes/:id/export', 'missing', '404I', '404S'],

    ['POST /api/v1/events/:id/replay', 'anon', '403S', '404S'],
    ['POST /api/v1/events/:id/replay', 'ownedA', '403S', '404S'],
    ['POST /api/v1/events/:id/replay', 'expired', '403S', '404S'],
    ['POST /api/v1/events/:id/replay', 'missing', '403S', '404S'],

    [REPLAY_EDITED, 'anon', '403S', '404S'],
    [REPLAY_EDITED, 'ownedA', '403S', '404S'],
    [REPLAY_EDITED, 'expired', '403S', '404S'],
    [REPLAY_EDITED, 'missing', '403S', '404S'],

    ['GET /api/v1/events/:id/replays', 'anon', '403S', '404S'],
    ['GET /api/v1/events/:id/replays', 'ownedA', '403S', '404S'],
    ['GET /api/v1/events/:id/replays', 'expired', '403S', '404S'],
    ['GET /api/v1/events/:id/replays', 'missing', '403S', '404S'],

    ['POST /api/v1/inboxes/:id/replays', 'anon', '403S', '404S'],
    ['POST /api/v1/inboxes/:id/replays', 'ownedA', '403S', '404S'],
    ['POST /api/v1/inboxes/:id/replays', 'expired', '403S', '404S'],
    ['POST /api/v1/inboxes/:id/replays', 'missing', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/replay-jobs', 'anon', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/replay-jobs', 'ownedA', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/replay-jobs', 'expired', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/replay-jobs', 'missing', '403S', '404S'],

    ['GET /api/v1/inboxes/:id/response', 'anon', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/response', 'ownedA', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/response', 'expired', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/response', 'missing', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/response', 'anon', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/response', 'ownedA', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/response', 'expired', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/response', 'missing', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/response', 'anon', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/response', 'ownedA', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/response', 'expired', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/response', 'missing', '403S', '404S'],

    ['GET /api/v1/tokens', '-', '403S', '404S'],
    ['POST /api/v1/tokens', '-', '403S', '404S'],
    ['DELETE /api/v1/tokens/:id', 'tokA', '403S', '404S'],
    ['DELETE /api/v1/tokens/:id', 'missing', '403S', '404S'],

    ['POST /api/v1/inboxes/:id/shares', 'anon', '403S', '404S'],
    ['POST /api/v1/inboxes/:id/shares', 'ownedA', '403S', '404S'],
    ['POST /api/v1/inboxes/:id/shares', 'expired', '403S', '404S'],
    ['POST /api/v1/inboxes/:id/shares', 'missing', '403S', '404S'],

    ['GET /api/v1/inboxes/:id/shares', 'anon', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/shares', 'ownedA', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/shares', 'expired', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/shares', 'missing', '403S', '404S'],

    ['DELETE /api/v1/inboxes/:id/shares/:shareId', 'ownedA', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/shares/:shareId', 'missing', '403S', '404S'],

    ['GET /api/v1/shares/:token', 'ownedA', '200', '404S'],
    ['GET /api/v1/shares/:token', 'missing', '404S', '404S'],

    ['PUT /api/v1/inboxes/:id/forwarding', 'anon', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/forwarding', 'ownedA', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/forwarding', 'expired', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/forwarding', 'missing', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/forwarding', 'anon', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/forwarding', 'ownedA', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/forwarding', 'expired', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/forwarding', 'missing', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/forwarding', 'anon', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/forwarding', 'ownedA', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/forwarding', 'expired', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/forwarding', 'missing', '403S', '404S'],
    ['GET /api/v1/events/:id/deliveries', 'anon', '403S', '404S'],
    ['GET /api/v1/events/:id/deliveries', 'ownedA', '403S', '404S'],
    ['GET /api/v1/events/:id/deliveries', 'expired', '403S', '404S'],
    ['GET /api/v1/events/:id/deliveries', 'missing', '403S', '404S'],
    ['POST /api/v1/events/:id/deliveries/retry', 'anon', '403S', '404S'],
    ['POST /api/v1/events/:id/deliveries/retry', 'ownedA', '403S', '404S'],
    ['POST /api/v1/events/:id/deliveries/retry', 'expired', '403S', '404S'],
    ['POST /api/v1/events/:id/deliveries/retry', 'missing', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/signature', 'anon', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/signature', 'ownedA', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/signature', 'expired', '403S', '404S'],
    ['PUT /api/v1/inboxes/:id/signature', 'missing', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/signature', 'anon', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/signature', 'ownedA', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/signature', 'expired', '403S', '404S'],
    ['GET /api/v1/inboxes/:id/signature', 'missing', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/signature', 'anon', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/signature', 'ownedA', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/signature', 'expired', '403S', '404S'],
    ['DELETE /api/v1/inboxes/:id/signature', 'missing', '403S', '404S'],
    ['POST /api/v1/events/:id/resign', 'anon', '403S', '404S'],
    ['POST /api/v1/events/:id/resign', 'ownedA', '403S', '404S'],
    ['POST /api/v1/events/:id/resign', 'expired', '403S', '404S'],
    ['POST /api/v1/events/:id/resign', 'missing', '403S', '404S'],
  ];

/** The expected cell of a column in a row of EXPECTED. */
function expectedCell(
  endpoint: EndpointName,
  object: ObjectKind,
  column: Column,
  who: Who,
  cells: readonly string[],
): string {
  if (!isShareColumn(column)) return cells[PRINCIPALS.indexOf(who)] as string;
  const row = SHARE_CELLS.find(([e, o]) => e === endpoint && o === object);
  if (row === undefined) return `(no SHARE_CELLS row for ${endpoint} [${object}])`;
  return column === 'shareA' ? row[2] : row[3];
}

/** The answer in the notation of the table. */
function notation(reply: Reply): string {
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

describe('authorization matrix: every endpoint × principal × object', () => {
  let rehook: TestRehook;
  let clock: FakeClock;
  let receiver: Receiver;
  let env: Env;
  let revokedA: string;
  /**
   * The Authorization values of each column; every one must get the cell's answer. The scheme
   * name is case-insensitive (RFC 9110), so `bearer` and `BEARER` are the same principal.
   */
  let variants: Record<Column, Array<[label: string, value: Credential]>>;
  /** Anonymous inboxes (with one event each) created before the clock passed their expiry. */
  const expiredPool: Target[] = [];
  const shared = new Map<ObjectKind, Target>();

  async function newInboxWithEvent(token: string | undefined): Promise<Target> {
    const res = await call(rehook.apiUrl, '/api/v1/inboxes', {
      method: 'POST',
      authorization: token === undefined ? undefined : bearer(token),
    });
    assert.equal(res.status, 201, `setup: create inbox: ${res.text}`);
    const inboxId: string = res.body.data.inbox.id;
    assert.equal(await ingest(rehook, inboxId, '/matrix', 'matrix body'), 200);
    // The event id, read from the store (the oracle does not go through the access rules).
    const [event] = await rehook.deps.store.events.listByInbox(inboxId, { limit: 1 });
    assert.ok(event, `setup: the event of ${inboxId} was not stored`);
    const link =
      token === undefined
        ? { id: UNKNOWN_SHARE_ID, token: UNKNOWN_SHARE_TOKEN }
        : await newShareLink(rehook, inboxId, token);
    return {
      inboxId,
      eventId: event.id,
      tokenId: UNKNOWN_TOKEN_ID,
      token: '',
      shareId: link.id,
      shareToken: link.token,
    };
  }

  /** The object a cell names: shared for read-only endpoints, fresh for destructive ones. */
  async function targetFor(object: ObjectKind, fresh: boolean): Promise<Target> {
    if (!fresh && shared.has(object)) return shared.get(object) as Target;
    let target: Target;
    switch (object) {
      case '-':
      case 'missing':
        target = {
          inboxId: UNKNOWN_INBOX_ID,
          eventId: UNKNOWN_EVENT_ID,
          tokenId: UNKNOWN_TOKEN_ID,
          token: '',
          shareId: UNKNOWN_SHARE_ID,
          shareToken: UNKNOWN_SHARE_TOKEN,
        };
        break;
      case 'anon':
        target = await newInboxWithEvent(undefined);
        break;
      case 'ownedA':
        target = await newInboxWithEvent(env.A.token);
        break;
      case 'expired': {
        const next = fresh ? expiredPool.pop() : expiredPool[0];
        assert.ok(next, 'setup: the pool of expired inboxes is empty; make it larger');
        target = next;
        break;
      }
      case 'tokA': {
        const { token, tokenId } = await extraToken(rehook, env.A.accountId, 'matrix-target');
        target = {
          inboxId: UNKNOWN_INBOX_ID,
          eventId: UNKNOWN_EVENT_ID,
          tokenId,
          token,
          shareId: UNKNOWN_SHARE_ID,
          shareToken: UNKNOWN_SHARE_TOKEN,
        };
        break;
      }
    }
    if (!fresh) shared.set(object, target);
    return target;
  }

  before(async () => {
    clock = createFakeClock();
    receiver = await startReceiver();
    rehook = await startTestRehook({ env: AUTHZ_ENV, clock });
    const A = await newAccount(rehook, 'matrix-a');
    const B = await newAccount(rehook, 'matrix-b');
    env = { rehook, receiver, A, B };

    // A token of A, revoked through the API with A's other token.
    const doomed = await extraToken(rehook, A.accountId, 'to-revoke');
    const revoke = await call(rehook.apiUrl, `/api/v1/tokens/${doomed.tokenId}`, {
      method: 'DELETE',
      authorization: bearer(A.token),
    });
    assert.equal(revoke.status, 204, `setup: revoke: ${revoke.text}`);
    revokedA = doomed.token;

    // Sessions of A: one live, one signed out through the API, one that expires when the clock
    // passes the anonymous TTL below.
    const liveSession = await newSession(rehook, A.accountId);
    const endedSession = await newSession(rehook, A.accountId);
    const signOut = await call(rehook.apiUrl, '/api/v1/auth/signout', {
      method: 'POST',
      authorization: endedSession.credential,
    });
    assert.equal(signOut.status, 204, `setup: sign out: ${signOut.text}`);
    const expiringSession = await newSession(rehook, A.accountId, { ttlMs: ANON_TTL_MS });

    // Links of A's shared inbox (the ownedA object of the read-only cells): one live, one
    // revoked through the API.
    const sharedOwned = await targetFor('ownedA', false);
    const liveLink = { token: sharedOwned.shareToken };
    const revokedLink = await newShareLink(rehook, sharedOwned.inboxId, A.token);
    const unshare = await call(rehook.apiUrl, `/api/v1/inboxes/${sharedOwned.inboxId}/shares/${revokedLink.id}`, {
      method: 'DELETE',
      authorization: bearer(A.token),
    });
    assert.equal(unshare.status, 204, `setup: revoke a link: ${unshare.text}`);

    const last = A.token.slice(-1);
    const badVariants: Array<[label: string, value: string]> = [
      ['bad checksum', bearer(A.token.slice(0, -1) + (last === 'a' ? 'b' : 'a'))],
      ['well-formed, never issued', bearer(generateToken())],
      ['not a token', 'Bearer not-a-token'],
      ['Basic scheme', 'Basic dXNlcjpwYXNzd29yZA=='],
      ['other scheme, valid token', `Token ${A.token}`],
      ['valid token + 1 char', bearer(`${A.token}x`)],
      ['double space', `Bearer  ${A.token}`],
      ['scheme only', 'Bearer'],
      ['two tokens in one header', `Bearer ${A.token}, Bearer ${B.token}`],
      ['oversized (10 KB)', bearer(`rhk_${'a'.repeat(10_000)}`)],
    ];
    variants = {
      anon: [['no header', undefined]],
      A: [
        ['Bearer', bearer(A.token)],
        ['bearer', `bearer ${A.token}`],
        ['BEARER', `BEARER ${A.token}`],
      ],
      B: [['Bearer', bearer(B.token)]],
      revA: [
        ['Bearer', bearer(revokedA)],
        ['bearer', `bearer ${revokedA}`],
      ],
      bad: badVariants,
      shareA: [
        ['X-Rehook-Share', shareCredential(liveLink.token, 'header')],
        ['?share=', shareCredential(liveLink.token, 'query')],
      ],
      revS: [
        ['revoked, X-Rehook-Share', shareCredential(revokedLink.token, 'header')],
        ['revoked, ?share=', shareCredential(revokedLink.token, 'query')],
        ['well-formed, never issued', shareCredential(generateShareToken(), 'header')],
        ['malformed', shareCredential('rhl_not-a-link', 'header')],
      ],
      sesA: [['cookie + X-CSRF-Token', liveSession.credential]],
      endA: [
        ['signed out', endedSession.credential],
        ['expired', expiringSession.credential],
      ],
    };

    // Expired objects first (one per destructive cell plus the shared one), then the clock
    // passes their expiry; everything created afterwards is live.
    const destructiveExpiredCells = EXPECTED.filter(([e, o]) => o === 'expired' && ENDPOINTS[e].destructive).length;
    const perCell = Object.values(variants).reduce((n, list) => n + list.length, 0) + FORGED_CSRF_VARIANTS;
    const poolSize = 1 + destructiveExpiredCells * perCell;
    for (let i = 0; i < poolSize; i += 1) expiredPool.push(await newInboxWithEvent(undefined));
    clock.advance(ANON_TTL_MS + 1);
    // The shared expired object is the first one; destructive cells pop from the end.
    shared.set('expired', expiredPool[0] as Target);
  });

  after(async () => {
    await rehook?.stop();
    await receiver?.close();
  });

  it('answers every cell as the README access rules say', async () => {
    const mismatches: string[] = [];
    const printed: string[][] = [];
    let cells = 0;
    let requests = 0;

    for (const [endpointName, object, ...expectedCells] of EXPECTED) {
      const endpoint: Endpoint = ENDPOINTS[endpointName];
      const line = [`${endpointName} [${object}]`];
      for (const [column, who] of COLUMNS) {
        const expected = expectedCell(endpointName, object, column, who, expectedCells);
        const attempts = variants[column];
        let shown = '';
        cells += 1;
        for (const [label, authorization] of attempts) {
          // A destructive request gets its own object, and the shared ones stay untouched.
          const target = await targetFor(object, endpoint.destructive && object !== 'missing' && object !== '-');
          let reply: Reply;
          try {
            reply = await endpoint.send(env, target, authorization);
          } catch (err) {
            reply = {
              status: 0,
              code: `THREW ${(err as Error).message}`,
              body: undefined,
              text: '',
              headers: new Headers(),
            };
          }
          requests += 1;
          const actual = notation(reply);
          const problem = endpoint.after ? await endpoint.after(env, target, object, who, reply) : null;
          if (actual !== expected || problem !== null) {
            const where = attempts.length > 1 ? `${column} (${label})` : column;
            mismatches.push(
              `${endpointName} [${object}] as ${where}: expected ${expected}, got ${actual}` +
                (problem ? `; afterwards: ${problem}` : '') +
                (actual !== expected ? ` ${reply.text.slice(0, 160)}` : ''),
            );
            shown ||= `*${actual}${problem ? '!' : ''}`;
          }
        }
        line.push(shown || expected);
      }
      printed.push(line);
    }

    if (mismatches.length > 0) {
      const header = ['endpoint [object]', ...COLUMNS.map(([column]) => column)];
      const widths = header.map((h, c) => Math.max(h.length, ...printed.map((row) => (row[c] ?? '').length)));
      const fmt = (row: string[]): string => row.map((cell, c) => cell.padEnd(widths[c] ?? 0)).join('  ');
      const table = [fmt(header), ...printed.map(fmt)].join('\n');
      assert.fail(
        `${mismatches.length} of ${requests} requests (${cells} cells) disagree with the access rules.\n` +
          `Matrix (*x = got x; ! = wrong state afterwards):\n${table}\n\nMismatches:\n${mismatches.join('\n')}`,
      );
    }
    assert.equal(cells, EXPECTED.length * COLUMNS.length);
  });

  it('has the sharing-link cells of every row, and of no other', () => {
    const key = ([endpoint, object]: readonly [string, string, ...unknown[]]): string => `${endpoint} [${object}]`;
    assert.deepEqual(SHARE_CELLS.map(key).sort(), EXPECTED.map(key).sort());
  });

  it('answers HEAD on every GET cell with the status of GET', async () => {
    const mismatches: string[] = [];
    let requests = 0;
    for (const [endpointName, object, ...expectedCells] of EXPECTED) {
      if (!endpointName.startsWith('GET ')) continue;
      const target = await targetFor(object, false);
      const template = endpointName.slice('GET '.length);
      const path = (
        template.startsWith('/api/v1/events/')
          ? template.replace(':id', target.eventId)
          : template.replace(':id', target.inboxId)
      ).replace(':token', target.shareToken);
      for (const [column, who] of COLUMNS) {
        const expected = Number(expectedCell(endpointName, object, column, who, expectedCells).slice(0, 3));
        const [, authorization] = variants[column][0] as [string, Credential];
        const res = await fetch(rehook.apiUrl + credentialPath(path, authorization), {
          method: 'HEAD',
          headers: credentialHeaders(authorization),
        });
        await res.arrayBuffer();
        requests += 1;
        if (res.status !== expected)
          mismatches.push(`HEAD ${template} [${object}] as ${column}: expected ${expected}, got ${res.status}`);
      }
    }
    assert.deepEqual(mismatches, [], `${mismatches.length} of ${requests} HEAD requests disagree`);
  });

  it('refuses every state-changing cell made with a session cookie without its X-CSRF-Token (403 CSRF_FAILED), changing nothing', async () => {
    const session = await newSession(rehook, env.A.accountId, { csrf: false });
    const other = await newSession(rehook, env.A.accountId);
    const cookie = session.cookie;
    const forged: Array<[label: string, credential: Credential]> = [
      ['no X-CSRF-Token', session.credential],
      [
        'a made-up X-CSRF-Token',
        { label: 'made up', headers: { cookie, 'x-csrf-token': 'a'.repeat(session.csrfToken.length) } },
      ],
      ["another session's X-CSRF-Token", { label: 'other', headers: { cookie, 'x-csrf-token': other.csrfToken } }],
      [
        'the right one, sent cross-site',
        { label: 'cross-site', headers: { cookie, 'x-csrf-token': session.csrfToken, 'sec-fetch-site': 'cross-site' } },
      ],
    ];
    assert.equal(forged.length, FORGED_CSRF_VARIANTS);
    const mismatches: string[] = [];
    let requests = 0;
    for (const [endpointName, object] of EXPECTED) {
      if (endpointName.startsWith('GET ')) continue;
      const endpoint: Endpoint = ENDPOINTS[endpointName];
      for (const [label, credential] of forged) {
        const target = await targetFor(object, endpoint.destructive && object !== 'missing' && object !== '-');
        const reply = await endpoint.send(env, target, credential);
        requests += 1;
        // Refused: the object must look as if nothing had been asked (for A, its rightful owner).
        const problem = endpoint.after ? await endpoint.after(env, target, object, 'A', reply) : null;
        if (notation(reply) !== '403(CSRF_FAILED)' || problem !== null) {
          mismatches.push(
            `${endpointName} [${object}] (${label}): got ${notation(reply)}${problem ? `; afterwards: ${problem}` : ''}`,
          );
        }
      }
    }
    assert.ok(requests > 0);
    assert.deepEqual(mismatches, [], `${mismatches.length} of ${requests} forged writes were not refused cleanly`);
  });

  it('ignores tokens outside the Authorization header (?token=, ?access_token=)', async () => {
    const ownedA = await targetFor('ownedA', false);
    for (const param of ['token', 'access_token']) {
      const q = `?${param}=${encodeURIComponent(env.A.token)}`;
      for (const path of [
        `/api/v1/inboxes/${ownedA.inboxId}${q}`,
        `/api/v1/events/${ownedA.eventId}${q}`,
        `/api/v1/inboxes${q}`,
        `/api/v1/tokens${q}`,
      ]) {
        const res = await call(rehook.apiUrl, path);
        assert.equal(res.status, 401, `${path.replace(env.A.token, '<A>')}: ${res.text}`);
        assert.equal(res.code, 'UNAUTHORIZED');
      }
    }
  });

  it('lists only the caller’s own inboxes and tokens', async () => {
    const ownedA = await targetFor('ownedA', false);
    const ownedB = await newInboxWithEvent(env.B.token);
    const anon = await targetFor('anon', false);
    const listA = await call(rehook.apiUrl, '/api/v1/inboxes', { authorization: bearer(env.A.token) });
    const listB = await call(rehook.apiUrl, '/api/v1/inboxes', { authorization: bearer(env.B.token) });
    const idsA = new Set<string>(listA.body.data.inboxes.map((inbox: { id: string }) => inbox.id));
    const idsB = new Set<string>(listB.body.data.inboxes.map((inbox: { id: string }) => inbox.id));
    assert.ok(idsA.has(ownedA.inboxId), 'A does not see its own inbox');
    assert.ok(!idsA.has(ownedB.inboxId), 'A sees an inbox of B');
    assert.ok(!idsB.has(ownedA.inboxId), 'B sees an inbox of A');
    assert.ok(idsB.has(ownedB.inboxId), 'B does not see its own inbox');
    assert.ok(!idsA.has(anon.inboxId) && !idsB.has(anon.inboxId), 'an anonymous inbox is listed as owned');

    const tokensA = await call(rehook.apiUrl, '/api/v1/tokens', { authorization: bearer(env.A.token) });
    const tokensB = await call(rehook.apiUrl, '/api/v1/tokens', { authorization: bearer(env.B.token) });
    const tokenIdsA = new Set<string>(tokensA.body.data.tokens.map((token: { id: string }) => token.id));
    const tokenIdsB = new Set<string>(tokensB.body.data.tokens.map((token: { id: string }) => token.id));
    for (const id of tokenIdsA) assert.ok(!tokenIdsB.has(id), `token ${id} is listed for both accounts`);
    assert.ok(!tokensA.text.includes(env.A.token) && !tokensB.text.includes(env.B.token), 'a listing shows a secret');
  });

  it('shows each account only its own replays of an anonymous event, and the owner all of its own', async () => {
    const anon = await newInboxWithEvent(undefined);
    const replay = (token: string, tag: string): Promise<Reply> =>
      call(rehook.apiUrl, `/api/v1/events/${anon.eventId}/replay`, {
        method: 'POST',
        authorization: bearer(token),
        json: { destination: `${receiver.url}/${tag}` },
      });
    assert.equal((await replay(env.A.token, 'from-a')).status, 200);
    assert.equal((await replay(env.B.token, 'from-b')).status, 200);
    assert.equal((await replay(env.B.token, 'from-b')).status, 200);
    const history = async (token: string): Promise<string[]> => {
      const res = await call(rehook.apiUrl, `/api/v1/events/${anon.eventId}/replays`, { authorization: bearer(token) });
      assert.equal(res.status, 200, res.text);
      return res.body.data.replays.map((r: { destination: string }) => new URL(r.destination).pathname);
    };
    assert.deepEqual(await history(env.A.token), ['/from-a']);
    assert.deepEqual(await history(env.B.token), ['/from-b', '/from-b']);

    const owned = await newInboxWithEvent(env.A.token);
    for (const tag of ['one', 'two']) {
      const res = await call(rehook.apiUrl, `/api/v1/events/${owned.eventId}/replay`, {
        method: 'POST',
        authorization: bearer(env.A.token),
        json: { destination: `${receiver.url}/${tag}` },
      });
      assert.equal(res.status, 200, res.text);
    }
    const res = await call(rehook.apiUrl, `/api/v1/events/${owned.eventId}/replays`, {
      authorization: bearer(env.A.token),
    });
    assert.deepEqual(
      res.body.data.replays.map((r: { destination: string }) => new URL(r.destination).pathname),
      ['/two', '/one'],
    );
  });
});
