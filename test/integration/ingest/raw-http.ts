import { connect, type Socket } from 'node:net';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

/** One HTTP/1.x response parsed out of raw bytes. */
export interface RawResponse {
  readonly status: number;
  readonly statusLine: string;
  /** Header pairs in wire order, names lowercased. */
  readonly headers: ReadonlyArray<readonly [string, string]>;
  readonly body: Buffer;
}

/** What came back on one raw TCP connection. */
export interface RawResult {
  /** Every byte the server sent. */
  readonly raw: Buffer;
  /** Responses parsed from `raw` (Content-Length framed; see `bodiless`). */
  readonly responses: RawResponse[];
  /** Status of the first response, or null when none arrived. */
  readonly status: number | null;
  /** The server closed (or reset) the connection before the timeout. */
  readonly closed: boolean;
  readonly timedOut: boolean;
  /** Socket error code, e.g. ECONNRESET or EPIPE, if one occurred. */
  readonly error: string | null;
  /** Milliseconds from connect until the result was settled. */
  readonly elapsedMs: number;
}

export interface RawOptions {
  /** Give up waiting after this many ms (the connection is destroyed). Default 5000. */
  readonly timeoutMs?: number;
  /** Wait this long between writes of the chunks. Default 0 (all written at once). */
  readonly gapMs?: number;
  /** Settle as soon as this many complete responses were received, without waiting for close. */
  readonly responses?: number;
  /** Indexes of responses that carry no body although they have a Content-Length (HEAD). */
  readonly bodiless?: readonly number[];
  /** Destroy the socket right after the last write (a client reset). */
  readonly destroyAfterWrite?: boolean;
}

/** `http://127.0.0.1:1234` → host and port. */
export function hostPort(origin: string): { host: string; port: number } {
  const url = new URL(origin);
  return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port) };
}

/** Host header value of an origin, for hand-written requests. */
export function hostHeader(origin: string): string {
  return new URL(origin).host;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Default limit of {@link sendRaw}. Every exchange the tests make ends by itself (the server
 * answers and closes, or the client resets), so this only catches a server that hangs; it is
 * generous because on a loaded machine a test process may get little CPU for a while.
 */
export const RAW_TIMEOUT_MS = 15_000;

/**
 * Sends `chunks` over a fresh TCP connection and collects what the server sends back until it
 * closes the connection, `opts.responses` responses are complete, or the timeout fires.
 */
export async function sendRaw(
  origin: string,
  chunks: string | Buffer | ReadonlyArray<string | Buffer>,
  opts: RawOptions = {},
): Promise<RawResult> {
  const list = typeof chunks === 'string' || Buffer.isBuffer(chunks) ? [chunks] : chunks;
  const { host, port } = hostPort(origin);
  const started = Date.now();
  const socket: Socket = connect({ host, port });
  const received: Buffer[] = [];
  let error: string | null = null;

  const settled = new Promise<{ closed: boolean; timedOut: boolean }>((resolve) => {
    const timer = setTimeout(() => {
      resolve({ closed: false, timedOut: true });
      socket.destroy();
    }, opts.timeoutMs ?? RAW_TIMEOUT_MS);
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      if (opts.responses !== undefined) {
        const parsed = parseResponses(Buffer.concat(received), opts.bodiless);
        if (parsed.complete >= opts.responses) {
          clearTimeout(timer);
          resolve({ closed: false, timedOut: false });
          socket.destroy();
        }
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      error ??= err.code ?? err.message;
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ closed: true, timedOut: false });
    });
  });

  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  for (let i = 0; i < list.length; i += 1) {
    if (i > 0 && opts.gapMs) await sleep(opts.gapMs);
    if (socket.destroyed) break;
    socket.write(list[i] as string | Buffer);
  }
  if (opts.destroyAfterWrite) {
    // Let the bytes leave before the reset, as a client that dies mid-body would.
    await sleep(20);
    socket.resetAndDestroy();
  }
  const outcome = await settled;
  const raw = Buffer.concat(received);
  const { responses } = parseResponses(raw, opts.bodiless);
  return {
    raw,
    responses,
    status: responses[0]?.status ?? statusOf(raw),
    closed: outcome.closed,
    timedOut: outcome.timedOut,
    error,
    elapsedMs: Date.now() - started,
  };
}

/** Status code of the first status line in `raw`, or null. */
export function statusOf(raw: Buffer): number | null {
  const match = /^HTTP\/1\.[01] (\d{3})/.exec(raw.toString('latin1'));
  return match ? Number(match[1]) : null;
}

/** Parses consecutive Content-Length framed responses; `complete` counts the whole ones. */
export function parseResponses(
  raw: Buffer,
  bodiless: readonly number[] = [],
): { responses: RawResponse[]; complete: number } {
  const responses: RawResponse[] = [];
  let offset = 0;
  while (offset < raw.length) {
    const headEnd = raw.indexOf('\r\n\r\n', offset, 'latin1');
    if (headEnd < 0) break;
    const lines = raw.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const statusLine = lines[0] ?? '';
    const match = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine);
    if (!match) break;
    const headers = lines.slice(1).map((line): readonly [string, string] => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    });
    const length = bodiless.includes(responses.length)
      ? 0
      : Number(headers.find(([name]) => name === 'content-length')?.[1] ?? 0);
    const bodyStart = headEnd + 4;
    if (raw.length < bodyStart + length) break;
    responses.push({
      status: Number(match[1]),
      statusLine,
      headers,
      body: raw.subarray(bodyStart, bodyStart + length),
    });
    offset = bodyStart + length;
  }
  return { responses, complete: responses.length };
}

/** Response of {@link sendHttp}. */
export interface HttpResult {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
}

/**
 * A request through node:http (which, unlike fetch, sends bodies with GET and DELETE and lets a
 * body go out in several chunks). `body` as an array is written chunk by chunk with a pause
 * between writes, and the request goes out with Transfer-Encoding: chunked unless a
 * Content-Length header is given.
 */
export function sendHttp(
  url: string,
  opts: {
    method?: string;
    headers?: Record<string, string | number | string[]>;
    body?: Buffer | string | ReadonlyArray<Buffer | string>;
    gapMs?: number;
  } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      { method: opts.method ?? 'POST', headers: opts.headers ?? {}, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    const body = opts.body;
    if (body === undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
      req.end(body);
      return;
    }
    void (async () => {
      for (const chunk of body) {
        req.write(chunk);
        await sleep(opts.gapMs ?? 5);
      }
      req.end();
    })();
  });
}
