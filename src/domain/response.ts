import type { AnswerRecord, HeaderPair } from './captured-event.js';

/**
 * Programmable responses (docs/responses.md, decision 25): what the ingest listener answers a sender, per
 * inbox. An inbox without one answers the contract's `200 {"ok":true}`. Pure: parsing and
 * validating the API's JSON, the stored form, and choosing the answer for a request.
 */

/** One answer the ingest listener can send. */
export interface ResponseAnswer {
  /** 200..599 (a 1xx is not a final answer; see RESPONSE_LIMITS). */
  readonly status: number;
  /** Sent in this order, duplicates kept; never a hop-by-hop or framing header. */
  readonly headers: readonly HeaderPair[];
  readonly body: Buffer;
  /** Wait this long after the event is committed before answering (0..30,000). */
  readonly delayMs: number;
  /**
   * Header values and body are LiquidJS templates rendered against each request
   * (services/response-templates.ts); false: sent as they are, braces and all.
   */
  readonly template: boolean;
}

/** What a rule looks at; every condition given must hold (an empty match matches everything). */
export interface ResponseMatch {
  /** Upper case; the request's method must equal it. */
  readonly method: string | null;
  /**
   * A path below the inbox (`/fail` for `/i/<id>/fail/now`), matched by whole segments:
   * `/fail` matches `/fail` and `/fail/now`, not `/failure`; `/fail/` matches only below `/fail`.
   */
  readonly pathPrefix: string | null;
  /** A request header (name case-insensitive); with `value`, one of its values must equal it exactly. */
  readonly header: { readonly name: string; readonly value: string | null } | null;
}

export interface ResponseRule {
  readonly match: ResponseMatch;
  readonly response: ResponseAnswer;
}

/** An inbox's programmable response: a default answer and ordered rules (the first match wins). */
export interface InboxResponse {
  readonly inboxId: string;
  readonly answer: ResponseAnswer;
  readonly rules: readonly ResponseRule[];
  readonly updatedAt: Date;
}

export const RESPONSE_LIMITS = {
  minStatus: 200,
  maxStatus: 599,
  maxDelayMs: 30_000,
  maxRules: 50,
  maxHeaders: 50,
  maxHeaderNameLength: 256,
  maxHeaderValueLength: 8 * 1024,
  maxBodyBytes: 64 * 1024,
  maxMethodLength: 32,
  maxPathPrefixLength: 1024,
  /** The PUT request body as a whole (JSON). */
  maxRequestBytes: 1024 * 1024,
} as const;

/**
 * Response headers an answer may not set. Hop-by-hop and framing headers would break the
 * connection or the message framing (Rehook writes Content-Length itself); `Host` is a request
 * header; `Set-Cookie` is refused because the ingest origin may share a site with the API origin
 * (`ingest.example.com` and `api.example.com`), where a cookie for the parent domain could shadow
 * the web app's session cookie. Every `Proxy-*` header is refused too (see isForbiddenHeader).
 */
export const FORBIDDEN_RESPONSE_HEADERS: ReadonlySet<string> = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'upgrade',
  'te',
  'trailer',
  'host',
  'http2-settings',
  'set-cookie',
]);

/** Whether an answer may not carry this header (case-insensitive). */
export function isForbiddenHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return FORBIDDEN_RESPONSE_HEADERS.has(lower) || lower.startsWith('proxy-');
}

/** Statuses whose answer has no content (RFC 9110 §15.3.5, §15.3.6, §15.4.5). */
const NO_CONTENT_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** Whether an answer with this status is sent without a Content-Length (RFC 9110 §8.6). */
export function omitsContentLength(status: number): boolean {
  return status === 204 || status === 304;
}

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

// ---------------------------------------------------------------------------------------------
// JSON forms: the API's (a body as text when it is UTF-8) and the stored one (always base64).
// ---------------------------------------------------------------------------------------------

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** An answer as the API shows it: `body` when the bytes are UTF-8 text, else `bodyBase64`. */
export interface ResponseAnswerJson {
  readonly status: number;
  readonly headers: HeaderPair[];
  readonly body?: string;
  readonly bodyBase64?: string;
  readonly delayMs: number;
  /** Present (true) only on templated answers, so older answers read and store as before. */
  readonly template?: true;
}

export interface ResponseMatchJson {
  readonly method?: string;
  readonly pathPrefix?: string;
  readonly header?: { readonly name: string; readonly value?: string };
}

export interface InboxResponseJson extends ResponseAnswerJson {
  readonly rules: Array<{ readonly match: ResponseMatchJson; readonly response: ResponseAnswerJson }>;
  readonly updatedAt: string;
}

function bodyJson(body: Buffer, forStorage: boolean): { body: string } | { bodyBase64: string } {
  if (!forStorage) {
    try {
      return { body: UTF8.decode(body) };
    } catch {
      // Not UTF-8: shown as base64 below.
    }
  }
  return { bodyBase64: body.toString('base64') };
}

function answerJson(answer: ResponseAnswer, forStorage: boolean): ResponseAnswerJson {
  return {
    status: answer.status,
    headers: answer.headers.map(([name, value]) => [name, value]),
    ...bodyJson(answer.body, forStorage),
    delayMs: answer.delayMs,
    ...(answer.template ? { template: true as const } : {}),
  };
}

function matchJson(match: ResponseMatch): ResponseMatchJson {
  return {
    ...(match.method !== null ? { method: match.method } : {}),
    ...(match.pathPrefix !== null ? { pathPrefix: match.pathPrefix } : {}),
    ...(match.header !== null
      ? { header: { name: match.header.name, ...(match.header.value !== null ? { value: match.header.value } : {}) } }
      : {}),
  };
}

/** One answer as the API shows it (`body` when its bytes are UTF-8 text, else `bodyBase64`). */
export function responseAnswerJson(answer: ResponseAnswer): ResponseAnswerJson {
  return answerJson(answer, false);
}

/** The contract's `200 {"ok":true}` as an answer, for showing it where an answer is expected. */
export const CONTRACT_RESPONSE_ANSWER: ResponseAnswer = Object.freeze<ResponseAnswer>({
  status: 200,
  headers: [['Content-Type', 'application/json']],
  body: Buffer.from('{"ok":true}'),
  delayMs: 0,
  template: false,
});

/** The API's JSON of an inbox's response; PUT accepts it back unchanged (updatedAt aside). */
export function inboxResponseJson(response: InboxResponse, forStorage = false): InboxResponseJson {
  return {
    ...answerJson(response.answer, forStorage),
    rules: response.rules.map((rule) => ({
      match: matchJson(rule.match),
      response: answerJson(rule.response, forStorage),
    })),
    updatedAt: response.updatedAt.toISOString(),
  };
}

/** The stored form (one JSON text column on both databases). */
export function encodeStoredResponse(response: InboxResponse): string {
  const { updatedAt: _updatedAt, ...rest } = inboxResponseJson(response, true);
  return JSON.stringify({ v: 1, ...rest });
}

/** Reads the stored form back; throws when it is not one (a corrupt row is a storage failure). */
export function decodeStoredResponse(inboxId: string, text: string, updatedAt: Date): InboxResponse {
  const { v, ...input } = JSON.parse(text) as Record<string, unknown>;
  if (v !== 1) throw new Error(`stored response of ${inboxId} has unknown version ${String(v)}`);
  const parsed = parseInboxResponseInput(input);
  if (!parsed.ok)
    throw new Error(`stored response of ${inboxId} is invalid: ${parsed.problem.path}: ${parsed.problem.message}`);
  return { inboxId, ...parsed.value, updatedAt };
}

// ---------------------------------------------------------------------------------------------
// Choosing the answer for a request.
// ---------------------------------------------------------------------------------------------

/** What the ingest listener knows of a request when it chooses the answer. */
export interface AnswerRequest {
  readonly method: string;
  /** The path below the inbox (`/fail/now` of `/i/<id>/fail/now`); `/` for the inbox itself. */
  readonly subPath: string;
  /** Node's flat rawHeaders, as received (before redaction). */
  readonly rawHeaders: readonly string[];
}

/** The answer chosen for a request, and what the event records of it. */
export interface ChosenAnswer {
  readonly answer: ResponseAnswer;
  readonly record: AnswerRecord;
  /** The inbox's default answer: what is sent when a templated answer fails to render. */
  readonly defaultAnswer: ResponseAnswer;
}

/** The part of an event's path below `/i/<inboxId>`, `/` when there is none. */
export function subPathOf(path: string, inboxId: string): string {
  const below = path.slice(3 + inboxId.length);
  return below === '' ? '/' : below;
}

function matchesPrefix(subPath: string, prefix: string): boolean {
  if (prefix === '/' || prefix.endsWith('/')) return subPath.startsWith(prefix);
  return subPath === prefix || subPath.startsWith(`${prefix}/`);
}

function matchesHeader(rawHeaders: readonly string[], header: NonNullable<ResponseMatch['header']>): boolean {
  const name = header.name.toLowerCase();
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    if ((rawHeaders[i] as string).toLowerCase() !== name) continue;
    if (header.value === null || rawHeaders[i + 1] === header.value) return true;
  }
  return false;
}

export function ruleMatches(match: ResponseMatch, request: AnswerRequest): boolean {
  if (match.method !== null && match.method !== request.method) return false;
  if (match.pathPrefix !== null && !matchesPrefix(request.subPath, match.pathPrefix)) return false;
  if (match.header !== null && !matchesHeader(request.rawHeaders, match.header)) return false;
  return true;
}

/** The first rule that matches, else the default answer. */
export function chooseAnswer(response: InboxResponse, request: AnswerRequest): ChosenAnswer {
  for (let index = 0; index < response.rules.length; index += 1) {
    const rule = response.rules[index] as ResponseRule;
    if (ruleMatches(rule.match, request))
      return {
        answer: rule.response,
        record: { rule: index, status: rule.response.status },
        defaultAnswer: response.answer,
      };
  }
  return {
    answer: response.answer,
    record: { rule: null, status: response.answer.status },
    defaultAnswer: response.answer,
  };
}

/** Roughly how many bytes a response holds in memory (the ingest cache's weight). */
export function responseWeight(response: InboxResponse): number {
  let weight = 256;
  for (const answer of [response.answer, ...response.rules.map((rule) => rule.response)]) {
    weight += 128 + answer.body.length;
    for (const [name, value] of answer.headers) weight += 2 * (name.length + value.length) + 32;
  }
  return weight;
}
