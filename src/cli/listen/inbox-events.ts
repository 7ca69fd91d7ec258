import { RehookApiError } from '../../client/errors.js';
import type { EventDetail, EventFilterParams, EventPage } from '../../client/types.js';
import { ReadAhead, type ReadAheadLimits } from './read-ahead.js';
import type { ServerCaller } from './server-calls.js';
import type { ListenClient } from './settings.js';

/** The listings a listener makes of its inbox, each through the reconnecting caller. */

export interface InboxEvents {
  readonly client: Pick<ListenClient, 'events' | 'event' | 'exportInbox'>;
  readonly caller: ServerCaller;
  readonly inboxId: string;
}

/**
 * Pages through the inbox's events, newest first and 1,000 a request, until `enough(page)` says
 * so or the last page is read. False when stopped meanwhile.
 */
export async function walkEvents(
  source: InboxEvents,
  walk: { readonly what: string; readonly filter?: EventFilterParams },
  enough: (page: EventPage) => boolean,
): Promise<boolean> {
  let before: string | undefined;
  for (;;) {
    const cursor = before;
    const page = await source.caller.call(walk.what, () =>
      source.client.events(source.inboxId, {
        limit: 1000,
        ...(walk.filter !== undefined ? { filter: walk.filter } : {}),
        ...(cursor !== undefined ? { before: cursor } : {}),
      }),
    );
    if (page === undefined) return false;
    if (enough(page) || page.nextBefore === null) return true;
    before = page.nextBefore;
  }
}

/** The ids of the events received in `range` (the overlap window); undefined when stopped meanwhile. */
export async function idsIn(
  source: InboxEvents,
  range: { readonly since: string; readonly until: string },
): Promise<string[] | undefined> {
  const ids: string[] = [];
  const walked = await walkEvents(
    source,
    { what: 'look back for late events', filter: { since: range.since, until: range.until } },
    (page) => {
      for (const event of page.events) ids.push(event.id);
      // A server that ignored since (an older Rehook) would page through the whole inbox.
      const oldest = page.events.at(-1)?.id;
      return oldest !== undefined && oldest < range.since;
    },
  );
  return walked ? ids : undefined;
}

/** A late event's full record; null when it was deleted in the meantime. */
export async function lateEvent(source: InboxEvents, id: string): Promise<EventDetail | null | 'stopped'> {
  try {
    return (await source.caller.call('fetch a late event', () => source.client.event(id))) ?? 'stopped';
  } catch (err) {
    if (err instanceof RehookApiError && err.code === 'EVENT_NOT_FOUND') return null;
    throw err;
  }
}

/** What openFeed answers when the server has no NDJSON export (a Rehook older than it). */
export const NO_EXPORT = 'no-export';

/**
 * A 404 saying the export route itself is missing: an older Rehook's `NOT_FOUND`, or a 404 that
 * is not Rehook's (a proxy in front). `INBOX_NOT_FOUND` stays fatal, as on every other route.
 */
function isMissingExport(err: unknown): boolean {
  return err instanceof RehookApiError && err.status === 404 && (err.code === 'NOT_FOUND' || err.code === 'HTTP_404');
}

/**
 * The events after `after`, oldest first, with their bodies, up to the newest one stored when the
 * server got the request: the inbox's NDJSON export from `after` on (one download, which the
 * server reads in pages bounded in events and bytes), read ahead of the delivery. A download that
 * fails before its first event is retried through the caller (backoff, the status lines); one
 * cut later just ends early (`failed`), and the next one starts after the last event done with.
 * NO_EXPORT when the server has no such route; undefined when stopped meanwhile.
 */
export async function openFeed(
  source: InboxEvents,
  after: string,
  signal: AbortSignal,
  limits?: ReadAheadLimits,
): Promise<ReadAhead | typeof NO_EXPORT | undefined> {
  return source.caller.call('fetch events', async () => {
    const abort = new AbortController();
    let chunks: AsyncIterable<Uint8Array>;
    try {
      // `since` includes its own id: the event at the cursor comes first again and is passed over.
      chunks = await source.client.exportInbox(source.inboxId, {
        format: 'ndjson',
        filter: { since: after },
        signal: AbortSignal.any([signal, abort.signal]),
      });
    } catch (err) {
      if (isMissingExport(err)) return NO_EXPORT;
      throw err;
    }
    const feed = new ReadAhead(chunks, abort, limits);
    try {
      await feed.ready();
    } catch (err) {
      feed.close();
      throw err;
    }
    return feed;
  });
}
