import { randomUUID } from 'node:crypto';
import { Liquid, type Template } from 'liquidjs';
import { type AnswerRecord, CONTRACT_ANSWER, type HeaderPair } from '../domain/captured-request.js';
import { parseLosslessJsonBody, stringifyLossless } from '../domain/lossless-json.js';
import {
  type ChosenAnswer,
  RESPONSE_LIMITS,
  type ResponseAnswer,
  type ResponseRule,
} from '../domain/inbox-response.js';

/**
 * Templated answers (docs/insight.md, "Templated answers"): an answer with `template: true` has
 * its header values and body rendered by LiquidJS against the request. Senders are untrusted and
 * so are template authors (anyone holding an anonymous inbox's id), so the engine has no file
 * system (include, render and layout are refused when the template is saved), limits on parse
 * size, render time and memory, and reads only the request's own properties.
 */

export const TEMPLATE_LIMITS = {
  /** Characters of one template (the engine's parseLimit). */
  parseLimit: 128 * 1024,
  /** Milliseconds one template may take to render (the engine's renderLimit). */
  renderLimitMs: 100,
  /** Bytes of strings and arrays one render may allocate (the engine's memoryLimit). */
  memoryLimit: 16 * 1024 * 1024,
  /** A rendered body larger than this is a render failure. */
  maxRenderedBodyBytes: 1024 * 1024,
  /** Distinct templates kept parsed (the oldest is dropped first). */
  cacheEntries: 2000,
} as const;

/** A template failed to parse (at save) or to render (at ingest): what and where, for a person. */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';
}

const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

function createEngine(): Liquid {
  const engine = new Liquid({
    // Lookups go to this empty map, never to the file system (and the tags below refuse first).
    templates: {},
    // A misspelt filter is refused at save rather than passing the value through.
    strictFilters: true,
    // A missing variable renders empty, as Liquid does everywhere: `default` is there for it.
    strictVariables: false,
    ownPropertyOnly: true,
    parseLimit: TEMPLATE_LIMITS.parseLimit,
    renderLimit: TEMPLATE_LIMITS.renderLimitMs,
    memoryLimit: TEMPLATE_LIMITS.memoryLimit,
  });
  for (const tag of ['include', 'render', 'layout']) {
    engine.registerTag(tag, {
      parse() {
        throw new Error(`{% ${tag} %} is not available in answers: a template stands alone`);
      },
      render() {
        return '';
      },
    });
  }
  // Liquid's json writes a number past 2^53 as an object; this keeps it as captured.
  engine.registerFilter('json', (value: unknown) => stringifyLossless(value ?? null));
  engine.registerFilter('base64', (value: unknown) => Buffer.from(String(value ?? ''), 'utf8').toString('base64'));
  return engine;
}

const engine = createEngine();
const parsed = new Map<string, Template[]>();

/**
 * The engine quotes the tag it could not close as a JSON string (`output "{{ a\"}" not closed`),
 * escapes and all: shown as typed instead, between backticks.
 */
export function readableParseMessage(message: string): string {
  return message.replace(/^(\w+) ("(?:[^"\\]|\\.)*") not closed/, (whole, kind: string, quoted: string) => {
    try {
      return `${kind} \`${JSON.parse(quoted) as string}\` not closed`;
    } catch {
      return whole;
    }
  });
}

/**
 * The parsed form of a template's text, from a bounded cache: the ingest path parses each
 * distinct template once, not per request (nor each time the response cache re-reads the row).
 * Throws TemplateError with the engine's line and column when it does not parse.
 */
export function parseTemplate(source: string): Template[] {
  const cached = parsed.get(source);
  if (cached !== undefined) return cached;
  let template: Template[];
  try {
    template = engine.parse(source);
  } catch (err) {
    throw new TemplateError(readableParseMessage(err instanceof Error ? err.message : String(err)));
  }
  if (parsed.size >= TEMPLATE_LIMITS.cacheEntries) {
    const oldest = parsed.keys().next().value;
    if (oldest !== undefined) parsed.delete(oldest);
  }
  parsed.set(source, template);
  return template;
}

/** The parts of an answer that are templates, each with its JSON Pointer in the saved response. */
function templatedParts(answer: ResponseAnswer, path: string): { path: string; source: string }[] {
  return [
    ...answer.headers.map(([, value], index) => ({ path: `${path}/headers/${index}/1`, source: value })),
    { path: `${path}/body`, source: UTF8.decode(answer.body) },
  ];
}

/**
 * The first template of a response that does not parse, as `{path, message}` (the message has
 * the line and column), or null when every templated answer parses. Used when the response is saved.
 */
export function firstTemplateProblem(response: {
  readonly answer: ResponseAnswer;
  readonly rules: readonly ResponseRule[];
}): { path: string; message: string } | null {
  const answers = [
    { answer: response.answer, path: '' },
    ...response.rules.map((rule, index) => ({ answer: rule.response, path: `/rules/${index}/response` })),
  ];
  for (const { answer, path } of answers) {
    if (!answer.template) continue;
    for (const part of templatedParts(answer, path)) {
      try {
        parseTemplate(part.source);
      } catch (err) {
        if (err instanceof TemplateError) return { path: part.path || '/', message: `template: ${err.message}` };
        throw err;
      }
    }
  }
  return null;
}

/** What a template reads of the request. */
export interface TemplateRequest {
  readonly eventId: string;
  readonly method: string;
  /** Below the inbox: `/stripe` of `/i/<id>/stripe`; `/` for the inbox itself. */
  readonly subPath: string;
  /** Raw query string without `?`. */
  readonly query: string;
  /** As stored: redacted values (Authorization, Cookie) stay redacted in answers too. */
  readonly headers: readonly HeaderPair[];
  readonly body: Buffer;
  readonly receivedAt: Date;
}

/** The variables of a render: every name documented in docs/insight.md. */
export function templateScope(request: TemplateRequest): Record<string, unknown> {
  const query: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(request.query)) if (!Object.hasOwn(query, name)) query[name] = value;
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) {
    const key = name.toLowerCase();
    // Repeated headers read as one, joined as HTTP allows (RFC 9110 §5.3).
    headers[key] = Object.hasOwn(headers, key) ? `${headers[key]}, ${value}` : value;
  }
  const rawBody = UTF8.decode(request.body);
  const json = parseLosslessJsonBody(request.body);
  return {
    method: request.method,
    path: request.subPath,
    query,
    headers,
    body: json === undefined ? rawBody : json,
    rawBody,
    event: { id: request.eventId },
    now: request.receivedAt.toISOString(),
    uuid: randomUUID(),
  };
}

/** Header values the ingest listener can write: tab, printable ASCII and latin1, no CR or LF. */
const INVALID_VALUE_CHAR = /[^\t\x20-\x7e\x80-\xff]/;

function render(source: string, scope: Record<string, unknown>, what: string): string {
  try {
    return String(engine.renderSync(parseTemplate(source), scope));
  } catch (err) {
    throw new TemplateError(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * The answer with its templates rendered against `scope` (templateScope). Throws TemplateError
 * (saying which part) when one fails to render or renders what cannot be sent: a header value
 * with control characters, a body over maxRenderedBodyBytes.
 */
export function renderAnswer(answer: ResponseAnswer, scope: Record<string, unknown>): ResponseAnswer {
  const headers = answer.headers.map(([name, value]): HeaderPair => {
    const rendered = render(value, scope, `header ${name}`).trim();
    if (INVALID_VALUE_CHAR.test(rendered))
      throw new TemplateError(`header ${name}: the rendered value holds a character a header cannot carry`);
    if (rendered.length > RESPONSE_LIMITS.maxHeaderValueLength)
      throw new TemplateError(
        `header ${name}: the rendered value is over ${RESPONSE_LIMITS.maxHeaderValueLength} characters`,
      );
    return [name, rendered];
  });
  const body = Buffer.from(render(UTF8.decode(answer.body), scope, 'body'), 'utf8');
  if (body.length > TEMPLATE_LIMITS.maxRenderedBodyBytes)
    throw new TemplateError(`body: rendered to ${body.length} bytes, over ${TEMPLATE_LIMITS.maxRenderedBodyBytes}`);
  return { ...answer, headers, body, template: false };
}

/** What the listener sends and what the event records, once templates are rendered. */
export interface ResolvedAnswer {
  /** null: the contract's `200 {"ok":true}`. */
  readonly answer: ResponseAnswer | null;
  readonly record: AnswerRecord;
}

/**
 * The chosen answer with its templates rendered. When they fail, the inbox's default answer is
 * sent instead (rendered too when it is templated; the contract's 200 when it is the one that
 * failed) and the event records why (`answer.error`).
 */
export function resolveAnswer(chosen: ChosenAnswer, request: TemplateRequest): ResolvedAnswer {
  if (!chosen.answer.template) return chosen;
  const scope = templateScope(request);
  try {
    return { answer: renderAnswer(chosen.answer, scope), record: chosen.record };
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    const failed = chosen.record.rule === null ? 'default answer' : `rule ${chosen.record.rule}`;
    let error = `${failed}: ${err.message}`;
    let fallback: ResponseAnswer | null = chosen.record.rule === null ? null : chosen.defaultAnswer;
    if (fallback?.template) {
      try {
        fallback = renderAnswer(fallback, scope);
      } catch (again) {
        if (!(again instanceof TemplateError)) throw again;
        error += `; default answer: ${again.message}`;
        fallback = null;
      }
    }
    return {
      answer: fallback,
      record: { rule: null, status: fallback?.status ?? CONTRACT_ANSWER.status, error: error.slice(0, 1000) },
    };
  }
}
