import type { Pool } from 'pg';

import { summaryOf } from '../../domain/captured-event.js';
import { eventIdTime } from '../../domain/ids.js';
import { clampLimit } from '../../domain/page-limit.js';
import type { EventRepository } from '../../ports/event-repository.js';
import { summaryPageFromRows } from '../shared/summary-page.js';
import { listFullAfter } from './full-page.js';
import { createEventUpkeep } from './event-partitions.js';
import { createPgSearch } from './event-search.js';
import { attempt, inTransaction, storageError } from './attempt.js';
import type { PgGroupCommitWriter } from './group-commit.js';
import { EVENT_COLUMNS, type EventRow, type EventSummaryRow, SUMMARY_COLUMNS } from '../shared/event-rows.js';
import { mapper, type PostgresColumns } from './rows.js';

const SQL = {
  findEvent: `SELECT ${EVENT_COLUMNS} FROM events_all WHERE id = $1`,
  // An id begins with a millisecond at or after its event's received_at (createEventIdFactory):
  // bounding received_at by it prunes the lookup to one or two day partitions instead of a
  // probe in each. An event outside the bound (a clock stepped back by a day) is found by
  // findEvent after a miss.
  findRecentEvent: `SELECT ${EVENT_COLUMNS} FROM events_all WHERE id = $1
    AND received_at <= $2 AND received_at > $2::timestamptz - interval '1 day'`,
  // (inbox_id, id) index, scanned backwards: newest first, keyset pagination with `id < $3`.
  // Ordering by both columns matches only that index: with `ORDER BY id` alone the planner may
  // walk the unique index on id and filter by inbox, which took seconds for an inbox whose
  // events are all old in a large table.
  listNewest: `SELECT ${SUMMARY_COLUMNS} FROM events_all WHERE inbox_id = $1
    ORDER BY inbox_id DESC, id DESC LIMIT $2`,
  listBefore: `SELECT ${SUMMARY_COLUMNS} FROM events_all WHERE inbox_id = $1 AND id < $3
    ORDER BY inbox_id DESC, id DESC LIMIT $2`,
  // The same index read forwards (oldest first, `id > $3` for the next page); both columns in
  // the ORDER BY for the same reason.
  listOldest: `SELECT ${SUMMARY_COLUMNS} FROM events_all WHERE inbox_id = $1
    ORDER BY inbox_id, id LIMIT $2`,
  listAfter: `SELECT ${SUMMARY_COLUMNS} FROM events_all WHERE inbox_id = $1 AND id > $3
    ORDER BY inbox_id, id LIMIT $2`,
  // Deletions of events check, in the same statement, that the inbox still has the owner the
  // caller was allowed by (FOR SHARE: a concurrent save waits, or wins first and nothing is
  // deleted), and move the inbox's count with what they delete.
  deleteEvent: `WITH allowed AS (
      SELECT 1 FROM inboxes WHERE id = $2 AND owner_id IS NOT DISTINCT FROM $3::text FOR SHARE),
    gone_new AS (
      DELETE FROM events WHERE id = $1 AND inbox_id = $2 AND EXISTS (SELECT 1 FROM allowed)
      RETURNING id),
    gone_old AS (
      DELETE FROM events_legacy WHERE id = $1 AND inbox_id = $2 AND EXISTS (SELECT 1 FROM allowed)
      RETURNING id),
    gone AS (SELECT id FROM gone_new UNION ALL SELECT id FROM gone_old),
    replays_gone AS (DELETE FROM replays WHERE event_id IN (SELECT id FROM gone)),
    delivery_gone AS (DELETE FROM deliveries WHERE event_id IN (SELECT id FROM gone)),
    counted AS (
      UPDATE inbox_counters SET event_count = event_count - 1
      WHERE inbox_id = $2 AND EXISTS (SELECT 1 FROM gone))
    SELECT count(*)::int AS n FROM gone`,
  // One bounded step of clearing: up to $4 events with id <= $3 (oldest first) and up to $4
  // replays of such events. The rows are found on the (inbox_id, id) index, in its order (see
  // CLEAR_PLAN), and deleted by key from whichever table holds them (events, or events_legacy
  // during the upgrade's move; see event-partitions.ts): each step costs about the same from
  // the first to the last.
  clearStep: `WITH allowed AS (
      SELECT 1 FROM inboxes WHERE id = $1 AND owner_id IS NOT DISTINCT FROM $2::text FOR SHARE),
    picked AS (SELECT id FROM events_all WHERE inbox_id = $1 AND id <= $3 ORDER BY inbox_id, id LIMIT $4),
    ev_new AS (
      DELETE FROM events WHERE inbox_id = $1 AND id = ANY (ARRAY(SELECT id FROM picked))
      AND EXISTS (SELECT 1 FROM allowed) RETURNING id),
    ev_old AS (
      DELETE FROM events_legacy WHERE inbox_id = $1 AND id = ANY (ARRAY(SELECT id FROM picked))
      AND EXISTS (SELECT 1 FROM allowed) RETURNING id),
    ev AS (SELECT id FROM ev_new UNION ALL SELECT id FROM ev_old),
    rp AS (
      DELETE FROM replays WHERE seq IN (
        SELECT seq FROM replays WHERE inbox_id = $1 AND event_id <= $3 LIMIT $4)
      AND EXISTS (SELECT 1 FROM allowed) RETURNING 1),
    dl AS (
      DELETE FROM deliveries WHERE event_id IN (SELECT id FROM ev) RETURNING event_id),
    counted AS (
      UPDATE inbox_counters SET event_count = event_count - (SELECT count(*) FROM ev)
      WHERE inbox_id = $1 AND EXISTS (SELECT 1 FROM ev))
    SELECT EXISTS (SELECT 1 FROM allowed) AS allowed,
      ((SELECT count(*) FROM ev) + (SELECT count(*) FROM rp) + (SELECT count(*) FROM dl))::int AS n,
      ARRAY(SELECT event_id FROM dl) AS deliveries`,
  // The attempts of the deliveries a deletion removed: a statement of its own (a snapshot taken
  // after the deliveries' locks), so an attempt recorded while they were being deleted goes too
  // (recordAttempt locks its delivery, and records nothing once it is gone).
  deleteAttempts: 'DELETE FROM delivery_attempts WHERE event_id = ANY ($1::text[])',
};

/**
 * Planner settings of a clearing step (SET LOCAL: its transaction only). Left to itself, the
 * planner estimates few rows for a fresh or unanalysed inbox and reads them all by a bitmap scan
 * and a sort, every step: clearing 100,000 events took 18 s in 160 ms steps. Walking the
 * (inbox_id, id) index in order stops after `limit` rows whatever the statistics say.
 */
const CLEAR_PLAN = 'SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off; SET LOCAL enable_sort = off';

/** 9999-12-31T23:59:59.999Z. */
const LAST_TIMESTAMP_MS = 253_402_300_799_999;

export function createEventRepository(pool: Pool, writer: PgGroupCommitWriter): EventRepository {
  /** Summaries of an inbox, newest first, `limit` of them, older than `before` when given. */
  const listSummaries = async (inboxId: string, limit: number, before: string | undefined) => {
    const { rows } =
      before === undefined
        ? await pool.query<EventSummaryRow<PostgresColumns>>(SQL.listNewest, [inboxId, limit])
        : await pool.query<EventSummaryRow<PostgresColumns>>(SQL.listBefore, [inboxId, limit, before]);
    return rows.map(mapper.toEventSummary);
  };
  const search = createPgSearch<EventSummaryRow<PostgresColumns>>(pool, SUMMARY_COLUMNS);
  return {
    ...createEventUpkeep(pool),
    insertIfInboxLive(event, now, opts) {
      try {
        return writer.enqueue(
          event.id,
          [...mapper.eventParams(event), now.toISOString()],
          event.body.length,
          opts?.maxEventsForAnonymous === undefined
            ? { summary: summaryOf(event) }
            : { keepAnonymous: opts.maxEventsForAnonymous, summary: summaryOf(event) },
        );
      } catch (err) {
        return Promise.reject(storageError('insert event', err));
      }
    },
    findById: (id) =>
      attempt('find event', async () => {
        const ms = eventIdTime(id);
        // A crafted id can name a year past 9999, which PostgreSQL's timestamp input refuses.
        const recent =
          ms === null || ms > LAST_TIMESTAMP_MS
            ? []
            : (await pool.query<EventRow<PostgresColumns>>(SQL.findRecentEvent, [id, new Date(ms).toISOString()])).rows;
        const rows =
          recent.length > 0 ? recent : (await pool.query<EventRow<PostgresColumns>>(SQL.findEvent, [id])).rows;
        return rows[0] === undefined ? null : mapper.toEvent(rows[0]);
      }),
    listByInbox: (inboxId, page) =>
      attempt('list events', () => listSummaries(inboxId, clampLimit(page.limit), page.before)),
    // Encoded in JavaScript from the same rows as listByInbox (one extra row tells whether an
    // older page exists); only SQLite, where the list is CPU-bound in-process, encodes in SQL.
    listSummaryPageJson: (inboxId, page) =>
      attempt('list events', async () => {
        const limit = clampLimit(page.limit);
        return summaryPageFromRows(await listSummaries(inboxId, limit + 1, page.before), limit);
      }),
    listFullAfter: (inboxId, page) => attempt('list full events', () => listFullAfter(pool, inboxId, page)),
    searchByInbox: (inboxId, page) =>
      attempt('search events', async () => {
        const found = await search(inboxId, page, clampLimit(page.limit));
        return {
          events: found.rows.map(mapper.toEventSummary),
          nextBefore: found.nextBefore,
          outOfTime: found.outOfTime,
        };
      }),
    listAfter: (inboxId, page) =>
      attempt('list events', async () => {
        const limit = clampLimit(page.limit);
        const { rows } =
          page.after === undefined
            ? await pool.query<EventSummaryRow<PostgresColumns>>(SQL.listOldest, [inboxId, limit])
            : await pool.query<EventSummaryRow<PostgresColumns>>(SQL.listAfter, [inboxId, limit, page.after]);
        return rows.map(mapper.toEventSummary);
      }),
    delete: (eventId, scope) =>
      attempt('delete event', () =>
        inTransaction(pool, async (client) => {
          const { rows } = await client.query<{ n: number }>(SQL.deleteEvent, [
            eventId,
            scope.inboxId,
            scope.expectedOwnerId,
          ]);
          if (rows[0]?.n !== 1) return false;
          await client.query(SQL.deleteAttempts, [[eventId]]);
          return true;
        }),
      ),
    clearThrough: (scope, limit) =>
      attempt('clear inbox', async () => {
        if (limit < 1) return 0;
        return inTransaction(pool, async (client) => {
          await client.query(CLEAR_PLAN);
          const { rows } = await client.query<{ allowed: boolean; n: number; deliveries: string[] }>(SQL.clearStep, [
            scope.inboxId,
            scope.expectedOwnerId,
            scope.through,
            Math.floor(limit),
          ]);
          const step = rows[0];
          if (step?.allowed !== true) return null;
          if (step.deliveries.length === 0) return step.n;
          return step.n + ((await client.query(SQL.deleteAttempts, [step.deliveries])).rowCount ?? 0);
        });
      }),
  };
}
