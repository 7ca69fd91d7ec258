import { client, type EventSummary } from '../../api.js';
import { decidedBySummary, type EventFilter, filterParams, summaryMatches } from '../../lib/filter.js';

/** Which live events belong in a filtered list. */
export async function liveMatches(
  inboxId: string,
  filter: EventFilter,
  events: EventSummary[],
): Promise<EventSummary[]> {
  const candidates = events.filter((event) => summaryMatches(event, filter));
  if (candidates.length === 0 || decidedBySummary(filter)) return candidates;
  // The server decides headers, text and JSON: the same search, limited to the new events.
  const oldest = candidates[0] as EventSummary;
  const wanted = new Set(candidates.map((event) => event.id));
  const found: EventSummary[] = [];
  let before: string | undefined;
  for (let pages = 0; pages < 20; pages += 1) {
    const page = await client.events(inboxId, {
      limit: Math.min(1000, Math.max(candidates.length, 10)),
      ...(before !== undefined ? { before } : {}),
      // Newest first down to the oldest new event (events stored meanwhile come on their own).
      filter: { ...filterParams(filter), since: oldest.id },
    });
    for (const event of page.events) if (wanted.has(event.id)) found.push(event);
    if (page.nextBefore === null || page.events.some((event) => event.id <= oldest.id)) break;
    before = page.nextBefore;
  }
  return found.reverse();
}
