import type { Pool } from 'pg';

import {
  ABANDONED_MESSAGE,
  claimBatchSize,
  type DeliveryNext,
  leaseEndMs,
  nextAttemptAt,
} from '../../domain/forwarding.js';
import type { SendClaim } from '../../ports/forwarding-repository.js';
import { inTransaction } from './attempt.js';

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

/**
 * Records an attempt (when one was sent) and moves the item on while the lease is still the
 * owner's, in one transaction. The finish statement takes ($1 state, $2 next attempt, $3 now,
 * $4 the item's id, $5 owner, $6 attempt number); false when the lease was lost.
 */
export function completeSend(
  pool: Pool,
  sql: { readonly recordAttempt: string; readonly finish: string },
  attemptParams: unknown[] | null,
  input: {
    readonly id: string;
    readonly owner: string;
    readonly number: number;
    readonly next: DeliveryNext;
    readonly now: Date;
  },
): Promise<boolean> {
  return inTransaction(pool, async (client) => {
    if (attemptParams !== null) await client.query(sql.recordAttempt, attemptParams);
    const result = await client.query(sql.finish, [
      input.next.state,
      nextAttemptAt(input.next)?.toISOString() ?? null,
      input.now.toISOString(),
      input.id,
      input.owner,
      input.number,
    ]);
    return result.rowCount === 1;
  });
}
