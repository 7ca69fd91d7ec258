/**
 * A non-2xx answer of the Rehook API. `code` is the stable contract (e.g. `UNAUTHORIZED`,
 * `INBOX_NOT_FOUND`); `message` is for humans. Answers that are not the API's JSON error body
 * (a proxy's HTML 502, say) get the code `HTTP_<status>`.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** Extra fields of the error body beyond code and message (e.g. `replayId`). */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(status: number, code: string, message: string, extra: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** The server could not be reached at all (refused, DNS failure, reset before an answer). */
export class ApiConnectionError extends Error {
  /** The base URL the client was talking to. */
  readonly baseUrl: string;

  constructor(baseUrl: string, cause: unknown) {
    super(`cannot reach the Rehook server at ${baseUrl}: ${describeCause(cause)}`, { cause });
    this.name = 'ApiConnectionError';
    this.baseUrl = baseUrl;
  }
}

/** fetch failures hide the useful part (ECONNREFUSED, ENOTFOUND) in `cause`. */
function describeCause(err: unknown): string {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (current.cause === undefined) return current.message;
    current = current.cause;
  }
  return String(current);
}
