import type { InboxAction } from '../domain/team.js';
import type { CapturedEvent } from '../domain/captured-event.js';
import { eventSummaryPageJson } from '../domain/event-json.js';
import { isEmptyFilter, type EventFilter } from '../domain/event-filter.js';
import { isId } from '../domain/ids.js';
import type { Inbox } from '../domain/inbox.js';
import { AppError } from '../errors.js';
import type { EventSummaryPageJson } from '../ports/event-repository.js';
import type { Principal, ServiceDeps } from './deps.js';
import { authorizeInbox, findLiveInbox, getAuthorizedInbox, getReadableInbox } from './inboxes.js';

type EventDeps = Pick<ServiceDeps, 'store' | 'clock' | 'searchTimeBudgetMs'>;

/**
 * How long a filtered list page searches by default (REHOOK_SEARCH_TIME_BUDGET): with the
 * database's last step (PostgreSQL sizes them to about 50 ms), a page answers within about
 * 200 ms on an idle machine.
 */
export const SEARCH_TIME_BUDGET_MS = 100;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;
/**
 * Rows (events, then replays) one step of clearing an inbox deletes: each step is its own short
 * transaction, so ingest into the same store never waits long behind a clear.
 */
export const CLEAR_BATCH_SIZE = 1000;

/**
 * Events of an inbox, newest first, `limit` at a time, older than `before` when given, already
 * encoded as the API's JSON array (see EventRepository.listSummaryPageJson: the list is read
 * often enough that building and re-serializing row objects was most of its cost). Same access
 * rules as reading the inbox. Throws VALIDATION_FAILED for a malformed cursor.
 *
 * With a non-empty `filter` (parseEventFilter) only matching events are listed
 * (EventRepository.searchByInbox): a page then examines at most `scanLimit` events
 * (SEARCH_SCAN_LIMIT by default) and may hold fewer than `limit` events while `nextBefore` still
 * says where the next page goes on (docs/search.md). It also ends when its time budget is spent;
 * a page that found nothing by then throws SEARCH_TOO_BROAD instead of answering an empty page.
 */
export async function listEvents(
  deps: EventDeps,
  principal: Principal,
  input: {
    inboxId: string;
    limit: number;
    before?: string | undefined;
    filter?: EventFilter | undefined;
    scanLimit?: number | undefined;
  },
): Promise<EventSummaryPageJson> {
  const inbox = await getReadableInbox(deps, principal, input.inboxId);
  if (input.before !== undefined && !isId('event', input.before)) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'before must be an event id',
      details: [{ path: '/before', message: 'must be an event id (evt_...)' }],
    });
  }
  if (input.filter !== undefined && !isEmptyFilter(input.filter)) {
    const { events, nextBefore, outOfTime } = await deps.store.events.searchByInbox(inbox.id, {
      limit: input.limit,
      filter: input.filter,
      ...(input.before !== undefined ? { before: input.before } : {}),
      ...(input.scanLimit !== undefined ? { scanLimit: input.scanLimit } : {}),
      timeBudgetMs: deps.searchTimeBudgetMs ?? SEARCH_TIME_BUDGET_MS,
    });
    // A page of matches found in time is answered even when the time ran out after them.
    if (outOfTime === true && events.length === 0) throw new AppError('SEARCH_TOO_BROAD');
    return { json: eventSummaryPageJson(events), count: events.length, nextBefore };
  }
  return deps.store.events.listSummaryPageJson(inbox.id, {
    limit: input.limit,
    ...(input.before !== undefined ? { before: input.before } : {}),
  });
}

/**
 * One captured event with headers and body, if the caller may read its inbox. Throws
 * EVENT_NOT_FOUND for unknown events and events of another account's inbox, INBOX_NOT_FOUND
 * when its inbox has expired or was deleted, UNAUTHORIZED for an owned inbox without a token.
 */
export async function getEvent(
  deps: EventDeps,
  principal: Principal,
  eventId: string,
  action: InboxAction = 'read',
): Promise<{ event: CapturedEvent; inbox: Inbox }> {
  if (!isId('event', eventId)) throw new AppError('EVENT_NOT_FOUND');
  const event = await deps.store.events.findById(eventId);
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  const inbox = await findLiveInbox(deps, event.inboxId);
  try {
    await authorizeInbox(deps, principal, inbox, action);
  } catch (err) {
    // Another account's event: answer as if it did not exist.
    if (err instanceof AppError && err.code === 'INBOX_NOT_FOUND') throw new AppError('EVENT_NOT_FOUND');
    throw err;
  }
  return { event, inbox };
}

/**
 * Deletes one event and its replays. Same access rule as deleting its inbox (the owner; for an
 * anonymous inbox anyone who holds the id), with the answers of reading the event: UNAUTHORIZED,
 * EVENT_NOT_FOUND (unknown, another account's, or deleted meanwhile), INBOX_NOT_FOUND (its inbox
 * expired or was deleted). Open live streams of the inbox are told (`event.deleted`).
 */
export async function deleteEvent(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'bus'>,
  principal: Principal,
  eventId: string,
): Promise<void> {
  // The API refuses links on every route but the reading ones (app.ts); this keeps it so here.
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const { event, inbox } = await getEvent(deps, principal, eventId, 'manage');
  // Conditional on the owner seen above, like deleting the inbox: a save by another account wins.
  const deleted = await deps.store.events.delete(event.id, { inboxId: inbox.id, expectedOwnerId: inbox.ownerId });
  if (!deleted) throw new AppError('EVENT_NOT_FOUND');
  deps.bus.publishNotice({ kind: 'event.deleted', inboxId: inbox.id, eventId: event.id });
}

/**
 * Deletes every event of the inbox stored before the call, with their replays; the inbox stays
 * and keeps taking events, and events stored while it is cleared are kept (the clear goes up to
 * the newest event at the start). Works in steps of `batchSize` rows, each its own transaction,
 * giving the event loop back between them. Same access rule as deleting the inbox
 * (UNAUTHORIZED, INBOX_NOT_FOUND; also when the inbox is saved by another account or deleted
 * meanwhile). Open live streams of the inbox are told (`inbox.cleared`).
 */
export async function clearInbox(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'bus'>,
  principal: Principal,
  inboxId: string,
  opts: { readonly batchSize?: number } = {},
): Promise<void> {
  if (principal.kind === 'share') throw new AppError('SHARE_READ_ONLY');
  const inbox = await getAuthorizedInbox(deps, principal, inboxId, 'manage');
  const [newest] = await deps.store.events.listByInbox(inbox.id, { limit: 1 });
  if (newest !== undefined) {
    const scope = { inboxId: inbox.id, expectedOwnerId: inbox.ownerId, through: newest.id };
    for (;;) {
      const removed = await deps.store.events.clearThrough(scope, opts.batchSize ?? CLEAR_BATCH_SIZE);
      if (removed === null) throw new AppError('INBOX_NOT_FOUND');
      if (removed === 0) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  deps.bus.publishNotice({ kind: 'inbox.cleared', inboxId: inbox.id, through: newest?.id ?? null });
}
