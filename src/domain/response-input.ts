import type { HeaderPair } from './captured-event.js';
import {
  isForbiddenHeader,
  NO_CONTENT_STATUSES,
  RESPONSE_LIMITS,
  type ResponseAnswer,
  type ResponseMatch,
  type ResponseRule,
} from './response.js';

/**
 * Reading an inbox's response as `PUT /api/v1/inboxes/<id>/response` sends it (and as it is
 * stored): every field checked, each problem reported at its JSON pointer.
 */

/** RFC 9110 §5.6.2 token: header names and methods. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What Node writes in a header value unchanged: tab, visible ASCII, space, and latin1 bytes. */
const INVALID_VALUE_CHAR = /[^\t\x20-\x7e\x80-\xff]/;
/** A path prefix: visible ASCII only (paths arrive percent-encoded), no query or fragment. */
const PATH_PREFIX = /^\/[\x21-\x7e]*$/;

/** A problem with the request body, at a JSON pointer. */
export interface ResponseProblem {
  readonly path: string;
  readonly message: string;
}

export type ParseResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problem: ResponseProblem };

class Invalid extends Error {
  constructor(readonly problem: ResponseProblem) {
    super(`${problem.path}: ${problem.message}`);
  }
}

function fail(path: string, message: string): never {
  throw new Invalid({ path: path === '' ? '/' : path, message });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function onlyKeys(value: Record<string, unknown>, path: string, allowed: readonly string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      fail(`${path}/${key}`, `unknown field "${key}" (expected ${allowed.map((k) => `"${k}"`).join(', ')})`);
  }
}

function parseStatus(value: unknown, path: string): number {
  if (value === undefined) return 200;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 100 || value > RESPONSE_LIMITS.maxStatus) {
    fail(path, `status must be an integer from ${RESPONSE_LIMITS.minStatus} to ${RESPONSE_LIMITS.maxStatus}`);
  }
  if (value < RESPONSE_LIMITS.minStatus) {
    fail(
      path,
      `status ${value} is informational (1xx): it cannot be the final answer to a request; use ${RESPONSE_LIMITS.minStatus} to ${RESPONSE_LIMITS.maxStatus}`,
    );
  }
  return value;
}

function parseDelay(value: unknown, path: string): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > RESPONSE_LIMITS.maxDelayMs) {
    fail(path, `delayMs must be an integer number of milliseconds from 0 to ${RESPONSE_LIMITS.maxDelayMs}`);
  }
  return value;
}

function parseHeaderName(value: unknown, path: string): string {
  if (
    typeof value !== 'string' ||
    value.length === 0 ||
    value.length > RESPONSE_LIMITS.maxHeaderNameLength ||
    !TOKEN.test(value)
  ) {
    fail(
      path,
      `a header name must be 1 to ${RESPONSE_LIMITS.maxHeaderNameLength} token characters (letters, digits, !#$%&'*+-.^_\`|~)`,
    );
  }
  return value;
}

function parseHeaderValue(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.length > RESPONSE_LIMITS.maxHeaderValueLength) {
    fail(path, `a header value must be a string of at most ${RESPONSE_LIMITS.maxHeaderValueLength} characters`);
  }
  if (INVALID_VALUE_CHAR.test(value)) {
    fail(
      path,
      'a header value may hold only tab, printable ASCII and latin1 characters (no CR, LF or other control characters)',
    );
  }
  if (value !== value.trim()) fail(path, 'a header value must not start or end with spaces or tabs');
  return value;
}

function parseHeaders(value: unknown, path: string): HeaderPair[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(path, 'headers must be an array of [name, value] pairs');
  if (value.length > RESPONSE_LIMITS.maxHeaders) fail(path, `at most ${RESPONSE_LIMITS.maxHeaders} headers per answer`);
  return value.map((pair: unknown, index): HeaderPair => {
    const at = `${path}/${index}`;
    if (!Array.isArray(pair) || pair.length !== 2) fail(at, 'each header must be a [name, value] pair');
    const name = parseHeaderName(pair[0], `${at}/0`);
    if (isForbiddenHeader(name)) {
      fail(
        `${at}/0`,
        `header "${name}" cannot be set: hop-by-hop and framing headers (Connection, Keep-Alive, Transfer-Encoding, ` +
          'Content-Length, Upgrade, TE, Trailer, Proxy-*), Host and Set-Cookie are refused',
      );
    }
    return [name, parseHeaderValue(pair[1], `${at}/1`)];
  });
}

function parseBody(record: Record<string, unknown>, path: string): Buffer {
  const text = record['body'];
  const base64 = record['bodyBase64'];
  if (text !== undefined && base64 !== undefined) fail(path, 'give either body or bodyBase64, not both');
  let body: Buffer;
  if (base64 !== undefined) {
    if (typeof base64 !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) {
      fail(`${path}/bodyBase64`, 'bodyBase64 must be standard base64 (A-Z, a-z, 0-9, +, /, padded with =)');
    }
    body = Buffer.from(base64, 'base64');
  } else if (text !== undefined) {
    if (typeof text !== 'string') fail(`${path}/body`, 'body must be a string (use bodyBase64 for bytes)');
    if (/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)) {
      fail(
        `${path}/body`,
        'body must be valid Unicode text (a lone surrogate cannot be encoded as UTF-8; use bodyBase64)',
      );
    }
    body = Buffer.from(text, 'utf8');
  } else {
    body = Buffer.alloc(0);
  }
  if (body.length > RESPONSE_LIMITS.maxBodyBytes) {
    fail(
      `${path}/${base64 !== undefined ? 'bodyBase64' : 'body'}`,
      `body is ${body.length} bytes, more than the limit of ${RESPONSE_LIMITS.maxBodyBytes}`,
    );
  }
  return body;
}

const ANSWER_KEYS = ['status', 'headers', 'body', 'bodyBase64', 'delayMs', 'template'] as const;

const UTF8_CHECK = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function parseTemplateFlag(value: unknown, body: Buffer, path: string): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') fail(`${path}/template`, 'template must be true or false');
  if (value) {
    try {
      UTF8_CHECK.decode(body);
    } catch {
      fail(`${path}/template`, 'a templated answer needs a UTF-8 text body (body, not bodyBase64 bytes)');
    }
  }
  return value;
}

function parseAnswer(value: Record<string, unknown>, path: string, extraKeys: readonly string[]): ResponseAnswer {
  onlyKeys(value, path, [...ANSWER_KEYS, ...extraKeys]);
  const status = parseStatus(value['status'], `${path}/status`);
  const headers = parseHeaders(value['headers'], `${path}/headers`);
  const body = parseBody(value, path);
  if (body.length > 0 && NO_CONTENT_STATUSES.has(status))
    fail(`${path}/status`, `a ${status} answer has no content: leave the body empty`);
  return {
    status,
    headers,
    body,
    delayMs: parseDelay(value['delayMs'], `${path}/delayMs`),
    template: parseTemplateFlag(value['template'], body, path),
  };
}

function parseMatch(value: unknown, path: string): ResponseMatch {
  if (!isPlainObject(value)) fail(path, 'match must be an object with method, pathPrefix and/or header');
  onlyKeys(value, path, ['method', 'pathPrefix', 'header']);
  let method: string | null = null;
  if (value['method'] !== undefined) {
    const raw = value['method'];
    if (
      typeof raw !== 'string' ||
      raw.length === 0 ||
      raw.length > RESPONSE_LIMITS.maxMethodLength ||
      !TOKEN.test(raw)
    ) {
      fail(
        `${path}/method`,
        `method must be an HTTP method name (1 to ${RESPONSE_LIMITS.maxMethodLength} token characters), e.g. "POST"`,
      );
    }
    method = raw.toUpperCase();
  }
  let pathPrefix: string | null = null;
  if (value['pathPrefix'] !== undefined) {
    const raw = value['pathPrefix'];
    if (
      typeof raw !== 'string' ||
      raw.length > RESPONSE_LIMITS.maxPathPrefixLength ||
      !PATH_PREFIX.test(raw) ||
      /[?#]/.test(raw)
    ) {
      fail(
        `${path}/pathPrefix`,
        `pathPrefix must be a path below the inbox starting with "/" (e.g. "/fail" for /i/<id>/fail/now), ` +
          `at most ${RESPONSE_LIMITS.maxPathPrefixLength} printable ASCII characters, without a query or spaces`,
      );
    }
    pathPrefix = raw;
  }
  let header: ResponseMatch['header'] = null;
  if (value['header'] !== undefined) {
    const raw = value['header'];
    if (!isPlainObject(raw))
      fail(`${path}/header`, 'header must be an object: {"name": "...", "value": "..."} (value optional)');
    onlyKeys(raw, `${path}/header`, ['name', 'value']);
    const name = parseHeaderName(raw['name'], `${path}/header/name`);
    let headerValue: string | null = null;
    if (raw['value'] !== undefined && raw['value'] !== null) {
      if (typeof raw['value'] !== 'string' || raw['value'].length > RESPONSE_LIMITS.maxHeaderValueLength) {
        fail(
          `${path}/header/value`,
          `header value must be a string of at most ${RESPONSE_LIMITS.maxHeaderValueLength} characters`,
        );
      }
      headerValue = raw['value'];
    }
    header = { name, value: headerValue };
  }
  return { method, pathPrefix, header };
}

function parseRules(value: unknown, path: string): ResponseRule[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail(path, 'rules must be an array of {match, response}');
  if (value.length > RESPONSE_LIMITS.maxRules) fail(path, `at most ${RESPONSE_LIMITS.maxRules} rules`);
  return value.map((rule: unknown, index): ResponseRule => {
    const at = `${path}/${index}`;
    if (!isPlainObject(rule)) fail(at, 'each rule must be an object {match, response}');
    onlyKeys(rule, at, ['match', 'response']);
    if (rule['match'] === undefined) fail(`${at}/match`, 'a rule needs a match');
    const match = parseMatch(rule['match'], `${at}/match`);
    if (!isPlainObject(rule['response']))
      fail(`${at}/response`, 'a rule needs a response object {status, headers, body|bodyBase64, delayMs}');
    return { match, response: parseAnswer(rule['response'], `${at}/response`, []) };
  });
}

/**
 * Reads the body of `PUT /api/v1/inboxes/<id>/response`: the default answer's fields at the top
 * level, plus `rules`. Everything is optional (`{}` is a plain 200 with an empty body); unknown
 * fields are refused, so a misspelt one is not silently ignored.
 */
export function parseInboxResponseInput(
  input: unknown,
): ParseResult<{ answer: ResponseAnswer; rules: ResponseRule[] }> {
  try {
    if (!isPlainObject(input)) fail('', 'the body must be a JSON object');
    // `updatedAt` is shown by GET and ignored here, so what GET shows can be sent back as it is.
    const answer = parseAnswer(input, '', ['rules', 'updatedAt']);
    return { ok: true, value: { answer, rules: parseRules(input['rules'], '/rules') } };
  } catch (err) {
    if (err instanceof Invalid) return { ok: false, problem: err.problem };
    throw err;
  }
}
