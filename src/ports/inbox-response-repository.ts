import type { InboxResponse } from '../domain/response.js';

/**
 * Programmable responses (migration 7): at most one per inbox. Deleting an inbox
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
