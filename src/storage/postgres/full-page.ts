import type { Pool } from 'pg';

import type { CapturedEvent } from '../../domain/captured-event.js';
import type { FullPage } from '../../ports/event-repository.js';
import { AFTER_EVERY_ID, BEFORE_EVERY_ID, idsWithinBytes } from '../shared/full-page.js';
import { clampLimit } from '../../domain/page-limit.js';
import { EVENT_COLUMNS, type EventRow } from '../shared/event-rows.js';
import { mapper, type PostgresColumns } from './rows.js';

// The ids and sizes of the next events on the (inbox_id, id) index (the TOASTed bodies are not
// read), both columns in the ORDER BY so only that index matches (see listOldest); then the full
// rows of the ids that fit the page's byte budget. Ids are COLLATE "C": the sentinels sort as bytes.
const SIZES = `SELECT id, size FROM events_all WHERE inbox_id = $1 AND id > $2 AND id >= $3 AND id < $4
  ORDER BY inbox_id, id LIMIT $5`;
const ROWS = `SELECT ${EVENT_COLUMNS} FROM events_all WHERE inbox_id = $1 AND id = ANY($2::text[]) ORDER BY id`;

/** EventRepository.listFullAfter on PostgreSQL. */
export async function listFullAfter(pool: Pool, inboxId: string, page: FullPage): Promise<CapturedEvent[]> {
  const limit = clampLimit(page.limit);
  if (limit === 0) return [];
  const { rows: candidates } = await pool.query<{ id: string; size: string }>(SIZES, [
    inboxId,
    page.after ?? BEFORE_EVERY_ID,
    page.since ?? BEFORE_EVERY_ID,
    page.until ?? AFTER_EVERY_ID,
    limit,
  ]);
  const ids = idsWithinBytes(
    candidates.map((row) => ({ id: row.id, size: Number(row.size) })),
    page.maxBytes,
  );
  if (ids.length === 0) return [];
  const { rows } = await pool.query<EventRow<PostgresColumns>>(ROWS, [inboxId, ids]);
  return rows.map(mapper.toEvent);
}
