import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import type { HeaderPair, SignatureCheck } from '../domain/captured-event.js';
import { whsecKey, type SignatureSettings } from './settings.js';

/**
 * Verifying and signing webhook signatures, scheme by scheme (docs/signatures.md). Pure: no I/O,
 * no clock (the caller passes the capture time). The body is the exact bytes received, fed to
 * the HMAC as a Buffer, never decoded or re-encoded. Digests are compared in constant time.
 */

/** What a signature is checked over: the request as captured, and when it was captured. */
export interface SignedRequest {
  readonly headers: readonly HeaderPair[];
  readonly body: Buffer;
  /** The capture time: timestamps are judged against it, not against the time of the check. */
  readonly receivedAt: Date;
}

type Outcome = { readonly ok: true } | { readonly ok: false; readonly reason: string };
const OK: Outcome = { ok: true };
const fail = (reason: string): Outcome => ({ ok: false, reason });

const MISMATCH = 'signature mismatch: wrong secret, or the body was changed';

function hmac(key: string | Buffer, ...parts: (string | Buffer)[]): Buffer {
  const mac = createHmac('sha256', key);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

/** Constant-time equality of two byte strings (false at once when the lengths differ). */
function bytesEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

const HEX_64 = /^[0-9a-fA-F]{64}$/;
const BASE64_32 = /^[A-Za-z0-9+/]{43}=?$/;
const DIGITS = /^\d{1,15}$/;

/**
 * The single value of a header (case-insensitive name). Absent: 'missing'; present more than
 * once: 'duplicate' (a sender sends a signature header once; two are not guessed between).
 */
function headerValue(headers: readonly HeaderPair[], name: string): string | 'missing' | 'duplicate' {
  const lower = name.toLowerCase();
  let found: string | null = null;
  for (const [key, value] of headers) {
    if (key.toLowerCase() !== lower) continue;
    if (found !== null) return 'duplicate';
    found = value;
  }
  return found ?? 'missing';
}

type Read = { readonly value: string } | { readonly reason: string };

function readHeader(headers: readonly HeaderPair[], name: string): Read {
  const value = headerValue(headers, name);
  if (value === 'missing') return { reason: `missing ${name} header` };
  if (value === 'duplicate') return { reason: `malformed ${name} header: sent more than once` };
  return { value };
}

function readTimestamp(raw: string, header: string): number | string {
  const value = raw.trim();
  if (!DIGITS.test(value)) return `malformed ${header}: the timestamp is not a number of seconds`;
  return Number(value);
}

/**
 * Whether a signed timestamp is close enough to the capture time. `pastOnly`: only an old
 * timestamp fails (Stripe's libraries accept one from the future, after clock skew); otherwise
 * the distance counts both ways (Slack, Standard Webhooks).
 */
function checkTolerance(timestamp: number, receivedAt: Date, toleranceSeconds: number, pastOnly: boolean): Outcome {
  const age = Math.floor(receivedAt.getTime() / 1000) - timestamp;
  if (age > toleranceSeconds) {
    return fail(`timestamp outside tolerance: signed ${age} s before capture (tolerance ${toleranceSeconds} s)`);
  }
  if (!pastOnly && -age > toleranceSeconds) {
    return fail(`timestamp outside tolerance: signed ${-age} s after capture (tolerance ${toleranceSeconds} s)`);
  }
  return OK;
}

function verifyStripe(settings: SignatureSettings, request: SignedRequest): Outcome {
  const header = readHeader(request.headers, 'Stripe-Signature');
  if ('reason' in header) return fail(header.reason);
  let timestamp: string | null = null;
  const candidates: string[] = [];
  for (const item of header.value.split(',')) {
    const at = item.indexOf('=');
    if (at < 0) continue;
    const key = item.slice(0, at).trim();
    const value = item.slice(at + 1).trim();
    if (key === 't') timestamp = value;
    else if (key === 'v1') candidates.push(value);
  }
  if (timestamp === null) return fail('malformed Stripe-Signature header: no t= timestamp');
  if (candidates.length === 0) return fail('malformed Stripe-Signature header: no v1= signature');
  const seconds = readTimestamp(timestamp, 'Stripe-Signature header');
  if (typeof seconds === 'string') return fail(seconds);
  const expected = hmac(settings.secret, `${timestamp}.`, request.body);
  // Several v1 signatures are sent while a secret is being rolled: any one may match. Each
  // comparison is constant-time; which one matched is not secret.
  const matched = candidates.some(
    (candidate) => HEX_64.test(candidate) && bytesEqual(Buffer.from(candidate, 'hex'), expected),
  );
  if (!matched) return fail(MISMATCH);
  return checkTolerance(seconds, request.receivedAt, settings.options.toleranceSeconds ?? 300, true);
}

function verifyGithub(settings: SignatureSettings, request: SignedRequest): Outcome {
  const header = readHeader(request.headers, 'X-Hub-Signature-256');
  if ('reason' in header) return fail(header.reason);
  const value = header.value.trim();
  if (!value.startsWith('sha256=') || !HEX_64.test(value.slice(7))) {
    return fail('malformed X-Hub-Signature-256 header: expected sha256= and 64 hex digits');
  }
  return bytesEqual(Buffer.from(value.slice(7), 'hex'), hmac(settings.secret, request.body)) ? OK : fail(MISMATCH);
}

function verifyShopify(settings: SignatureSettings, request: SignedRequest): Outcome {
  const header = readHeader(request.headers, 'X-Shopify-Hmac-Sha256');
  if ('reason' in header) return fail(header.reason);
  const value = header.value.trim();
  if (!BASE64_32.test(value)) return fail('malformed X-Shopify-Hmac-Sha256 header: expected the base64 of 32 bytes');
  return bytesEqual(Buffer.from(value, 'base64'), hmac(settings.secret, request.body)) ? OK : fail(MISMATCH);
}

function verifySlack(settings: SignatureSettings, request: SignedRequest): Outcome {
  const header = readHeader(request.headers, 'X-Slack-Signature');
  if ('reason' in header) return fail(header.reason);
  const stamp = readHeader(request.headers, 'X-Slack-Request-Timestamp');
  if ('reason' in stamp) return fail(stamp.reason);
  const seconds = readTimestamp(stamp.value, 'X-Slack-Request-Timestamp header');
  if (typeof seconds === 'string') return fail(seconds);
  const value = header.value.trim();
  if (!value.startsWith('v0=') || !HEX_64.test(value.slice(3))) {
    return fail('malformed X-Slack-Signature header: expected v0= and 64 hex digits');
  }
  const expected = hmac(settings.secret, `v0:${stamp.value.trim()}:`, request.body);
  if (!bytesEqual(Buffer.from(value.slice(3), 'hex'), expected)) return fail(MISMATCH);
  return checkTolerance(seconds, request.receivedAt, settings.options.toleranceSeconds ?? 300, false);
}

/** Standard Webhooks (and Svix, the same scheme with `svix-` headers). */
function verifyStandard(prefix: 'webhook' | 'svix', settings: SignatureSettings, request: SignedRequest): Outcome {
  const id = readHeader(request.headers, `${prefix}-id`);
  if ('reason' in id) return fail(id.reason);
  const stamp = readHeader(request.headers, `${prefix}-timestamp`);
  if ('reason' in stamp) return fail(stamp.reason);
  const header = readHeader(request.headers, `${prefix}-signature`);
  if ('reason' in header) return fail(header.reason);
  const seconds = readTimestamp(stamp.value, `${prefix}-timestamp header`);
  if (typeof seconds === 'string') return fail(seconds);
  const key = whsecKey(settings.secret);
  if (key === null) return fail('the stored secret is not a whsec_ secret');
  // A space-separated list of `version,signature`; only v1 (HMAC-SHA256) is checked, others
  // (v1a, asymmetric) are skipped as the reference libraries do.
  const candidates: string[] = [];
  for (const item of header.value.split(' ')) {
    const comma = item.indexOf(',');
    if (comma > 0 && item.slice(0, comma) === 'v1') candidates.push(item.slice(comma + 1));
  }
  if (candidates.length === 0) return fail(`malformed ${prefix}-signature header: no v1,<base64> signature`);
  const expected = hmac(key, `${id.value}.${stamp.value}.`, request.body);
  const matched = candidates.some(
    (candidate) => BASE64_32.test(candidate) && bytesEqual(Buffer.from(candidate, 'base64'), expected),
  );
  if (!matched) return fail(MISMATCH);
  return checkTolerance(seconds, request.receivedAt, settings.options.toleranceSeconds ?? 300, false);
}

function verifyGeneric(settings: SignatureSettings, request: SignedRequest): Outcome {
  const name = settings.options.header ?? '';
  const header = readHeader(request.headers, name);
  if ('reason' in header) return fail(header.reason);
  const prefix = settings.options.prefix ?? '';
  const value = header.value.trim();
  if (!value.startsWith(prefix)) return fail(`malformed ${name} header: it does not start with '${prefix}'`);
  const digest = value.slice(prefix.length);
  const encoding = settings.options.encoding ?? 'hex';
  const well = encoding === 'hex' ? HEX_64.test(digest) : BASE64_32.test(digest);
  if (!well)
    return fail(
      `malformed ${name} header: expected ${encoding === 'hex' ? '64 hex digits' : 'the base64 of 32 bytes'}${prefix === '' ? '' : ` after '${prefix}'`}`,
    );
  return bytesEqual(Buffer.from(digest, encoding), hmac(settings.secret, request.body)) ? OK : fail(MISMATCH);
}

function verifyWith(settings: SignatureSettings, request: SignedRequest): Outcome {
  switch (settings.scheme) {
    case 'stripe':
      return verifyStripe(settings, request);
    case 'github':
      return verifyGithub(settings, request);
    case 'shopify':
      return verifyShopify(settings, request);
    case 'slack':
      return verifySlack(settings, request);
    case 'standard-webhooks':
      return verifyStandard('webhook', settings, request);
    case 'svix':
      return verifyStandard('svix', settings, request);
    case 'hmac-sha256':
      return verifyGeneric(settings, request);
  }
}

/**
 * Checks the request's signature with the inbox's settings: `valid`, or `invalid` with the
 * reason (missing or malformed header, mismatch, timestamp outside tolerance). Never throws;
 * reasons never contain the secret.
 */
export function verifySignature(settings: SignatureSettings, request: SignedRequest): SignatureCheck {
  const outcome = verifyWith(settings, request);
  return outcome.ok
    ? { scheme: settings.scheme, status: 'valid', reason: null }
    : { scheme: settings.scheme, status: 'invalid', reason: outcome.reason };
}

/** What a fresh signature is made over. */
export interface SigningInput {
  readonly body: Buffer;
  /** The signing time (its whole seconds are the timestamp). */
  readonly at: Date;
  /**
   * The request's headers: Standard Webhooks and Svix keep the message id they carry (receivers
   * use it to drop duplicates); a new one is made when there is none.
   */
  readonly headers?: readonly HeaderPair[];
}

function messageId(headers: readonly HeaderPair[] | undefined, name: string): string {
  const found = headers === undefined ? 'missing' : headerValue(headers, name);
  if (found !== 'missing' && found !== 'duplicate' && found.length > 0) return found;
  return `msg_${randomBytes(16).toString('hex')}`;
}

/**
 * Fresh signature headers for a body, as the scheme's sender would send them at `at` (names in
 * the providers' usual spelling). The caller puts them in place of the request's own.
 */
export function signatureHeaders(settings: SignatureSettings, input: SigningInput): HeaderPair[] {
  const seconds = String(Math.floor(input.at.getTime() / 1000));
  switch (settings.scheme) {
    case 'stripe':
      return [
        ['Stripe-Signature', `t=${seconds},v1=${hmac(settings.secret, `${seconds}.`, input.body).toString('hex')}`],
      ];
    case 'github':
      return [['X-Hub-Signature-256', `sha256=${hmac(settings.secret, input.body).toString('hex')}`]];
    case 'shopify':
      return [['X-Shopify-Hmac-Sha256', hmac(settings.secret, input.body).toString('base64')]];
    case 'slack':
      return [
        ['X-Slack-Request-Timestamp', seconds],
        ['X-Slack-Signature', `v0=${hmac(settings.secret, `v0:${seconds}:`, input.body).toString('hex')}`],
      ];
    case 'standard-webhooks':
    case 'svix': {
      const prefix = settings.scheme === 'svix' ? 'svix' : 'webhook';
      const id = messageId(input.headers, `${prefix}-id`);
      const key = whsecKey(settings.secret) ?? Buffer.alloc(0);
      const signature = hmac(key, `${id}.${seconds}.`, input.body).toString('base64');
      return [
        [`${prefix}-id`, id],
        [`${prefix}-timestamp`, seconds],
        [`${prefix}-signature`, `v1,${signature}`],
      ];
    }
    case 'hmac-sha256': {
      const digest = hmac(settings.secret, input.body).toString(settings.options.encoding ?? 'hex');
      return [[settings.options.header ?? 'X-Signature', `${settings.options.prefix ?? ''}${digest}`]];
    }
  }
}

/**
 * The request's headers with the scheme's signature headers replaced by `fresh`, matching names
 * case-insensitively: each fresh header takes the place (and the name's spelling) of the first
 * header of its name, further copies are dropped, and fresh headers the request did not carry
 * are appended. Every other header keeps its order and value.
 */
export function replaceHeaders(headers: readonly HeaderPair[], fresh: readonly HeaderPair[]): HeaderPair[] {
  const byName = new Map(fresh.map(([name, value]) => [name.toLowerCase(), { name, value, placed: false }]));
  const out: HeaderPair[] = [];
  for (const [name, value] of headers) {
    const replacement = byName.get(name.toLowerCase());
    if (replacement === undefined) {
      out.push([name, value]);
    } else if (!replacement.placed) {
      replacement.placed = true;
      out.push([name, replacement.value]);
    }
  }
  for (const replacement of byName.values()) {
    if (!replacement.placed) out.push([replacement.name, replacement.value]);
  }
  return out;
}
