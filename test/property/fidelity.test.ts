/**
 * Fidelity property test.
 *
 * fast-check generates requests (common and odd methods, mixed-case and duplicated header
 * names, latin1 header value bytes, binary bodies up to the ingest limit, Content-Length or
 * chunked framing, odd raw query strings), sends each over a raw TCP socket (so the header bytes
 * are exactly what was generated) to a real in-process Rehook, then checks that:
 *   1. the stored event (method, path, raw query, headers in order with their case, body bytes)
 *      is identical to what was sent, apart from the documented redaction of Authorization and
 *      Cookie (value replaced by `[REDACTED]`);
 *   2. replaying it to a loopback receiver that records the raw bytes delivers the same method,
 *      headers and body, apart from the documented changes (docs/capture.md and
 *      src/egress/outbound-headers.ts): redacted headers, hop-by-hop headers (plus
 *      `proxy-*` and names listed in Connection) dropped; Host and Content-Length recomputed.
 * The expected results are computed here from the documented rules, not with the code under test.
 *
 * Runs: 100 in `npm test`; `npm run test:fuzz` sets REHOOK_FIDELITY_RUNS=1000.
 * A failure prints fast-check's seed and path: rerun with REHOOK_FIDELITY_SEED / _PATH.
 */
import assert from 'node:assert/strict';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { api, startTestRehook, type TestRehook } from '../helpers/rehook.js';

const RUNS = Number(process.env['REHOOK_FIDELITY_RUNS'] ?? 100);
const SEED = process.env['REHOOK_FIDELITY_SEED'];
const PATH = process.env['REHOOK_FIDELITY_PATH'];
/** The ingest body limit of this test's server; bodies are generated up to exactly this size. */
const MAX_BODY = 64 * 1024;
const REDACTED = '[REDACTED]';

/** Documented replay changes (SECURITY.md, outbound-headers.ts), written down independently. */
const REDACTED_NAMES = new Set(['authorization', 'cookie']);
const DROPPED_ON_REPLAY = new Set([
  'authorization',
  'cookie',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'expect',
  'host',
  'content-length',
]);

type Pair = readonly [string, string];

interface GeneratedRequest {
  readonly method: string;
  /** Path below `/i/<inboxId>` (may be ''). */
  readonly suffix: string;
  /** null: no `?` at all; otherwise the raw query after `?` (may be ''). */
  readonly query: string | null;
  /** Header pairs in wire order; values are latin1 (one char = one byte). */
  readonly headers: readonly Pair[];
  readonly body: Buffer;
  readonly chunked: boolean;
  /** Sizes of the chunks when chunked. */
  readonly chunkSeed: number;
}

// ---------------------------------------------------------------------------------------------
// Generators

/** llhttp knows a fixed set of methods; these are the ones a webhook sender could plausibly use. */
const methodArb = fc.constantFrom(
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PURGE',
  'PROPFIND',
  'REPORT',
  'MKCOL',
  'SEARCH',
  'LINK',
  'UNLINK',
  'NOTIFY',
);

/** Request-target bytes llhttp accepts in a path or query (no space, no '#', printable ASCII). */
const URL_CHARS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  ...'-._~!$&\'()*+,;=:@/%?[]|^`{}"<>\\',
];
const urlCharArb = fc.constantFrom(...URL_CHARS);
const percentArb = fc.constantFrom('%20', '%2F', '%E9', '%zz', '%', '%00', '%3F', '%23', '%C3%A9');
const urlPieceArb = fc.oneof({ weight: 4, arbitrary: urlCharArb }, { weight: 1, arbitrary: percentArb });
const urlStringArb = (maxLength: number) => fc.array(urlPieceArb, { maxLength }).map((parts) => parts.join(''));

const suffixArb = fc.oneof(
  fc.constant(''),
  fc.constant('/'),
  urlStringArb(30).map((s) => `/${s.replace(/\?/g, '')}`),
);
const queryArb = fc.oneof(
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.constant('') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('a=1&a=2&&b', '=&=&', '??', 'x=%zz&y=%E9%', 'q=a+b&q=c%20d;e', '[]=1&a[b]=2'),
  },
  { weight: 4, arbitrary: urlStringArb(60) },
);

/** Header names: a pool with the interesting ones (redacted, hop-by-hop, proxy-*) plus random tokens. */
const TOKEN_CHARS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', ..."!#$%&'*+-.^_`|~"];
const randomCase = (name: string) =>
  fc
    .array(fc.boolean(), { minLength: name.length, maxLength: name.length })
    .map((upper) => [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join(''));
const pooledNameArb = fc
  .constantFrom(
    'X-Signature',
    'X-Dup',
    'Content-Type',
    'User-Agent',
    'Accept',
    'Authorization',
    'Cookie',
    'Proxy-Authorization',
    'Proxy-Foo',
    'Keep-Alive',
    'TE',
    'Trailer',
    'Proxy-Connection',
    'X-Hop',
    'Stripe-Signature',
    'X-Hub-Signature-256',
  )
  .chain(randomCase);
const tokenNameArb = fc
  .array(fc.constantFrom(...TOKEN_CHARS), { minLength: 1, maxLength: 20 })
  .map((chars) => `X-${chars.join('')}`);
const headerNameArb = fc.oneof({ weight: 3, arbitrary: pooledNameArb }, { weight: 1, arbitrary: tokenNameArb });

/** Value bytes: visible ASCII, latin1 0x80-0xFF, and inner space/tab (no leading/trailing OWS). */
const valueCharArb = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 0x21, max: 0x7e }) },
    { weight: 2, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
    { weight: 1, arbitrary: fc.constantFrom(0x20, 0x09) },
  )
  .map((code) => String.fromCharCode(code));
const headerValueArb = fc
  .array(valueCharArb, { maxLength: 80 })
  .map((chars) => chars.join('').replace(/^[ \t]+|[ \t]+$/g, ''));

const connectionValueArb = fc.constantFrom('keep-alive', 'close', 'X-Hop', 'keep-alive, X-Hop', 'x-hop , Keep-Alive');

const headersArb = fc.array(
  fc.oneof(
    { weight: 8, arbitrary: fc.tuple(headerNameArb, headerValueArb) },
    { weight: 1, arbitrary: fc.tuple(randomCase('Connection'), connectionValueArb) },
  ),
  { maxLength: 14 },
);

/** Bodies from empty to exactly the limit; big ones are expanded from a seed (fast to shrink). */
const bodyArb = fc.oneof(
  { weight: 3, arbitrary: fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.oneof(fc.integer({ min: 0, max: MAX_BODY }), fc.constant(MAX_BODY)), fc.integer())
      .map(([size, seed]) => pseudoRandomBytes(size, seed)),
  },
);

const requestArb: fc.Arbitrary<GeneratedRequest> = fc.record({
  method: methodArb,
  suffix: suffixArb,
  query: queryArb,
  headers: headersArb,
  body: bodyArb,
  chunked: fc.boolean(),
  chunkSeed: fc.integer(),
});

function pseudoRandomBytes(size: number, seed: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed | 0 || 1;
  for (let i = 0; i < size; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Raw wire

/** Reads one HTTP/1.1 message (head + Content-Length or chunked body) out of `raw`, or null. */
function parseMessage(raw: Buffer): { head: string; body: Buffer } | null {
  const end = raw.indexOf('\r\n\r\n', 0, 'latin1');
  if (end < 0) return null;
  const head = raw.subarray(0, end).toString('latin1');
  const rest = raw.subarray(end + 4);
  const lines = head.split('\r\n').slice(1);
  const value = (name: string) =>
    lines
      .find((line) => line.slice(0, line.indexOf(':')).trim().toLowerCase() === name)
      ?.slice(name.length + 1)
      .trim();
  if (/chunked/i.test(value('transfer-encoding') ?? '')) {
    const parts: Buffer[] = [];
    let offset = 0;
    for (;;) {
      const lineEnd = rest.indexOf('\r\n', offset, 'latin1');
      if (lineEnd < 0) return null;
      const size = parseInt(rest.subarray(offset, lineEnd).toString('latin1'), 16);
      if (size === 0) return rest.length >= lineEnd + 4 ? { head, body: Buffer.concat(parts) } : null;
      if (rest.length < lineEnd + 2 + size + 2) return null;
      parts.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
      offset = lineEnd + 2 + size + 2;
    }
  }
  const length = Number(value('content-length') ?? 0);
  if (rest.length < length) return null;
  return { head, body: rest.subarray(0, length) };
}

/**
 * Sends raw bytes on a fresh connection and resolves with the status of the first response
 * (`head`: the request was HEAD, so the response has no body whatever its Content-Length says).
 */
function sendRaw(host: string, port: number, bytes: Buffer, head: boolean): Promise<{ status: number; raw: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within 10 s: ${Buffer.concat(chunks).toString('latin1')}`));
    }, 10_000);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const raw = Buffer.concat(chunks);
      const message = head ? (raw.includes('\r\n\r\n') ? { head: raw.toString('latin1') } : null) : parseMessage(raw);
      if (message !== null) {
        clearTimeout(timer);
        socket.destroy();
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(message.head)?.[1] ?? 0), raw: raw.toString('latin1') });
      }
    });
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('connect', () => socket.write(bytes));
  });
}

/** A loopback receiver that records every request's raw head and body bytes. */
interface RawReceiver {
  readonly port: number;
  readonly received: Array<{ head: string; body: Buffer }>;
  close(): Promise<void>;
}

async function startRawReceiver(): Promise<RawReceiver> {
  const received: Array<{ head: string; body: Buffer }> = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const message = parseMessage(buffered);
      if (message === null) return;
      received.push(message);
      buffered = Buffer.alloc(0);
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('receiver has no port');
  return {
    port: address.port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Splits the body into 1..4 chunks (sizes from the seed) in chunked framing. */
function chunkedBody(body: Buffer, seed: number): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  let x = seed | 0 || 7;
  while (offset < body.length) {
    x = (Math.imul(x, 1103515245) + 12345) | 0;
    const size = Math.min(body.length - offset, 1 + ((x >>> 8) % Math.max(1, Math.ceil(body.length / 2))));
    parts.push(
      Buffer.from(`${size.toString(16)}\r\n`, 'latin1'),
      body.subarray(offset, offset + size),
      Buffer.from('\r\n'),
    );
    offset += size;
  }
  parts.push(Buffer.from('0\r\n\r\n', 'latin1'));
  return Buffer.concat(parts);
}

/** The request bytes: request line, Host first, generated headers, framing header, body. */
function wireBytes(req: GeneratedRequest, target: string, host: string): { bytes: Buffer; sentHeaders: Pair[] } {
  const sentHeaders: Pair[] = [['Host', host], ...req.headers];
  sentHeaders.push(req.chunked ? ['Transfer-Encoding', 'chunked'] : ['Content-Length', String(req.body.length)]);
  const head = `${req.method} ${target} HTTP/1.1\r\n${sentHeaders.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`;
  const body = req.chunked ? chunkedBody(req.body, req.chunkSeed) : req.body;
  return { bytes: Buffer.concat([Buffer.from(head, 'latin1'), body]), sentHeaders };
}

/** Header pairs of a raw head (after the request line), names and values as sent. */
function headPairs(head: string): Pair[] {
  return head
    .split('\r\n')
    .slice(1)
    .map((line): Pair => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon), line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, '')];
    });
}

/** Expected outbound headers of a replay, from the documented rules. */
function expectedReplayHeaders(stored: readonly Pair[]): Pair[] {
  const nominated = new Set<string>();
  for (const [name, value] of stored) {
    if (name.toLowerCase() !== 'connection') continue;
    for (const token of value.split(',')) if (token.trim() !== '') nominated.add(token.trim().toLowerCase());
  }
  return stored.filter(([name]) => {
    const lower = name.toLowerCase();
    return !DROPPED_ON_REPLAY.has(lower) && !nominated.has(lower) && !lower.startsWith('proxy-');
  });
}

// ---------------------------------------------------------------------------------------------

describe('fidelity: random requests come out of storage and replay byte-identical', () => {
  let rehook: TestRehook;
  let token: string;
  let inboxId: string;
  let receiver: RawReceiver;
  let ingestHost: string;
  let ingestPort: number;

  before(async () => {
    rehook = await startTestRehook({
      env: {
        REHOOK_ALLOW_PRIVATE_DESTINATIONS: '1',
        REHOOK_MAX_BODY: String(MAX_BODY),
        // Abuse limits are not what this test is about (they exist where configured).
        REHOOK_RATE_INGEST_PER_INBOX: '0',
        REHOOK_ANON_MAX_EVENTS: '0',
      },
    });
    ({ token } = await rehook.createUser());
    const created = await api(rehook.apiUrl, '/api/v1/inboxes', { method: 'POST', token });
    assert.equal(created.status, 201, created.text);
    inboxId = created.body.data.inbox.id as string;
    receiver = await startRawReceiver();
    const url = new URL(rehook.ingestUrl);
    ingestHost = url.hostname;
    ingestPort = Number(url.port);
  });
  after(async () => {
    await receiver?.close();
    await rehook?.stop();
  });

  it(`${RUNS} random requests: stored and replayed exactly, apart from the documented changes`, async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(requestArb, async (req) => {
        runs += 1;
        const path = `/i/${inboxId}${req.suffix}`;
        const target = req.query === null ? path : `${path}?${req.query}`;
        const { bytes, sentHeaders } = wireBytes(req, target, `${ingestHost}:${ingestPort}`);
        const answer = await sendRaw(ingestHost, ingestPort, bytes, req.method === 'HEAD');
        assert.equal(answer.status, 200, `ingest answered: ${answer.raw.slice(0, 300)}`);

        // 1. Storage: newest event of the inbox (requests are sequential).
        const list = await api(rehook.apiUrl, `/api/v1/inboxes/${inboxId}/events?limit=1`, { token });
        assert.equal(list.status, 200, list.text);
        const eventId = list.body[0].id as string;
        const got = await api(rehook.apiUrl, `/api/v1/events/${eventId}`, { token });
        assert.equal(got.status, 200, got.text);
        const event = got.body.data.event;
        assert.equal(event.method, req.method, 'method');
        assert.equal(event.path, path, 'path, raw');
        assert.equal(event.query, req.query ?? '', 'query, raw');
        const expectedStored = sentHeaders.map(
          ([n, v]): Pair => [n, REDACTED_NAMES.has(n.toLowerCase()) ? REDACTED : v],
        );
        assert.deepEqual(event.headers, expectedStored, 'headers: order, case, duplicates, latin1 bytes');
        const storedBody = Buffer.from(event.bodyBase64 as string, 'base64');
        assert.ok(storedBody.equals(req.body), `body bytes (${storedBody.length} vs ${req.body.length})`);
        const raw = await fetch(`${rehook.apiUrl}/api/v1/events/${eventId}/body`, {
          headers: { authorization: `Bearer ${token}` },
        });
        assert.ok(Buffer.from(await raw.arrayBuffer()).equals(req.body), 'raw body endpoint bytes');

        // 2. Replay to the raw receiver.
        const before = receiver.received.length;
        const destinationPath = '/fidelity/target?x=1&y=%E9';
        const replay = await api(rehook.apiUrl, `/api/v1/events/${eventId}/replay`, {
          method: 'POST',
          token,
          json: { destination: `http://127.0.0.1:${receiver.port}${destinationPath}` },
        });
        assert.equal(replay.status, 200, replay.text);
        assert.equal(replay.body.data.replay.statusCode, 200, replay.text);
        assert.equal(receiver.received.length, before + 1, 'exactly one request reached the receiver');
        const delivered = receiver.received[before] as { head: string; body: Buffer };
        const requestLine = delivered.head.slice(0, delivered.head.indexOf('\r\n'));
        assert.equal(requestLine, `${req.method} ${destinationPath} HTTP/1.1`);
        const deliveredHeaders = headPairs(delivered.head);
        const hosts = deliveredHeaders.filter(([n]) => n.toLowerCase() === 'host');
        assert.deepEqual(
          hosts.map(([, v]) => v),
          [`127.0.0.1:${receiver.port}`],
          'Host recomputed, once',
        );
        const lengths = deliveredHeaders.filter(([n]) => n.toLowerCase() === 'content-length').map(([, v]) => v);
        if (req.body.length > 0) assert.deepEqual(lengths, [String(req.body.length)], 'Content-Length recomputed');
        else assert.ok(lengths.length === 0 || (lengths.length === 1 && lengths[0] === '0'), 'no body, no length');
        // The client's own connection management (one fresh connection per replay) is its own.
        const passed = deliveredHeaders.filter(
          ([n, v]) =>
            !['host', 'content-length'].includes(n.toLowerCase()) &&
            !(n.toLowerCase() === 'connection' && v === 'close'),
        );
        assert.deepEqual(passed, expectedReplayHeaders(event.headers as Pair[]), 'replayed headers, order and case');
        assert.ok(
          delivered.body.equals(req.body),
          `replayed body bytes (${delivered.body.length} vs ${req.body.length})`,
        );
      }),
      {
        numRuns: RUNS,
        ...(SEED === undefined ? {} : { seed: Number(SEED) }),
        ...(PATH === undefined ? {} : { path: PATH }),
      },
    );
    assert.equal(runs >= RUNS, true);
  });
});
