import type { Share } from '../domain/share.js';

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
