import { firstEventIdAt, isId } from './ids.js';
import { MAX_SEARCH_JSON_DEPTH, nestsDeeperThan } from './json-nesting.js';
import { bytesFound, textFound, textNeedles } from './text-search.js';

/**
 * Search and filter of an inbox's events (docs/search.md, decision 26): what
 * `GET /api/v1/inboxes/<id>/events`, the export and bulk replay accept, parsed once here. Every
 * part narrows the result; an absent part matches everything. The storage adapters translate it
 * to SQL (EventRepository.searchSummaryPageJson); `eventMatchesFilter` below is the reference
 * semantics the property test holds both databases to.
 */
export interface EventFilter {
  /** Upper-case methods; the event's method is one of them. */
  readonly methods?: readonly string[];
  /**
   * Prefix of the path below the inbox: `/stripe` matches `/i/<id>/stripe/events` (plain string
   * prefix of the raw path as received, case-sensitive, so it also matches `/stripe2`).
   */
  readonly pathPrefix?: string;
  /** Every one must match a header of the event. */
  readonly headers?: readonly HeaderMatch[];
  /**
   * Text found in the path, the raw query string, a header name or value, or the body's bytes
   * (its UTF-8 encoding, anywhere in the body, binary bodies included), also as a form field or a
   * JSON string holds it encoded; A-Z in either case unless `caseSensitive` (src/domain/text-search.ts).
   */
  readonly text?: string;
  /** `case=sensitive`: `text` matches every byte exactly. */
  readonly caseSensitive?: boolean;
  /** Every one must match the event's body parsed as JSON. */
  readonly json?: readonly JsonMatch[];
  /** Inclusive lower bound on the event id (an ISO time is turned into the first id of that ms). */
  readonly sinceId?: string;
  /** Exclusive upper bound on the event id (an ISO time: events received before it). */
  readonly untilId?: string;
}

/** A header of this name (any case) and, when `value` is given, exactly that value. */
export interface HeaderMatch {
  /** Lower case. */
  readonly name: string;
  readonly value?: string;
}

/**
 * A field of a JSON body. `path` steps are object keys (strings) or array indexes (numbers).
 * Without `value` the field only has to exist (any value, null included). With it, the field
 * matches when it is a string equal to `value`, a number equal to `number` (value written as a
 * JSON number: `1000` matches 1000, 1000.0 and 1e3), `true`/`false`, or null for `null`.
 * Objects and arrays never match a value.
 */
export interface JsonMatch {
  readonly path: readonly (string | number)[];
  readonly value?: string;
  /** `value` as a number when it is written as a JSON number, else absent. */
  readonly number?: number;
}

/** Limits of a filter, so no request builds an unbounded statement. */
export const FILTER_LIMITS = {
  methods: 20,
  headers: 10,
  json: 10,
  jsonDepth: 32,
  textLength: 1024,
  pathLength: 2048,
  valueLength: 4096,
} as const;

export type ParsedEventFilter =
  | { readonly ok: true; readonly filter: EventFilter }
  | { readonly ok: false; readonly message: string; readonly param: string };

/** The query-string parameters of a filter (the names the API and the CLI use). */
export const EVENT_FILTER_PARAMS = ['method', 'path', 'header', 'q', 'case', 'json', 'since', 'until'] as const;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** Largest millisecond an event id can encode (10 base32 characters). */
const MAX_ID_MS = 2 ** 50 - 1;

type QueryValue = string | readonly string[] | undefined;

/** Values of a parameter: none, one, or repeated; empty strings count as absent (`q=` from a form). */
function valuesOf(query: Readonly<Record<string, unknown>>, name: string): string[] | { error: string } {
  const raw = query[name] as QueryValue | unknown;
  if (raw === undefined || raw === null) return [];
  const list = Array.isArray(raw) ? (raw as unknown[]) : [raw];
  const out: string[] = [];
  for (const value of list) {
    if (typeof value !== 'string') return { error: `${name} must be a string` };
    if (value !== '') out.push(value);
  }
  return out;
}

function single(values: string[], name: string): string | undefined | { error: string } {
  if (values.length > 1) return { error: `${name} must be given once` };
  return values[0];
}

/**
 * Parses the filter parameters of a query string (Fastify's parsed query: a repeated parameter is
 * an array). `inboxId`, when given, lets `path` be the full captured path (`/i/<id>/stripe`) as
 * well as the path below the inbox (`/stripe`). Unknown parameters are ignored (the route owns
 * `limit`, `before`, ...). Returns a clear message for the first bad parameter.
 */
export function parseEventFilter(
  query: Readonly<Record<string, unknown>>,
  opts: { readonly inboxId?: string } = {},
): ParsedEventFilter {
  const fail = (param: string, message: string): ParsedEventFilter => ({ ok: false, param, message });
  const filter: {
    methods?: string[];
    pathPrefix?: string;
    headers?: HeaderMatch[];
    text?: string;
    caseSensitive?: boolean;
    json?: JsonMatch[];
    sinceId?: string;
    untilId?: string;
  } = {};

  // method: repeatable and comma-separated (`method=POST&method=PUT`, `method=post,put`).
  const methods = valuesOf(query, 'method');
  if (!Array.isArray(methods)) return fail('method', methods.error);
  if (methods.length > 0) {
    const set = new Set<string>();
    for (const part of methods.flatMap((m) => m.split(','))) {
      const method = part.trim();
      if (method === '') continue;
      if (!TOKEN.test(method) || method.length > 32) {
        return fail('method', `method must be an HTTP method name such as POST (got ${JSON.stringify(method)})`);
      }
      set.add(method.toUpperCase());
    }
    if (set.size > FILTER_LIMITS.methods) return fail('method', `at most ${FILTER_LIMITS.methods} methods`);
    if (set.size > 0) filter.methods = [...set];
  }

  const pathValues = valuesOf(query, 'path');
  if (!Array.isArray(pathValues)) return fail('path', pathValues.error);
  const path = single(pathValues, 'path');
  if (typeof path === 'object') return fail('path', path.error);
  if (path !== undefined) {
    if (!path.startsWith('/')) return fail('path', 'path must start with / (the path below the inbox, e.g. /stripe)');
    if (path.length > FILTER_LIMITS.pathLength)
      return fail('path', `path must be at most ${FILTER_LIMITS.pathLength} characters`);
    const own = opts.inboxId === undefined ? undefined : `/i/${opts.inboxId}`;
    const below = own !== undefined && (path === own || path.startsWith(`${own}/`)) ? path.slice(own.length) : path;
    if (below !== '') filter.pathPrefix = below;
  }

  const headerValues = valuesOf(query, 'header');
  if (!Array.isArray(headerValues)) return fail('header', headerValues.error);
  if (headerValues.length > FILTER_LIMITS.headers)
    return fail('header', `at most ${FILTER_LIMITS.headers} header filters`);
  if (headerValues.length > 0) {
    filter.headers = [];
    for (const raw of headerValues) {
      const colon = raw.indexOf(':');
      const name = (colon < 0 ? raw : raw.slice(0, colon)).trim();
      if (!TOKEN.test(name) || name.length > 256) {
        return fail('header', `header must be a header name or name:value (got ${JSON.stringify(raw.slice(0, 80))})`);
      }
      if (colon < 0) {
        filter.headers.push({ name: name.toLowerCase() });
      } else {
        const value = raw.slice(colon + 1).trim();
        if (value.length > FILTER_LIMITS.valueLength)
          return fail('header', `a header value must be at most ${FILTER_LIMITS.valueLength} characters`);
        filter.headers.push({ name: name.toLowerCase(), value });
      }
    }
  }

  const textValues = valuesOf(query, 'q');
  if (!Array.isArray(textValues)) return fail('q', textValues.error);
  const text = single(textValues, 'q');
  if (typeof text === 'object') return fail('q', text.error);
  if (text !== undefined) {
    if (text.length > FILTER_LIMITS.textLength)
      return fail('q', `q must be at most ${FILTER_LIMITS.textLength} characters`);
    filter.text = text;
  }
  const caseValues = valuesOf(query, 'case');
  if (!Array.isArray(caseValues)) return fail('case', caseValues.error);
  const caseValue = single(caseValues, 'case');
  if (typeof caseValue === 'object') return fail('case', caseValue.error);
  if (caseValue !== undefined) {
    if (caseValue !== 'sensitive' && caseValue !== 'insensitive')
      return fail('case', 'case must be sensitive or insensitive (the default)');
    if (caseValue === 'sensitive') filter.caseSensitive = true;
  }

  const jsonValues = valuesOf(query, 'json');
  if (!Array.isArray(jsonValues)) return fail('json', jsonValues.error);
  if (jsonValues.length > FILTER_LIMITS.json) return fail('json', `at most ${FILTER_LIMITS.json} json filters`);
  if (jsonValues.length > 0) {
    filter.json = [];
    for (const raw of jsonValues) {
      const parsed = parseJsonMatch(raw);
      if (typeof parsed === 'string') return fail('json', parsed);
      filter.json.push(parsed);
    }
  }

  for (const param of ['since', 'until'] as const) {
    const values = valuesOf(query, param);
    if (!Array.isArray(values)) return fail(param, values.error);
    const value = single(values, param);
    if (typeof value === 'object') return fail(param, value.error);
    if (value === undefined) continue;
    const id = boundId(value.trim());
    if (id === null) {
      return fail(
        param,
        `${param} must be an ISO 8601 time (2024-05-01T12:00:00Z, 2024-05-01) or an event id (evt_...)`,
      );
    }
    if (param === 'since') filter.sinceId = id;
    else filter.untilId = id;
  }

  return { ok: true, filter };
}

/** `a.b.0.c=value` or `a.b` (exists). Returns the match or an error message. */
function parseJsonMatch(raw: string): JsonMatch | string {
  const eq = raw.indexOf('=');
  const pathText = (eq < 0 ? raw : raw.slice(0, eq)).trim();
  const example = 'json must be field.path=value, e.g. data.object.status=paid';
  if (pathText === '') return example;
  const steps = pathText.split('.');
  if (steps.length > FILTER_LIMITS.jsonDepth) return `a json path has at most ${FILTER_LIMITS.jsonDepth} steps`;
  const path: (string | number)[] = [];
  for (const step of steps) {
    if (step === '') return `${example} (empty step in ${JSON.stringify(pathText)})`;
    if (/["\\]/.test(step) || /[\u0000-\u001f]/.test(step)) {
      return `json path steps cannot contain quotes, backslashes or control characters (${JSON.stringify(step)})`;
    }
    if (/^\d+$/.test(step)) {
      const index = Number(step);
      if (!Number.isSafeInteger(index) || index > 1_000_000) return `json array index too large (${step})`;
      path.push(index);
    } else {
      path.push(step);
    }
  }
  if (eq < 0) return { path };
  const value = raw.slice(eq + 1);
  if (value.length > FILTER_LIMITS.valueLength)
    return `a json value must be at most ${FILTER_LIMITS.valueLength} characters`;
  if (JSON_NUMBER.test(value)) {
    const number = Number(value);
    if (Number.isFinite(number)) return { path, value, number };
  }
  return { path, value };
}

/** An event id as given, or the first possible event id of an ISO time's millisecond; null if neither. */
function boundId(value: string): string | null {
  if (value.startsWith('evt_')) return isId('event', value) ? value : null;
  const m = ISO_TIME.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const month = Number(mo);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59)) return null;
  const ms = frac === undefined ? 0 : Number(frac.padEnd(3, '0').slice(0, 3));
  let time = Date.UTC(Number(y), month - 1, day, Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0), ms);
  // Date.UTC rolls 2024-02-31 over into March: refuse dates that do not exist.
  if (new Date(time).getUTCDate() !== day) return null;
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    time -= sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
  }
  if (!(time >= 0 && time <= MAX_ID_MS)) return null;
  return firstEventIdAt(time);
}

/** True when the filter has no part (the plain listing). */
export function isEmptyFilter(filter: EventFilter): boolean {
  return (
    filter.methods === undefined &&
    filter.pathPrefix === undefined &&
    filter.headers === undefined &&
    filter.text === undefined &&
    filter.json === undefined &&
    filter.sinceId === undefined &&
    filter.untilId === undefined
  );
}

/**
 * The filter as query-string pairs, so a `Link` to the next page (or a CLI call) carries the same
 * filter. Times are given as the ids they were turned into, so following links never re-parses a
 * time differently.
 */
export function eventFilterQuery(filter: EventFilter): [string, string][] {
  const pairs: [string, string][] = [];
  for (const method of filter.methods ?? []) pairs.push(['method', method]);
  if (filter.pathPrefix !== undefined) pairs.push(['path', filter.pathPrefix]);
  for (const h of filter.headers ?? []) pairs.push(['header', h.value === undefined ? h.name : `${h.name}:${h.value}`]);
  if (filter.text !== undefined) pairs.push(['q', filter.text]);
  if (filter.caseSensitive === true) pairs.push(['case', 'sensitive']);
  for (const j of filter.json ?? []) {
    const path = j.path.join('.');
    pairs.push(['json', j.value === undefined ? path : `${path}=${j.value}`]);
  }
  if (filter.sinceId !== undefined) pairs.push(['since', filter.sinceId]);
  if (filter.untilId !== undefined) pairs.push(['until', filter.untilId]);
  return pairs;
}

/** What the reference check needs of an event (a CapturedEvent has all of it). */
export interface FilterableEvent {
  readonly id: string;
  readonly inboxId: string;
  readonly method: string;
  readonly path: string;
  readonly query: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
}

/**
 * The reference semantics of a filter, in plain TypeScript: the property test compares both
 * databases with it. Not used on the request path (SQL does the work there).
 */
export function eventMatchesFilter(event: FilterableEvent, filter: EventFilter): boolean {
  if (filter.sinceId !== undefined && !(event.id >= filter.sinceId)) return false;
  if (filter.untilId !== undefined && !(event.id < filter.untilId)) return false;
  if (filter.methods !== undefined && !filter.methods.includes(event.method)) return false;
  if (filter.pathPrefix !== undefined && !event.path.startsWith(`/i/${event.inboxId}${filter.pathPrefix}`))
    return false;
  for (const h of filter.headers ?? []) {
    const found = event.headers.some(
      ([name, value]) => name.toLowerCase() === h.name && (h.value === undefined || value === h.value),
    );
    if (!found) return false;
  }
  if (filter.text !== undefined) {
    const exact = filter.caseSensitive === true;
    const needles = textNeedles(filter.text, exact);
    const typed = needles.slice(0, 1);
    const found =
      textFound(event.path, needles, exact) ||
      textFound(event.query, needles, exact) ||
      event.headers.some(([name, value]) => textFound(name, typed, exact) || textFound(value, typed, exact)) ||
      bytesFound(event.body, needles, exact);
    if (!found) return false;
  }
  if (filter.json !== undefined) {
    const root = parseJsonBody(event.body);
    if (root === undefined) return false;
    for (const j of filter.json) if (!jsonMatches(root, j)) return false;
  }
  return true;
}

/**
 * The body as JSON, or undefined when it is not UTF-8 JSON or nests deeper than search reads
 * (MAX_SEARCH_JSON_DEPTH: the stores skip such bodies, so the reference does too).
 */
function parseJsonBody(body: Buffer): unknown {
  if (nestsDeeperThan(body, MAX_SEARCH_JSON_DEPTH)) return undefined;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body)) as unknown;
  } catch {
    return undefined;
  }
}

function jsonMatches(root: unknown, match: JsonMatch): boolean {
  let node: unknown = root;
  for (const step of match.path) {
    if (typeof step === 'number') {
      if (!Array.isArray(node) || step >= node.length) return false;
      node = node[step];
    } else {
      if (node === null || typeof node !== 'object' || Array.isArray(node) || !Object.hasOwn(node, step)) return false;
      node = (node as Record<string, unknown>)[step];
    }
  }
  if (match.value === undefined) return true;
  if (typeof node === 'string') return node === match.value;
  if (typeof node === 'number') return match.number !== undefined && node === match.number;
  if (typeof node === 'boolean') return String(node) === match.value;
  if (node === null) return match.value === 'null';
  return false;
}
