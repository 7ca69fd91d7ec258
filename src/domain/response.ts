import type { AnswerRecord, HeaderPair } from './captured-event.js';

/**
 * Response rules (docs/responses.md, decision 25): what the ingest listener answers a sender, per
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

/** An inbox's response: a default answer and ordered rules (the first match wins). */
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
export const NO_CONTENT_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/** Whether an answer with this status is sent without a Content-Length (RFC 9110 §8.6). */
export function omitsContentLength(status: number): boolean {
  return status === 204 || status === 304;
}

/** The contract's `200 {"ok":true}` as an answer, for showing it where an answer is expected. */
export const CONTRACT_RESPONSE_ANSWER: ResponseAnswer = Object.freeze<ResponseAnswer>({
  status: 200,
  headers: [['Content-Type', 'application/json']],
  body: Buffer.from('{"ok":true}'),
  delayMs: 0,
  template: false,
});

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
