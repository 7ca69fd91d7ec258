// The load generator: a child process of the driver, so it never shares an event loop with the
// servers it measures. It runs autocannon on request and records every response time itself
// (autocannon's own histogram keeps whole milliseconds, too coarse for sub-millisecond targets).
import { randomBytes } from 'node:crypto';
import { request, type IncomingMessage } from 'node:http';
import autocannon from 'autocannon';
import { buildBody } from './bodies.js';
import type { LoadReply, LoadRequest, LoadResult, LoadSpec, StreamSpec } from './protocol.js';
import { summarizeLatencies } from './stats.js';

/** Response times of one run, in a growable typed array (no per-sample objects). */
class Samples {
  private data = new Float64Array(1 << 16);
  length = 0;
  push(value: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = value;
  }
  sorted(): Float64Array {
    return this.data.slice(0, this.length).sort();
  }
}

function runAutocannon(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const samples = new Samples();
    const problems = new Set<string>();
    let non2xx = 0;
    const body = spec.body === null ? undefined : buildBody(spec.body);
    const instance = autocannon(
      {
        url: spec.url,
        method: spec.method,
        headers: { ...spec.headers },
        ...(body === undefined ? {} : { body }),
        connections: spec.connections,
        duration: spec.durationSec,
        timeout: spec.timeoutSec,
      },
      (err, result) => {
        if (err) return reject(err);
        const sorted = samples.sorted();
        const durationSec = result.duration > 0 ? result.duration : spec.durationSec;
        resolve({
          durationSec,
          rps: sorted.length / durationSec,
          ok: sorted.length,
          non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          ...summarizeLatencies(sorted),
          bytesPerSec: result.throughput.average,
          problems: [...problems].slice(0, 5),
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) samples.push(responseTime);
      else {
        non2xx += 1;
        if (problems.size < 5) problems.add(`HTTP ${statusCode}`);
      }
    });
    instance.on('reqError', (err) => {
      if (problems.size < 5) problems.add(err instanceof Error ? err.message : String(err));
    });
  });
}

/** One request whose body is written in chunks from a shared buffer (no copies per client). */
function streamOne(spec: StreamSpec, body: Buffer): Promise<{ status: number; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const url = new URL(spec.url);
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/octet-stream', 'content-length': String(body.length) },
        timeout: spec.timeoutSec * 1000,
      },
      (res: IncomingMessage) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    let offset = 0;
    const writeMore = (): void => {
      while (offset < body.length) {
        const chunk = body.subarray(offset, Math.min(offset + spec.chunkSize, body.length));
        offset += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end();
    };
    writeMore();
  });
}

async function runStream(spec: StreamSpec): Promise<LoadResult> {
  const body = randomBytes(spec.bodySize);
  const samples = new Samples();
  const problems = new Set<string>();
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: spec.clients }, async () => {
      for (let i = 0; i < spec.requestsPerClient; i += 1) {
        try {
          const { status, ms } = await streamOne(spec, body);
          if (status >= 200 && status < 300) samples.push(ms);
          else {
            non2xx += 1;
            problems.add(`HTTP ${status}`);
          }
        } catch (err) {
          errors += 1;
          problems.add(err instanceof Error ? err.message : String(err));
        }
      }
    }),
  );
  const durationSec = (performance.now() - started) / 1000;
  const sorted = samples.sorted();
  return {
    durationSec,
    rps: sorted.length / durationSec,
    ok: sorted.length,
    non2xx,
    errors,
    timeouts: 0,
    ...summarizeLatencies(sorted),
    bytesPerSec: 0,
    problems: [...problems].slice(0, 5),
  };
}

async function handle(message: LoadRequest): Promise<LoadReply> {
  try {
    const result = message.type === 'autocannon' ? await runAutocannon(message.spec) : await runStream(message.spec);
    return { id: message.id, ok: true, result };
  } catch (err) {
    return { id: message.id, ok: false, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

if (process.send !== undefined) {
  process.on('message', (message: LoadRequest) => {
    void handle(message).then((reply) => process.send?.(reply));
  });
  // The driver going away ends the load generator too.
  process.on('disconnect', () => process.exit(0));
}
