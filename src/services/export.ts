import type { CapturedEvent } from '../domain/captured-event.js';
import { eventMatchesFilter, type EventFilter } from '../domain/event-filter.js';
import type { Inbox } from '../domain/inbox.js';
import { AppError } from '../errors.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getReadableInbox } from './inboxes.js';

type ExportDeps = Pick<ServiceDeps, 'store' | 'clock'>;

/** Events one page of an export reads at most. */
export const EXPORT_PAGE_EVENTS = 200;
/**
 * Body bytes one page of an export holds at most (a larger single body is read alone): with
 * bodies of up to REHOOK_MAX_BODY (10 MiB by default), a page of 200 could otherwise hold 2 GiB.
 */
export const EXPORT_PAGE_BYTES = 8 * 1024 * 1024;

export interface InboxExport {
  readonly inbox: Inbox;
  /**
   * The inbox's events that match the filter, OLDEST first, up to the newest event stored when
   * the export was opened (events that arrive meanwhile are left for the next export, so an
   * export of a busy inbox ends). Pages are read only as the consumer pulls: stopping the
   * iteration (`return()`, e.g. when the client hangs up) reads nothing more.
   */
  readonly events: AsyncGenerator<CapturedEvent, void, undefined>;
}

export interface ExportOptions {
  readonly filter?: EventFilter;
  /** Page bounds; default EXPORT_PAGE_EVENTS and EXPORT_PAGE_BYTES. */
  readonly pageEvents?: number;
  readonly pageBytes?: number;
}

/** True when the filter has a part beyond the id bounds, which the store pages already apply. */
function needsMatching(filter: EventFilter): boolean {
  return Object.entries(filter).some(
    ([part, value]) => part !== 'sinceId' && part !== 'untilId' && value !== undefined,
  );
}

/**
 * Opens an export of an inbox. Same access rule as listing its events (anonymous inbox: anyone
 * with the id; owned: its owner; a sharing link: its own inbox), checked here, before anything
 * is written: UNAUTHORIZED, INBOX_NOT_FOUND. The events are read in pages of full events
 * (EventRepository.listFullAfter, bounded in count and bytes); the filter's time bounds are
 * applied by the store, its other parts by the reference matcher of the search
 * (eventMatchesFilter), so an export holds exactly the events the list shows for that filter.
 * If the inbox is deleted or expires during the export, the iteration throws INBOX_NOT_FOUND
 * at the next page, so a cut-off export is never mistaken for a whole one.
 */
export async function openInboxExport(
  deps: ExportDeps,
  principal: Principal,
  inboxId: string,
  options: ExportOptions = {},
): Promise<InboxExport> {
  const inbox = await getReadableInbox(deps, principal, inboxId);
  const [newest] = await deps.store.events.listByInbox(inbox.id, { limit: 1 });
  return { inbox, events: readEvents(deps, inbox, newest?.id ?? null, options) };
}

async function* readEvents(
  deps: ExportDeps,
  inbox: Inbox,
  newestId: string | null,
  options: ExportOptions,
): AsyncGenerator<CapturedEvent, void, undefined> {
  if (newestId === null) return;
  const filter = options.filter ?? {};
  const matching = needsMatching(filter);
  let after: string | undefined;
  for (let first = true; ; first = false) {
    // Checked between pages (not before the first: openInboxExport just did).
    if (!first) await assertStillLive(deps, inbox);
    const page = await deps.store.events.listFullAfter(inbox.id, {
      limit: options.pageEvents ?? EXPORT_PAGE_EVENTS,
      maxBytes: options.pageBytes ?? EXPORT_PAGE_BYTES,
      ...(after !== undefined ? { after } : {}),
      ...(filter.sinceId !== undefined ? { since: filter.sinceId } : {}),
      ...(filter.untilId !== undefined ? { until: filter.untilId } : {}),
    });
    if (page.length === 0) return;
    for (const event of page) {
      if (event.id > newestId) return;
      if (!matching || eventMatchesFilter(event, filter)) yield event;
    }
    after = page[page.length - 1]?.id;
  }
}

async function assertStillLive(deps: ExportDeps, inbox: Inbox): Promise<void> {
  const live = await deps.store.inboxes.findLive(inbox.id, deps.clock.now());
  if (live === null) throw new AppError('INBOX_NOT_FOUND');
}
