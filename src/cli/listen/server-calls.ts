import { RehookApiError, RehookConnectionError } from '../../client/errors.js';
import type { RehookClient } from '../../client/rehook-client.js';
import { backoffDelay, sleep, type BackoffPolicy } from './backoff.js';
import type { ListenReporter } from './report.js';

/** Calls to the Rehook server that outlast a dropped connection or a restarting server. */

/** Rehook's own 4xx answers end the listener (bad token, no such inbox); anything else is retried. */
function isFatal(err: unknown): boolean {
  if (!(err instanceof RehookApiError)) return false;
  if (err.code === 'INVALID_RESPONSE' || err.code.startsWith('HTTP_')) return false;
  return err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
}

export function describeError(err: unknown): string {
  if (err instanceof RehookApiError) return `${err.code}: ${err.message}`;
  if (err instanceof RehookConnectionError) return err.message;
  if (err instanceof Error) return err.name === 'TimeoutError' ? 'no answer in time' : err.message;
  return String(err);
}

export interface ServerCallerDeps {
  readonly client: Pick<RehookClient, 'baseUrl'>;
  readonly signal: AbortSignal;
  readonly policy: BackoffPolicy;
  readonly random: () => number;
  readonly reporter: Pick<ListenReporter, 'connectionLost' | 'stillLost' | 'connectionBack'>;
}

/** Retries calls to the server with backoff, and says on stderr when the connection drops and comes back. */
export class ServerCaller {
  readonly #deps: ServerCallerDeps;
  /** Consecutive failed calls to the server (0 while connected). */
  #drops = 0;
  #dropStartedAt = 0;

  constructor(deps: ServerCallerDeps) {
    this.#deps = deps;
  }

  /**
   * Calls the server until it answers: connection failures, 5xx, 429 and answers cut short are
   * retried with backoff (a status line on the first failure and every twentieth after). Rehook's own
   * 4xx errors are fatal (thrown). Undefined when stopped meanwhile.
   */
  async call<T>(what: string, call: () => Promise<T>, atStart = false): Promise<T | undefined> {
    const { signal } = this.#deps;
    for (;;) {
      if (signal.aborted) return undefined;
      try {
        const value = await call();
        if (this.#drops > 0) this.#reconnected();
        return value;
      } catch (err) {
        if (signal.aborted) return undefined;
        // At the start, an answer that is not Rehook's (a wrong --server) is fatal too.
        const wrongServer =
          atStart && err instanceof RehookApiError && (err.code === 'INVALID_RESPONSE' || err.status < 500);
        if (isFatal(err) || wrongServer) throw err;
        if (!(await this.#dropped(what, err))) return undefined;
      }
    }
  }

  #reconnected(): void {
    this.#deps.reporter.connectionBack(this.#deps.client.baseUrl, Date.now() - this.#dropStartedAt, this.#drops);
    this.#drops = 0;
  }

  /** Counts a failed call and waits before the next; false when stopped meanwhile. */
  async #dropped(what: string, err: unknown): Promise<boolean> {
    if (this.#drops === 0) this.#dropStartedAt = Date.now();
    const delay = backoffDelay(this.#deps.policy, this.#drops, this.#deps.random);
    this.#drops += 1;
    const failure = { server: this.#deps.client.baseUrl, what, reason: describeError(err), attempt: this.#drops };
    if (this.#drops === 1) this.#deps.reporter.connectionLost(failure);
    // Retries come a few times a second: a reminder now and then, not a line each.
    else if (this.#drops % 20 === 0) this.#deps.reporter.stillLost(failure, Date.now() - this.#dropStartedAt);
    return sleep(delay, this.#deps.signal);
  }
}
