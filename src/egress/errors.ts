/**
 * Internal error classes of the egress client. They travel through undici (thrown from the
 * connector, or used as an abort reason) and are mapped to outcomes by `classifyFailure`
 * through their `code`, like every other network error.
 */

/** The egress policy refused the destination; no connection to it was made. */
export class ForbiddenDestinationError extends Error {
  readonly code = 'REHOOK_FORBIDDEN_DESTINATION';
  /** Short policy reason, e.g. "loopback" or "metadata". */
  readonly reason: string;

  constructor(reason: string) {
    super(`destination forbidden by the replay policy: ${reason}`);
    this.name = 'ForbiddenDestinationError';
    this.reason = reason;
  }
}

/** The total replay deadline (dispatch to last body byte) passed. */
export class DeadlineExceededError extends Error {
  readonly code = 'REHOOK_DEADLINE_EXCEEDED';

  constructor(timeoutMs: number) {
    super(`replay exceeded its ${timeoutMs} ms deadline`);
    this.name = 'DeadlineExceededError';
  }
}

/** Resolving the destination's name took longer than the connect timeout. */
export class LookupTimeoutError extends Error {
  readonly code = 'REHOOK_LOOKUP_TIMEOUT';

  constructor(timeoutMs: number) {
    super(`DNS lookup exceeded the ${timeoutMs} ms connect timeout`);
    this.name = 'LookupTimeoutError';
  }
}
