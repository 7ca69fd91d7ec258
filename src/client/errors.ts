import type { ErrorCode } from './types.js';

/**
 * A non-2xx answer of Rehook. `code` is the stable contract: one of the API's error codes
 * (docs/generated/errors.md), `HTTP_<status>` for an answer that is not Rehook's JSON error
 * body (a proxy's HTML 502, say), or `INVALID_RESPONSE` for a 2xx that is not Rehook's JSON.
 * `message` is for humans.
 *
 * @example
 * try {
 *   await client.event(id);
 * } catch (err) {
 *   if (isRehookError(err, 'EVENT_NOT_FOUND')) return null;
 *   throw err;
 * }
 */
export class RehookApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode | `HTTP_${number}` | 'INVALID_RESPONSE';
  /** Extra fields of the error body beyond code and message (e.g. `replayId` of a failed replay). */
  readonly extra: Readonly<Record<string, unknown>>;

  constructor(
    status: number,
    code: RehookApiError['code'],
    message: string,
    extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'RehookApiError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }
}

/** The server could not be reached at all (refused, DNS failure, reset before an answer). */
export class RehookConnectionError extends Error {
  readonly code = 'CONNECTION_FAILED' as const;
  /** The origin the client was talking to. */
  readonly baseUrl: string;

  constructor(baseUrl: string, cause: unknown) {
    super(`cannot reach the Rehook server at ${baseUrl}: ${describeCause(cause)}`, { cause });
    this.name = 'RehookConnectionError';
    this.baseUrl = baseUrl;
  }
}

/** `waitForEvent` saw no matching event before its timeout. */
export class RehookTimeoutError extends Error {
  readonly code = 'WAIT_TIMEOUT' as const;
  readonly inboxId: string;
  readonly timeoutMs: number;
  /** Events that arrived in time but did not match. */
  readonly unmatched: number;

  constructor(inboxId: string, timeoutMs: number, unmatched: number) {
    const seen = unmatched === 0 ? 'no event arrived' : `${unmatched} event(s) arrived, none matched`;
    super(`no matching event in inbox ${inboxId} within ${timeoutMs} ms (${seen})`);
    this.name = 'RehookTimeoutError';
    this.inboxId = inboxId;
    this.timeoutMs = timeoutMs;
    this.unmatched = unmatched;
  }
}

/** Every error the client throws on purpose. */
export type RehookError = RehookApiError | RehookConnectionError | RehookTimeoutError;

/** True when `err` is a Rehook API error, with this code when one is given (narrows the type). */
export function isRehookError(err: unknown, code?: RehookApiError['code']): err is RehookApiError {
  return err instanceof RehookApiError && (code === undefined || err.code === code);
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
