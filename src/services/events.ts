import type { CapturedEvent } from '../domain/captured-request.js';
import { isId } from '../domain/ids.js';
import type { Inbox } from '../domain/inbox.js';
import { AppError } from '../errors.js';
import type { EventSummaryPageJson } from '../ports/store.js';
import type { Principal, ServiceDeps } from './deps.js';
import { assertCanAccess, findLiveInbox, getReadableInbox } from './inboxes.js';

type EventDeps = Pick<ServiceDeps, 'store' | 'clock'>;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;

/**
 * Events of an inbox, newest first, `limit` at a time, older than `before` when given, already
 * encoded as the API's JSON array (see EventRepository.listSummaryPageJson: the list is read
 * often enough that building and re-serializing row objects was most of its cost). Same access
 * rules as reading the inbox. Throws VALIDATION_FAILED for a malformed cursor.
 */
export async function listEvents(
  deps: EventDeps,
  principal: Principal,
  input: { inboxId: string; limit: number; before?: string | undefined },
): Promise<EventSummaryPageJson> {
  const inbox = await getReadableInbox(deps, principal, input.inboxId);
  if (input.before !== undefined && !isId('event', input.before)) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'before must be an event id',
      details: [{ path: '/before', message: 'must be an event id (evt_...)' }],
    });
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
): Promise<{ event: CapturedEvent; inbox: Inbox }> {
  if (!isId('event', eventId)) throw new AppError('EVENT_NOT_FOUND');
  const event = await deps.store.events.findById(eventId);
  if (!event) throw new AppError('EVENT_NOT_FOUND');
  const inbox = await findLiveInbox(deps, event.inboxId);
  try {
    assertCanAccess(principal, inbox);
  } catch (err) {
    // Another account's event: answer as if it did not exist.
    if (err instanceof AppError && err.code === 'INBOX_NOT_FOUND') throw new AppError('EVENT_NOT_FOUND');
    throw err;
  }
  return { event, inbox };
}
