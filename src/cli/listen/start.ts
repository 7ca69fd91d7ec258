import type { EventDetail } from '../../client/types.js';
import { EXIT, ExitError } from '../exit.js';
import { type InboxEvents, walkEvents } from './inbox-events.js';
import type { StartSpec } from './options.js';
import type { SavedState } from './position.js';
import { shortTime } from './report.js';

/** Where a listener starts: from --from/--since and the saved position. */

/** Lower than every event id: after it, every event of the inbox is newer. */
export const BEFORE_ALL = 'evt_00000000000000000000000000';

/** Where a run starts: the cursor (exclusive), the look-back floor, the window ids already done. */
export interface Start {
  readonly after: string;
  readonly floor: string;
  readonly recent: readonly string[];
  /** Delivered before anything else (--from <eventId>). */
  readonly first?: EventDetail;
  readonly description: string;
}

function resumeFrom(saved: SavedState): Start {
  return {
    after: saved.lastEventId,
    floor: saved.floor,
    recent: saved.recent,
    description: `resuming after ${saved.lastEventId} (captured ${shortTime(saved.lastReceivedAt)})`,
  };
}

async function fromNow(source: InboxEvents): Promise<Start | undefined> {
  const page = await source.caller.call('list events', () => source.client.events(source.inboxId, { limit: 1 }));
  if (page === undefined) return undefined;
  const after = page.events[0]?.id ?? BEFORE_ALL;
  return { after, floor: after, recent: [], description: 'forwarding events from now on' };
}

async function fromEvent(source: InboxEvents, eventId: string): Promise<Start | undefined> {
  const event = await source.caller.call('look up the start event', () => source.client.event(eventId));
  if (event === undefined) return undefined;
  if (event.inboxId !== source.inboxId) {
    throw new ExitError(EXIT.FAILURE, `event ${eventId} belongs to inbox ${event.inboxId}, not ${source.inboxId}`);
  }
  return {
    after: event.id,
    floor: event.id,
    recent: [],
    first: event,
    description: `delivering from ${event.id} (captured ${shortTime(event.receivedAt)}) on`,
  };
}

/** The newest event captured before `threshold` (ms since the epoch): events after it are the backlog. */
async function afterTime(source: InboxEvents, threshold: number): Promise<string | undefined> {
  let older: string | undefined;
  const walked = await walkEvents(source, { what: 'list events' }, (page) => {
    older = page.events.find((event) => Date.parse(event.receivedAt) < threshold)?.id;
    return older !== undefined;
  });
  if (!walked) return undefined;
  return older ?? BEFORE_ALL;
}

/** The first cursor (exclusive), and an event to deliver before it when --from names one. Undefined when stopped. */
export async function resolveStart(
  source: InboxEvents,
  start: StartSpec,
  saved: SavedState | null,
): Promise<Start | undefined> {
  switch (start.kind) {
    case 'default':
      return saved !== null ? resumeFrom(saved) : fromNow(source);
    case 'last':
      if (saved === null) {
        throw new ExitError(
          EXIT.FAILURE,
          `--from last: no saved position for ${source.inboxId} with these --forward-to targets on this server ` +
            '(use --from now, or --since 2h to deliver the last two hours first)',
        );
      }
      return resumeFrom(saved);
    case 'now':
      return fromNow(source);
    case 'event':
      return fromEvent(source, start.eventId);
    case 'ago': {
      const after = await afterTime(source, Date.now() - start.ms);
      if (after === undefined) return undefined;
      return {
        after,
        floor: after,
        recent: [],
        description: `delivering the events of the last ${start.text} first, then new ones`,
      };
    }
  }
}
