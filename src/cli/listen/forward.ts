import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import type { HeaderPair } from '../../domain/captured-event.js';
import { buildOutboundHeaders, flattenHeaders } from '../../egress/outbound-headers.js';
import { readCapped } from '../../egress/read-capped.js';

/**
 * Sending one captured event to the local target. This runs on the developer's machine and
 * talks to their own server, usually on loopback, so there is no address policy here (the
 * server's SSRF guard is for requests the *server* makes). No redirects are followed and
 * nothing is decompressed.
 */

/** Response body bytes kept for `--print-body`; the rest is read and dropped. */
export const PRINTED_BODY_CAP = 64 * 1024;

export interface LocalRequest {
  readonly method: string;
  /** Full target URL, query included. */
  readonly url: string;
  /** As captured (order, case and duplicates); transport and redacted headers are dropped here. */
  readonly headers: readonly HeaderPair[];
  readonly body: Uint8Array;
  /** Whether the captured request declared a body (Content-Length or Transfer-Encoding). */
  readonly declaredBody: boolean;
}

/** What the local target did with one attempt. */
export type LocalResult =
  | {
      readonly kind: 'answered';
      readonly status: number;
      readonly latencyMs: number;
      /** The first PRINTED_BODY_CAP bytes of the response body. */
      readonly body: Buffer;
      readonly truncated: boolean;
    }
  | {
      readonly kind: 'failed';
      /** Short, for the line: `connection refused`, `timed out after 30s`, `ECONNRESET`. */
      readonly reason: string;
      readonly latencyMs: number;
    }
  /** The listener is stopping (Ctrl-C): the attempt was abandoned. */
  | { readonly kind: 'stopped' };

/** The headers actually sent: captured ones minus hop-by-hop, Host, Content-Length, redacted. */
export function localHeaders(request: Pick<LocalRequest, 'headers' | 'body' | 'declaredBody'>): string[] {
  const pairs = buildOutboundHeaders(request.headers);
  // Content-Length is recomputed from the exact bytes; a request that had no body keeps none.
  if (request.body.length > 0 || request.declaredBody) pairs.push(['Content-Length', String(request.body.length)]);
  return flattenHeaders(pairs);
}

function describeFailure(err: unknown): string {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as Error & { code?: unknown }).code;
    if (code === 'ECONNREFUSED') return 'connection refused (is the local server running?)';
    if (typeof code === 'string' && !code.startsWith('UND_ERR_ABORTED')) return code;
    if (current.cause === undefined) return current.message;
    current = current.cause;
  }
  return String(current);
}

/** Sends local requests through one keep-alive pool; `close()` when done. */
export class LocalForwarder {
  readonly #agent = new Agent({ keepAliveTimeout: 4_000, connections: 4 });

  /**
   * One attempt. `timeoutMs` bounds the whole exchange (send, answer, body); 0 means none (for
   * stepping through the handler in a debugger). `signal` abandons it (Ctrl-C). Never throws.
   */
  async send(req: LocalRequest, timeoutMs: number, signal: AbortSignal): Promise<LocalResult> {
    if (signal.aborted) return { kind: 'stopped' };
    const controller = new AbortController();
    let timedOut = false;
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    const onStop = (): void => controller.abort();
    signal.addEventListener('abort', onStop, { once: true });
    const started = performance.now();
    try {
      const response = await request(req.url, {
        dispatcher: this.#agent,
        method: req.method,
        headers: localHeaders(req),
        body: req.body.length > 0 ? Buffer.from(req.body.buffer, req.body.byteOffset, req.body.length) : null,
        signal: controller.signal,
        // The whole-exchange timer above is the limit; undici's own would cut a debugger session.
        headersTimeout: 0,
        bodyTimeout: 0,
      });
      // Past the cap the rest is not read and the connection is closed (readCapped).
      const { body, truncated } = await readCapped(response.body, PRINTED_BODY_CAP);
      return { kind: 'answered', status: response.statusCode, latencyMs: performance.now() - started, body, truncated };
    } catch (err) {
      if (signal.aborted) return { kind: 'stopped' };
      const latencyMs = performance.now() - started;
      if (timedOut)
        return { kind: 'failed', reason: `timed out after ${Math.round(timeoutMs / 100) / 10}s`, latencyMs };
      return { kind: 'failed', reason: describeFailure(err), latencyMs };
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      signal.removeEventListener('abort', onStop);
    }
  }

  async close(): Promise<void> {
    await this.#agent.destroy().catch(() => undefined);
  }
}
