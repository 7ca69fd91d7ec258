/** A catalogue entry: the HTTP status and the default message of a code. */
function entry<const S extends number, const M extends string>(status: S, message: M) {
  return { status, message };
}

/**
 * The one catalogue of error codes. Every non-2xx answer of the API is
 * `{"error":{"code","message"}}` with a code from here; `code` is the stable contract
 * for clients, `message` is for humans and may change.
 */
export const ERROR_CODES = {
  // Clients rely on this code and on the meaning of its message.
  UNAUTHORIZED: entry(401, 'API token is missing or invalid'),
  // Sign-in only; the same for an unknown e-mail and a wrong password.
  INVALID_CREDENTIALS: entry(401, 'E-mail address or password is wrong'),
  VALIDATION_FAILED: entry(400, 'Request is invalid'),
  // Ingest listener only: malformed HTTP and slow senders, refused by Node's parser.
  BAD_REQUEST: entry(400, 'Malformed HTTP request'),
  INVALID_JSON: entry(400, 'Request body is not valid JSON'),
  // A share credential (X-Rehook-Share or ?share=) together with an Authorization header, or
  // more than one share credential.
  AMBIGUOUS_CREDENTIALS: entry(
    400,
    'Send one credential: an Authorization header or a share token, not both or two of them',
  ),
  INVALID_DESTINATION: entry(400, 'Destination must be an absolute http or https URL without credentials'),
  DESTINATION_FORBIDDEN: entry(403, 'Destination is not allowed by the replay policy (private or reserved address)'),
  CSRF_FAILED: entry(403, "A request made with a session cookie needs the session's X-CSRF-Token header"),
  SIGNUP_CLOSED: entry(403, 'Sign-up is closed on this server; ask its operator for an account'),
  // REHOOK_PASSWORD_SIGN_IN=off: password sign-in and sign-up; single sign-on is the way in.
  PASSWORD_SIGN_IN_DISABLED: entry(403, 'Password sign-in is off on this server: sign in with single sign-on'),
  // Single sign-on (OpenID Connect): the provider vouches for an address, or refused to.
  SSO_EMAIL_NOT_VERIFIED: entry(
    403,
    'The identity provider did not confirm that this e-mail address is verified (email_verified), so it cannot sign in',
  ),
  SSO_DOMAIN_NOT_ALLOWED: entry(403, "This e-mail address's domain may not sign in to this server"),
  SSO_REFUSED: entry(403, 'The identity provider did not sign you in'),
  // Sign-up or an address change to a domain of REHOOK_OIDC_ALLOWED_DOMAINS: such addresses come
  // from the provider only, so nobody can hold one before its owner's first single sign-on.
  EMAIL_DOMAIN_MANAGED: entry(
    403,
    "Addresses at this domain sign in with single sign-on: they cannot be used for sign-up or set in an account's profile",
  ),
  // Changing the e-mail address of an account without a password needs a recent sign-in.
  REAUTHENTICATION_REQUIRED: entry(
    403,
    'Sign in again (with single sign-on) and change the e-mail address within 10 minutes of that sign-in',
  ),
  SSO_STATE_MISMATCH: entry(
    400,
    'This sign-in did not start in this browser, was already used or took too long: start it again',
  ),
  // Everything but reading its own inbox, with a share credential.
  SHARE_READ_ONLY: entry(403, 'A sharing link only reads its inbox and its events'),
  // An API token whose scope (read < replay < manage) or inbox list does not cover the request.
  INSUFFICIENT_SCOPE: entry(403, "The API token's scope does not allow this request"),
  // A team member whose role does not allow the action; the message names the role.
  FORBIDDEN: entry(403, 'Your role does not allow this'),
  NOT_FOUND: entry(404, 'Route not found'),
  SSO_NOT_CONFIGURED: entry(404, 'Single sign-on is not set up on this server'),
  INBOX_NOT_FOUND: entry(404, 'Inbox not found'),
  EVENT_NOT_FOUND: entry(404, 'Event not found'),
  TOKEN_NOT_FOUND: entry(404, 'Token not found'),
  SESSION_NOT_FOUND: entry(404, 'Session not found: it was signed out, has expired, or never existed'),
  SHARE_NOT_FOUND: entry(404, 'Sharing link not found: it was revoked or never existed'),
  REPLAY_JOB_NOT_FOUND: entry(404, 'Replay job not found'),
  FORWARDING_NOT_FOUND: entry(404, 'This inbox has no forwarding set'),
  EVENT_TYPE_NOT_FOUND: entry(404, 'Event type not found: no captured JSON event of this inbox has it (yet)'),
  TEAM_NOT_FOUND: entry(404, 'Team not found'),
  MEMBER_NOT_FOUND: entry(404, 'This account is not a member of the team'),
  INVITATION_NOT_FOUND: entry(404, 'Invitation not found: it expired, was used or was revoked'),
  METHOD_NOT_ALLOWED: entry(405, 'Method not allowed on this route'),
  CONFLICT: entry(409, 'Resource already exists'),
  DELIVERY_IN_PROGRESS: entry(409, "The event's delivery is pending or being sent; retry it once it has finished"),
  INBOX_NOT_SAVED: entry(409, 'Only saved inboxes can be shared: save the inbox first'),
  // Re-signing (replay `resign: true`, POST /api/v1/events/:id/resign) for an inbox without a usable secret.
  SIGNATURE_NOT_SET: entry(
    409,
    'The inbox has no signature secret set: set one first (PUT /api/v1/inboxes/<id>/signature)',
  ),
  // A filtered list page that found nothing within its time budget (REHOOK_SEARCH_TIME_BUDGET).
  SEARCH_TOO_BROAD: entry(
    422,
    'This search is too broad: nothing matched in the events it could examine in time. Narrow it with a time range (since/until) or a more specific filter',
  ),
  // Changing the password of an account made by single sign-on, which has none.
  NO_PASSWORD: entry(409, 'This account has no password: it signs in with single sign-on'),
  // Single sign-on never links by e-mail: the account's owner links it while signed in (Settings).
  SSO_ACCOUNT_EXISTS: entry(
    409,
    'An account with this e-mail address exists already: sign in to it the way you did before, then link single sign-on in Settings',
  ),
  SSO_IDENTITY_TAKEN: entry(409, 'This identity at the provider is linked to another Rehook account'),
  SSO_ALREADY_LINKED: entry(409, 'This account is linked to another identity at this provider'),
  LAST_OWNER: entry(409, 'A team keeps at least one owner: make another member owner first'),
  REQUEST_TIMEOUT: entry(408, 'Request was not received in time'),
  PAYLOAD_TOO_LARGE: entry(413, 'Request body is too large'),
  UNSUPPORTED_MEDIA_TYPE: entry(415, 'Content-Type must be application/json'),
  HEADERS_TOO_LARGE: entry(431, 'Request header fields are too large'),
  RATE_LIMITED: entry(429, 'Too many requests'),
  INTERNAL: entry(500, 'Internal server error'),
  DESTINATION_UNREACHABLE: entry(502, 'Destination could not be reached'),
  // The identity provider could not be reached, or its answer (discovery, tokens, ID token) did not verify.
  SSO_PROVIDER_ERROR: entry(502, 'The identity provider could not be reached or its answer did not verify'),
  STORAGE_UNAVAILABLE: entry(503, 'Storage is unavailable; retry later'),
  DESTINATION_TIMEOUT: entry(504, 'Destination did not respond in time'),
} satisfies Record<string, { readonly status: number; readonly message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export interface ErrorDetail {
  readonly path: string;
  readonly message: string;
}

/** An error that the HTTP layer turns into `{"error":{"code","message"}}` with its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: readonly ErrorDetail[] | undefined;
  /** Extra fields added to the error body, e.g. the id of a recorded failed replay. */
  readonly extra: Readonly<Record<string, unknown>> | undefined;

  constructor(
    code: ErrorCode,
    opts: {
      message?: string;
      cause?: unknown;
      details?: readonly ErrorDetail[];
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(opts.message ?? ERROR_CODES[code].message, { cause: opts.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = opts.details;
    this.extra = opts.extra;
  }
}

/** Thrown by storage adapters for infrastructure failures (disk full, database down). */
export class StorageError extends Error {
  constructor(message: string, opts: { cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'StorageError';
  }
}

/** Invalid configuration; the CLI prints the message on one line and exits with code 2. */
export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}
