import type BetterSqlite3 from 'better-sqlite3';

import type { Share } from '../../domain/share.js';
import type { ShareRepository } from '../../ports/store.js';
import { attempt } from './attempt.js';
import { ReadCache } from './read-cache.js';

/** A shares row exactly as better-sqlite3 returns it (timestamps are INTEGER milliseconds). */
interface ShareRow {
  id: string;
  inbox_id: string;
  hash: string;
  prefix: string;
  created_at: number;
}

const COLUMNS = 'id, inbox_id, hash, prefix, created_at';

/** Links in use at once are few; like tokens, at most this many lookups are kept. */
const MAX_CACHED_SHARES = 1000;

function toShare(row: ShareRow): Share {
  return {
    id: row.id,
    inboxId: row.inbox_id,
    hash: row.hash,
    prefix: row.prefix,
    createdAt: new Date(row.created_at),
  };
}

/**
 * ShareRepository on SQLite. Every request made with a link looks its hash up, so lookups go
 * through a ReadCache (as API tokens do): any write to the database, a revocation by another
 * process included, empties it, so a revoked link is refused by the very next request. The
 * inbox repository deletes an inbox's shares in the transaction that deletes the inbox.
 */
export function createShareRepository(db: BetterSqlite3.Database): ShareRepository {
  const insert = db.prepare<[string, string, string, string, number]>(
    `INSERT INTO shares (${COLUMNS}) VALUES (?, ?, ?, ?, ?)`,
  );
  const findByHash = db.prepare<[string], ShareRow>(`SELECT ${COLUMNS} FROM shares WHERE hash = ?`);
  const listByInbox = db.prepare<[string], ShareRow>(
    `SELECT ${COLUMNS} FROM shares WHERE inbox_id = ? ORDER BY created_at DESC, id DESC`,
  );
  const remove = db.prepare<[string, string]>('DELETE FROM shares WHERE id = ? AND inbox_id = ?');
  const cache = new ReadCache<Share | null>(db, {
    maxEntries: MAX_CACHED_SHARES,
    maxWeight: MAX_CACHED_SHARES,
    weigh: () => 1,
  });
  return {
    insert: (share) =>
      attempt('insert share', () => {
        insert.run(share.id, share.inboxId, share.hash, share.prefix, share.createdAt.getTime());
      }),
    findByHash: (hash) =>
      attempt('find share', () =>
        cache.get(hash, () => {
          const row = findByHash.get(hash);
          return row === undefined ? null : toShare(row);
        }),
      ),
    listByInbox: (inboxId) => attempt('list shares', () => listByInbox.all(inboxId).map(toShare)),
    delete: (id, inboxId) => attempt('delete share', () => remove.run(id, inboxId).changes === 1),
  };
}
