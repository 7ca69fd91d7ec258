import { type AuditDetail, type AuditEntry, type AuditQuery, isAuditOutcome } from '../../domain/audit.js';
import { clampLimit } from '../../domain/page-limit.js';
import { StorageError } from '../../errors.js';
import { bindValues, type ColumnTypes, type ColumnValues, type SqlParam } from './column-values.js';

// Rows of the audit log as either driver reads them, the column list and the mappers. Parameter
// lists follow the column list's order.

export const AUDIT_COLUMNS =
  'id, at, account_id, team_id, actor_account_id, actor_token_id, actor_share_id, ip, action, target_type, target_id, outcome, detail';

export interface AuditRow<C extends ColumnTypes> {
  id: string;
  at: C['time'];
  account_id: string | null;
  team_id: string | null;
  actor_account_id: string | null;
  actor_token_id: string | null;
  actor_share_id: string | null;
  ip: string;
  action: string;
  target_type: string | null;
  target_id: string | null;
  outcome: string;
  detail: string;
}

function toDetail(json: string): AuditDetail {
  const value: unknown = JSON.parse(json);
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new StorageError('audit detail in the database is not a JSON object');
  }
  return value as AuditDetail;
}

export function auditRowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  return {
    toAuditEntry: (row: AuditRow<C>): AuditEntry => {
      if (!isAuditOutcome(row.outcome)) {
        throw new StorageError(`unknown audit outcome in the database: ${JSON.stringify(row.outcome)}`);
      }
      return {
        id: row.id,
        at: v.toDate(row.at),
        accountId: row.account_id,
        teamId: row.team_id,
        actor: { accountId: row.actor_account_id, tokenId: row.actor_token_id, shareId: row.actor_share_id },
        ip: row.ip,
        action: row.action,
        target:
          row.target_type === null || row.target_id === null ? null : { type: row.target_type, id: row.target_id },
        outcome: row.outcome,
        detail: toDetail(row.detail),
      };
    },
    auditParams: (e: AuditEntry): SqlParam<C>[] =>
      bindValues(v, [
        e.id,
        e.at,
        e.accountId,
        e.teamId,
        e.actor.accountId,
        e.actor.tokenId,
        e.actor.shareId,
        e.ip,
        e.action,
        e.target?.type ?? null,
        e.target?.id ?? null,
        e.outcome,
        JSON.stringify(e.detail),
      ]),
  };
}

/** Which log a page reads: the column to match and its value. */
export function auditLogOf(query: AuditQuery): { column: 'account_id' | 'team_id'; id: string } {
  if (query.teamId !== undefined) return { column: 'team_id', id: query.teamId };
  if (query.accountId !== undefined) return { column: 'account_id', id: query.accountId };
  throw new StorageError('an audit page needs an account or a team');
}

/** The values of a page query, by name; each adapter binds them to its own placeholders. */
export function auditPageValues(query: AuditQuery) {
  return {
    log: auditLogOf(query).id,
    action: query.action ?? null,
    actor: query.actor ?? null,
    before: query.before ?? null,
    limit: clampLimit(query.limit),
  };
}

/**
 * The WHERE clause of a page given each value's placeholder (the SQL is the same on both
 * databases but for those): the log, then the optional action, actor and cursor.
 */
export function auditPageWhere(column: string, p: Record<'log' | 'action' | 'actor' | 'before', string>): string {
  return `${column} = ${p.log} AND (${p.action} IS NULL OR action = ${p.action})
    AND (${p.actor} IS NULL OR actor_account_id = ${p.actor} OR actor_token_id = ${p.actor} OR actor_share_id = ${p.actor})
    AND (${p.before} IS NULL OR id < ${p.before})`;
}
