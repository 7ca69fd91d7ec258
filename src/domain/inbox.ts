/** An inbox: a capture endpoint. Anonymous inboxes have no owner and an expiry time. */
export interface Inbox {
  readonly id: string;
  /** Owning account id, or null for an anonymous inbox. */
  readonly ownerId: string | null;
  /** A name given by its user (1-100 printable characters, trimmed), or null. */
  readonly name: string | null;
  readonly createdAt: Date;
  /** When an anonymous inbox stops existing; null for a persistent (owned) inbox. */
  readonly expiresAt: Date | null;
}

/** What an inbox holds, for the dashboard: kept by the store as events come and go. */
export interface InboxStats {
  /** Events the inbox holds now (after evictions and deletions). */
  readonly eventCount: number;
  /** When the newest event it holds was received; null when it holds none. */
  readonly lastEventAt: Date | null;
}

/** An inbox with its statistics, as the API shows it. */
export type InboxWithStats = Inbox & InboxStats;

/** An anonymous inbox is gone once its lifetime (48 hours) has passed. */
export function isExpired(inbox: Inbox, now: Date): boolean {
  return inbox.expiresAt !== null && inbox.expiresAt.getTime() <= now.getTime();
}

/** Owned inboxes are "saved": persistent until their owner deletes them. */
export function isSaved(inbox: Inbox): boolean {
  return inbox.ownerId !== null;
}
