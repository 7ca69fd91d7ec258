import type { EventSummary } from '../../domain/captured-event.js';
import { eventSummaryPageJson } from '../../domain/event-json.js';
import type { EventSummaryPageJson } from '../../ports/event-repository.js';

/**
 * The portable way to answer EventRepository.listSummaryPageJson: given up to `limit + 1`
 * summaries (newest first; the extra one only tells that an older page exists), encodes the
 * first `limit` with the API's own JSON shape. The shape is imported rather than restated so
 * there is one definition of it; the SQLite adapter's faster SQL encoder is tested against it.
 */
export function summaryPageFromRows(rows: readonly EventSummary[], limit: number): EventSummaryPageJson {
  const events = rows.length > limit ? rows.slice(0, limit) : rows;
  const last = events[events.length - 1];
  return {
    json: eventSummaryPageJson(events),
    count: events.length,
    nextBefore: rows.length > limit && last !== undefined ? last.id : null,
  };
}
