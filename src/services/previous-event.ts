import type { EventSummary } from '../domain/captured-event.js';
import type { PreviousMatch } from '../ports/event-type-repository.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getEvent } from './events.js';

/**
 * "The previous event of this type" (docs/insight.md, Compare): the newest older event of the same
 * inbox with the event's learned type. Types are learned by the background worker a moment after
 * capture, and events that are not JSON never get one; such an event is matched by its method
 * and exact path instead, and the answer says which rule applied. (The store keeps "not learned
 * yet" and "none" apart, but events read from it show both as no type.)
 */

/** Events looked at before the given one: a rare type costs a bounded read, not the whole inbox. */
export const PREVIOUS_LOOKBACK = 10_000;

export interface PreviousOfType {
  readonly previous: EventSummary | null;
  /** What the previous event shares with this one. */
  readonly matchedBy: 'eventType' | 'methodAndPath';
  /** This event's type: null while it is not learned yet, and when it has none (not JSON). */
  readonly eventType: string | null;
}

/** Same access as reading the event (EVENT_NOT_FOUND, INBOX_NOT_FOUND when its inbox expired). */
export async function findPreviousOfType(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'searchTimeBudgetMs'>,
  principal: Principal,
  eventId: string,
): Promise<PreviousOfType> {
  const { event } = await getEvent(deps, principal, eventId);
  const eventType = event.eventType || null;
  const match: PreviousMatch =
    eventType !== null ? { kind: 'type', eventType } : { kind: 'route', method: event.method, path: event.path };
  const previous = await deps.store.eventTypes.findPrevious(event.inboxId, event.id, match, PREVIOUS_LOOKBACK);
  return { previous, matchedBy: match.kind === 'type' ? 'eventType' : 'methodAndPath', eventType };
}
