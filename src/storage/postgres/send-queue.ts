import type { Pool, QueryResultRow } from 'pg';

import {
  ABANDONED_MESSAGE,
  claimBatchSize,
  type DeliveryNext,
  leaseEndMs,
  nextAttemptAt,
  type OutboundAttempt,
} from '../../domain/outbound-delivery.js';
import type { SendClaim } from '../../ports/forwarding-repository.js';
import { CLAIMED_COUNTER_COLUMNS } from '../shared/sending-rows.js';
import { columnList } from '../shared/sql-lists.js';
import { inTransaction } from './attempt.js';
import { mapper } from './rows.js';

// What forwarding deliveries and alert notifications do alike on PostgreSQL: both queues' claim
// statements take the same parameters and lease alike, and completing an attempt is the same
// two statements.

/** The claim statement's parameters ($1 now, $2 limit, $3 owner, $4 lease end, $5 excluded inboxes, $6 the abandoned message); null when nothing may be claimed. */
export function claimParams(opts: SendClaim): unknown[] | null {
  const limit = claimBatchSize(opts.limit);
  if (limit === 0) return null;
  return [
    opts.now.toISOString(),
    limit,
    opts.owner,
    new Date(leaseEndMs(opts.now, opts.leaseMs)).toISOString(),
    [...(opts.excludeInboxIds ?? [])],
    ABANDONED_MESSAGE,
  ];
}

/** A queue of sends: its table and the column its items are keyed by. */
export interface SendQueueTable {
  readonly table: string;
  readonly key: string;
}

/**
 * The claim statement's first two CTEs (parameters: claimParams). `due` locks the due items of
 * inboxes not excluded that no other claimer holds (SKIP LOCKED), earliest first, at most the
 * limit; `dueIf` is a further condition on a due item `q`. `claimed` leases them and returns
 * each one's key, CLAIMED_COUNTER_COLUMNS (after the lease), the `returning` columns, and its
 * state and updated_at before the lease (old_state, old_updated_at: a claim records the
 * abandoned attempt of an item whose lease had expired, which started then).
 */
export function leaseDueSql(
  queue: SendQueueTable,
  opts: { readonly dueIf?: string; readonly returning?: readonly string[] } = {},
): string {
  const { table, key } = queue;
  const dueIf = opts.dueIf === undefined ? '' : `\n      AND ${opts.dueIf}`;
  const returning = columnList([key, ...CLAIMED_COUNTER_COLUMNS, ...(opts.returning ?? [])], 'q');
  return `due AS (
    SELECT q.${key}, q.state AS old_state, q.updated_at AS old_updated_at
    FROM ${table} AS q
    WHERE q.next_attempt_at IS NOT NULL AND q.next_attempt_at <= $1
      AND NOT (q.inbox_id = ANY ($5::text[]))${dueIf}
    ORDER BY q.next_attempt_at
    LIMIT $2
    FOR UPDATE OF q SKIP LOCKED),
  claimed AS (
    UPDATE ${table} AS q SET state = 'delivering', attempts = q.attempts + 1,
      attempts_total = q.attempts_total + 1, lease_owner = $3, next_attempt_at = $4, updated_at = $1
    FROM due WHERE q.${key} = due.${key}
    RETURNING ${returning}, due.old_state, due.old_updated_at)`;
}

/** Leases due items with a queue's claim statement (see claimParams) and maps each returned row. */
export async function claimSends<R extends QueryResultRow, C>(
  pool: Pool,
  claimSql: string,
  opts: SendClaim,
  toClaimed: (row: R) => C,
): Promise<C[]> {
  const params = claimParams(opts);
  if (params === null) return [];
  const { rows } = await pool.query<R>(claimSql, params);
  return rows.map(toClaimed);
}

/**
 * Records an attempt of item `itemId` (when one was sent) and moves the item on while the lease
 * is still the owner's, in one transaction. The record statement takes the item's id, the number
 * and the attempt's columns (sendAttemptParams); the finish statement ($1 state, $2 next attempt,
 * $3 now, $4 the item's id, $5 owner, $6 attempt number). False when the lease was lost.
 */
export function completeSend(
  pool: Pool,
  sql: { readonly recordAttempt: string; readonly finish: string },
  itemId: string,
  input: {
    readonly owner: string;
    readonly number: number;
    readonly attempt: OutboundAttempt | null;
    readonly next: DeliveryNext;
    readonly now: Date;
  },
): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    if (input.attempt !== null) {
      await client.query(sql.recordAttempt, mapper.outboundAttemptParams(itemId, input.number, input.attempt));
    }
    const result = await client.query(sql.finish, [
      input.next.state,
      nextAttemptAt(input.next)?.toISOString() ?? null,
      input.now.toISOString(),
      itemId,
      input.owner,
      input.number,
    ]);
    return result.rowCount === 1;
  });
}
