import type { EventSummary } from '../domain/captured-event.js';
import { isId } from '../domain/ids.js';
import type { Inbox } from '../domain/inbox.js';
import { AppError } from '../errors.js';
import type { InboxNotice } from '../ports/event-bus.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getReadableInbox } from './inboxes.js';

type StreamDeps = Pick<ServiceDeps, 'store' | 'clock' | 'bus'>;

/** Deleted event ids a stream remembers (see openInboxStream). */
const MAX_REMEMBERED_DELETIONS = 10_000;

function isNotice(item: EventSummary | InboxNotice): item is InboxNotice {
  return 'kind' in item;
}

/** Heartbeat interval: well under the idle timeouts of common proxies (nginx: 60 s). */
export const DEFAULT_HEARTBEAT_MS = 15_000;
/** Events fetched per store query while catching up after Last-Event-ID. */
export const DEFAULT_BACKLOG_PAGE_SIZE = 100;
/** Most missed events replayed on resumption; older ones are left to the list endpoint. */
export const DEFAULT_MAX_BACKLOG = 10_000;

export interface StreamOptions {
  /** Interval of the heartbeat (default 15 s). */
  readonly heartbeatMs?: number;
  /** Store page size while catching up (1..1000, default 100). */
  readonly backlogPageSize?: number;
  /** Most missed events sent on resumption (default 10 000). */
  readonly maxBacklog?: number;
  /**
   * Re-checks, before live events are sent, that the caller may still read the inbox (the
   * token was not revoked, the inbox was not saved by another account or deleted). Resolves
   * false to end the stream. Checks are coalesced: one per burst of events.
   */
  readonly checkAccess?: () => Promise<boolean>;
  /**
   * Also run `checkAccess` at every heartbeat, so access that ends without any event (a revoked
   * sharing link whose bus message was lost) ends the stream within one heartbeat. A check that
   * fails with an AppError, or resolves false, ends it; storage trouble does not (next beat).
   */
  readonly checkAccessOnHeartbeat?: boolean;
}

/**
 * Where a stream goes; the HTTP route implements it as server-sent events. Calls arrive in this
 * order: `open` once, then `event`/`truncated`/`heartbeat`, then possibly `end`. None of them is
 * made after the close function has been called.
 */
export interface StreamSink {
  /** Access is granted and the backlog is loaded: start the response. */
  open(): void;
  /** One captured event, in the order it must be sent. */
  event(event: EventSummary): void;
  /** An event was deleted or the inbox cleared (live only; in order with the events). */
  notice(notice: InboxNotice): void;
  /**
   * Resumption found more than `maxBacklog` missed events: only the newest `maxBacklog` follow.
   * The events newer than Last-Event-ID and older than `before` were not sent (the list
   * endpoint serves them with `?before=`). Sent before those events.
   */
  truncated(info: { readonly maxBacklog: number; readonly before: string }): void;
  /** Nothing to say; keeps proxies from closing an idle connection. */
  heartbeat(): void;
  /** The service ended the stream: the inbox expired or was deleted. Not called after close. */
  end(reason: 'inbox-gone' | 'access-revoked'): void;
}

/** Stops the stream: unsubscribes and clears timers. Idempotent; never calls the sink. */
export type CloseStream = () => void;

/**
 * Opens a live stream of the inbox's new events: same access rules as listing events (throws
 * INBOX_NOT_FOUND / UNAUTHORIZED like listEvents, VALIDATION_FAILED for a malformed
 * `lastEventId`, StorageError when the store fails). Nothing reaches the sink before every check
 * and store read has succeeded, so a caller that sees a rejection can still answer with an error.
 *
 * With `lastEventId`, the events of the inbox newer than it are sent first, oldest first, then
 * the live ones, with no gap and no duplicate:
 *  1. subscribe to the bus first; live events are buffered from then on;
 *  2. read the store newest first, page by page (`before` = oldest id of the previous page),
 *     until a page reaches an id <= lastEventId or the inbox has no older events;
 *  3. send that backlog in ascending id order;
 *  4. flush the buffer, skipping events already sent with the backlog and events not newer than
 *     lastEventId, then deliver live events as they come.
 * An event committed between subscribing and reading the store is in both the buffer and the
 * backlog; it is sent once. Live events are delivered in bus order and never dropped for being
 * older than the last one sent: across instances ids come from different clocks.
 *
 * Deletions (an event deleted, the inbox cleared) reach the sink as notices while the stream is
 * open, in order with the events; an event announced deleted is never sent afterwards. They are
 * not part of resumption: a client that reconnects reloads what it shows.
 *
 * An inbox that expires while streaming ends the stream (checked at each heartbeat, confirmed
 * in the store so a just-saved inbox keeps streaming). A deleted persistent inbox does not end
 * it: the stream stays open but receives nothing more; a reconnect gets 404.
 */
export async function openInboxStream(
  deps: StreamDeps,
  principal: Principal,
  input: {
    readonly inboxId: string;
    readonly lastEventId?: string | undefined;
    /** Aborted when the client goes away; the stream then closes, even while it is opening. */
    readonly signal?: AbortSignal | undefined;
  },
  sink: StreamSink,
  options: StreamOptions = {},
): Promise<CloseStream> {
  let inbox: Inbox = await getReadableInbox(deps, principal, input.inboxId);
  const lastEventId = input.lastEventId;
  if (lastEventId !== undefined && !isId('event', lastEventId)) {
    throw new AppError('VALIDATION_FAILED', {
      message: 'Last-Event-ID must be an event id',
      details: [{ path: '/lastEventId', message: 'must be an event id (evt_...)' }],
    });
  }
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const pageSize = Math.min(Math.max(options.backlogPageSize ?? DEFAULT_BACKLOG_PAGE_SIZE, 1), 1000);
  const maxBacklog = Math.max(options.maxBacklog ?? DEFAULT_MAX_BACKLOG, 1);

  // Widened on purpose: callbacks change it, so checks after an await must not be narrowed away.
  let state = 'buffering' as 'buffering' | 'live' | 'closed';
  const buffered: (EventSummary | InboxNotice)[] = [];
  const pending: (EventSummary | InboxNotice)[] = [];
  // Ids announced deleted. On PostgreSQL an event's own notification can arrive after the
  // deletion's (each instance notifies in its own order), and a deleted event is never sent after
  // its deletion. Bounded: the oldest are forgotten first.
  const deleted = new Set<string>();
  let draining = false;
  const signal = input.signal;
  if (signal?.aborted) return () => undefined;
  // Without Last-Event-ID only events committed after the stream opened are sent; the newest
  // stored id at open is the floor. (A bus may deliver an older commit late: NOTIFY is async.)
  let floor = lastEventId;
  // Ids sent with the backlog. A bus may deliver one of them again after the stream went live
  // (PostgreSQL's NOTIFY arrives after the commit it reports, so after the backlog read it);
  // live delivery skips them too. At most maxBacklog ids, kept for the stream's life.
  const sent = new Set<string>();
  const unsubscribe = deps.bus.subscribe(
    inbox.id,
    (event) => {
      if (state === 'buffering') buffered.push(event);
      else if (state === 'live') deliverLive(event);
    },
    (notice) => {
      if (notice.kind === 'event.deleted') {
        deleted.add(notice.eventId);
        if (deleted.size > MAX_REMEMBERED_DELETIONS) deleted.delete(deleted.values().next().value as string);
      }
      if (state === 'buffering') buffered.push(notice);
      else if (state === 'live') queueLive(notice);
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const close: CloseStream = () => {
    if (state === 'closed') return;
    state = 'closed';
    unsubscribe();
    if (timer !== undefined) clearInterval(timer);
    signal?.removeEventListener('abort', close);
  };
  signal?.addEventListener('abort', close, { once: true });

  let backlog: { events: EventSummary[]; truncated: boolean };
  try {
    if (lastEventId === undefined) {
      floor = (await deps.store.events.listByInbox(inbox.id, { limit: 1 }))[0]?.id;
      backlog = { events: [], truncated: false };
    } else {
      backlog = await loadBacklog();
    }
  } catch (err) {
    close();
    throw err;
  }
  // The client may have gone away while the store was read.
  if (state === 'closed') return close;

  sink.open();
  const first = backlog.events[0];
  if (backlog.truncated && first) sink.truncated({ maxBacklog, before: first.id });
  for (const event of backlog.events) {
    sent.add(event.id);
    sink.event(event);
  }
  for (const item of buffered) {
    if (state !== 'buffering') break;
    if (isNotice(item)) {
      sink.notice(item);
      continue;
    }
    if (sent.has(item.id) || deleted.has(item.id) || (floor !== undefined && item.id <= floor)) continue;
    sink.event(item);
  }
  buffered.length = 0;
  if (state !== 'buffering') return close;
  state = 'live';

  let checking = false;
  let rechecking = false;
  timer = setInterval(() => {
    if (state !== 'live') return;
    sink.heartbeat();
    if (options.checkAccessOnHeartbeat === true && options.checkAccess && !rechecking) {
      rechecking = true;
      options.checkAccess().then(
        (allowed) => {
          rechecking = false;
          if (allowed || state !== 'live') return;
          close();
          sink.end('access-revoked');
        },
        (err: unknown) => {
          rechecking = false;
          if (!(err instanceof AppError) || state !== 'live') return;
          close();
          sink.end('access-revoked');
        },
      );
    }
    const expiresAt = inbox.expiresAt;
    if (checking || expiresAt === null || deps.clock.now() < expiresAt) return;
    // Past the expiry known at open: confirm with the store (the inbox may have been saved).
    checking = true;
    deps.store.inboxes.findLive(inbox.id, deps.clock.now()).then(
      (live) => {
        checking = false;
        if (state !== 'live') return;
        if (live) {
          inbox = live;
          return;
        }
        close();
        sink.end('inbox-gone');
      },
      () => {
        // Storage trouble is not proof of expiry: keep streaming, check again next beat.
        checking = false;
      },
    );
  }, heartbeatMs);
  // An open stream has a socket that keeps the process alive anyway; the timer must not.
  timer.unref();
  return close;

  /**
   * Live events wait for an access check (one per burst), so a revoked token or an inbox
   * saved by another account stops the stream before the next event; order is kept.
   */
  function deliverLive(event: EventSummary): void {
    if ((floor !== undefined && event.id <= floor) || sent.has(event.id) || deleted.has(event.id)) return;
    queueLive(event);
  }

  /** Notices take the same queue as events: the same access check, and their order is kept. */
  function queueLive(item: EventSummary | InboxNotice): void {
    pending.push(item);
    if (!draining) void drain();
  }

  async function drain(): Promise<void> {
    draining = true;
    while (pending.length > 0 && state === 'live') {
      const batch = pending.splice(0);
      // Fail closed: when access cannot be confirmed, the client reconnects and is re-checked.
      const allowed = options.checkAccess ? await options.checkAccess().catch(() => false) : true;
      if (state !== 'live') break;
      if (!allowed) {
        close();
        sink.end('access-revoked');
        break;
      }
      for (const item of batch) {
        if (isNotice(item)) sink.notice(item);
        else sink.event(item);
      }
    }
    draining = false;
  }

  /** Events newer than lastEventId, ascending; at most maxBacklog (the newest ones). */
  async function loadBacklog(): Promise<{ events: EventSummary[]; truncated: boolean }> {
    const after = lastEventId as string;
    const pages: EventSummary[][] = [];
    let count = 0;
    let before: string | undefined;
    for (;;) {
      const rows = await deps.store.events.listByInbox(inbox.id, {
        limit: pageSize,
        ...(before !== undefined ? { before } : {}),
      });
      const newer = rows.filter((event) => event.id > after);
      pages.push(newer);
      count += newer.length;
      const oldest = rows[rows.length - 1];
      const done = newer.length < rows.length || rows.length < pageSize || oldest === undefined;
      if (count > maxBacklog) {
        const events = pages.flat().slice(0, maxBacklog).reverse();
        return { events, truncated: true };
      }
      if (done || state === 'closed') break;
      before = oldest.id;
    }
    return { events: pages.flat().reverse(), truncated: false };
  }
}
