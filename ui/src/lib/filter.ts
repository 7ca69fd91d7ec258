/**
 * The event list's filter (docs/search.md) as the web app keeps it: in the page's query string
 * (`?method=POST&path=/stripe&q=cus_123`), so a filtered view can be bookmarked, shared and
 * survives a reload, and as the list API's parameters. Pure (no DOM).
 */
import type { EventFilterParams, EventSummary } from '../api.js';
import { pathBelowInbox } from './format.js';

export interface EventFilter {
  /** Any of these methods (upper case); empty: every method. */
  readonly method: readonly string[];
  /** Prefix of the path below the inbox (or of the full path); '' for none. */
  readonly path: string;
  /** `name` or `name:value`, every one must match. */
  readonly header: readonly string[];
  /** Text anywhere (path, query, headers, body); case-sensitive. */
  readonly q: string;
  /** `field.path=value` (or `field.path`) on JSON bodies, every one must match. */
  readonly json: readonly string[];
  /** ISO time or event id, inclusive. */
  readonly since: string;
  /** ISO time or event id, exclusive. */
  readonly until: string;
}

export const EMPTY_FILTER: EventFilter = { method: [], path: '', header: [], q: '', json: [], since: '', until: '' };

/** The query parameters the filter is kept in (every other parameter is left alone). */
export const FILTER_PARAMS = ['method', 'path', 'header', 'q', 'json', 'since', 'until'] as const;

export function parseFilter(search: string): EventFilter {
  const query = new URLSearchParams(search);
  const all = (name: string) =>
    query
      .getAll(name)
      .map((value) => value.trim())
      .filter((value) => value !== '');
  return {
    method: all('method')
      .flatMap((value) => value.split(','))
      .map((value) => value.trim().toUpperCase())
      .filter((value) => value !== ''),
    path: query.get('path')?.trim() ?? '',
    header: all('header'),
    q: query.get('q') ?? '',
    json: all('json'),
    since: query.get('since')?.trim() ?? '',
    until: query.get('until')?.trim() ?? '',
  };
}

export function isEmptyFilter(filter: EventFilter): boolean {
  return (
    filter.method.length === 0 &&
    filter.path === '' &&
    filter.header.length === 0 &&
    filter.q === '' &&
    filter.json.length === 0 &&
    filter.since === '' &&
    filter.until === ''
  );
}

/** The filter as query parameters, in a fixed order (for URLs and as a cache key). */
export function filterQuery(filter: EventFilter): string {
  const query = new URLSearchParams();
  for (const method of filter.method) query.append('method', method);
  if (filter.path !== '') query.set('path', filter.path);
  for (const header of filter.header) query.append('header', header);
  if (filter.q !== '') query.set('q', filter.q);
  for (const json of filter.json) query.append('json', json);
  if (filter.since !== '') query.set('since', filter.since);
  if (filter.until !== '') query.set('until', filter.until);
  return query.toString();
}

/** `search` with its filter parameters replaced by `filter`'s (other parameters kept). */
export function withFilter(search: string, filter: EventFilter): string {
  const query = new URLSearchParams(search);
  for (const name of FILTER_PARAMS) query.delete(name);
  for (const [name, value] of new URLSearchParams(filterQuery(filter))) query.append(name, value);
  return query.toString();
}

/** The parameters of RehookClient.events / exportInbox. */
export function filterParams(filter: EventFilter): EventFilterParams {
  return {
    ...(filter.method.length > 0 ? { method: filter.method } : {}),
    ...(filter.path !== '' ? { path: filter.path } : {}),
    ...(filter.header.length > 0 ? { header: filter.header } : {}),
    ...(filter.q !== '' ? { q: filter.q } : {}),
    ...(filter.json.length > 0 ? { json: filter.json } : {}),
    ...(filter.since !== '' ? { since: filter.since } : {}),
    ...(filter.until !== '' ? { until: filter.until } : {}),
  };
}

/** True when the event's summary alone decides the match (no header, text or JSON part). */
export function decidedBySummary(filter: EventFilter): boolean {
  return filter.header.length === 0 && filter.q === '' && filter.json.length === 0;
}

/** A time or event id as a comparable event id prefix, or null when it is neither. */
function boundOf(value: string): { id: string } | { time: number } | null {
  if (/^evt_[0-9a-z]+$/i.test(value)) return { id: value };
  const time = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(time) ? null : { time };
}

function atOrAfter(event: EventSummary, bound: { id: string } | { time: number }): boolean {
  return 'id' in bound ? event.id >= bound.id : Date.parse(event.receivedAt) >= bound.time;
}

/**
 * The parts of the filter a summary can be checked against (method, path, since, until), as the
 * server checks them. Header, text and JSON parts need the server (see InboxView's live check).
 */
export function summaryMatches(event: EventSummary, filter: EventFilter): boolean {
  if (filter.method.length > 0 && !filter.method.includes(event.method.toUpperCase())) return false;
  if (
    filter.path !== '' &&
    !pathBelowInbox(event.path, event.inboxId).startsWith(filter.path) &&
    !event.path.startsWith(filter.path)
  )
    return false;
  const since = filter.since === '' ? null : boundOf(filter.since);
  if (since !== null && !atOrAfter(event, since)) return false;
  const until = filter.until === '' ? null : boundOf(filter.until);
  if (until !== null && atOrAfter(event, until)) return false;
  return true;
}

/** A short description: `POST · /stripe · "cus_123"`. */
export function describeFilter(filter: EventFilter): string {
  const parts: string[] = [];
  if (filter.method.length > 0) parts.push(filter.method.join(' or '));
  if (filter.path !== '') parts.push(`path ${filter.path}…`);
  for (const header of filter.header) parts.push(`header ${header}`);
  if (filter.q !== '') parts.push(`“${filter.q}”`);
  for (const json of filter.json) parts.push(`JSON ${json}`);
  if (filter.since !== '') parts.push(`since ${filter.since}`);
  if (filter.until !== '') parts.push(`until ${filter.until}`);
  return parts.join(' · ');
}

/**
 * The filter as a bulk replay job's own filter (since, until, one method, pathPrefix), or null
 * when the job cannot express it (several methods, headers, text, JSON): then the app finds the
 * matching ids with the list API and sends them.
 */
export function jobFilter(
  filter: EventFilter,
): { since?: string; until?: string; method?: string; pathPrefix?: string } | null {
  if (!decidedBySummary(filter) || filter.method.length > 1) return null;
  if (filter.path !== '' && !filter.path.startsWith('/')) return null;
  return {
    ...(filter.since !== '' ? { since: filter.since } : {}),
    ...(filter.until !== '' ? { until: filter.until } : {}),
    ...(filter.method[0] !== undefined ? { method: filter.method[0] } : {}),
    ...(filter.path !== '' ? { pathPrefix: filter.path } : {}),
  };
}

/** One `Name: value` per line → pairs (blank lines skipped); throws on a line without a name. */
export function parseHeaderLines(text: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const [index, line] of text.split(/\r?\n/).entries()) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const name = (colon === -1 ? line : line.slice(0, colon)).trim();
    if (name === '' || colon === -1) throw new Error(`Line ${index + 1}: write a header as “Name: value”.`);
    pairs.push([name, line.slice(colon + 1).trim()]);
  }
  return pairs;
}

export function headerLines(pairs: readonly (readonly [string, string])[]): string {
  return pairs.map(([name, value]) => `${name}: ${value}`).join('\n');
}

/** A field of the filter form. */
export type FilterField = 'method' | 'path' | 'header' | 'q' | 'json' | 'since' | 'until';

/** Why a filter cannot be applied, and the field to show it next to. */
export interface FilterProblem {
  readonly field: FilterField;
  readonly message: string;
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
const EVENT_ID = /^evt_[0-9a-hjkmnp-tv-z]{26}$/;

/** An ISO 8601 time or date that exists (the list API refuses 2024-02-31), or an event id. */
function isBound(value: string): boolean {
  if (value.startsWith('evt_')) return EVENT_ID.test(value);
  const m = ISO_TIME.exec(value);
  if (!m) return false;
  const [, y, mo, d, h, mi, s] = m;
  const day = Number(d);
  if (Number(mo) < 1 || Number(mo) > 12 || day < 1 || day > 31) return false;
  if (h !== undefined && (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59)) return false;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, day)).getUTCDate() === day;
}

/**
 * The first part of the filter the list API would refuse, found before asking it (so a typo
 * such as `since=yesterday` is never sent), with the API's wording; null when it looks valid.
 * The API stays the judge: what this misses, it answers with 400 and its own message.
 */
export function filterProblem(filter: EventFilter): FilterProblem | null {
  const bad = filter.method.find((method) => !TOKEN.test(method) || method.length > 32);
  if (bad !== undefined)
    return { field: 'method', message: `method must be an HTTP method name such as POST (got ${JSON.stringify(bad)})` };
  if (filter.path !== '' && !filter.path.startsWith('/'))
    return { field: 'path', message: 'path must start with / (the path below the inbox, e.g. /stripe)' };
  for (const header of filter.header) {
    const colon = header.indexOf(':');
    const name = (colon < 0 ? header : header.slice(0, colon)).trim();
    if (!TOKEN.test(name) || name.length > 256)
      return {
        field: 'header',
        message: `header must be a header name or name:value (got ${JSON.stringify(header.slice(0, 80))})`,
      };
  }
  for (const json of filter.json) {
    const eq = json.indexOf('=');
    const path = (eq < 0 ? json : json.slice(0, eq)).trim();
    const example = 'json must be field.path=value, e.g. data.object.status=paid';
    if (path === '') return { field: 'json', message: example };
    if (path.split('.').includes(''))
      return { field: 'json', message: `${example} (empty step in ${JSON.stringify(path)})` };
  }
  for (const field of ['since', 'until'] as const) {
    if (filter[field] !== '' && !isBound(filter[field]))
      return {
        field,
        message: `${field} must be an ISO 8601 time (2024-05-01T12:00:00Z, 2024-05-01) or an event id (evt_...)`,
      };
  }
  return null;
}
