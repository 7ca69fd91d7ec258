import type BetterSqlite3 from 'better-sqlite3';

import { clampLimit } from '../../domain/page-limit.js';
import { type EventSelection, itemTally, type ReplayJob, tallyIncrements } from '../../domain/replay-job.js';
import type { ReplayJobRepository } from '../../ports/replay-job-repository.js';
import * as jobRows from '../shared/replay-job-rows.js';
import { attempt } from './attempt.js';
import { mapper, type SqliteColumns, type SqliteParam } from './rows.js';

type JobRow = jobRows.ReplayJobRow<SqliteColumns>;
type ItemRow = jobRows.ReplayJobItemRow<SqliteColumns>;

/** The WHERE conditions and parameters of an event selection (the inbox's id comes first). */
function selectionSql(inboxId: string, selection: EventSelection): { where: string; params: unknown[] } {
  const conditions = ['inbox_id = ?'];
  const params: unknown[] = [inboxId];
  if (selection.fromId !== undefined) {
    conditions.push('id >= ?');
    params.push(selection.fromId);
  }
  if (selection.throughId !== undefined) {
    conditions.push('id <= ?');
    params.push(selection.throughId);
  }
  if (selection.sinceMs !== undefined) {
    conditions.push('received_at >= ?');
    params.push(selection.sinceMs);
  }
  if (selection.untilMs !== undefined) {
    conditions.push('received_at < ?');
    params.push(selection.untilMs);
  }
  if (selection.method !== undefined) {
    conditions.push('method = ?');
    params.push(selection.method);
  }
  if (selection.pathPrefix !== undefined) {
    // substr, not LIKE: a prefix holding % or _ means those characters.
    conditions.push('substr(path, 1, length(?)) = ?');
    params.push(selection.pathPrefix, selection.pathPrefix);
  }
  return { where: conditions.join(' AND '), params };
}

/** ReplayJobRepository on SQLite; every write is one IMMEDIATE transaction or one statement. */
export function createReplayJobRepository(db: BetterSqlite3.Database): ReplayJobRepository {
  const insertJob = db.prepare<SqliteParam[]>(
    `INSERT INTO replay_jobs (${jobRows.JOB_COLUMNS}, lease_owner, lease_until)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'queued', ?, 0, 0, ?, NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0, ?, NULL, NULL)`,
  );
  const insertItem = db.prepare<[string, number, string]>(
    'INSERT INTO replay_job_items (job_id, position, event_id, done) VALUES (?, ?, ?, 0)',
  );
  const findById = db.prepare<[string], JobRow>(`SELECT ${jobRows.JOB_COLUMNS} FROM replay_jobs WHERE id = ?`);
  const listByInbox = db.prepare<[string, number], JobRow>(
    `SELECT ${jobRows.JOB_COLUMNS} FROM replay_jobs WHERE inbox_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const listByInboxAndAccount = db.prepare<[string, string, number], JobRow>(
    `SELECT ${jobRows.JOB_COLUMNS} FROM replay_jobs WHERE inbox_id = ? AND account_id = ?
     ORDER BY created_at DESC, id DESC LIMIT ?`,
  );
  const listItems = db.prepare<[string, number, number], ItemRow>(
    `SELECT ${jobRows.ITEM_SELECT} WHERE i.job_id = ? AND i.position > ? ORDER BY i.position LIMIT ?`,
  );
  const listPending = db.prepare<[string, number, number], ItemRow>(
    `SELECT ${jobRows.ITEM_SELECT} WHERE i.job_id = ? AND i.position > ? AND i.done = 0
     ORDER BY i.position LIMIT ?`,
  );
  const existing = db.prepare<[string, string], { id: string }>(
    'SELECT id FROM events WHERE inbox_id = ? AND id IN (SELECT value FROM json_each(?)) ORDER BY id',
  );
  // One statement: SQLite runs it under the write lock, so two processes never claim one job.
  const claim = db.prepare<[number, string, number, number, string], JobRow>(
    `UPDATE replay_jobs SET state = 'running', started_at = coalesce(started_at, ?), lease_owner = ?, lease_until = ?
     WHERE id = (
       SELECT id FROM replay_jobs
       WHERE state IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < ?)
         AND id NOT IN (SELECT value FROM json_each(?))
       ORDER BY created_at, id LIMIT 1)
     RETURNING ${jobRows.JOB_COLUMNS}`,
  );
  const renew = db.prepare<[number, string, string], JobRow>(
    `UPDATE replay_jobs SET lease_until = ? WHERE id = ? AND lease_owner = ? AND state = 'running'
     RETURNING ${jobRows.JOB_COLUMNS}`,
  );
  const release = db.prepare<[string, string]>(
    `UPDATE replay_jobs SET lease_owner = NULL, lease_until = NULL
     WHERE id = ? AND lease_owner = ? AND state = 'running'`,
  );
  const recordItem = db.prepare(
    `UPDATE replay_job_items SET done = 1, replay_id = ?, status_code = ?, latency_ms = ?, error_code = ?, completed_at = ?
     WHERE job_id = ? AND position = ? AND done = 0`,
  );
  const countItem = db.prepare<[...ReturnType<typeof tallyIncrements>, string]>(
    `UPDATE replay_jobs SET ${jobRows.JOB_COUNT_COLUMNS.map((c) => `${c} = ${c} + ?`).join(', ')} WHERE id = ?`,
  );
  const finish = db.prepare(
    `UPDATE replay_jobs SET state = ?, finished_at = ?, error_code = ?, error_message = ?, lease_owner = NULL, lease_until = NULL
     WHERE id = ? AND lease_owner = ? AND state = 'running'`,
  );
  const cancel = db.prepare<[number, string]>(
    `UPDATE replay_jobs SET state = 'cancelled', finished_at = ?, lease_owner = NULL, lease_until = NULL
     WHERE id = ? AND state IN ('queued', 'running')`,
  );

  const insertAll = db.transaction((job: ReplayJob, eventIds: readonly string[]) => {
    insertJob.run(...mapper.newJobParams(job, eventIds.length));
    eventIds.forEach((eventId, position) => {
      insertItem.run(job.id, position, eventId);
    });
  });
  const complete = db.transaction(
    (jobId: string, position: number, r: Parameters<ReplayJobRepository['completeItem']>[2]) => {
      const changed = recordItem.run(
        r.replayId,
        r.statusCode,
        r.latencyMs,
        r.errorCode,
        r.completedAt.getTime(),
        jobId,
        position,
      ).changes;
      if (changed === 0) return false;
      countItem.run(...tallyIncrements(itemTally(r)), jobId);
      return true;
    },
  );

  return {
    selectEventIds: (inboxId, selection, limit) =>
      attempt('select events for a replay job', () => {
        const { where, params } = selectionSql(inboxId, selection);
        const rows = db
          .prepare<unknown[], { id: string }>(`SELECT id FROM events WHERE ${where} ORDER BY id LIMIT ?`)
          .all(...params, clampLimit(limit, Number.MAX_SAFE_INTEGER));
        return rows.map((row) => row.id);
      }),
    existingEventIds: (inboxId, eventIds) =>
      attempt('find events for a replay job', () =>
        existing.all(inboxId, JSON.stringify([...eventIds])).map((row) => row.id),
      ),
    insert: (job, eventIds) => attempt('insert replay job', () => insertAll.immediate(job, eventIds)),
    findById: (id) =>
      attempt('find replay job', () => {
        const row = findById.get(id);
        return row === undefined ? null : mapper.toReplayJob(row);
      }),
    listByInbox: (inboxId, opts) =>
      attempt('list replay jobs', () => {
        const limit = clampLimit(opts.limit);
        const rows =
          opts.accountId === undefined
            ? listByInbox.all(inboxId, limit)
            : listByInboxAndAccount.all(inboxId, opts.accountId, limit);
        return rows.map(mapper.toReplayJob);
      }),
    listItems: (jobId, page) =>
      attempt('list replay job items', () => {
        const statement = page.pendingOnly === true ? listPending : listItems;
        return statement.all(jobId, page.after ?? -1, clampLimit(page.limit)).map(mapper.toReplayJobItem);
      }),
    claim: (owner, now, leaseUntil, exclude = []) =>
      attempt('claim replay job', () => {
        const row = claim.get(now.getTime(), owner, leaseUntil.getTime(), now.getTime(), JSON.stringify([...exclude]));
        return row === undefined ? null : { job: mapper.toReplayJob(row), owner, leaseUntil };
      }),
    renewLease: (jobId, owner, leaseUntil) =>
      attempt('renew replay job lease', () => {
        const row = renew.get(leaseUntil.getTime(), jobId, owner);
        return row === undefined ? null : mapper.toReplayJob(row);
      }),
    releaseLease: (jobId, owner) =>
      attempt('release replay job lease', () => {
        release.run(jobId, owner);
      }),
    completeItem: (jobId, position, result) =>
      attempt('record replay job item', () => complete.immediate(jobId, position, result)),
    finish: (jobId, owner, outcome, now) =>
      attempt(
        'finish replay job',
        () =>
          finish.run(
            outcome.state,
            now.getTime(),
            outcome.errorCode ?? null,
            outcome.errorMessage ?? null,
            jobId,
            owner,
          ).changes === 1,
      ),
    cancel: (jobId, now) =>
      attempt('cancel replay job', () => {
        cancel.run(now.getTime(), jobId);
        const row = findById.get(jobId);
        return row === undefined ? null : mapper.toReplayJob(row);
      }),
  };
}
