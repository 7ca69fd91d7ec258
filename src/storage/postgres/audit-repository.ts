import type { Pool } from 'pg';

import type { AuditRepository } from '../../ports/audit-repository.js';
import { AUDIT_COLUMNS, type AuditRow, auditLogOf, auditPageValues, auditPageWhere } from '../shared/audit-rows.js';
import { attempt } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';

const NUMBERED = { log: '$1', action: '$2::text', actor: '$3::text', before: '$4::text' };

const page = (column: string) =>
  `SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE ${auditPageWhere(column, NUMBERED)} ORDER BY id DESC LIMIT $5`;

const SQL = {
  insert: `INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
  pages: { account_id: page('account_id'), team_id: page('team_id') },
  deleteBefore: `DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < $1 ORDER BY at LIMIT $2)`,
};

/** AuditRepository on PostgreSQL: one insert per entry; pages walk (account_id|team_id, id) backwards. */
export function createAuditRepository(pool: Pool): AuditRepository {
  return {
    insert: (entry) =>
      attempt('insert audit entry', async () => {
        await pool.query(SQL.insert, mapper.auditParams(entry));
      }),
    list: (query) =>
      attempt('list audit entries', async () => {
        const v = auditPageValues(query);
        const { rows } = await pool.query<AuditRow<PostgresColumns>>(SQL.pages[auditLogOf(query).column], [
          v.log,
          v.action,
          v.actor,
          v.before,
          v.limit,
        ]);
        return rows.map(mapper.toAuditEntry);
      }),
    deleteBefore: (cutoff, limit) =>
      attempt(
        'delete old audit entries',
        async () => (await pool.query(SQL.deleteBefore, [cutoff.toISOString(), limit])).rowCount ?? 0,
      ),
  };
}
