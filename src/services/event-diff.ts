import type { CapturedEvent } from '../domain/captured-event.js';
import { diffEventHeads, type EventHeadDiff } from '../domain/event-diff.js';
import { AppError } from '../errors.js';
import { BodyDiffRunner } from './body-diff-runner.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getEvent } from './events.js';

type DiffDeps = Pick<ServiceDeps, 'store' | 'clock'>;

/** One thread for the process's body diffs, started at the first pair that needs it. */
let runner: BodyDiffRunner | null = null;
function bodyDiffRunner(): BodyDiffRunner {
  runner ??= new BodyDiffRunner();
  return runner;
}

/** An event the caller may read; one they may not (its inbox expired too) is EVENT_NOT_FOUND. */
async function readableEvent(deps: DiffDeps, principal: Principal, eventId: string): Promise<CapturedEvent> {
  try {
    return (await getEvent(deps, principal, eventId)).event;
  } catch (err) {
    if (err instanceof AppError && err.code === 'INBOX_NOT_FOUND') throw new AppError('EVENT_NOT_FOUND');
    throw err;
  }
}

/** domain/event-diff.ts EventDiff in two parts: the body's diff comes written as JSON. */
export interface EventDiffParts {
  readonly head: EventHeadDiff;
  /** The `body` member (BodyDiff), written by the lossless writer. */
  readonly bodyJson: string;
}

/**
 * What differs from event `eventId` to event `againstId` (domain/event-diff.ts): both must be
 * readable by the caller, in any inboxes (UNAUTHORIZED or EVENT_NOT_FOUND as reading them). The
 * bodies are diffed on a thread of their own within a time budget (body-diff-runner.ts): the
 * event loop is never held up, and a diff past the budget answers `too-large`.
 */
export async function diffTwoEvents(
  deps: DiffDeps,
  principal: Principal,
  eventId: string,
  againstId: string,
): Promise<EventDiffParts> {
  const from = await readableEvent(deps, principal, eventId);
  const to = await readableEvent(deps, principal, againstId);
  return { head: diffEventHeads(from, to), bodyJson: await bodyDiffRunner().diff(from.body, to.body) };
}
