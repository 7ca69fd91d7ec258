import type { HeaderPair } from '../domain/captured-event.js';
import { encodeUrlPart } from '../domain/destination.js';
import type { HeaderEdits, ReplayOverrides } from '../domain/replay-request.js';
import { AppError } from '../errors.js';
import {
  DROPPED_HEADER_PREFIXES,
  HOP_BY_HOP_HEADER_NAMES,
  RECOMPUTED_HEADER_NAMES,
} from '../egress/outbound-headers.js';

/** Limits of edit-and-replay input (decision 22). */
export const OVERRIDE_LIMITS = {
  methodLength: 32,
  pathLength: 2048,
  queryLength: 4096,
  headerEntries: 100,
  headerNameLength: 256,
  headerValueLength: 8192,
  /** Names and values of all `set` headers together. */
  headerBytes: 64 * 1024,
  repeat: 100,
} as const;

/** The request body fields of `POST /events/<id>/replay` that are overrides. */
export const OVERRIDE_FIELDS = ['method', 'path', 'query', 'headers', 'body', 'bodyBase64'] as const;

/** RFC 9110 §5.6.2 token: the syntax of methods and header names. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Field value characters: HTAB, visible ASCII, space, obs-text (Latin-1 0x80-0xFF); no CR, LF, NUL. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Header names the caller may not set: the server computes them or they describe a connection. */
const UNSETTABLE: ReadonlySet<string> = new Set([...HOP_BY_HOP_HEADER_NAMES, ...RECOMPUTED_HEADER_NAMES]);

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message });
}

/**
 * Reads the overrides of a replay request body (decision 22), or undefined when it has none.
 * Throws VALIDATION_FAILED with a message naming the field for anything malformed: a method
 * that is not a token (or CONNECT), a path not starting with '/', '#' or control characters in
 * path or query, header names that are not tokens, values with CR/LF/NUL or outside Latin-1,
 * names the server computes (Host, Content-Length, hop-by-hop, Proxy-*), a name both set and
 * removed, both `body` and `bodyBase64`, a body larger than `maxBodyBytes`, and sizes past
 * {@link OVERRIDE_LIMITS}.
 */
export function parseReplayOverrides(
  input: Readonly<Record<string, unknown>>,
  opts: { readonly maxBodyBytes: number },
): ReplayOverrides | undefined {
  const out: { -readonly [K in keyof ReplayOverrides]: ReplayOverrides[K] } = {};
  if (input['method'] !== undefined) out.method = parseMethod(input['method']);
  if (input['path'] !== undefined) out.path = parsePath(input['path']);
  if (input['query'] !== undefined) out.query = parseQuery(input['query']);
  if (input['headers'] !== undefined) out.headers = parseHeaderEdits(input['headers']);
  const body = parseBody(input['body'], input['bodyBase64'], opts.maxBodyBytes);
  if (body !== undefined) out.body = body;
  return Object.keys(out).length === 0 ? undefined : out;
}

function parseMethod(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > OVERRIDE_LIMITS.methodLength || !TOKEN.test(raw)) {
    throw invalid(`method must be an HTTP method token of 1 to ${OVERRIDE_LIMITS.methodLength} characters (e.g. POST)`);
  }
  if (raw.toUpperCase() === 'CONNECT') throw invalid('method CONNECT cannot be replayed');
  return raw;
}

function parsePath(raw: unknown): string {
  if (typeof raw !== 'string' || !raw.startsWith('/') || raw.length > OVERRIDE_LIMITS.pathLength) {
    throw invalid(`path must be a string starting with '/', at most ${OVERRIDE_LIMITS.pathLength} characters`);
  }
  if (raw.includes('?')) throw invalid("path must not contain '?': send the query in the query field");
  const encoded = encodeUrlPart(raw);
  if (encoded === null) throw invalid("path must not contain control characters, '#' or '\\'");
  return encoded;
}

function parseQuery(raw: unknown): string {
  if (typeof raw !== 'string' || raw.length > OVERRIDE_LIMITS.queryLength) {
    throw invalid(`query must be a string of at most ${OVERRIDE_LIMITS.queryLength} characters`);
  }
  const encoded = encodeUrlPart(raw.startsWith('?') ? raw.slice(1) : raw);
  if (encoded === null) throw invalid("query must not contain control characters, '#' or '\\'");
  return encoded;
}

function parseHeaderName(raw: unknown, where: string): string {
  if (
    typeof raw !== 'string' ||
    raw.length === 0 ||
    raw.length > OVERRIDE_LIMITS.headerNameLength ||
    !TOKEN.test(raw)
  ) {
    throw invalid(
      `${where}: a header name must be an HTTP token of 1 to ${OVERRIDE_LIMITS.headerNameLength} characters`,
    );
  }
  return raw;
}

function parseHeaderValue(raw: unknown, where: string): string {
  if (typeof raw !== 'string' || raw.length > OVERRIDE_LIMITS.headerValueLength) {
    throw invalid(
      `${where}: a header value must be a string of at most ${OVERRIDE_LIMITS.headerValueLength} characters`,
    );
  }
  if (!FIELD_VALUE.test(raw)) {
    throw invalid(
      `${where}: a header value must not contain CR, LF, NUL, other control characters or characters beyond Latin-1`,
    );
  }
  if (/^[\t ]|[\t ]$/.test(raw)) throw invalid(`${where}: a header value must not start or end with whitespace`);
  return raw;
}

function settable(name: string, where: string): void {
  const lower = name.toLowerCase();
  if (UNSETTABLE.has(lower) || DROPPED_HEADER_PREFIXES.some((prefix) => lower.startsWith(prefix))) {
    throw invalid(`${where}: ${name} cannot be set: the server computes it or it describes a connection`);
  }
}

function parseSet(raw: unknown): HeaderPair[] {
  let entries: Array<[unknown, unknown, string]>;
  if (Array.isArray(raw)) {
    entries = raw.map((pair: unknown, i): [unknown, unknown, string] => {
      if (!Array.isArray(pair) || pair.length !== 2) throw invalid(`headers.set[${i}] must be a [name, value] pair`);
      return [pair[0], pair[1], `headers.set[${i}]`];
    });
  } else if (raw !== null && typeof raw === 'object') {
    entries = Object.entries(raw).map(([name, value]): [unknown, unknown, string] => [
      name,
      value,
      `headers.set.${name}`,
    ]);
  } else {
    throw invalid('headers.set must be an object {"Name": "value"} or an array of [name, value] pairs');
  }
  if (entries.length > OVERRIDE_LIMITS.headerEntries)
    throw invalid(`headers.set holds at most ${OVERRIDE_LIMITS.headerEntries} headers`);
  let bytes = 0;
  const pairs = entries.map(([name, value, where]): HeaderPair => {
    const checked = parseHeaderName(name, where);
    settable(checked, where);
    const text = parseHeaderValue(value, where);
    bytes += checked.length + text.length;
    return [checked, text];
  });
  if (bytes > OVERRIDE_LIMITS.headerBytes)
    throw invalid(`headers.set holds at most ${OVERRIDE_LIMITS.headerBytes} bytes of names and values`);
  return pairs;
}

function parseRemove(raw: unknown): string[] {
  if (!Array.isArray(raw)) throw invalid('headers.remove must be an array of header names');
  if (raw.length > OVERRIDE_LIMITS.headerEntries)
    throw invalid(`headers.remove holds at most ${OVERRIDE_LIMITS.headerEntries} names`);
  return raw.map((name: unknown, i) => parseHeaderName(name, `headers.remove[${i}]`));
}

function parseHeaderEdits(raw: unknown): HeaderEdits {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid('headers must be an object with "set" and/or "remove"');
  }
  const fields = raw as Record<string, unknown>;
  const unknown = Object.keys(fields).filter((key) => key !== 'set' && key !== 'remove');
  if (unknown.length > 0)
    throw invalid(`headers accepts only "set" and "remove", not ${unknown.map((k) => JSON.stringify(k)).join(', ')}`);
  const set = fields['set'] === undefined ? [] : parseSet(fields['set']);
  const remove = fields['remove'] === undefined ? [] : parseRemove(fields['remove']);
  const removed = new Set(remove.map((name) => name.toLowerCase()));
  const both = set.find(([name]) => removed.has(name.toLowerCase()));
  if (both) throw invalid(`headers: ${both[0]} is both set and removed`);
  return { set, remove };
}

function parseBody(text: unknown, base64: unknown, maxBodyBytes: number): Buffer | undefined {
  if (text !== undefined && base64 !== undefined) throw invalid('send body or bodyBase64, not both');
  let body: Buffer;
  if (text !== undefined) {
    if (typeof text !== 'string') throw invalid('body must be a string (sent as UTF-8); use bodyBase64 for bytes');
    body = Buffer.from(text, 'utf8');
  } else if (base64 !== undefined) {
    if (typeof base64 !== 'string' || !BASE64.test(base64))
      throw invalid('bodyBase64 must be standard base64 (A-Z a-z 0-9 + /, padded with =)');
    body = Buffer.from(base64, 'base64');
  } else {
    return undefined;
  }
  if (body.length > maxBodyBytes)
    throw invalid(`body is ${body.length} bytes; at most ${maxBodyBytes} (REHOOK_MAX_BODY)`);
  return body;
}

/** `repeat`: absent, or an integer from 1 to 100. */
export function parseRepeat(raw: unknown): number | undefined {
  if (raw === undefined) return undefined;
  if (typeof raw !== 'number' || !Number.isInteger(raw) || raw < 1 || raw > OVERRIDE_LIMITS.repeat) {
    throw invalid(`repeat must be an integer from 1 to ${OVERRIDE_LIMITS.repeat}`);
  }
  return raw;
}

/** `resign`: absent (false) or a boolean. */
export function parseResign(raw: unknown): boolean {
  if (raw === undefined) return false;
  if (typeof raw !== 'boolean') throw invalid('resign must be true or false');
  return raw;
}
