import type BetterSqlite3 from 'better-sqlite3';

import type { Inbox } from '../../domain/inbox.js';
import { cachedRowLookup } from './read-cache.js';
import type { InboxRow } from '../shared/event-rows.js';
import { mapper, type SqliteColumns } from './rows.js';

const MAX_CACHED_INBOXES = 1000;

/**
 * InboxRepository.findLive behind a ReadCache: every read of an inbox or its events checks the
 * inbox first. The row is cached by id and liveness is decided per call from `now`, exactly as
 * the SQL did (`expires_at IS NULL OR expires_at > now`), so expiry never waits for a write.
 * Saving, deleting or expiring an inbox is a write and empties the cache (see ReadCache).
 */
export function createInboxLookup(
  db: BetterSqlite3.Database,
  byId: BetterSqlite3.Statement<[string], InboxRow<SqliteColumns>>,
): (id: string, now: Date) => Inbox | null {
  const find = cachedRowLookup(db, MAX_CACHED_INBOXES, (id) => byId.get(id), mapper.toInbox);
  return (id, now) => {
    const inbox = find(id);
    return inbox !== null && (inbox.expiresAt === null || inbox.expiresAt.getTime() > now.getTime()) ? inbox : null;
  };
}
