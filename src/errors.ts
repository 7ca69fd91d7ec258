/**
 * The one catalogue of error codes. Every non-2xx answer of the API is
 * `{"error":{"code","message"}}` with a code from here; `code` is the stable contract
 * for clients, `message` is for humans and may change.
 */
export const ERROR_CODES = {
  // Spec §5.4 and §7 fix the code and the meaning of the message.
  UNAUTHORIZED: { status: 401, message: 'API token is missing or invalid' },
  // Sign-in only; the same for an unknown e-mail and a wrong password.
  INVALID_CREDENTIALS: { status: 401, message: 'E-mail address or password is wrong' },
  VALIDATION_FAILED: { status: 400, message: 'Request is invalid' },
  // Ingest listener only: malformed HTTP and slow senders, refused by Node's parser.
  BAD_REQUEST: { status: 400, message: 'Malformed HTTP request' },
  INVALID_JSON: { status: 400, message: 'Request body is not valid JSON' },
  // A share credential (X-Rehook-Share or ?share=) together with an Authorization header, or
  // more than one share credential.
  AMBIGUOUS_CREDENTIALS: {
    status: 400,
    message: 'Send one credential: an Authorization header or a share token, not both or two of them',
  },
  INVALID_DESTINATION: {
    status: 400,
    message: 'Destination must be an absolute http or https URL without credentials',
  },
  DESTINATION_FORBIDDEN: {
    status: 403,
    message: 'Destination is not allowed by the replay policy (private or reserved address)',
  },
  CSRF_FAILED: {
    status: 403,
    message: "A request made with a session cookie needs the session's X-CSRF-Token header",
  },
  SIGNUP_CLOSED: { status: 403, message: 'Sign-up is closed on this server; ask its operator for an account' },
  // Everything but reading its own inbox, with a share credential.
  SHARE_READ_ONLY: { status: 403, message: 'A sharing link only reads its inbox and its events' },
  NOT_FOUND: { status: 404, message: 'Route not found' },
  INBOX_NOT_FOUND: { status: 404, message: 'Inbox not found' },
  EVENT_NOT_FOUND: { status: 404, message: 'Event not found' },
  TOKEN_NOT_FOUND: { status: 404, message: 'Token not found' },
  SHARE_NOT_FOUND: { status: 404, message: 'Sharing link not found: it was revoked or never existed' },
  REPLAY_JOB_NOT_FOUND: { status: 404, message: 'Replay job not found' },
  FORWARDING_NOT_FOUND: { status: 404, message: 'This inbox has no forwarding set' },
  METHOD_NOT_ALLOWED: { status: 405, message: 'Method not allowed on this route' },
  CONFLICT: { status: 409, message: 'Resource already exists' },
  DELIVERY_IN_PROGRESS: {
    status: 409,
    message: "The event's delivery is pending or being sent; retry it once it has finished",
  },
  INBOX_NOT_SAVED: { status: 409, message: 'Only saved inboxes can be shared: save the inbox first' },
  // Re-signing (replay `resign: true`, POST /api/v1/events/:id/resign) for an inbox without a usable secret.
  SIGNATURE_NOT_SET: {
    status: 409,
    message: 'The inbox has no signature secret set: set one first (PUT /api/v1/inboxes/<id>/signature)',
  },
  REQUEST_TIMEOUT: { status: 408, message: 'Request was not received in time' },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'Request body is too large' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, message: 'Content-Type must be application/json' },
  HEADERS_TOO_LARGE: { status: 431, message: 'Request header fields are too large' },
  RATE_LIMITED: { status: 429, message: 'Too many requests' },
  INTERNAL: { status: 500, message: 'Internal server error' },
  DESTINATION_UNREACHABLE: { status: 502, message: 'Destination could not be reached' },
  STORAGE_UNAVAILABLE: { status: 503, message: 'Storage is unavailable; retry later' },
  DESTINATION_TIMEOUT: { status: 504, message: 'Destination did not respond in time' },
} as const satisfies Record<string, { status: number; message: string }>;

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
