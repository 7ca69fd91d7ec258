import { useEffect, useMemo, useState } from 'preact/hooks';
import { client, type EventSummary, withShare } from '../api.js';
import { type EventFilter, filterParams, filterQuery } from '../lib/filter.js';
import { InboxEvents, type LiveStatus } from '../lib/live.js';
import { liveMatches } from '../pages/inbox/live-matches.js';

/**
 * The inbox's requests as the list shows them: pages of the list API (with the filter) and the
 * live stream, one store per inbox and filter, with its live status and length as state.
 */
export function useInboxEvents(
  inboxId: string,
  filter: EventFilter,
  onOffline: (() => void) | undefined,
): { store: InboxEvents; status: LiveStatus; count: number } {
  const filterKey = filterQuery(filter);
  const filtered = filterKey !== '';
  const store = useMemo(
    () =>
      new InboxEvents({
        page: (before) =>
          client.events(inboxId, {
            limit: 100,
            ...(before !== undefined ? { before } : {}),
            ...(filtered ? { filter: filterParams(filter) } : {}),
          }),
        streamUrl: (lastEventId) =>
          withShare(
            `/api/v1/inboxes/${encodeURIComponent(inboxId)}/stream${lastEventId !== null ? `?lastEventId=${encodeURIComponent(lastEventId)}` : ''}`,
          ),
        offline: () => onOffline?.(),
        // A filtered list: the stream carries every event; the summary decides method, path and
        // times, and the list API (the same search, from the oldest new event on) the rest.
        ...(filtered ? { accept: (events: EventSummary[]) => liveMatches(inboxId, filter, events) } : {}),
      }),
    [inboxId, filterKey],
  );
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const [count, setCount] = useState(0);

  useEffect(() => {
    const unsubscribe = store.subscribe(() => {
      setStatus(store.status);
      setCount(store.length);
    });
    store.start();
    setCount(store.length);
    return () => {
      unsubscribe();
      store.close();
    };
  }, [store]);

  return { store, status, count };
}
