import type Database from 'better-sqlite3';

import { firstEventIdAt } from '../../domain/ids.js';

/**
 * Retention on SQLite (EventRepository.deleteReceivedBefore): one transaction per call deleting
 * up to `limit` events received before `before`, oldest first, with their inboxes' counts. The
 * rows are found on the id index (ids begin with their capture millisecond, never earlier than
 * the event's received_at), so each step reads about `limit` index entries however large the
 * table; received_at then keeps exactly the events received before `before`.
 */
export function createRetention(db: Database.Database): (before: Date, limit: number) => number {
  const pick = db.prepare<[string, number, number], { seq: number; inbox_id: string }>(
    'SELECT seq, inbox_id FROM events WHERE id < ? AND received_at < ? ORDER BY id LIMIT ?',
  );
  const remove = db.prepare<[number]>('DELETE FROM events WHERE seq = ?');
  const uncount = db.prepare<[number, string]>(
    'UPDATE inbox_counters SET event_count = event_count - ? WHERE inbox_id = ?',
  );
  const step = db.transaction((before: Date, limit: number): number => {
    const ms = before.getTime();
    const rows = pick.all(firstEventIdAt(ms), ms, limit);
    const perInbox = new Map<string, number>();
    for (const row of rows) {
      remove.run(row.seq);
      perInbox.set(row.inbox_id, (perInbox.get(row.inbox_id) ?? 0) + 1);
    }
    for (const [inboxId, count] of perInbox) uncount.run(count, inboxId);
    return rows.length;
  });
  return (before, limit) => (limit < 1 ? 0 : step.immediate(before, Math.floor(limit)));
}
