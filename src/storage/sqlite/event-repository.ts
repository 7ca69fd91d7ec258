import type Database from 'better-sqlite3';

import { clampLimit } from '../../domain/page-limit.js';
import type { EventRepository, EventScope } from '../../ports/event-repository.js';
import { attempt, storageError } from './attempt.js';
import { createSummaryPageReader } from './event-list.js';
import { createFullPageReader } from './full-page.js';
import { createSqliteSearch } from './event-search.js';
import type { GroupCommitWriter } from './group-commit.js';
import { SUMMARY_COLUMNS, type EventSummaryRow } from '../shared/event-rows.js';
import { eventInsert, mapper, type SqliteColumns } from './rows.js';
import type { Statements } from './statements.js';
import { createRetention } from './retention.js';

export function createEventRepository(
  db: Database.Database,
  s: Statements,
  writer: GroupCommitWriter,
): EventRepository {
  const listRows = (inboxId: string, limit: number, before: string | undefined) =>
    before === undefined ? s.events.listNewest.all(inboxId, limit) : s.events.listBefore.all(inboxId, before, limit);
  const listRowsAfter = (inboxId: string, limit: number, after: string | undefined) =>
    after === undefined ? s.events.listOldest.all(inboxId, limit) : s.events.listAfter.all(inboxId, after, limit);
  const summaryPage = createSummaryPageReader(db, listRows);
  const fullPage = createFullPageReader(db);
  const search = createSqliteSearch<EventSummaryRow<SqliteColumns>>(db, SUMMARY_COLUMNS);
  /** Whether the inbox exists with the owner the caller was allowed by (inside a transaction). */
  const ownedAsExpected = (scope: EventScope): boolean => {
    const row = s.events.inboxOwner.get(scope.inboxId);
    return row !== undefined && row.owner_id === scope.expectedOwnerId;
  };
  // An event's delivery and its attempts go with it (docs/decisions.md #29); a clearing step
  // takes up to `limit` of each, found on the inbox indexes (they end with the event id).
  const deleteDelivery = db.prepare<[string]>('DELETE FROM deliveries WHERE event_id = ?');
  const deleteAttempts = db.prepare<[string]>('DELETE FROM delivery_attempts WHERE event_id = ?');
  const clearDeliveries = db.prepare<[string, string, number]>(
    `DELETE FROM deliveries WHERE event_id IN (
       SELECT event_id FROM deliveries WHERE inbox_id = ? AND event_id <= ? LIMIT ?)`,
  );
  const clearAttempts = db.prepare<[string, string, number]>(
    `DELETE FROM delivery_attempts WHERE (event_id, number) IN (
       SELECT event_id, number FROM delivery_attempts WHERE inbox_id = ? AND event_id <= ? LIMIT ?)`,
  );
  const deleteOne = db.transaction((eventId: string, scope: EventScope): boolean => {
    if (!ownedAsExpected(scope)) return false;
    if (s.events.deleteOne.run(eventId, scope.inboxId).changes === 0) return false;
    s.events.deleteReplaysOfEvent.run(eventId);
    deleteDelivery.run(eventId);
    deleteAttempts.run(eventId);
    s.events.addToEventCount.run(-1, scope.inboxId);
    return true;
  });
  const retention = createRetention(db);
  const clearStep = db.transaction((scope: EventScope & { through: string }, limit: number): number | null => {
    if (!ownedAsExpected(scope)) return null;
    const events = s.events.clearEvents.run(scope.inboxId, scope.through, limit).changes;
    if (events > 0) s.events.addToEventCount.run(-events, scope.inboxId);
    return (
      events +
      s.events.clearReplays.run(scope.inboxId, scope.through, limit).changes +
      clearDeliveries.run(scope.inboxId, scope.through, limit).changes +
      clearAttempts.run(scope.inboxId, scope.through, limit).changes
    );
  });
  return {
    insertIfInboxLive(event, now, opts) {
      try {
        return writer.enqueue(
          eventInsert(event, now),
          opts?.maxEventsForAnonymous === undefined ? {} : { keepAnonymous: opts.maxEventsForAnonymous },
        );
      } catch (err) {
        return Promise.reject(storageError('insert event', err));
      }
    },
    findById: (id) =>
      attempt('find event', () => {
        const row = s.events.findById.get(id);
        return row === undefined ? null : mapper.toEvent(row);
      }),
    listByInbox: (inboxId, page) =>
      attempt('list events', () => listRows(inboxId, clampLimit(page.limit), page.before).map(mapper.toEventSummary)),
    listSummaryPageJson: (inboxId, page) =>
      attempt('list events', () => summaryPage(inboxId, page, clampLimit(page.limit))),
    listFullAfter: (inboxId, page) => attempt('list full events', () => fullPage(inboxId, page)),
    async searchByInbox(inboxId, page) {
      try {
        const found = await search(inboxId, page, clampLimit(page.limit));
        return {
          events: found.rows.map(mapper.toEventSummary),
          nextBefore: found.nextBefore,
          outOfTime: found.outOfTime,
        };
      } catch (err) {
        throw storageError('search events', err);
      }
    },
    listAfter: (inboxId, page) =>
      attempt('list events', () =>
        listRowsAfter(inboxId, clampLimit(page.limit), page.after).map(mapper.toEventSummary),
      ),
    delete: (eventId, scope) => attempt('delete event', () => deleteOne.immediate(eventId, scope)),
    clearThrough: (scope, limit) =>
      attempt('clear inbox', () => (limit < 1 ? 0 : clearStep.immediate(scope, Math.floor(limit)))),
    deleteReceivedBefore: (before, limit) => attempt('delete old events', () => retention(before, limit)),
    // One table, no partitions: nothing to keep up.
    maintain: async () => ({ partitionsCreated: 0, eventsDropped: 0, eventsMoved: 0 }),
  };
}
