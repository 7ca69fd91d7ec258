import type { HeaderPair } from './captured-event.js';
import type { InboxResponse, ResponseAnswer, ResponseMatch } from './response.js';
import { parseInboxResponseInput } from './response-input.js';

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
