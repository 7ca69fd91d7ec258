import { toMs } from './duration.js';
import { RehookTimeoutError } from './errors.js';
import { matcherFor } from './event-match.js';
import { type ApiTransport, appendFilter, id, invalidResponse, isObject, readJson, searchOf } from './transport.js';
import type {
  EventBody,
  EventDetail,
  EventDiff,
  EventMeta,
  EventFilterParams,
  EventPage,
  EventSummary,
  NextEventOptions,
  WaitForEventOptions,
} from './types.js';

export interface ListEventsOptions {
  /** Page size, 1..1000 (server default 50). */
  readonly limit?: number | undefined;
  /** Only events older than this event id: the `nextBefore` of the previous page. */
  readonly before?: string | undefined;
  /**
   * Only matching events (docs/search.md). A filtered page may hold fewer than `limit` events
   * (even none) while `nextBefore` is set: keep paging until it is null.
   */
  readonly filter?: EventFilterParams | undefined;
  /** Only the events that drifted from their type's schema (docs/insight.md); not with `filter`. */
  readonly drift?: boolean | undefined;
}

/** The server's longest long-poll (GET .../events/next?timeout=): longer waits poll again. */
const MAX_POLL_MS = 120_000;
const DEFAULT_WAIT_MS = 30_000;
/** Lower than every event id: "any event of the inbox". */
const FIRST_EVENT_ID = 'evt_00000000000000000000000000';

export async function listEvents(api: ApiTransport, inboxId: string, options: ListEventsOptions): Promise<EventPage> {
  const query = new URLSearchParams();
  if (options.limit !== undefined) query.set('limit', String(options.limit));
  if (options.before !== undefined) query.set('before', options.before);
  appendFilter(query, options.filter);
  if (options.drift === true) query.set('drift', 'true');
  const response = await api.send('GET', `/api/v1/inboxes/${id(inboxId)}/events${searchOf(query)}`);
  const events = await readJson(response);
  if (!Array.isArray(events)) throw invalidResponse(response.status);
  return {
    events: events as EventSummary[],
    nextBefore: nextBeforeFromLink(response.headers.get('link'), api.baseUrl),
  };
}

export async function getEvent(api: ApiTransport, eventId: string): Promise<EventDetail> {
  return (await api.data('GET', `/api/v1/events/${id(eventId)}`, 'event')) as EventDetail;
}

export async function getEventMeta(api: ApiTransport, eventId: string): Promise<EventMeta> {
  return (await api.data('GET', `/api/v1/events/${id(eventId)}/meta`, 'event')) as EventMeta;
}

function diffPath(fromId: string, toId: string): string {
  return `/api/v1/events/${id(fromId)}/diff${searchOf(new URLSearchParams({ against: toId }))}`;
}

export async function diffEvents(api: ApiTransport, fromId: string, toId: string): Promise<EventDiff> {
  return (await api.data('GET', diffPath(fromId, toId), 'diff')) as EventDiff;
}

export async function diffEventsText(api: ApiTransport, fromId: string, toId: string): Promise<string> {
  return (await api.send('GET', diffPath(fromId, toId))).text();
}

export async function deleteEvent(api: ApiTransport, eventId: string): Promise<void> {
  await api.send('DELETE', `/api/v1/events/${id(eventId)}`);
}

export async function eventBody(api: ApiTransport, eventId: string): Promise<EventBody> {
  const response = await api.send('GET', `/api/v1/events/${id(eventId)}/body`);
  return { contentType: response.headers.get('content-type'), bytes: new Uint8Array(await response.arrayBuffer()) };
}

export async function nextEvent(
  api: ApiTransport,
  inboxId: string,
  options: NextEventOptions,
): Promise<EventDetail | null> {
  const query = new URLSearchParams();
  if (options.after !== undefined) query.set('after', options.after);
  if (options.timeout !== undefined) query.set('timeout', `${Math.max(0, Math.ceil(toMs(options.timeout)))}ms`);
  const path = `/api/v1/inboxes/${id(inboxId)}/events/next${searchOf(query)}`;
  const response = await api.send('GET', path, undefined, options.signal);
  if (response.status === 204) {
    await response.arrayBuffer();
    return null;
  }
  const parsed = await readJson(response);
  const event = isObject(parsed) && isObject(parsed['data']) ? parsed['data']['event'] : undefined;
  if (!isObject(event)) throw invalidResponse(response.status);
  return event as unknown as EventDetail;
}

export async function waitForEvent(
  api: ApiTransport,
  inboxId: string,
  options: WaitForEventOptions,
): Promise<EventDetail> {
  const timeoutMs = toMs(options.timeout ?? DEFAULT_WAIT_MS);
  const deadline = Date.now() + timeoutMs;
  const matches = matcherFor(options.match);
  // Always an explicit cursor, so that an event stored between two polls is never skipped.
  let cursor = options.after ?? FIRST_EVENT_ID;
  let unmatched = 0;
  for (;;) {
    const remaining = deadline - Date.now();
    if (remaining <= 0) throw new RehookTimeoutError(inboxId, timeoutMs, unmatched);
    const event = await nextEvent(api, inboxId, {
      after: cursor,
      timeout: Math.min(remaining, MAX_POLL_MS),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (event === null) continue;
    if (matches(event)) return event;
    unmatched += 1;
    cursor = event.id;
  }
}

/**
 * The `before` cursor of the `rel="next"` link, or null. The server sends
 * `</api/v1/inboxes/<id>/events?limit=50&before=evt_...>; rel="next"`.
 */
export function nextBeforeFromLink(link: string | null, baseUrl: string): string | null {
  if (link === null) return null;
  for (const part of link.split(',')) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (!match || !/(^|;)\s*rel\s*=\s*"?next"?\s*(;|$)/i.test(match[2] ?? '')) continue;
    try {
      return new URL(match[1] ?? '', `${baseUrl}/`).searchParams.get('before');
    } catch {
      return null;
    }
  }
  return null;
}
