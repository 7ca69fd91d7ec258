// ---------------------------------------------------------------------------------------------
// One entry of the authorization matrix (matrix.test.ts): everything the matrix knows of one
// endpoint. How it is called (`send`), whether a request may change its object (`destructive`)
// and what must hold afterwards (`after`); the scope a token needs for it; the team action it
// takes; and its expected cells, one row per kind of object it is tried on (or the shared rule
// of rules.ts they follow).
//
// Principals: anon = no Authorization header; A = a valid token of account A (sent as `Bearer`,
// `bearer` and `BEARER`: the scheme is case-insensitive); B = a valid token of another account;
// revA = a token of A revoked through the API; bad = ten malformed or invalid Authorization
// headers (bad checksum, never issued, other schemes, extra characters, double space, two
// tokens, 10 KB, ...). Every variant of a column must give the cell's answer.
//
// Sharing links: shareA = a live link of A's inbox (the shared ownedA object), sent as
// `X-Rehook-Share` and as `?share=`; revS = a dead link: one revoked through the API (header and
// query), a well-formed one never issued, a malformed one. A link reads its own inbox, its events
// and their stream (404 for every other inbox and event, anonymous ones included) and is refused
// everything else with 403 SHARE_READ_ONLY (403S), before anything is looked at; a dead link is
// 404 SHARE_NOT_FOUND (404S) wherever it is sent.
//
// Objects: anon = an anonymous inbox (and, for event endpoints, an event of it); ownedA = an
// inbox created with A's token (and its event); expired = an anonymous inbox past its TTL (and
// an event captured while it lived); missing = well-formed ids nobody was given; tokA = another
// token of A; '-' = the endpoint names no object.
//
// Cells: the status; 401 means 401 UNAUTHORIZED; 404I / 404E / 404T mean 404 with
// INBOX_NOT_FOUND / EVENT_NOT_FOUND / TOKEN_NOT_FOUND; 404S 404 SHARE_NOT_FOUND; 409N 409
// INBOX_NOT_SAVED; 403S 403 SHARE_READ_ONLY; anything else is `status(CODE)`.
//
// Columns derived from these (columns.ts): browser sessions answer as token columns, because a
// session cookie is its account's principal on every endpoint (README "Accounts and sessions"):
// sesA = a live session of A (the rehook_session cookie and its X-CSRF-Token) answers as A;
// endA = a cookie of A whose session was signed out through the API, or has expired, answers as
// revA. Writes with the cookie but without the right X-CSRF-Token are a test of their own.
// Scoped tokens of A (readA, replayA) answer as A where the entry's scope is covered, and 403
// INSUFFICIENT_SCOPE elsewhere.
// ---------------------------------------------------------------------------------------------
import type { InboxAction } from '../../../src/domain/team.js';
import type { ObjectKind } from './columns.js';
import type { Endpoint } from './targets.js';

/**
 * One row of an entry: the object, a cell per principal (PRINCIPALS) and a cell per sharing link
 * (SHARE_COLUMNS), in the order of the columns' comment above each table.
 */
export type Cells = readonly [
  object: ObjectKind,
  anon: string,
  A: string,
  B: string,
  revA: string,
  bad: string,
  shareA: string,
  revS: string,
];

export interface MatrixEntry extends Endpoint {
  /**
   * The scope it needs from an API token (README "Scoped tokens"): reading is `read`; replaying
   * (single, bulk, a delivery retry, a fresh signature) is `replay`; everything that changes
   * inboxes, their settings, links or tokens is `manage`; resolving a link needs none.
   */
  readonly scope: 'read' | 'replay' | 'manage' | 'none';
  /**
   * The action it takes on a team's inbox (src/domain/team.ts roleNeededFor), which teams.test.ts
   * checks for every role; null for an endpoint that names no inbox or event.
   */
  readonly teamAction: InboxAction | null;
  /**
   * Its rows, one per kind of object it is tried on: written out here, or a rule many endpoints
   * share (rules.ts).
   */
  readonly expected: readonly Cells[];
}
