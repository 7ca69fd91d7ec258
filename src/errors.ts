/**
 * The one catalogue of error codes. Every non-2xx answer of the API is
 * `{"error":{"code","message"}}` with a code from here; `code` is the stable contract
 * for clients, `message` is for humans and may change.
 */
/** The entries of one HTTP status: each code with its default message. */
function withStatus<const S extends number, const M extends Readonly<Record<string, string>>>(
  status: S,
  messages: M,
): { readonly [K in keyof M]: { readonly status: S; readonly message: M[K] } } {
  const entries = Object.entries(messages).map(([code, message]) => [code, { status, message }]);
  return Object.fromEntries(entries) as { readonly [K in keyof M]: { readonly status: S; readonly message: M[K] } };
}

export const ERROR_CODES = {
  ...withStatus(400, {
    VALIDATION_FAILED: 'Request is invalid',
    // Ingest listener only: malformed HTTP and slow senders, refused by Node's parser.
    BAD_REQUEST: 'Malformed HTTP request',
    INVALID_JSON: 'Request body is not valid JSON',
    // A share credential (X-Rehook-Share or ?share=) together with an Authorization header, or
    // more than one share credential.
    AMBIGUOUS_CREDENTIALS: 'Send one credential: an Authorization header or a share token, not both or two of them',
    INVALID_DESTINATION: 'Destination must be an absolute http or https URL without credentials',
  }),
  ...withStatus(401, {
    // Spec §5.4 and §7 fix the code and the meaning of the message.
    UNAUTHORIZED: 'API token is missing or invalid',
    // Sign-in only; the same for an unknown e-mail and a wrong password.
    INVALID_CREDENTIALS: 'E-mail address or password is wrong',
  }),
  ...withStatus(403, {
    DESTINATION_FORBIDDEN: 'Destination is not allowed by the replay policy (private or reserved address)',
    CSRF_FAILED: "A request made with a session cookie needs the session's X-CSRF-Token header",
    SIGNUP_CLOSED: 'Sign-up is closed on this server; ask its operator for an account',
    // Everything but reading its own inbox, with a share credential.
    SHARE_READ_ONLY: 'A sharing link only reads its inbox and its events',
  }),
  ...withStatus(404, {
    NOT_FOUND: 'Route not found',
    INBOX_NOT_FOUND: 'Inbox not found',
    EVENT_NOT_FOUND: 'Event not found',
    TOKEN_NOT_FOUND: 'Token not found',
    SHARE_NOT_FOUND: 'Sharing link not found: it was revoked or never existed',
    REPLAY_JOB_NOT_FOUND: 'Replay job not found',
    FORWARDING_NOT_FOUND: 'This inbox has no forwarding set',
  }),
  ...withStatus(405, { METHOD_NOT_ALLOWED: 'Method not allowed on this route' }),
  ...withStatus(408, { REQUEST_TIMEOUT: 'Request was not received in time' }),
  ...withStatus(409, {
    CONFLICT: 'Resource already exists',
    DELIVERY_IN_PROGRESS: "The event's delivery is pending or being sent; retry it once it has finished",
    INBOX_NOT_SAVED: 'Only saved inboxes can be shared: save the inbox first',
    // Re-signing (replay `resign: true`, POST /api/v1/events/:id/resign) for an inbox without a usable secret.
    SIGNATURE_NOT_SET: 'The inbox has no signature secret set: set one first (PUT /api/v1/inboxes/<id>/signature)',
  }),
  ...withStatus(413, { PAYLOAD_TOO_LARGE: 'Request body is too large' }),
  ...withStatus(415, { UNSUPPORTED_MEDIA_TYPE: 'Content-Type must be application/json' }),
  ...withStatus(429, { RATE_LIMITED: 'Too many requests' }),
  ...withStatus(431, { HEADERS_TOO_LARGE: 'Request header fields are too large' }),
  ...withStatus(500, { INTERNAL: 'Internal server error' }),
  ...withStatus(502, { DESTINATION_UNREACHABLE: 'Destination could not be reached' }),
  ...withStatus(503, { STORAGE_UNAVAILABLE: 'Storage is unavailable; retry later' }),
  ...withStatus(504, { DESTINATION_TIMEOUT: 'Destination did not respond in time' }),
} satisfies Readonly<Record<string, { status: number; message: string }>>;

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
