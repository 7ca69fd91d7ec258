import type { Account, ApiToken } from '../domain/account.js';
import type { AccountIdentity } from '../domain/account-identity.js';
import type { CapturedEvent, EventSummary } from '../domain/captured-event.js';
import type { EventFilter } from '../domain/event-filter.js';
import type { Inbox, InboxStats } from '../domain/inbox.js';
import type { InboxResponse } from '../domain/response.js';
import type { ReplayRecord } from '../domain/replay.js';
import type { ReplayJobRepository } from './replay-job-store.js';
import type { AlertRepository } from './alert-store.js';
import type { ForwardingRepository } from './forwarding-store.js';
import type { EventTypeRepository } from './event-type-store.js';
import type { Share } from '../domain/share.js';
import type { Session } from '../domain/session.js';
import type { TeamRepository } from './team-store.js';
import type { AuditRepository } from './audit-store.js';

/**
 * The storage port. One adapter per database implements it (SQLite now, PostgreSQL next); the
 * conformance suite in test/storage guarantees they behave alike. Lookups return null for
 * absence; methods throw StorageError (src/errors.ts) only for infrastructure failures.
 */
export interface Store {
  readonly inboxes: InboxRepository;
  readonly events: EventRepository;
  readonly replays: ReplayRepository;
  readonly accounts: AccountRepository;
  readonly tokens: TokenRepository;
  readonly shares: ShareRepository;
  readonly sessions: SessionRepository;
  /** Signature settings of inboxes (migration 6). */
  readonly signatures: SignatureSettingsRepository;
  /** Bulk replay jobs and their items (migration 9; src/ports/replay-job-store.ts). */
  readonly replayJobs: ReplayJobRepository;
  /** Response rules of inboxes (migration 7). */
  readonly responses: InboxResponseRepository;
  /** Automatic forwarding and its delivery queue (migration 8; src/ports/forwarding-store.ts). */
  readonly forwarding: ForwardingRepository;
  /** Event types, their learned schemas and drift (migration 17; src/ports/event-type-store.ts). */
  readonly eventTypes: EventTypeRepository;
  /** Alert rules and their notification queue (migration 15; src/ports/alert-store.ts). */
  readonly alerts: AlertRepository;
  /** Teams, members and invitations (migration 16; src/ports/team-store.ts). */
  readonly teams: TeamRepository;
  /** The audit log (migration 18; src/ports/audit-store.ts). */
  readonly audit: AuditRepository;
  /** Single sign-on identities linked to accounts (migration 19). */
  readonly identities: AccountIdentityRepository;
  /** Cheap liveness probe (e.g. `SELECT 1`); throws StorageError when the database is unusable. */
  ping(): Promise<void>;
  /** Flushes pending writes, then releases the database. */
  close(): Promise<void>;
}

export interface InboxRepository {
  insert(inbox: Inbox): Promise<void>;
  /**
   * The inbox if it exists and has not expired at `now`, else null. Expiry is enforced here, on
   * read, so correctness never depends on the sweeper having run.
   */
  findLive(id: string, now: Date): Promise<Inbox | null>;
  /** Live inboxes owned by `ownerId`, newest first. */
  listByOwner(ownerId: string, now: Date): Promise<Inbox[]>;
  /**
   * Makes a live inbox persistent and owned by `ownerId` (clears expiresAt). Returns the updated
   * inbox, or null when it is not live or already owned by another account; the check and the
   * update are one atomic step, so of two concurrent saves by different accounts one wins.
   */
  save(id: string, ownerId: string, now: Date): Promise<Inbox | null>;
  /**
   * Deletes the inbox at once (it disappears from every read) and queues its events and
   * replays for purging in bounded batches. In the same step go its shares, signature settings,
   * response and forwarding, and its unfinished replay jobs end (`failed`, INBOX_NOT_FOUND);
   * its deliveries, delivery attempts and replay jobs are purged with its events
   * (docs/decisions.md #29). Returns false when it did not exist. With
   * `expectedOwnerId` (null = anonymous), deletes only while the inbox still has that owner, so
   * a concurrent save by another account and this delete cannot both succeed.
   */
  delete(id: string, expectedOwnerId?: string | null): Promise<boolean>;
  /**
   * Sets the name of a live inbox (null removes it), only while the inbox still has
   * `expectedOwnerId` (null = anonymous), like delete: a concurrent save by another account and
   * this rename cannot both succeed. Returns the updated inbox, or null when it is not live or
   * has another owner.
   */
  rename(id: string, name: string | null, expectedOwnerId: string | null, now: Date): Promise<Inbox | null>;
  /**
   * Gives a live saved inbox a new owner (an account or a team: src/domain/team.ts), only while
   * it is still owned by `expectedOwnerId`, in one atomic step. Its events, replays and settings
   * stay with it. Returns the updated inbox, or null when it is not live or has another owner.
   */
  move(id: string, ownerId: string, expectedOwnerId: string, now: Date): Promise<Inbox | null>;
  /**
   * The statistics of each inbox, in the order of `ids` (an unknown id gets 0 events and null).
   * The count is kept by every insert, eviction and deletion in their own transactions, so this
   * never counts an inbox's events: it costs the same for an inbox of a million events.
   */
  stats(ids: readonly string[]): Promise<InboxStats[]>;
  /**
   * Deletes up to `limit` anonymous inboxes expired at `now` (queuing their events and replays
   * for purging). Returns how many were deleted.
   */
  deleteExpired(now: Date, limit: number): Promise<number>;
  /**
   * Purges up to `limit` rows of deleted inboxes: events, replays, deliveries, delivery
   * attempts, replay job items and replay jobs. Returns how many rows were removed; 0 means
   * nothing is left to purge (no row of any table then refers to a purged inbox or its events).
   */
  purgeDeleted(limit: number): Promise<number>;
}

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

export interface ReplayRepository {
  insert(replay: ReplayRecord): Promise<void>;
  /** Replays of an event, newest first; only those requested by `accountId` when it is given. */
  listByEvent(eventId: string, opts: { limit: number; accountId?: string }): Promise<ReplayRecord[]>;
}

export interface AccountRepository {
  /** Inserts the account; resolves false (and stores nothing) when the e-mail is taken. */
  insert(account: Account): Promise<boolean>;
  findByEmail(email: string): Promise<Account | null>;
  findById(id: string): Promise<Account | null>;
  list(): Promise<Account[]>;
  /** Replaces the account's password hash; false when there is no such account. */
  setPasswordHash(id: string, passwordHash: string): Promise<boolean>;
  /**
   * Sets the account's e-mail (already normalised) and display name. Returns the updated
   * account, null when there is no such account, or 'email-taken' (nothing changed) when another
   * account has that e-mail.
   */
  updateProfile(
    id: string,
    profile: { email: string; displayName: string | null },
  ): Promise<Account | 'email-taken' | null>;
  /**
   * Deletes the account with its API tokens, sessions and single sign-on links in one step (its inboxes are deleted
   * before, through InboxRepository.delete). False when there was no such account.
   */
  delete(id: string): Promise<boolean>;
}

/**
 * Identities at OpenID Connect providers (issuer + subject), each linked to one account. Deleting
 * the account (AccountRepository.delete) deletes its links in the same step.
 */
export interface AccountIdentityRepository {
  /** The link of this subject of this issuer, or null. */
  find(issuer: string, subject: string): Promise<AccountIdentity | null>;
  /**
   * Links the subject to the account; resolves false (nothing stored) when the subject is linked
   * already (to this account or another), so of two first sign-ins at once one link wins.
   */
  link(identity: AccountIdentity): Promise<boolean>;
  /** Every link of the account, oldest first. */
  listByAccount(accountId: string): Promise<AccountIdentity[]>;
  /**
   * Links the subject to the account only while neither is linked at this issuer (the subject to
   * any account, the account to any subject), in one step; resolves false (nothing stored)
   * otherwise. An account is never relinked to a second subject of the same issuer.
   */
  linkIfUnlinked(identity: AccountIdentity): Promise<boolean>;
}

export interface TokenRepository {
  insert(token: ApiToken): Promise<void>;
  /** The token with this hash, revoked or not, or null. */
  findByHash(hash: string): Promise<ApiToken | null>;
  /** All tokens of the account, revoked ones included, newest first. */
  listByAccount(accountId: string): Promise<ApiToken[]>;
  /** Marks the token revoked; false when it does not exist or belongs to another account. */
  revoke(id: string, accountId: string, now: Date): Promise<boolean>;
  /** Records use of the token (best effort; callers may throttle). */
  touch(id: string, now: Date): Promise<void>;
}

export interface SessionRepository {
  insert(session: Session): Promise<void>;
  /**
   * The session whose cookie hashes to `hash` if it has not expired at `now` (expiresAt > now),
   * else null. Expiry is enforced here, on read, so correctness never depends on the sweeper.
   */
  findLiveByHash(hash: string, now: Date): Promise<Session | null>;
  /** Records use of the session (best effort; callers throttle it to once a minute). */
  touch(id: string, now: Date): Promise<void>;
  /** Deletes one session (signing out); false when it did not exist. */
  delete(id: string): Promise<boolean>;
  /** Deletes every session of the account (sign out everywhere); returns how many. */
  deleteByAccount(accountId: string): Promise<number>;
  /** The account's sessions live at `now`, most recently used first. */
  listLiveByAccount(accountId: string, now: Date): Promise<Session[]>;
  /** Deletes one session if it belongs to the account; false when it does not (or is gone). */
  deleteOfAccount(id: string, accountId: string): Promise<boolean>;
  /** Deletes every session of the account but `keepId` (sign out the others); returns how many. */
  deleteOthers(accountId: string, keepId: string): Promise<number>;
  /** Deletes up to `limit` sessions expired at `now`; returns how many were deleted. */
  deleteExpired(now: Date, limit: number): Promise<number>;
}

/**
 * Read-only sharing links of inboxes. Deleting an inbox (InboxRepository.delete and
 * deleteExpired) deletes its shares in the same step, so a link never outlives its inbox.
 */
export interface ShareRepository {
  insert(share: Share): Promise<void>;
  /** The share whose token has this hash, or null. Does not check its inbox; services do. */
  findByHash(hash: string): Promise<Share | null>;
  /** The shares of an inbox, newest first. */
  listByInbox(inboxId: string): Promise<Share[]>;
  /** Deletes the share if it belongs to this inbox; false when there is no such share. */
  delete(id: string, inboxId: string): Promise<boolean>;
}

/**
 * Response rules (migration 7): at most one per inbox. Deleting an inbox
 * (InboxRepository.delete and deleteExpired) deletes its response in the same step.
 */
export interface InboxResponseRepository {
  /** The inbox's response, or null. Does not check the inbox (ingest and services do). */
  find(inboxId: string): Promise<InboxResponse | null>;
  /**
   * Sets (or replaces) the inbox's response, only while the inbox is live at `now` and still has
   * `expectedOwnerId` (null = anonymous), in one atomic step: a concurrent deletion or a save by
   * another account and this write cannot both succeed. False when nothing was stored.
   */
  put(response: InboxResponse, expectedOwnerId: string | null, now: Date): Promise<boolean>;
  /**
   * Removes the inbox's response (whether it had one or not), under the same condition as put.
   * False when the inbox is not live or has another owner (nothing removed).
   */
  delete(inboxId: string, expectedOwnerId: string | null, now: Date): Promise<boolean>;
}

/** An inbox's signature settings as stored (src/services/signatures.ts): the secret only sealed. */
export interface StoredSignatureSettings {
  readonly inboxId: string;
  /** The scheme's name (src/signatures/settings.ts SCHEMES). */
  readonly scheme: string;
  /** The secret sealed with the server key (SecretBox); never the plaintext. */
  readonly sealedSecret: string;
  /** What may be shown of the secret (its last characters), or null. */
  readonly secretHint: string | null;
  /** The scheme's options, a JSON object. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly updatedAt: Date;
}

/**
 * Signature settings (migration 6), one row per inbox. Deleting an inbox (InboxRepository.delete
 * and deleteExpired) deletes its settings in the same step.
 */
export interface SignatureSettingsRepository {
  /**
   * Sets (inserts or replaces) the settings of an inbox, only while the inbox exists with owner
   * `expectedOwnerId`, in one atomic step: a deleted inbox never gets settings back. Returns
   * false when nothing was written.
   */
  put(settings: StoredSignatureSettings, expectedOwnerId: string): Promise<boolean>;
  /** The inbox's settings, or null. Does not check the inbox; services do. */
  find(inboxId: string): Promise<StoredSignatureSettings | null>;
  /** Deletes the inbox's settings; false when it had none. */
  delete(inboxId: string): Promise<boolean>;
}
