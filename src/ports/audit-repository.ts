import type { AuditEntry, AuditQuery } from '../domain/audit.js';

/** The audit log (migration 18): written once per entry, read a page at a time, retired by age. */
export interface AuditRepository {
  insert(entry: AuditEntry): Promise<void>;
  /**
   * One page of the account's or the team's log (`query.accountId` or `query.teamId`), newest
   * first, at most `limit` entries, with the action and actor filters applied by the database.
   */
  list(query: AuditQuery): Promise<AuditEntry[]>;
  /** Deletes up to `limit` entries made before `cutoff`, oldest first; returns how many went. */
  deleteBefore(cutoff: Date, limit: number): Promise<number>;
}
