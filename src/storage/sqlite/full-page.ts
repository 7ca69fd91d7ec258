import type Database from 'better-sqlite3';

import type { CapturedEvent } from '../../domain/captured-event.js';
import type { FullPage } from '../../ports/event-repository.js';
import { AFTER_EVERY_ID, BEFORE_EVERY_ID, idsWithinBytes } from '../shared/full-page.js';
import { clampLimit } from '../../domain/page-limit.js';
import { EVENT_COLUMNS, type EventRow } from '../shared/event-rows.js';
import { mapper, type SqliteColumns } from './rows.js';

/**
 * EventRepository.listFullAfter on SQLite: the ids and sizes of the next events on the
 * (inbox_id, id) index (SQLite never reads the overflow pages of bodies it is not asked for),
 * then the full rows of those that fit the page's byte budget.
 */
export function createFullPageReader(db: Database.Database): (inboxId: string, page: FullPage) => CapturedEvent[] {
  const sizes = db.prepare<[string, string, string, string, number], { id: string; size: number }>(
    `SELECT id, size FROM events WHERE inbox_id = ? AND id > ? AND id >= ? AND id < ?
      ORDER BY inbox_id, id LIMIT ?`,
  );
  const rows = db.prepare<[string, string], EventRow<SqliteColumns>>(
    `SELECT ${EVENT_COLUMNS} FROM events WHERE inbox_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  return (inboxId, page) => {
    const limit = clampLimit(page.limit);
    if (limit === 0) return [];
    const candidates = sizes.all(
      inboxId,
      page.after ?? BEFORE_EVERY_ID,
      page.since ?? BEFORE_EVERY_ID,
      page.until ?? AFTER_EVERY_ID,
      limit,
    );
    const ids = idsWithinBytes(candidates, page.maxBytes);
    if (ids.length === 0) return [];
    return rows.all(inboxId, JSON.stringify(ids)).map(mapper.toEvent);
  };
}
