import { performance } from 'node:perf_hooks';
import { Agent } from 'undici';
import type { HeaderPair } from '../domain/captured-event.js';
import type { OutboundRequest, EgressClient, EgressOutcome } from '../ports/egress-client.js';
import type { AddressPolicy } from './address-policy.js';
import { checkAddress, invalidAllowEntries } from './address-policy.js';
import { classifyFailure } from './classify.js';
import { DeadlineExceededError } from './errors.js';
import { createGuardedConnector } from './guarded-connector.js';
import type { LookupFn } from './guarded-connector.js';
import { buildOutboundHeaders, flattenHeaders, stripTransportHeaders } from './outbound-headers.js';
import { readCapped } from './read-capped.js';

/** Options of {@link createEgressClient}. */
export interface EgressClientOptions {
  /** Which addresses replays may reach; checked on every resolved address at connect time. */
  readonly policy: AddressPolicy;
  /** DNS resolution, then TCP + TLS handshake, each bounded by this (→ `timeout`). */
  readonly connectTimeoutMs: number;
  /** Dispatch to last body byte, including slow-drip bodies (→ `timeout`). */
  readonly totalTimeoutMs: number;
  /** Response body bytes kept; the rest is not read and `truncated` is set. */
  readonly maxResponseBytes: number;
  /** Injectable DNS for tests; default `dns.promises.lookup(host, { all: true })`. */
  readonly lookup?: LookupFn;
}

/** Turns undici's raw `[name, value, ...]` response headers into pairs (latin1 values). */
function headerPairs(raw: unknown): HeaderPair[] {
  if (!Array.isArray(raw)) return [];
  const pairs: HeaderPair[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name: unknown = raw[i];
    const value: unknown = raw[i + 1];
    if (typeof name === 'string' && typeof value === 'string') pairs.push([name, value]);
  }
  return pairs;
}

/**
 * Refusals that need no network: only http(s) is dialed (gopher://, file:// and friends are
 * SSRF classics), and URL credentials are never sent anywhere. The service already ran
 * `parseDestination`; this keeps the client safe on its own.
 */
function preflight(url: URL): EgressOutcome | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { kind: 'forbidden', reason: 'scheme' };
  }
  if (url.username !== '' || url.password !== '') {
    return { kind: 'forbidden', reason: 'credentials' };
  }
  return null;
}

function failureOutcome(err: unknown, startedAt: number): EgressOutcome {
  const failure = classifyFailure(err);
  if (failure.kind === 'forbidden') return failure;
  return { ...failure, latencyMs: performance.now() - startedAt };
}

function validateOptions(opts: EgressClientOptions): void {
  for (const key of ['connectTimeoutMs', 'totalTimeoutMs'] as const) {
    const value = opts[key];
    if (!Number.isFinite(value) || value <= 0) {
      throw new RangeError(`${key} must be a positive number`);
    }
  }
  if (!Number.isInteger(opts.maxResponseBytes) || opts.maxResponseBytes < 0) {
    throw new RangeError('maxResponseBytes must be a non-negative integer');
  }
  const invalid = invalidAllowEntries(opts.policy.allowCidrs ?? []);
  if (invalid.length > 0) throw new RangeError(`invalid allowCidrs entries: ${invalid.join(', ')}`);
}

/**
 * Runs `work` under one absolute deadline. undici's headers/body timeouts reset on every
 * byte, so a slow-drip destination could otherwise hold a replay forever; this deadline
 * covers DNS, connect, send and read. The race settles even while undici is still connecting
 * (undici only honours an abort once the socket is up); the abort then tears the rest down.
 */
async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new DeadlineExceededError(ms);
      controller.abort(err);
      reject(err);
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}

interface Exchange {
  readonly agent: Agent;
  readonly opts: EgressClientOptions;
  readonly startedAt: number;
}

async function exchange(req: OutboundRequest, signal: AbortSignal, ctx: Exchange): Promise<EgressOutcome> {
  const res = await ctx.agent.request({
    origin: req.url.origin,
    path: `${req.url.pathname}${req.url.search}`,
    method: req.method,
    headers: flattenHeaders(
      req.prepared === true ? stripTransportHeaders(req.headers) : buildOutboundHeaders(req.headers),
    ),
    body: req.body,
    signal,
    // A fresh connection per replay means a fresh resolution and policy check: a pooled
    // socket would let a later replay ride on an address validated for an earlier one.
    reset: true,
    headersTimeout: ctx.opts.totalTimeoutMs,
    bodyTimeout: ctx.opts.totalTimeoutMs,
    responseHeaders: 'raw',
  });
  const { body, truncated } = await readCapped(res.body, ctx.opts.maxResponseBytes);
  const latencyMs = performance.now() - ctx.startedAt;
  const headers = headerPairs(res.headers);
  return { kind: 'response', statusCode: res.statusCode, latencyMs, headers, body, truncated };
}

/**
 * Creates the SSRF-safe egress client. It owns a dedicated undici Agent (never the global
 * dispatcher, so environment proxies and other code's interceptors never apply) whose
 * connector resolves, validates and pins every destination address.
 *
 * `send` never throws for destination problems: policy refusals, DNS/TCP/TLS/protocol
 * failures and deadlines all become outcomes. Redirects are not followed (undici 7's
 * `request` has no redirect logic without the redirect interceptor); a 3xx is the result.
 *
 * @throws RangeError at construction when a timeout is not positive, the cap is negative, or
 *   an `allowCidrs` entry is not a CIDR or IP address.
 */
export function createEgressClient(opts: EgressClientOptions): EgressClient {
  validateOptions(opts);
  const agent = new Agent({
    connect: createGuardedConnector({
      policy: opts.policy,
      connectTimeoutMs: opts.connectTimeoutMs,
      ...(opts.lookup === undefined ? {} : { lookup: opts.lookup }),
    }),
  });

  async function send(req: OutboundRequest): Promise<EgressOutcome> {
    const refused = preflight(req.url);
    if (refused !== null) return refused;
    const startedAt = performance.now();
    try {
      return await withDeadline(opts.totalTimeoutMs, (signal) => exchange(req, signal, { agent, opts, startedAt }));
    } catch (err) {
      return failureOutcome(err, startedAt);
    }
  }

  return { send, refusal: (url) => literalRefusal(url, opts.policy), close: () => agent.close() };
}

/**
 * The policy's verdict on a URL whose host needs no DNS: an IP literal, or `localhost` and its
 * subdomains (RFC 6761: they resolve to loopback), with or without the root's trailing dot
 * (`localhost.` resolves like `localhost`, and the connect-time guard refuses it after DNS, so
 * a check at save must too). The WHATWG parser has already turned decimal, hex and octal IPv4
 * notations into dotted quads and IPv6 into RFC 5952 text. Other names are left to the
 * connect-time check.
 */
export function literalRefusal(url: URL, policy: AddressPolicy): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return checkAddress('127.0.0.1', policy);
  if (checkAddress(host, policy) === 'not-an-ip-address') return null;
  return checkAddress(host, policy);
}
