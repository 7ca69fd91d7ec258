import type { Pool } from 'pg';

import { clampLimit } from '../../domain/page-limit.js';
import { type EventSelection, itemTally, type ReplayJob, tallyIncrements } from '../../domain/replay-job.js';
import type { ReplayJobRepository } from '../../ports/replay-job-repository.js';
import * as jobRows from '../shared/replay-job-rows.js';
import { attempt, inTransaction } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';

type JobRow = jobRows.ReplayJobRow<PostgresColumns>;

const SQL = {
  insertJob: `INSERT INTO replay_jobs (${jobRows.JOB_COLUMNS}, lease_owner, lease_until)
    VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', $8, 0, 0, $9, NULL, NULL, NULL, NULL, 0, 0, 0, 0, 0, $10, NULL, NULL)`,
  // Positions follow the array's order (WITH ORDINALITY counts from 1).
  insertItems: `INSERT INTO replay_job_items (job_id, position, event_id, done)
    SELECT $1, t.ord - 1, t.id, false FROM unnest($2::text[]) WITH ORDINALITY AS t(id, ord)`,
  findById: `SELECT ${jobRows.JOB_COLUMNS} FROM replay_jobs WHERE id = $1`,
  listByInbox: `SELECT ${jobRows.JOB_COLUMNS} FROM replay_jobs WHERE inbox_id = $1
    ORDER BY created_at DESC, id DESC LIMIT $2`,
  listByInboxAndAccount: `SELECT ${jobRows.JOB_COLUMNS} FROM replay_jobs WHERE inbox_id = $1 AND account_id = $3
    ORDER BY created_at DESC, id DESC LIMIT $2`,
  listItems: `SELECT ${jobRows.ITEM_SELECT} WHERE i.job_id = $1 AND i.position > $2
    ORDER BY i.position LIMIT $3`,
  listPending: `SELECT ${jobRows.ITEM_SELECT} WHERE i.job_id = $1 AND i.position > $2 AND NOT i.done
    ORDER BY i.position LIMIT $3`,
  existing: `SELECT id FROM events_all WHERE inbox_id = $1 AND id = ANY($2::text[]) ORDER BY id`,
  // The subquery locks the row it picks and skips rows other claimers hold; the outer WHERE
  // repeats the conditions, which PostgreSQL re-checks on the locked row's newest version.
  claim: `UPDATE replay_jobs SET state = 'running', started_at = coalesce(started_at, $1),
      lease_owner = $2, lease_until = $3
    WHERE id = (
      SELECT id FROM replay_jobs
      WHERE state IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < $1)
        AND NOT (id = ANY($4::text[]))
      ORDER BY created_at, id LIMIT 1
      FOR UPDATE SKIP LOCKED)
    AND state IN ('queued', 'running') AND (lease_until IS NULL OR lease_until < $1)
    RETURNING ${jobRows.JOB_COLUMNS}`,
  renew: `UPDATE replay_jobs SET lease_until = $3 WHERE id = $1 AND lease_owner = $2 AND state = 'running'
    RETURNING ${jobRows.JOB_COLUMNS}`,
  release: `UPDATE replay_jobs SET lease_owner = NULL, lease_until = NULL
    WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
  // The item and the job's counts in one statement: a second recorder of the same item (a
  // previous lease holder) finds it done and changes nothing.
  complete: `WITH item AS (
      UPDATE replay_job_items SET done = true, replay_id = $3, status_code = $4, latency_ms = $5,
        error_code = $6, completed_at = $7
      WHERE job_id = $1 AND position = $2 AND NOT done
      RETURNING 1)
    UPDATE replay_jobs SET ${jobRows.JOB_COUNT_COLUMNS.map((c, n) => `${c} = ${c} + $${n + 8}`).join(', ')}
    WHERE id = $1 AND EXISTS (SELECT 1 FROM item)
    RETURNING 1`,
  finish: `UPDATE replay_jobs SET state = $3, finished_at = $4, error_code = $5, error_message = $6,
      lease_owner = NULL, lease_until = NULL
    WHERE id = $1 AND lease_owner = $2 AND state = 'running'`,
  cancel: `UPDATE replay_jobs SET state = 'cancelled', finished_at = $2, lease_owner = NULL, lease_until = NULL
    WHERE id = $1 AND state IN ('queued', 'running')`,
};

/** The WHERE conditions and parameters of an event selection ($1 is the inbox's id). */
function selectionSql(inboxId: string, selection: EventSelection): { where: string; params: unknown[] } {
  const params: unknown[] = [inboxId];
  const conditions = ['inbox_id = $1'];
  const add = (sql: (n: string) => string, value: unknown): void => {
    params.push(value);
    conditions.push(sql(`$${params.length}`));
  };
  if (selection.fromId !== undefined) add((n) => `id >= ${n}`, selection.fromId);
  if (selection.throughId !== undefined) add((n) => `id <= ${n}`, selection.throughId);
  if (selection.sinceMs !== undefined) add((n) => `received_at >= ${n}`, new Date(selection.sinceMs).toISOString());
  if (selection.untilMs !== undefined) add((n) => `received_at < ${n}`, new Date(selection.untilMs).toISOString());
  if (selection.method !== undefined) add((n) => `method = ${n}`, selection.method);
  // left(), not LIKE: a prefix holding % or _ means those characters.
  if (selection.pathPrefix !== undefined) add((n) => `left(path, length(${n})) = ${n}`, selection.pathPrefix);
  return { where: conditions.join(' AND '), params };
}

/** ReplayJobRepository on PostgreSQL; every write is one statement or one transaction. */
export function createReplayJobRepository(pool: Pool): ReplayJobRepository {
  const findById = async (id: string): Promise<ReplayJob | null> => {
    const { rows } = await pool.query<JobRow>(SQL.findById, [id]);
    return rows[0] === undefined ? null : mapper.toReplayJob(rows[0]);
  };
  return {
    selectEventIds: (inboxId, selection, limit) =>
      attempt('select events for a replay job', async () => {
        const { where, params } = selectionSql(inboxId, selection);
        // Both columns in the ORDER BY, so the (inbox_id, id) index serves it (see event-repository.ts).
        const { rows } = await pool.query<{ id: string }>(
          `SELECT id FROM events_all WHERE ${where} ORDER BY inbox_id, id LIMIT $${params.length + 1}`,
          [...params, clampLimit(limit, Number.MAX_SAFE_INTEGER)],
        );
        return rows.map((row) => row.id);
      }),
    existingEventIds: (inboxId, eventIds) =>
      attempt('find events for a replay job', async () => {
        const { rows } = await pool.query<{ id: string }>(SQL.existing, [inboxId, [...new Set(eventIds)]]);
        return rows.map((row) => row.id);
      }),
    insert: (job, eventIds) =>
      attempt('insert replay job', async () => {
        await inTransaction(pool, async (client) => {
          await client.query(SQL.insertJob, mapper.newJobParams(job, eventIds.length));
          await client.query(SQL.insertItems, [job.id, [...eventIds]]);
        });
      }),
    findById: (id) => attempt('find replay job', () => findById(id)),
    listByInbox: (inboxId, opts) =>
      attempt('list replay jobs', async () => {
        const limit = clampLimit(opts.limit);
        const { rows } =
          opts.accountId === undefined
            ? await pool.query<JobRow>(SQL.listByInbox, [inboxId, limit])
            : await pool.query<JobRow>(SQL.listByInboxAndAccount, [inboxId, limit, opts.accountId]);
        return rows.map(mapper.toReplayJob);
      }),
    listItems: (jobId, page) =>
      attempt('list replay job items', async () => {
        const { rows } = await pool.query<jobRows.ReplayJobItemRow<PostgresColumns>>(
          page.pendingOnly === true ? SQL.listPending : SQL.listItems,
          [jobId, page.after ?? -1, clampLimit(page.limit)],
        );
        return rows.map(mapper.toReplayJobItem);
      }),
    claim: (owner, now, leaseUntil, exclude = []) =>
      attempt('claim replay job', async () => {
        const { rows } = await pool.query<JobRow>(SQL.claim, [
          now.toISOString(),
          owner,
          leaseUntil.toISOString(),
          [...exclude],
        ]);
        return rows[0] === undefined ? null : { job: mapper.toReplayJob(rows[0]), owner, leaseUntil };
      }),
    renewLease: (jobId, owner, leaseUntil) =>
      attempt('renew replay job lease', async () => {
        const { rows } = await pool.query<JobRow>(SQL.renew, [jobId, owner, leaseUntil.toISOString()]);
        return rows[0] === undefined ? null : mapper.toReplayJob(rows[0]);
      }),
    releaseLease: (jobId, owner) =>
      attempt('release replay job lease', async () => {
        await pool.query(SQL.release, [jobId, owner]);
      }),
    completeItem: (jobId, position, r) =>
      attempt('record replay job item', async () => {
        const { rowCount } = await pool.query(SQL.complete, [
          jobId,
          position,
          r.replayId,
          r.statusCode,
          r.latencyMs,
          r.errorCode,
          r.completedAt.toISOString(),
          ...tallyIncrements(itemTally(r)),
        ]);
        return rowCount === 1;
      }),
    finish: (jobId, owner, outcome, now) =>
      attempt('finish replay job', async () => {
        const { rowCount } = await pool.query(SQL.finish, [
          jobId,
          owner,
          outcome.state,
          now.toISOString(),
          outcome.errorCode ?? null,
          outcome.errorMessage ?? null,
        ]);
        return rowCount === 1;
      }),
    cancel: (jobId, now) =>
      attempt('cancel replay job', async () => {
        await pool.query(SQL.cancel, [jobId, now.toISOString()]);
        return findById(jobId);
      }),
  };
}
