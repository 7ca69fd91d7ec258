import { diffEvents, type EventDiff } from '../domain/event-diff.js';
import type { CapturedEvent } from '../domain/captured-request.js';
import { AppError } from '../errors.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getEvent } from './events.js';

type DiffDeps = Pick<ServiceDeps, 'store' | 'clock'>;

/** An event the caller may read; one they may not (its inbox expired too) is EVENT_NOT_FOUND. */
async function readableEvent(deps: DiffDeps, principal: Principal, eventId: string): Promise<CapturedEvent> {
  try {
    return (await getEvent(deps, principal, eventId)).event;
  } catch (err) {
    if (err instanceof AppError && err.code === 'INBOX_NOT_FOUND') throw new AppError('EVENT_NOT_FOUND');
    throw err;
  }
}

/**
 * What differs from event `eventId` to event `againstId` (domain/event-diff.ts): both must be
 * readable by the caller, in any inboxes (UNAUTHORIZED or EVENT_NOT_FOUND as reading them).
 */
export async function diffTwoEvents(
  deps: DiffDeps,
  principal: Principal,
  eventId: string,
  againstId: string,
): Promise<EventDiff> {
  const from = await readableEvent(deps, principal, eventId);
  const to = await readableEvent(deps, principal, againstId);
  return diffEvents(from, to);
}
