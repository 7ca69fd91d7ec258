import type { HeaderPair } from '../domain/captured-event.js';

/** The request a replay sends: stored method, headers and exact body bytes. */
export interface OutboundRequest {
  readonly url: URL;
  readonly method: string;
  /** Headers as stored; the client removes hop-by-hop and redacted ones and sets Host/Length. */
  readonly headers: readonly HeaderPair[];
  readonly body: Buffer;
  /**
   * True when `headers` are already the outbound ones (built with `buildOutboundHeaders`, then
   * edited by the caller): the client then drops only hop-by-hop, `proxy-*`, Host and
   * Content-Length, so an Authorization or Cookie header the caller set is sent.
   */
  readonly prepared?: boolean;
}

export type EgressOutcome =
  | {
      readonly kind: 'response';
      readonly statusCode: number;
      readonly latencyMs: number;
      readonly headers: readonly HeaderPair[];
      /** At most the configured cap. */
      readonly body: Buffer;
      readonly truncated: boolean;
    }
  /** Refused by the egress policy before any connection to the forbidden address. */
  | { readonly kind: 'forbidden'; readonly reason: string }
  /** DNS failure, connection refused or reset, TLS failure, protocol error. */
  | { readonly kind: 'unreachable'; readonly reason: string; readonly latencyMs: number }
  /** Connect timeout or total deadline exceeded. */
  | { readonly kind: 'timeout'; readonly reason: string; readonly latencyMs: number };

/** Sends replays. Never throws for destination problems: every failure is an outcome. */
export interface EgressClient {
  send(request: OutboundRequest): Promise<EgressOutcome>;
  /**
   * Why the egress policy refuses `url` without a DNS lookup (its host is an IP literal or
   * `localhost` that the policy denies), or null. For settings checked at save; the guard at
   * connect time still decides every send (a name may resolve anywhere later).
   */
  refusal?(url: URL): string | null;
  close(): Promise<void>;
}
