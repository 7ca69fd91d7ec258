import type { CapturedEvent, EventSummary } from '../domain/captured-event.js';
import type { EventFilter } from '../domain/event-filter.js';

export type { EventFilter } from '../domain/event-filter.js';

export interface ListPage {
  /** 1..1000 */
  readonly limit: number;
  /** Return only events older than this event id (keyset pagination). */
  readonly before?: string;
}

/**
 * A page of a search (EventRepository.searchByInbox):
 * the events matching `filter`, newest first, older than `before`. The database does the
 * matching, newest first, in bounded steps; it examines at most `scanLimit` events for one page
 * (default SEARCH_SCAN_LIMIT), so a filter that matches rarely costs a bounded time per page.
 */
export interface SearchPage extends ListPage {
  readonly filter: EventFilter;
  /** Most events examined for this page (>= 1); absent = SEARCH_SCAN_LIMIT. */
  readonly scanLimit?: number;
  /**
   * Milliseconds after which the page ends at the next step boundary, as when `scanLimit` is
   * reached, with `outOfTime` set (0 = after the first step); absent = no time bound. The
   * inbox's first step always runs, so a search of an inbox that fits in one step never stops.
   */
  readonly timeBudgetMs?: number;
}

/** Events one search page examines at most by default (see SearchPage). */
export const SEARCH_SCAN_LIMIT = 100_000;

/** The matching events of one search page, and where the next page goes on from. */
export interface SearchResult {
  /** Matching summaries, newest first, at most `limit`. */
  readonly events: EventSummary[];
  /**
   * The `before` of the next page, or null when the scan reached the end of the inbox (or the
   * filter's `since`). Otherwise it is the last event examined: the page's last event when more
   * matches were seen, else where the scan stopped (the page is full, or `scanLimit` events were
   * examined). So a page may hold fewer than `limit` events (even none) and still have a next
   * page, and a next page may turn out empty.
   */
  readonly nextBefore: string | null;
  /** The page ended because its `timeBudgetMs` was spent (with `nextBefore` set). */
  readonly outOfTime?: boolean;
}

/** A page of events read forwards in time (EventRepository.listAfter). */
export interface AfterPage {
  /** 1..1000 */
  readonly limit: number;
  /** Return only events newer than this event id; absent = from the inbox's oldest event. */
  readonly after?: string;
}

/** A page of full events read forwards in time, bounded in count and in body bytes (EventRepository.listFullAfter). */
export interface FullPage {
  /** 1..1000 */
  readonly limit: number;
  /** Return only events newer than this event id; absent = from the inbox's oldest event. */
  readonly after?: string;
  /** Return only events with an id at least this one (inclusive; a filter's `since`). */
  readonly since?: string;
  /** Return only events with an id below this one (exclusive; a filter's `until`). */
  readonly until?: string;
  /**
   * Most body bytes the page may hold in all: events are added, oldest first, while their bodies
   * fit; the first event is always returned, whatever its size, so paging always advances.
   */
  readonly maxBytes: number;
}

/**
 * A page of event summaries already encoded as the API's JSON: the read path of the event list
 * is hot enough that building one object per row and serializing it again dominated its cost.
 */
export interface EventSummaryPageJson {
  /**
   * The page's summaries (newest first, at most `limit`) as a JSON array, byte for byte
   * `JSON.stringify(events.map(eventSummaryJson))` (src/domain/event-json.ts, the one definition
   * of that shape; the conformance suite holds every adapter to it).
   */
  readonly json: string;
  /** How many events the array holds. */
  readonly count: number;
  /** Id of the page's last (oldest) event when an older one exists, else null. */
  readonly nextBefore: string | null;
}

export interface InsertEventOptions {
  /**
   * When the inbox is anonymous, keep only its newest `maxEventsForAnonymous` events (by id):
   * older ones are deleted in the same transaction as the insert, so the inbox never holds more
   * (PostgreSQL: inserts committed concurrently by other statements may leave it briefly above
   * the cap until the next insert). Owned inboxes are never trimmed. Absent = keep everything.
   */
  readonly maxEventsForAnonymous?: number;
}

/** Which inbox an event deletion is for, and who must still own it when the deletion runs. */
export interface EventScope {
  readonly inboxId: string;
  /**
   * The owner the caller's access was checked against (null = anonymous): the deletion happens
   * only while the inbox exists with this owner, so a concurrent save by another account wins.
   */
  readonly expectedOwnerId: string | null;
}

/** What EventRepository.maintain did. */
export interface EventUpkeep {
  readonly partitionsCreated: number;
  /** Events that went with whole partitions (all of their inboxes gone). */
  readonly eventsDropped: number;
  /** Events moved from the table of the previous schema (0: the move is done). */
  readonly eventsMoved: number;
}

export interface EventRepository {
  /**
   * Stores the event if its inbox is live at `now` (the check and the insert are one atomic
   * step). Resolves true only after the event is durably committed; false when the inbox is
   * unknown or expired (nothing stored). Rejects with StorageError when it could not be stored.
   * The inbox's count (InboxRepository.stats) changes in the same transaction.
   */
  insertIfInboxLive(event: CapturedEvent, now: Date, opts?: InsertEventOptions): Promise<boolean>;
  /** The full event (headers and body), or null. Does not check the inbox; services do. */
  findById(id: string): Promise<CapturedEvent | null>;
  /** Events of an inbox, newest first, without headers and bodies. */
  listByInbox(inboxId: string, page: ListPage): Promise<EventSummary[]>;
  /**
   * Events of an inbox with an id greater than `page.after` (every event when it is absent),
   * OLDEST first (ascending id), at most `page.limit`, without headers and bodies. `after` need
   * not be a stored id: ids are time-sortable, so any id is a point in time. Paging forwards is
   * passing the last id of one page as `after` of the next. Serves the long-poll for the next
   * event and catching up on what was missed.
   */
  listAfter(inboxId: string, page: AfterPage): Promise<EventSummary[]>;
  /**
   * Full events (headers and bodies) of an inbox, OLDEST first (ascending id), newer than
   * `page.after`, within `since`/`until`, bounded by `page.limit` and `page.maxBytes` of bodies
   * (see FullPage), so the memory of a page stays bounded whatever the bodies weigh. Paging
   * forwards is passing the last id of one page as `after` of the next; an empty array means
   * nothing is left. Serves the export (HAR, NDJSON) of an inbox of any size.
   */
  listFullAfter(inboxId: string, page: FullPage): Promise<CapturedEvent[]>;
  /**
   * The same page as listByInbox (`page.limit` events, newest first, older than `page.before`),
   * encoded as the API's JSON array, and whether an older page exists.
   */
  listSummaryPageJson(inboxId: string, page: ListPage): Promise<EventSummaryPageJson>;
  /**
   * One page of a search (src/domain/event-filter.ts): the inbox's events matching
   * `page.filter`, newest first, older than `page.before`, at most `page.limit`, examining at
   * most `page.scanLimit` events (see SearchPage and SearchResult). The database does the
   * matching; bodies are never brought into memory.
   */
  searchByInbox(inboxId: string, page: SearchPage): Promise<SearchResult>;
  /**
   * Deletes the event, if it belongs to `scope.inboxId` and that inbox still has
   * `scope.expectedOwnerId`, together with its replays, its delivery and the delivery's attempts
   * (replay job items naming it stay: a job's history), in one atomic step that also updates the
   * inbox's count. Returns false when nothing was deleted.
   */
  delete(eventId: string, scope: EventScope): Promise<boolean>;
  /**
   * One bounded step of clearing an inbox: deletes up to `limit` of its events whose id is at
   * most `scope.through` and up to `limit` replays of such events (and the deliveries and
   * delivery attempts of such events, a bounded number per step), in one short transaction that
   * also updates the inbox's count. Events with a greater id (stored after the clear began) are
   * kept. Returns how many rows were removed (0: nothing up to `through` is left), or null when
   * the inbox is gone or has another owner than `scope.expectedOwnerId` (nothing was removed).
   */
  clearThrough(scope: EventScope & { readonly through: string }, limit: number): Promise<number | null>;
  /**
   * Retention (REHOOK_RETENTION_DAYS): deletes events received before `before`, of every inbox,
   * with their inboxes' counts. PostgreSQL first drops every day partition that ends by then
   * (whole, however many events; not counted against `limit`), then deletes up to `limit` rows
   * at the edge; SQLite deletes up to `limit` rows. Returns how many events went (0: none is
   * left before `before`, or at most as many as the edge rows found). Replays of deleted events
   * stay in their history.
   */
  deleteReceivedBefore(before: Date, limit: number): Promise<number>;
  /**
   * The sweeper's upkeep of event storage, run under its lock (never two at once). PostgreSQL:
   * creates the day partitions up to `daysAhead` days after `now`, drops ended ones holding no
   * event of an existing inbox (expired and deleted inboxes go without row deletes), and moves
   * up to `moveLimit` events of a database upgraded in place into the partitioned table. SQLite
   * has nothing to do and returns zeros.
   */
  maintain(now: Date, opts: { readonly daysAhead: number; readonly moveLimit: number }): Promise<EventUpkeep>;
}
