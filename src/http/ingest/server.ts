import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { capConnectionsPerIp } from '../../abuse/connection-cap.js';
import { retryAfterSeconds, UNLIMITED, type KeyedLimiter } from '../../abuse/rate-limiter.js';
import { answerIngestProbe, type IngestProbes } from '../../metrics/ingest.js';
import { isId } from '../../domain/ids.js';
import { omitsContentLength, type ResponseAnswer } from '../../domain/response.js';
import type { CaptureResult, IncomingCapture } from '../../services/ingest.js';
import type { ErrorCode } from '../../errors.js';
import { ingestRoute } from './route.js';

export interface IngestServerOptions {
  readonly maxBodyBytes: number;
  readonly trustProxy: boolean;
  /** Stores the request; resolves after commit, rejects when storage failed. */
  readonly capture: (incoming: IncomingCapture) => Promise<CaptureResult>;
  readonly onError: (err: unknown, context: string) => void;
  /** `/readyz` (and `/metrics` when given) on this listener; absent = only /healthz. */
  readonly probes?: IngestProbes;
  /** Defaults: INGEST_LIMITS (REHOOK_INGEST_HEADERS_TIMEOUT, ..._REQUEST_TIMEOUT, ..._KEEPALIVE_TIMEOUT). */
  readonly headersTimeoutMs?: number;
  readonly requestTimeoutMs?: number;
  readonly keepAliveTimeoutMs?: number;
  /** Open connections per remote address (REHOOK_MAX_CONNECTIONS_PER_IP); 0 or absent = no cap. */
  readonly maxConnectionsPerIp?: number;
  /** Per-inbox request limiter (REHOOK_RATE_INGEST_PER_INBOX); absent = no limit. */
  readonly inboxLimiter?: KeyedLimiter;
  /**
   * Aborted when the process shuts down: programmed answers still waiting out their delay are
   * sent at once (with `Connection: close`), and later ones are not delayed, so closing never
   * waits up to 30 s for a delay. Absent = delays always run to their end.
   */
  readonly shutdown?: AbortSignal;
}

/** Limits that keep slow or oversized clients from holding the ingest listener. */
export const INGEST_LIMITS = {
  /** Whole header block; 431 beyond (Node's parser enforces it). */
  maxHeaderBytes: 16 * 1024,
  headersTimeoutMs: 10_000,
  /** A whole request, body included; 408 beyond. */
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
} as const;

const OK_BODY = '{"ok":true}';

/**
 * The ingest listener: `/i/<inboxId>` and any path below it, any method, any body.
 * Nothing is parsed or decompressed: bytes are stored as sent. Answers 200 once the event is
 * committed (also for unknown and expired inboxes, which store nothing), 413 for a body over the
 * limit (nothing stored), 429 beyond the per-inbox rate limit (nothing stored), 503 when storage
 * failed (never a 200 for an event that is not stored).
 */
export function createIngestServer(opts: IngestServerOptions): Server {
  const requestTimeout = opts.requestTimeoutMs ?? INGEST_LIMITS.requestTimeoutMs;
  const server = createServer(
    {
      maxHeaderSize: INGEST_LIMITS.maxHeaderBytes,
      // Node refuses a headers timeout longer than the request timeout; the request one bounds both.
      headersTimeout: Math.min(opts.headersTimeoutMs ?? INGEST_LIMITS.headersTimeoutMs, requestTimeout),
      requestTimeout,
      keepAliveTimeout: opts.keepAliveTimeoutMs ?? INGEST_LIMITS.keepAliveTimeoutMs,
      // Timeouts are only checked this often; Node's 30 s default lets slow clients linger.
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => handleRequest(opts, req, res),
  );
  // Programmed answers waiting out their delay: sent at once when the process shuts down.
  opts.shutdown?.addEventListener('abort', () => cutDelays(opts), { once: true });
  // Node keeps only ~2,000 header lines by default and silently drops the rest; every header a
  // sender sent within the 16 KiB header limit must be stored.
  server.maxHeadersCount = 0;
  // Node would answer `Expect: 100-continue` with 100 before the handler runs, inviting a body
  // that is then refused with 413; an oversized request gets its 413 instead (RFC 9110 §10.1.1).
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    // Nor is a body invited that the per-inbox rate limit will refuse (429).
    const route = ingestRoute(req.url ?? '/');
    const limited =
      route.kind === 'capture' &&
      isId('inbox', route.inboxId) &&
      !(opts.inboxLimiter ?? UNLIMITED).check(route.inboxId).ok;
    if (!declaresTooLarge(req, opts.maxBodyBytes) && !limited) res.writeContinue();
    handleRequest(opts, req, res);
  });
  // Any other expectation: Node would answer a bare 417 and drop the request, but ingest takes
  // any header; the request is captured like any other (RFC 9110 lets a server ignore it).
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => handleRequest(opts, req, res));
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => answerClientError(err, socket));
  capConnectionsPerIp(server, opts.maxConnectionsPerIp ?? 0);
  return server;
}

function handleRequest(opts: IngestServerOptions, req: IncomingMessage, res: ServerResponse): void {
  if (opts.probes && answerIngestProbe(opts.probes, req, res)) return;
  const route = ingestRoute(req.url ?? '/');
  if (route.kind === 'health') {
    sendJson(res, 200, OK_BODY, req.method === 'HEAD');
    return;
  }
  if (route.kind === 'not-found') {
    sendError(req, res, 404, 'NOT_FOUND', 'Not an ingest URL: send requests to /i/<inboxId>');
    return;
  }
  if (declaresTooLarge(req, opts.maxBodyBytes)) {
    rejectTooLarge(req, res, opts.maxBodyBytes);
    return;
  }
  // Per-inbox rate limit: refused before the body is read (Node drains it), nothing stored. Only
  // well-formed ids are counted (nothing else is ever stored), so junk ids cannot fill the map.
  const limiter = isId('inbox', route.inboxId) ? (opts.inboxLimiter ?? UNLIMITED) : UNLIMITED;
  const rate = limiter.take(route.inboxId);
  if (!rate.ok) {
    res.setHeader('retry-after', String(retryAfterSeconds(rate.retryAfterMs)));
    sendError(req, res, 429, 'RATE_LIMITED', 'Too many requests to this inbox; retry after the Retry-After delay');
    return;
  }

  const chunks: Buffer[] = [];
  let received = 0;
  let rejected = false;
  req.on('data', (chunk: Buffer) => {
    if (rejected) return;
    received += chunk.length;
    if (received > opts.maxBodyBytes) {
      // A chunked body crossed the limit: answer now and drop what was read, nothing partial is kept.
      rejected = true;
      chunks.length = 0;
      rejectTooLarge(req, res, opts.maxBodyBytes);
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (rejected) return;
    const incoming: IncomingCapture = {
      inboxId: route.inboxId,
      method: req.method ?? 'GET',
      path: route.path,
      query: route.query,
      rawHeaders: req.rawHeaders,
      body: chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, received),
      sourceIp: sourceIpOf(req, opts.trustProxy),
    };
    opts.capture(incoming).then(
      (result) => {
        // The event is committed: a programmed answer waits out its delay only now, holding
        // nothing but this response (no storage, no database connection).
        const answer = result.stored ? (result.answer ?? null) : null;
        if (answer === null) sendJson(res, 200, OK_BODY, req.method === 'HEAD', req.method === 'OPTIONS');
        else answerAfterDelay(opts, res, answer, req.method === 'HEAD');
      },
      (err: unknown) => {
        opts.onError(err, 'ingest storage failed');
        sendError(req, res, 503, 'STORAGE_UNAVAILABLE', 'The event could not be stored; retry later');
      },
    );
  });
  // A client that resets mid-body never reaches 'end': nothing is stored.
  req.on('error', () => undefined);
}

/** Sends of programmed answers waiting for their delay, per server options (one listener each). */
const delayed = new WeakMap<IngestServerOptions, Set<() => void>>();

function cutDelays(opts: IngestServerOptions): void {
  const waiting = delayed.get(opts);
  if (waiting === undefined) return;
  for (const send of [...waiting]) send();
}

/** Sends `answer` after its delay (at once when there is none or the process is shutting down). */
function answerAfterDelay(opts: IngestServerOptions, res: ServerResponse, answer: ResponseAnswer, head: boolean): void {
  if (answer.delayMs === 0 || opts.shutdown?.aborted === true) {
    sendAnswer(res, answer, head, opts.shutdown?.aborted === true);
    return;
  }
  // The sender hung up while its event was being stored: nothing to wait for.
  if (res.destroyed) return;
  let waiting = delayed.get(opts);
  if (waiting === undefined) {
    waiting = new Set();
    delayed.set(opts, waiting);
  }
  const pending = waiting;
  const settle = () => {
    clearTimeout(timer);
    pending.delete(cut);
    res.off('close', settle);
  };
  const cut = () => {
    settle();
    sendAnswer(res, answer, head, true);
  };
  const timer = setTimeout(() => {
    settle();
    sendAnswer(res, answer, head, false);
  }, answer.delayMs);
  pending.add(cut);
  // A sender that hangs up while waiting: nothing left to send.
  res.once('close', settle);
}

/**
 * Writes a programmed answer: its headers in their order (validated when it was set: never a
 * hop-by-hop or framing header, never CR or LF), then Content-Length, and headers that keep the
 * ingest origin from serving active content (a sandboxing CSP always; nosniff and a public
 * Access-Control-Allow-Origin unless the answer sets them). No body for HEAD.
 */
function sendAnswer(res: ServerResponse, answer: ResponseAnswer, head: boolean, closing: boolean): void {
  if (res.headersSent || res.destroyed) return;
  const flat: string[] = [];
  let allowOrigin = false;
  let nosniff = false;
  for (const [name, value] of answer.headers) {
    const lower = name.toLowerCase();
    if (lower === 'access-control-allow-origin') allowOrigin = true;
    else if (lower === 'x-content-type-options') nosniff = true;
    flat.push(name, value);
  }
  if (!omitsContentLength(answer.status)) flat.push('Content-Length', String(answer.body.length));
  flat.push('Content-Security-Policy', 'sandbox');
  if (!nosniff) flat.push('X-Content-Type-Options', 'nosniff');
  if (!allowOrigin) flat.push('Access-Control-Allow-Origin', '*');
  // Shutting down: the connection closes after this answer, so the listener can close.
  if (closing) res.shouldKeepAlive = false;
  res.writeHead(answer.status, flat);
  res.end(head || answer.body.length === 0 ? undefined : answer.body);
}

function declaresTooLarge(req: IncomingMessage, maxBodyBytes: number): boolean {
  return Number(req.headers['content-length'] ?? 0) > maxBodyBytes;
}

function sourceIpOf(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const value = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
    // The last entry is the one our own proxy appended; earlier ones are client-controlled.
    const last = value?.split(',').pop()?.trim();
    if (last) return last;
  }
  return req.socket.remoteAddress ?? '';
}

function rejectTooLarge(req: IncomingMessage, res: ServerResponse, limit: number): void {
  res.shouldKeepAlive = false;
  sendError(req, res, 413, 'PAYLOAD_TOO_LARGE', `Request body is larger than the limit of ${limit} bytes`);
  // Stop reading the rest of an oversized body once the answer is out.
  res.on('finish', () => req.socket.destroySoon());
}

function sendError(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string): void {
  sendJson(res, status, JSON.stringify({ error: { code, message } }), req.method === 'HEAD');
}

function sendJson(res: ServerResponse, status: number, body: string, head: boolean, preflight = false): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | number> = {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    // The ingest origin holds no credentials, so letting browser-based senders read the answer is safe.
    'access-control-allow-origin': '*',
  };
  if (preflight) {
    headers['access-control-allow-methods'] = '*';
    headers['access-control-allow-headers'] = '*';
    headers['access-control-max-age'] = 600;
  }
  res.writeHead(status, headers);
  res.end(head ? undefined : body);
}

const CLIENT_ERROR_STATUS: Readonly<Record<string, [number, ErrorCode]>> = {
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT'],
};

/** Node's socket of a server connection; `_httpMessage` is the response being written on it. */
type ServerSocket = Socket & { _httpMessage?: ServerResponse | null };

/** Sockets whose error answer is written or scheduled (the parser reports an error per data chunk). */
const answeredSockets = new WeakSet<Socket>();

/** Malformed requests (smuggling shapes, bad framing) never reach the handler: 400 and close. */
function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || (err.code === 'ECONNRESET' && !socket.readable)) {
    socket.destroy();
    return;
  }
  if (answeredSockets.has(socket)) return;
  answeredSockets.add(socket);
  const [status, code] = CLIENT_ERROR_STATUS[err.code ?? ''] ?? [400, 'BAD_REQUEST'];
  const body = JSON.stringify({ error: { code, message: statusText(status) } });
  // Complete requests pipelined before the malformed one are stored and answered first: writing
  // the error now would overtake their 200s (and cut them off), so the sender would see a 400
  // for an event that was committed and send it again.
  afterPendingResponses(socket as ServerSocket, () => {
    if (!socket.writable) return void socket.destroy();
    socket.end(
      `HTTP/1.1 ${status} ${statusText(status)}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}

/**
 * Runs `fn` once no response of a complete request is in flight on `socket` (Node attaches
 * queued pipelined responses one after the other; each 'close' comes after the next is attached).
 * A response whose request is incomplete (the error is in its own body) never finishes: `fn` runs
 * at once.
 */
function afterPendingResponses(socket: ServerSocket, fn: () => void): void {
  const res = socket._httpMessage;
  if (!res?.req.complete) {
    fn();
    return;
  }
  res.once('close', () => afterPendingResponses(socket, fn));
}

function statusText(status: number): string {
  if (status === 431) return 'Request Header Fields Too Large';
  if (status === 408) return 'Request Timeout';
  return 'Bad Request';
}
