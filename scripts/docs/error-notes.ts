import type { ErrorCode } from '../../src/errors.js';

/**
 * The hand-written half of docs/generated/errors.md: when each code is answered, and the answers
 * that no OpenAPI operation declares (the ingest listener, the framework, the CLI). The other
 * half, which operation answers which code, is read from openapi.json (openapi-reader.ts).
 */

/** One answer of the ingest listener (src/http/ingest/server.ts, src/metrics/ingest.ts). */
export interface IngestAnswer {
  readonly status: number;
  readonly code: string;
  readonly when: string;
}

/**
 * Every error the ingest listener answers, also those outside any OpenAPI operation (malformed
 * HTTP never reaches a route). A test reads the listener's sources and fails when this list
 * and the (status, code) pairs written there differ.
 */
export const INGEST_ANSWERS: readonly IngestAnswer[] = [
  {
    status: 400,
    code: 'BAD_REQUEST',
    when:
      'Malformed HTTP (conflicting `Content-Length`, `Content-Length` with `Transfer-Encoding`, bare LF, ...), ' +
      "rejected by Node's parser before any route: connection closed, nothing stored.",
  },
  {
    status: 404,
    code: 'NOT_FOUND',
    when: 'A path that is not an ingest URL (`/i/<inboxId>` or below), `/healthz`, `/readyz` or `/metrics`.',
  },
  {
    status: 405,
    code: 'METHOD_NOT_ALLOWED',
    when: '`/readyz` or `/metrics` with a method other than GET or HEAD (with `Allow: GET, HEAD`).',
  },
  {
    status: 408,
    code: 'REQUEST_TIMEOUT',
    when:
      'Headers not complete within `REHOOK_INGEST_HEADERS_TIMEOUT`, or the whole request within ' +
      '`REHOOK_INGEST_REQUEST_TIMEOUT`: connection closed, nothing stored.',
  },
  {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    when: 'Body over `REHOOK_MAX_BODY`, nothing stored; refused before reading when `Content-Length` says so.',
  },
  {
    status: 429,
    code: 'RATE_LIMITED',
    when: 'More requests to one inbox than `REHOOK_RATE_INGEST_PER_INBOX`, with `Retry-After`; nothing stored.',
  },
  {
    status: 431,
    code: 'HEADERS_TOO_LARGE',
    when: 'Header block over 16 KiB: connection closed, nothing stored.',
  },
  {
    status: 503,
    code: 'STORAGE_UNAVAILABLE',
    when:
      'Storage failed (disk full, database error), so the sender retries: never a 200 for an event that ' +
      'was not stored. Also `/readyz` while the database does not answer.',
  },
];

/**
 * When each code is answered, in a sentence, as docs/generated/errors.md shows it.
 * Typed over every code, so a code added to the catalogue needs its sentence here.
 */
export const ERROR_WHEN: Readonly<Record<ErrorCode, string>> = {
  INSUFFICIENT_SCOPE:
    'An API token calls a route its scope does not cover (`read` < `replay` < `manage`; the message names the ' +
    'scope needed), or a token limited to some inboxes calls an account-wide route.',
  VALIDATION_FAILED: 'A parameter or field is invalid (`limit`, `before`, token `name`, ...).',
  INVALID_JSON: 'The body is not valid JSON.',
  SEARCH_TOO_BROAD:
    'A filtered event list found nothing within its time budget (`REHOOK_SEARCH_TIME_BUDGET`, 100 ms by ' +
    'default): narrow the search with `since`/`until` or a more specific filter.',
  AMBIGUOUS_CREDENTIALS:
    'A sharing link (`X-Rehook-Share` or `?share=`) sent with an `Authorization` header, or two sharing ' +
    'links (the header twice, the parameter twice, or both): one credential per request.',
  BAD_REQUEST:
    'Ingest: malformed HTTP (conflicting `Content-Length`, `Content-Length` with `Transfer-Encoding`, bare LF, ...); connection closed.',
  REQUEST_TIMEOUT:
    'Ingest: headers not complete within `REHOOK_INGEST_HEADERS_TIMEOUT`, or the request within `REHOOK_INGEST_REQUEST_TIMEOUT`.',
  INVALID_DESTINATION: 'Replay: the destination is not an absolute `http`/`https` URL, or has credentials or spaces.',
  UNAUTHORIZED:
    'No token where one is needed, or an `Authorization` header that is not exactly one valid token ' +
    '(on every endpoint: a bad token never counts as anonymous); likewise a `rehook_session` cookie ' +
    'of a session that expired or was signed out (the answer also clears the cookie).',
  INVALID_CREDENTIALS:
    'Sign-in: no account with this e-mail address, no password set, or a wrong password (one answer for all three).',
  DESTINATION_FORBIDDEN:
    'Replay: the destination resolves to a loopback, private, link-local, unique-local, multicast, ' +
    'reserved or metadata address, or to one in `REHOOK_REPLAY_DENY_CIDRS`.',
  CSRF_FAILED:
    'A request authenticated by the session cookie, with a method other than GET, HEAD or OPTIONS, ' +
    "without the session's `X-CSRF-Token` (or with a wrong one, or sent cross-site).",
  SIGNUP_CLOSED: 'Sign-up with `REHOOK_SIGNUP=closed`: only an operator creates accounts (`rehook accounts create`).',
  SHARE_READ_ONLY:
    'A request made with a sharing link to anything but reading its inbox, its events and their stream ' +
    '(replay, delete, save, rename, share, tokens, creating inboxes, ...).',
  NOT_FOUND: 'No such route.',
  INBOX_NOT_FOUND: 'The inbox is unknown, expired, deleted, or owned by another account.',
  EVENT_NOT_FOUND: "The event is unknown, or belongs to another account's inbox.",
  TOKEN_NOT_FOUND: 'The token is unknown, or belongs to another account.',
  SESSION_NOT_FOUND: 'Signing out a session (Settings, Sessions) that is unknown, ended, or of another account.',
  FORBIDDEN:
    "A team member's role does not allow the action (a viewer writing or replaying, a member changing settings, " +
    'an invitation for a role above your own); the message names the role.',
  TEAM_NOT_FOUND: 'The team does not exist, or you are not a member of it.',
  MEMBER_NOT_FOUND: 'The account is not a member of the team.',
  INVITATION_NOT_FOUND: 'The invitation link expired, was used already, was revoked, or never existed.',
  PASSWORD_SIGN_IN_DISABLED:
    'Password sign-in or sign-up with `REHOOK_PASSWORD_SIGN_IN=off`: single sign-on is the way in (docs/sso.md).',
  SSO_NOT_CONFIGURED: 'A single sign-on route on a server without `REHOOK_OIDC_ISSUER`.',
  SSO_STATE_MISMATCH:
    'The single sign-on callback with a `state` that is not the one this browser started with (another browser, ' +
    'a used or forged link, or a sign-in that took over 10 minutes).',
  SSO_EMAIL_NOT_VERIFIED: 'Single sign-on: the ID token has no e-mail address, or `email_verified` is not true.',
  SSO_DOMAIN_NOT_ALLOWED: "Single sign-on: the e-mail address's domain is not in `REHOOK_OIDC_ALLOWED_DOMAINS`.",
  SSO_REFUSED:
    'Single sign-on: the identity provider answered with an error (the person cancelled, or may not use Rehook).',
  SSO_PROVIDER_ERROR:
    'Single sign-on: the identity provider could not be reached, or its discovery document, token answer or ' +
    'ID token did not verify (signature, issuer, audience, nonce, expiry).',
  NO_PASSWORD: 'Changing the password of an account made by single sign-on, which has none.',
  EMAIL_DOMAIN_MANAGED:
    'Sign-up, or a profile change of the e-mail address, to a domain of `REHOOK_OIDC_ALLOWED_DOMAINS` (single sign-on on): those addresses come from the provider only.',
  REAUTHENTICATION_REQUIRED:
    'Changing the e-mail address of an account without a password more than 10 minutes after its session signed in, or with an API token.',
  SSO_ACCOUNT_EXISTS:
    "Single sign-on of a subject not linked yet whose e-mail address another account has: that account's owner links it in Settings (docs/sso.md).",
  SSO_IDENTITY_TAKEN: 'Linking single sign-on in Settings with an identity that is linked to another account.',
  SSO_ALREADY_LINKED:
    'Linking single sign-on in Settings to an account linked to another subject of the same provider.',
  LAST_OWNER: 'The change would leave the team without an owner (the last owner leaving or being demoted).',
  SHARE_NOT_FOUND:
    'A sharing link that is malformed, unknown or revoked, or whose inbox was deleted, on every ' +
    "endpoint it is sent to; revoking a link that is not (or no longer) one of the inbox's.",
  REPLAY_JOB_NOT_FOUND:
    'The bulk replay job is unknown, or was made by another account (and is not of an inbox the caller owns).',
  FORWARDING_NOT_FOUND:
    'Reading or removing the forwarding of an inbox that has none, or retrying a delivery by hand ' +
    '(`POST /api/v1/events/<id>/deliveries/retry`) of an event whose inbox has none.',
  EVENT_TYPE_NOT_FOUND:
    'The inbox has no summary of this event type: no captured JSON event had it, or it is being rebuilt.',
  METHOD_NOT_ALLOWED: '`/readyz` or `/metrics` on the ingest listener with a method other than GET or HEAD.',
  CONFLICT: 'An account with this e-mail address already exists (sign-up, `rehook accounts create`).',
  DELIVERY_IN_PROGRESS:
    'Retrying a delivery by hand while it is still pending or being sent: wait until it is delivered, ' +
    'failed or cancelled (`GET /api/v1/events/<id>/deliveries` shows its state).',
  INBOX_NOT_SAVED:
    'Sharing links, signature settings or forwarding of an anonymous inbox (and the deliveries of its ' +
    'events): only a saved inbox can be shared, given a signature secret or forward events (save it first).',
  SIGNATURE_NOT_SET:
    'Re-signing (`resign: true` on a replay, `POST /api/v1/events/<id>/resign`) an event whose inbox ' +
    'has no signature secret set (anonymous inboxes never have one), or whose stored secret this ' +
    'server cannot open (another `REHOOK_SECRET_KEY`).',
  PAYLOAD_TOO_LARGE:
    'API body over 64 KiB (on a replay: over the base64 of `REHOOK_MAX_BODY` plus 64 KiB, so an edited body fits); ingest body over `REHOOK_MAX_BODY`.',
  UNSUPPORTED_MEDIA_TYPE: 'A body that is not `application/json`.',
  HEADERS_TOO_LARGE: 'Ingest request headers over 16 KiB.',
  RATE_LIMITED:
    'An abuse limit was reached (see [configuration.md](../configuration.md)); `Retry-After` says when to retry.',
  INTERNAL: 'A bug: an error nobody expected. The server logs the cause; the answer says nothing more.',
  DESTINATION_UNREACHABLE: 'Replay: connection refused, DNS failure, TLS failure or reset.',
  STORAGE_UNAVAILABLE: 'The database could not be used; retry.',
  DESTINATION_TIMEOUT:
    'Replay: no connection within `REHOOK_REPLAY_CONNECT_TIMEOUT` (5 s), or no full answer within ' +
    '`REHOOK_REPLAY_TIMEOUT` (30 s).',
};

/**
 * Where a code is answered outside the operations of the OpenAPI document and the ingest
 * listener: errors of the framework before any route runs, and the CLI. A code that no
 * operation, no ingest answer and no entry here accounts for stops the rendering, so a new code
 * cannot go undocumented.
 */
export const OTHER_SOURCES: Readonly<Partial<Record<ErrorCode, { readonly short: string; readonly text: string }>>> = {
  NOT_FOUND: {
    short: 'any unrouted API path',
    text:
      'API: any path without a route, any method a path has no route for, a path with malformed ' +
      'percent-encoding, or a path parameter over 200 characters (all answered before routing).',
  },
  CONFLICT: {
    short: '`rehook accounts create` only',
    text:
      'No HTTP endpoint: `rehook accounts create` exits 1 with `rehook: CONFLICT: ...` when the e-mail ' +
      'address already has an account.',
  },
};
