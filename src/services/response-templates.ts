import { randomUUID } from 'node:crypto';
import { CaptureTag, Context, Liquid, type Template, toValue, toValueSync } from 'liquidjs';
import { type AnswerRecord, CONTRACT_ANSWER, type HeaderPair } from '../domain/captured-event.js';
import { parseLosslessJsonBody, stringifyLossless } from '../domain/lossless-json.js';
import { type ChosenAnswer, RESPONSE_LIMITS, type ResponseAnswer, type ResponseRule } from '../domain/response.js';

/**
 * Templated answers (docs/insight.md, "Templated answers"): an answer with `template: true` has
 * its header values and body rendered by LiquidJS against the request. Senders are untrusted and
 * so are template authors (anyone holding an anonymous inbox's id), so the engine has no file
 * system (include, render and layout are refused when the template is saved), limits on parse
 * size, render time and memory, and reads only the request's own properties. Every value a
 * render makes is counted against one budget per answer (RenderBudget): the engine's own
 * filters, ranges and arrays, Rehook's filters, captured text and the output itself. Renders run
 * on worker threads (template-renderer.ts), never on the event loop: the engine's time limit is
 * only checked between steps, and one step (a filter over a large array) can run far past it.
 */

export const TEMPLATE_LIMITS = {
  /** Characters of one template (the engine's parseLimit). */
  parseLimit: 128 * 1024,
  /** Milliseconds one template may take to render (the engine's renderLimit). */
  renderLimitMs: 100,
  /**
   * Characters of strings and items of arrays one answer's renders may make in all (the engine's
   * memoryLimit, shared by header values and body): filters, ranges, captures and the output.
   */
  memoryLimit: 16 * 1024 * 1024,
  /**
   * The most characters or items of any one value: a range, an array a filter makes, a string.
   * Nothing larger can be part of an answer under maxRenderedBodyBytes.
   */
  maxValueSize: 1024 * 1024,
  /** A rendered body larger than this is a render failure (and so is output past it while rendering). */
  maxRenderedBodyBytes: 1024 * 1024,
  /** Distinct templates kept parsed (the oldest is dropped first). */
  cacheEntries: 2000,
  /** Characters of template text kept parsed in all (the oldest is dropped first). */
  cacheCharacters: 8 * 1024 * 1024,
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
  // Captured text is a value like any other: counted, where the engine's own capture is not.
  engine.registerTag('capture', CountedCapture);
  // Liquid's json writes a number past 2^53 as an object; this keeps it as captured. Rehook's
  // filters count what they make, as the engine's own do.
  engine.registerFilter('json', function (this: { context: Context }, value: unknown) {
    const text = stringifyLossless(value ?? null);
    this.context.memoryLimit.use(text.length);
    return text;
  });
  engine.registerFilter('base64', function (this: { context: Context }, value: unknown) {
    const text = Buffer.from(String(value ?? ''), 'utf8').toString('base64');
    this.context.memoryLimit.use(text.length);
    return text;
  });
  return engine;
}

/**
 * The memory budget of one answer's renders, in the shape of the engine's limiter: every value
 * made is counted (`use`), none may exceed maxValueSize, all of them together memoryLimit.
 */
export class RenderBudget {
  private used = 0;
  constructor(
    private readonly limit: number = TEMPLATE_LIMITS.memoryLimit,
    private readonly largest: number = TEMPLATE_LIMITS.maxValueSize,
  ) {}

  use(count: number): void {
    const n = +count;
    if (!(n > 0)) return;
    if (n > this.largest)
      throw new Error(
        `a value of ${n} characters or items is over the limit of ${this.largest} (ranges, arrays, text)`,
      );
    if (this.used + n > this.limit) throw new Error('memory alloc limit exceeded');
    this.used += n;
  }

  check(count: number): void {
    if (+count > this.largest)
      throw new Error(`a value of ${+count} characters or items is over the limit of ${this.largest}`);
  }
}

/** The render time limit of one answer (header values and body together), as the engine checks it. */
class RenderDeadline {
  private readonly deadline: number;
  constructor(ms: number) {
    this.deadline = performance.now() + ms;
  }
  use(): void {}
  check(now: number): void {
    if (+now > this.deadline) throw new Error('template render limit exceeded');
  }
}

/** Text as the engine writes a value (its own stringify: arrays joined, nil empty). */
function textOf(value: unknown): string {
  const plain = toValue(value) as unknown;
  if (typeof plain === 'string') return plain;
  if (plain === null || plain === undefined) return '';
  if (Array.isArray(plain)) return plain.map(textOf).join('');
  return String(plain);
}

/** Collects output, counting every piece against the budget and stopping past `maxCharacters`. */
class CountingEmitter {
  buffer = '';
  constructor(
    private readonly budget: Pick<RenderBudget, 'use'>,
    private readonly maxCharacters: number,
  ) {}

  write(html: unknown): void {
    const text = textOf(html);
    if (this.buffer.length + text.length > this.maxCharacters)
      throw new Error(`output over ${this.maxCharacters} bytes`);
    this.budget.use(text.length);
    this.buffer += text;
  }
}

/** `{% capture %}` rendering into a counted buffer (the engine's own one is not counted). */
class CountedCapture extends CaptureTag {
  override *render(ctx: Context): Generator<unknown, void, string> {
    const emitter = new CountingEmitter(ctx.memoryLimit, TEMPLATE_LIMITS.maxRenderedBodyBytes);
    yield this.liquid.renderer.renderTemplates(this.templates, ctx, emitter);
    ctx.bottom()[this.variable] = emitter.buffer;
  }
}

const engine = createEngine();
const parsed = new Map<string, Template[]>();
let parsedCharacters = 0;

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
  while (
    parsed.size > 0 &&
    (parsed.size >= TEMPLATE_LIMITS.cacheEntries || parsedCharacters + source.length > TEMPLATE_LIMITS.cacheCharacters)
  ) {
    const oldest = parsed.keys().next().value as string;
    parsed.delete(oldest);
    parsedCharacters -= oldest.length;
  }
  parsed.set(source, template);
  parsedCharacters += source.length;
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

/** What the renders of one answer share: the memory budget and the time limit. */
interface RenderLimits {
  readonly budget: RenderBudget;
  readonly deadline: RenderDeadline;
}

function render(source: string, scope: Record<string, unknown>, what: string, limits: RenderLimits): string {
  try {
    const ctx = new Context(
      scope,
      engine.options,
      { sync: true },
      {
        // The engine's Limiter type, by shape: `use` counts, `check` asserts.
        memoryLimit: limits.budget as unknown as Context['memoryLimit'],
        renderLimit: limits.deadline as unknown as Context['renderLimit'],
        liquid: engine,
      },
    );
    const emitter = new CountingEmitter(limits.budget, TEMPLATE_LIMITS.maxRenderedBodyBytes);
    toValueSync(engine.renderer.renderTemplates(parseTemplate(source), ctx, emitter));
    return emitter.buffer;
  } catch (err) {
    throw new TemplateError(`${what}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/**
 * The answer with its templates rendered against `scope` (templateScope). Throws TemplateError
 * (saying which part) when one fails to render or renders what cannot be sent: a header value
 * with control characters, a body over maxRenderedBodyBytes. Synchronous and bounded only by the
 * engine's checks between steps: the ingest path calls it on a render thread (template-renderer.ts).
 */
export function renderAnswer(
  answer: ResponseAnswer,
  scope: Record<string, unknown>,
  /** Tests that prove a count raise it, so that only the count can stop the render. */
  renderLimitMs: number = TEMPLATE_LIMITS.renderLimitMs,
): ResponseAnswer {
  const limits: RenderLimits = {
    budget: new RenderBudget(),
    deadline: new RenderDeadline(renderLimitMs),
  };
  const headers = answer.headers.map(([name, value]): HeaderPair => {
    const rendered = render(value, scope, `header ${name}`, limits).trim();
    if (INVALID_VALUE_CHAR.test(rendered))
      throw new TemplateError(`header ${name}: the rendered value holds a character a header cannot carry`);
    if (rendered.length > RESPONSE_LIMITS.maxHeaderValueLength)
      throw new TemplateError(
        `header ${name}: the rendered value is over ${RESPONSE_LIMITS.maxHeaderValueLength} characters`,
      );
    return [name, rendered];
  });
  const body = Buffer.from(render(UTF8.decode(answer.body), scope, 'body', limits), 'utf8');
  if (body.length > TEMPLATE_LIMITS.maxRenderedBodyBytes)
    throw new TemplateError(`body: output over ${TEMPLATE_LIMITS.maxRenderedBodyBytes} bytes`);
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
export function resolveAnswer(
  chosen: ChosenAnswer,
  request: TemplateRequest,
  renderLimitMs: number = TEMPLATE_LIMITS.renderLimitMs,
): ResolvedAnswer {
  if (!chosen.answer.template) return chosen;
  const scope = templateScope(request);
  try {
    return { answer: renderAnswer(chosen.answer, scope, renderLimitMs), record: chosen.record };
  } catch (err) {
    if (!(err instanceof TemplateError)) throw err;
    const failed = chosen.record.rule === null ? 'default answer' : `rule ${chosen.record.rule}`;
    let error = `${failed}: ${err.message}`;
    let fallback: ResponseAnswer | null = chosen.record.rule === null ? null : chosen.defaultAnswer;
    if (fallback?.template) {
      try {
        fallback = renderAnswer(fallback, scope, renderLimitMs);
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
