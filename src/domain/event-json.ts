import type { EventSummary } from './captured-request.js';

/**
 * The API's JSON shape of an event summary (list entries and live-stream messages). Here rather
 * than in http/ because the store port promises these exact bytes too
 * (EventRepository.listSummaryPageJson): one definition for both.
 */
export function eventSummaryJson(event: EventSummary) {
  return {
    id: event.id,
    inboxId: event.inboxId,
    receivedAt: event.receivedAt.toISOString(),
    method: event.method,
    path: event.path,
    query: event.query,
    contentType: event.contentType,
    size: event.size,
  };
}

/**
 * The body of the event list: the summaries as a JSON array. Storage adapters may build the same
 * bytes themselves (EventRepository.listSummaryPageJson); tests hold them to this function.
 */
export function eventSummaryPageJson(events: readonly EventSummary[]): string {
  return JSON.stringify(events.map(eventSummaryJson));
}
