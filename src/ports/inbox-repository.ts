import type { Inbox, InboxStats } from '../domain/inbox.js';

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
