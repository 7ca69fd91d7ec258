import type BetterSqlite3 from 'better-sqlite3';

import type { InboxRepository } from '../../ports/inbox-repository.js';
import { attempt } from './attempt.js';
import { createInboxLookup } from './inbox-lookup.js';
import { mapper } from './rows.js';
import type { Statements } from './statements.js';

/**
 * Deleting an inbox removes its row and queues its id in purge_queue in one transaction: the
 * inbox vanishes from every read at once (services always check the inbox before its events),
 * while its events and replays, possibly gigabytes, are purged later in short, bounded
 * transactions that never hold the write lock long enough to stall ingest.
 */
export function createInboxRepository(db: BetterSqlite3.Database, s: Statements): InboxRepository {
  // An inbox's sharing links go with it, in the same transaction (few rows, unlike its events).
  const deleteShares = db.prepare<[string]>('DELETE FROM shares WHERE inbox_id = ?');
  // So do its signature settings (a sealed secret never outlives its inbox).
  const deleteSignatures = db.prepare<[string]>('DELETE FROM inbox_signatures WHERE inbox_id = ?');
  // So does its response (one row).
  const deleteResponse = db.prepare<[string]>('DELETE FROM inbox_responses WHERE inbox_id = ?');
  // So does its forwarding: nothing new is queued, and its queued deliveries are never claimed
  // again (the claim joins the forwarding row); they are purged with the events.
  const deleteForwarding = db.prepare<[string]>('DELETE FROM forwarding WHERE inbox_id = ?');
  // Its unfinished replay jobs end, failed with INBOX_NOT_FOUND as the runner would have ended
  // them (a few rows, on the inbox index): no runner claims them, and one running them stops
  // before its next send. Purged with the events.
  const endJobs = db.prepare<[number, string]>(
    `UPDATE replay_jobs SET state = 'failed', finished_at = ?, error_code = 'INBOX_NOT_FOUND',
       error_message = 'The inbox was deleted or expired', lease_owner = NULL, lease_until = NULL
     WHERE inbox_id = ? AND state IN ('queued', 'running')`,
  );
  const purgeStatements = prepareLinkedPurges(db);
  const deleteAndQueue = (id: string, expectedOwnerId?: string | null): boolean => {
    const result =
      expectedOwnerId === undefined ? s.inboxes.delete.run(id) : s.inboxes.deleteOwned.run(id, expectedOwnerId);
    if (result.changes === 0) return false;
    s.purge.enqueue.run(id, Date.now());
    deleteShares.run(id);
    deleteSignatures.run(id);
    deleteResponse.run(id);
    deleteForwarding.run(id);
    endJobs.run(Date.now(), id);
    return true;
  };
  const deleteOne = db.transaction(deleteAndQueue);
  const deleteExpired = db.transaction((nowMs: number, limit: number) => {
    const expired = s.inboxes.selectExpired.all(nowMs, limit);
    for (const { id } of expired) deleteAndQueue(id);
    return expired.length;
  });
  const purge = db.transaction((limit: number) => purgeBatch(s, purgeStatements, limit));
  const findLive = createInboxLookup(db, s.inboxes.findById);

  return {
    insert: (inbox) => attempt('insert inbox', () => void s.inboxes.insert.run(...mapper.inboxParams(inbox))),
    findLive: (id, now) => attempt('find inbox', () => findLive(id, now)),
    listByOwner: (ownerId, now) =>
      attempt('list inboxes', () => s.inboxes.listByOwner.all(ownerId, now.getTime()).map(mapper.toInbox)),
    save: (id, ownerId, now) =>
      attempt('save inbox', () => {
        const row = s.inboxes.save.get({ ownerId, id, now: now.getTime() });
        return row === undefined ? null : mapper.toInbox(row);
      }),
    move: (id, ownerId, expectedOwnerId, now) =>
      attempt('move inbox', () => {
        const row = s.inboxes.move.get({ to: ownerId, id, from: expectedOwnerId, now: now.getTime() });
        return row === undefined ? null : mapper.toInbox(row);
      }),
    rename: (id, name, expectedOwnerId, now) =>
      attempt('rename inbox', () => {
        const row = s.inboxes.rename.get({ name, id, ownerId: expectedOwnerId, now: now.getTime() });
        return row === undefined ? null : mapper.toInbox(row);
      }),
    stats: (ids) =>
      attempt('inbox stats', () =>
        ids.map((id) => {
          const row = s.inboxes.stats.get(id);
          return {
            eventCount: row?.event_count ?? 0,
            lastEventAt: row?.last_event_at == null ? null : new Date(row.last_event_at),
          };
        }),
      ),
    delete: (id, expectedOwnerId) => attempt('delete inbox', () => deleteOne.immediate(id, expectedOwnerId)),
    deleteExpired: (now, limit) =>
      attempt('delete expired inboxes', () =>
        limit < 1 ? 0 : deleteExpired.immediate(now.getTime(), Math.floor(limit)),
      ),
    purgeDeleted: (limit) =>
      attempt('purge deleted inboxes', () => (limit < 1 ? 0 : purge.immediate(Math.floor(limit)))),
  };
}

type LinkedPurges = ReturnType<typeof prepareLinkedPurges>;

/**
 * The rows of a deleted inbox besides its events and replays (docs/decisions.md #29), each a
 * bounded delete `(inboxId, limit)` found through an inbox index. Deliveries go before their
 * attempts (an attempt is only recorded while its delivery exists), job items before their jobs
 * (items are found through their job, so a job goes only once it has none left).
 */
function prepareLinkedPurges(db: BetterSqlite3.Database) {
  return {
    rows: [
      db.prepare<[string, number]>(
        'DELETE FROM deliveries WHERE event_id IN (SELECT event_id FROM deliveries WHERE inbox_id = ? LIMIT ?)',
      ),
      db.prepare<[string, number]>(
        `DELETE FROM delivery_attempts WHERE (event_id, number) IN (
           SELECT event_id, number FROM delivery_attempts WHERE inbox_id = ? LIMIT ?)`,
      ),
      db.prepare<[string, number]>(
        `DELETE FROM replay_job_items WHERE (job_id, position) IN (
           SELECT i.job_id, i.position FROM replay_jobs AS j JOIN replay_job_items AS i ON i.job_id = j.id
           WHERE j.inbox_id = ? LIMIT ?)`,
      ),
      db.prepare<[string, number]>(
        `DELETE FROM replay_jobs WHERE id IN (
           SELECT j.id FROM replay_jobs AS j WHERE j.inbox_id = ?
             AND NOT EXISTS (SELECT 1 FROM replay_job_items AS i WHERE i.job_id = j.id) LIMIT ?)`,
      ),
    ],
    // Settings are deleted with the inbox already; again here for one written in a race with it.
    settings: [
      db.prepare<[string]>('DELETE FROM forwarding WHERE inbox_id = ?'),
      db.prepare<[string]>('DELETE FROM inbox_responses WHERE inbox_id = ?'),
      db.prepare<[string]>('DELETE FROM inbox_signatures WHERE inbox_id = ?'),
    ],
  };
}

/**
 * Deletes at most `limit` rows: events, replays, deliveries, delivery attempts, replay job
 * items and replay jobs of queued inboxes, plus the queue entries of inboxes found empty.
 * Counting queue entries keeps "0 means nothing is left" true even when thousands of deleted
 * inboxes never received an event, and keeps each call bounded.
 */
function purgeBatch(s: Statements, linked: LinkedPurges, limit: number): number {
  let remaining = limit;
  const steps = [s.purge.events, s.purge.replays, ...linked.rows];
  // Each queue entry costs at least one unit (a purged row or its own removal), so `remaining`
  // entries are always enough to spend the budget.
  for (const { inbox_id: inboxId } of s.purge.next.all(remaining)) {
    for (const step of steps) {
      remaining -= step.run(inboxId, remaining).changes;
      if (remaining === 0) return limit;
    }
    // Every delete returned fewer rows than allowed: nothing of this inbox is left.
    s.purge.done.run(inboxId);
    s.purge.uncount.run(inboxId);
    for (const settings of linked.settings) settings.run(inboxId);
    remaining -= 1;
    if (remaining === 0) break;
  }
  return limit - remaining;
}
