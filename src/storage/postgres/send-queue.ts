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
import { inTransaction } from './attempt.js';
import { mapper } from './rows.js';

// What forwarding deliveries and alert notifications do alike on PostgreSQL: both queues' claim
// statements take the same parameters, and completing an attempt is the same two statements.

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
