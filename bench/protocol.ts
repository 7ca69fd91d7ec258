// Messages between the driver (bench/run.ts) and the load generator process (bench/load.ts).
// Bodies are described, not sent: the load process builds them once, so megabytes never cross IPC.

/** A request body the load process builds itself. */
export type BodySpec =
  /** A webhook-like JSON document padded to exactly `size` bytes. */
  | { readonly kind: 'json'; readonly size: number }
  /** `size` pseudo-random bytes (not valid UTF-8 text). */
  | { readonly kind: 'binary'; readonly size: number }
  /** This exact text. */
  | { readonly kind: 'literal'; readonly text: string };

/** One autocannon run. */
export interface LoadSpec {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body: BodySpec | null;
  readonly connections: number;
  /** Seconds. */
  readonly durationSec: number;
  /** Seconds before a request counts as timed out. */
  readonly timeoutSec: number;
  /** When set, each request takes the next of these paths (with query) in turn instead of the URL's. */
  readonly paths?: readonly string[];
  /**
   * Offered load in requests per second over all connections, sent open-loop at evenly spaced due
   * times (bench/load.ts runPaced). Unset: autocannon's closed loop, each connection sending its
   * next request as soon as the last is answered.
   */
  readonly ratePerSec?: number;
}

/** `clients` connections each send `requestsPerClient` bodies of `bodySize` bytes, streamed in chunks. */
export interface StreamSpec {
  readonly url: string;
  readonly clients: number;
  readonly requestsPerClient: number;
  readonly bodySize: number;
  readonly chunkSize: number;
  readonly timeoutSec: number;
}

/**
 * Live-stream fan-out: `subscribers` SSE connections on one inbox while events are ingested into
 * it at `ratePerSec` (open loop); every request carries `?bench_seq=<n>` so each delivery can be
 * matched to the moment its request was sent.
 */
export interface SseSpec {
  readonly streamUrl: string;
  readonly streamHeaders: Readonly<Record<string, string>>;
  readonly ingestUrl: string;
  readonly ingestHeaders: Readonly<Record<string, string>>;
  readonly bodySize: number;
  readonly subscribers: number;
  readonly ratePerSec: number;
  readonly durationSec: number;
}

export interface SseResult {
  readonly subscribers: number;
  readonly connected: number;
  readonly sent: number;
  /** Ingest requests answered 200. */
  readonly stored: number;
  readonly deliveries: number;
  /** stored x connected */
  readonly expected: number;
  /** Delivery latency, request sent to event received by a subscriber (ms). */
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  /** Ingest request latency (ms), for reference. */
  readonly ingestP50: number;
  readonly ingestP99: number;
  readonly problems: readonly string[];
}

export type LoadRequest =
  | { readonly id: number; readonly type: 'autocannon'; readonly spec: LoadSpec }
  | { readonly id: number; readonly type: 'stream'; readonly spec: StreamSpec }
  | { readonly id: number; readonly type: 'sse'; readonly spec: SseSpec };

/** What one load run measured. Latencies are milliseconds, from every 2xx response. */
export interface LoadResult {
  readonly durationSec: number;
  /** 2xx responses per second over the run. */
  readonly rps: number;
  readonly ok: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly timeouts: number;
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  readonly mean: number;
  /** Response bytes per second (2xx and others). */
  readonly bytesPerSec: number;
  /** First few distinct non-2xx status codes and error messages, for diagnosis. */
  readonly problems: readonly string[];
}

export type LoadReply =
  | { readonly id: number; readonly ok: true; readonly result: LoadResult | SseResult }
  | { readonly id: number; readonly ok: false; readonly error: string };
