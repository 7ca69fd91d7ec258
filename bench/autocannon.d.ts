// The subset of autocannon's programmatic API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Total requests instead of a duration. */
      amount?: number;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      pipelining?: number;
      /** Request templates; `setupRequest` may rewrite each request before it is sent. */
      requests?: {
        setupRequest?: (req: { method: string; path: string; headers: Record<string, string> }) => {
          method: string;
          path: string;
          headers: Record<string, string>;
        };
      }[];
    }
    interface Histogram {
      average: number;
      mean: number;
      max: number;
      min: number;
      p50: number;
      p99: number;
      total: number;
    }
    interface Result {
      /** Seconds. */
      duration: number;
      errors: number;
      timeouts: number;
      non2xx: number;
      '2xx': number;
      requests: Histogram & { sent: number };
      latency: Histogram;
      throughput: Histogram;
    }
    interface Instance extends NodeJS.EventEmitter {
      stop(): void;
      on(
        event: 'response',
        listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
      ): this;
      on(event: string, listener: (...args: unknown[]) => void): this;
    }
  }
  function autocannon(
    opts: autocannon.Options,
    cb: (err: Error | null, result: autocannon.Result) => void,
  ): autocannon.Instance;
  export = autocannon;
}
