/** An inbox: a capture endpoint. Anonymous inboxes have no owner and an expiry time. */
export interface Inbox {
  readonly id: string;
  /** Owning account id, or null for an anonymous inbox. */
  readonly ownerId: string | null;
  readonly createdAt: Date;
  /** When an anonymous inbox stops existing; null for a persistent (owned) inbox. */
  readonly expiresAt: Date | null;
}

/** Spec §3: an anonymous inbox is gone once its lifetime has passed. */
export function isExpired(inbox: Inbox, now: Date): boolean {
  return inbox.expiresAt !== null && inbox.expiresAt.getTime() <= now.getTime();
}

/** Owned inboxes are "saved": persistent until their owner deletes them. */
export function isSaved(inbox: Inbox): boolean {
  return inbox.ownerId !== null;
}
