// The load generator: a child process of the driver, so it never shares an event loop with the
// servers it measures. It runs autocannon on request and records every response time itself
// (autocannon's own histogram keeps whole milliseconds, too coarse for sub-millisecond targets).
import { randomBytes } from 'node:crypto';
import { Agent, get, request, type ClientRequest, type IncomingMessage } from 'node:http';
import autocannon from 'autocannon';
import { Client } from 'undici';
import { buildBody } from './bodies.js';
import type { LoadReply, LoadRequest, LoadResult, LoadSpec, SseResult, SseSpec, StreamSpec } from './protocol.js';
import { percentile, summarizeLatencies } from './stats.js';

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

/** The result of a run this process timed itself (no autocannon summary). */
function loadResult(
  samples: Samples,
  durationSec: number,
  counts: { non2xx: number; errors: number; bytesPerSec: number; problems: ReadonlySet<string> },
): LoadResult {
  const sorted = samples.sorted();
  return {
    durationSec,
    rps: sorted.length / durationSec,
    ok: sorted.length,
    non2xx: counts.non2xx,
    errors: counts.errors,
    timeouts: 0,
    ...summarizeLatencies(sorted),
    bytesPerSec: counts.bytesPerSec,
    problems: [...counts.problems].slice(0, 5),
  };
}

function runAutocannon(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const samples = new Samples();
    const problems = new Set<string>();
    let non2xx = 0;
    const body = spec.body === null ? undefined : buildBody(spec.body);
    const paths = spec.paths ?? [];
    let next = 0;
    const instance = autocannon(
      {
        ...(paths.length === 0
          ? {}
          : { requests: [{ setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] ?? req.path }) }] }),
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

/**
 * An open-loop run at `spec.ratePerSec`: request k is sent at start + k / rate, whatever happened
 * to the earlier ones, so a stalled server is not excused by the generator waiting for it (no
 * coordinated omission). Its latency counts from the moment it is handed to its connection, so
 * it includes the wait behind a busy connection but not the generator's own timer lateness
 * (up to a millisecond: that would put a floor of about 1 ms under every row, measured against
 * the bare server). autocannon's own rate option
 * lets every connection send flat out at the start of each second until the second's quota is
 * used, which measures bursts at saturation, not latency at that rate. Each of the
 * `spec.connections` connections is its own keep-alive client, opened before the clock starts;
 * requests go to them in turn, and one still busy queues the next, as a real client would.
 */
async function runPaced(spec: LoadSpec & { ratePerSec: number }): Promise<LoadResult> {
  const samples = new Samples();
  const problems = new Set<string>();
  let non2xx = 0;
  let errors = 0;
  let bytes = 0;
  const body = spec.body === null ? null : buildBody(spec.body);
  const url = new URL(spec.url);
  const path = `${url.pathname}${url.search}`;
  // undici's Client: one connection each, several times cheaper per request than node:http's
  // client, which at 5,000 req/s already saturated this process (measured against the bare server).
  const clients = Array.from(
    { length: spec.connections },
    () =>
      new Client(url.origin, {
        pipelining: 1,
        headersTimeout: spec.timeoutSec * 1000,
        bodyTimeout: spec.timeoutSec * 1000,
      }),
  );
  const send = async (client: Client, record: boolean): Promise<void> => {
    const sent = performance.now();
    try {
      const res = await client.request({ path, method: spec.method, headers: spec.headers, body });
      for await (const chunk of res.body) bytes += (chunk as Buffer).length;
      if (!record) return;
      if (res.statusCode >= 200 && res.statusCode < 300) samples.push(performance.now() - sent);
      else {
        non2xx += 1;
        if (problems.size < 5) problems.add(`HTTP ${res.statusCode}`);
      }
    } catch (err) {
      if (!record) return;
      errors += 1;
      if (problems.size < 5) problems.add(err instanceof Error ? err.message : String(err));
    }
  };
  // Open every connection first: connection set-up is not what these rows measure.
  await Promise.all(clients.map((client) => send(client, false)));
  const total = Math.max(1, Math.round(spec.ratePerSec * spec.durationSec));
  const interval = 1000 / spec.ratePerSec;
  const inFlight: Promise<void>[] = [];
  const start = performance.now();
  let next = 0;
  while (next < total) {
    const now = performance.now();
    // Everything due by now goes out at once: the timer's granularity (about 1 ms) bunches the
    // requests of that millisecond, a burst of rate / 1000.
    while (next < total && start + next * interval <= now) {
      inFlight.push(send(clients[next % clients.length] as Client, true));
      next += 1;
    }
    if (next < total) await sleep(Math.max(0, start + next * interval - performance.now()));
  }
  await Promise.all(inFlight);
  const durationSec = (performance.now() - start) / 1000;
  await Promise.all(clients.map((client) => client.close()));
  return loadResult(samples, durationSec, { non2xx, errors, bytesPerSec: bytes / durationSec, problems });
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
  return loadResult(samples, durationSec, { non2xx, errors, bytesPerSec: 0, problems });
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens one SSE subscription; `onEvent` gets the `query` of every event.created message. */
function subscribe(
  spec: SseSpec,
  onEvent: (query: string, at: number) => void,
  problems: Set<string>,
): Promise<ClientRequest | null> {
  return new Promise((resolve) => {
    const req = get(
      spec.streamUrl,
      { headers: { accept: 'text/event-stream', ...spec.streamHeaders }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          problems.add(`stream HTTP ${res.statusCode ?? 0}`);
          res.resume();
          resolve(null);
          return;
        }
        res.setEncoding('utf8');
        let buffered = '';
        res.on('data', (text: string) => {
          const at = performance.now();
          buffered += text;
          let end = buffered.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            end = buffered.indexOf('\n\n');
            if (!frame.includes('event: event.created')) continue;
            const data = frame.split('\n').find((line) => line.startsWith('data: '));
            if (data === undefined) continue;
            try {
              const parsed = JSON.parse(data.slice('data: '.length)) as { query?: unknown };
              if (typeof parsed.query === 'string') onEvent(parsed.query, at);
            } catch {
              problems.add('unparsable SSE data');
            }
          }
        });
        res.on('error', () => undefined);
        resolve(req);
      },
    );
    req.on('error', (err) => {
      problems.add(`stream: ${err.message}`);
      resolve(null);
    });
  });
}

async function runSse(spec: SseSpec): Promise<SseResult> {
  const problems = new Set<string>();
  const sentAt: number[] = [];
  const latencies = new Samples();
  const ingestLatencies = new Samples();
  let deliveries = 0;
  const onEvent = (query: string, at: number): void => {
    const match = /(?:^|&)bench_seq=(\d+)/.exec(query);
    const sent = match?.[1] === undefined ? undefined : sentAt[Number(match[1])];
    if (sent === undefined) return;
    deliveries += 1;
    latencies.push(at - sent);
  };
  const subscriptions = await Promise.all(
    Array.from({ length: spec.subscribers }, () => subscribe(spec, onEvent, problems)),
  );
  const connected = subscriptions.filter((s) => s !== null).length;
  await sleep(300);

  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const body = Buffer.alloc(spec.bodySize, 0x61);
  let stored = 0;
  const inFlight: Promise<void>[] = [];
  const send = (seq: number): Promise<void> =>
    new Promise((resolve) => {
      const started = performance.now();
      sentAt[seq] = started;
      const req = request(
        `${spec.ingestUrl}?bench_seq=${seq}`,
        { method: 'POST', agent, headers: { ...spec.ingestHeaders, 'content-length': String(body.length) } },
        (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode === 200) {
              stored += 1;
              ingestLatencies.push(performance.now() - started);
            } else problems.add(`ingest HTTP ${res.statusCode ?? 0}`);
            resolve();
          });
        },
      );
      req.on('error', (err) => {
        problems.add(`ingest: ${err.message}`);
        resolve();
      });
      req.end(body);
    });
  const total = Math.max(1, Math.round(spec.ratePerSec * spec.durationSec));
  const interval = 1000 / spec.ratePerSec;
  const start = performance.now();
  for (let seq = 0; seq < total; seq += 1) {
    const wait = start + seq * interval - performance.now();
    if (wait > 0) await sleep(wait);
    inFlight.push(send(seq));
  }
  await Promise.all(inFlight);
  // Let the last deliveries arrive.
  const expected = stored * connected;
  for (let waited = 0; deliveries < expected && waited < 3000; waited += 50) await sleep(50);
  for (const sub of subscriptions) sub?.destroy();
  agent.destroy();
  const sorted = latencies.sorted();
  const ingestSorted = ingestLatencies.sorted();
  const { p50, p90, p99, max } = summarizeLatencies(sorted);
  return {
    subscribers: spec.subscribers,
    connected,
    sent: total,
    stored,
    deliveries,
    expected,
    p50,
    p90,
    p99,
    max,
    ingestP50: percentile(ingestSorted, 50),
    ingestP99: percentile(ingestSorted, 99),
    problems: [...problems].slice(0, 5),
  };
}

async function handle(message: LoadRequest): Promise<LoadReply> {
  try {
    const result =
      message.type === 'autocannon'
        ? message.spec.ratePerSec === undefined
          ? await runAutocannon(message.spec)
          : await runPaced({ ...message.spec, ratePerSec: message.spec.ratePerSec })
        : message.type === 'stream'
          ? await runStream(message.spec)
          : await runSse(message.spec);
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
