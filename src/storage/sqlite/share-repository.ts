import type BetterSqlite3 from 'better-sqlite3';

import type { ShareRepository } from '../../ports/share-repository.js';
import { SHARE_COLUMNS, type ShareRow } from '../shared/account-rows.js';
import { attempt } from './attempt.js';
import { cachedRowLookup } from './read-cache.js';
import { mapper, type SqliteColumns, type SqliteParam } from './rows.js';

/** Links in use at once are few; like tokens, at most this many lookups are kept. */
const MAX_CACHED_SHARES = 1000;

/**
 * ShareRepository on SQLite. Every request made with a link looks its hash up, so lookups go
 * through a ReadCache (as API tokens do): any write to the database, a revocation by another
 * process included, empties it, so a revoked link is refused by the very next request. The
 * inbox repository deletes an inbox's shares in the transaction that deletes the inbox.
 */
export function createShareRepository(db: BetterSqlite3.Database): ShareRepository {
  const insert = db.prepare<SqliteParam[]>(`INSERT INTO shares (${SHARE_COLUMNS}) VALUES (?, ?, ?, ?, ?)`);
  const byHash = db.prepare<[string], ShareRow<SqliteColumns>>(`SELECT ${SHARE_COLUMNS} FROM shares WHERE hash = ?`);
  const listByInbox = db.prepare<[string], ShareRow<SqliteColumns>>(
    `SELECT ${SHARE_COLUMNS} FROM shares WHERE inbox_id = ? ORDER BY created_at DESC, id DESC`,
  );
  const remove = db.prepare<[string, string]>('DELETE FROM shares WHERE id = ? AND inbox_id = ?');
  const findByHash = cachedRowLookup(db, MAX_CACHED_SHARES, (hash) => byHash.get(hash), mapper.toShare);
  return {
    insert: (share) =>
      attempt('insert share', () => {
        insert.run(...mapper.shareParams(share));
      }),
    findByHash: (hash) => attempt('find share', () => findByHash(hash)),
    listByInbox: (inboxId) => attempt('list shares', () => listByInbox.all(inboxId).map(mapper.toShare)),
    delete: (id, inboxId) => attempt('delete share', () => remove.run(id, inboxId).changes === 1),
  };
}
