import type BetterSqlite3 from 'better-sqlite3';

import type { Inbox } from '../../domain/inbox.js';
import { ReadCache } from './read-cache.js';
import { toInbox, type InboxRow } from './rows.js';

const MAX_CACHED_INBOXES = 1000;

/**
 * InboxRepository.findLive behind a ReadCache: every read of an inbox or its events checks the
 * inbox first. The row is cached by id and liveness is decided per call from `now`, exactly as
 * the SQL did (`expires_at IS NULL OR expires_at > now`), so expiry never waits for a write.
 * Saving, deleting or expiring an inbox is a write and empties the cache (see ReadCache).
 */
export function createInboxLookup(
  db: BetterSqlite3.Database,
  byId: BetterSqlite3.Statement<[string], InboxRow>,
): (id: string, now: Date) => Inbox | null {
  const cache = new ReadCache<Inbox | null>(db, {
    maxEntries: MAX_CACHED_INBOXES,
    maxWeight: MAX_CACHED_INBOXES,
    weigh: () => 1,
  });
  return (id, now) => {
    const inbox = cache.get(id, () => {
      const row = byId.get(id);
      return row === undefined ? null : toInbox(row);
    });
    return inbox !== null && (inbox.expiresAt === null || inbox.expiresAt.getTime() > now.getTime()) ? inbox : null;
  };
}
