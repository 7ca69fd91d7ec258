import type BetterSqlite3 from 'better-sqlite3';

import type { AuditRepository } from '../../ports/audit-repository.js';
import { AUDIT_COLUMNS, type AuditRow, auditLogOf, auditPageValues, auditPageWhere } from '../shared/audit-rows.js';
import { attempt } from './attempt.js';
import { mapper, type SqliteColumns, type SqliteParam } from './rows.js';

type PageValues = ReturnType<typeof auditPageValues>;

const NAMED = { log: '@log', action: '@action', actor: '@actor', before: '@before' };

/** AuditRepository on SQLite: one insert per entry; pages walk (account_id|team_id, id) backwards. */
export function createAuditRepository(db: BetterSqlite3.Database): AuditRepository {
  const page = (column: string) =>
    db.prepare<[PageValues], AuditRow<SqliteColumns>>(
      `SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE ${auditPageWhere(column, NAMED)} ORDER BY id DESC LIMIT @limit`,
    );
  const s = {
    insert: db.prepare<SqliteParam[]>(
      `INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    pages: { account_id: page('account_id'), team_id: page('team_id') },
    deleteBefore: db.prepare<[number, number]>(
      'DELETE FROM audit_log WHERE id IN (SELECT id FROM audit_log WHERE at < ? ORDER BY at LIMIT ?)',
    ),
  };
  return {
    insert: (entry) => attempt('insert audit entry', () => void s.insert.run(...mapper.auditParams(entry))),
    list: (query) =>
      attempt('list audit entries', () =>
        s.pages[auditLogOf(query).column].all(auditPageValues(query)).map(mapper.toAuditEntry),
      ),
    deleteBefore: (cutoff, limit) =>
      attempt('delete old audit entries', () => s.deleteBefore.run(cutoff.getTime(), limit).changes),
  };
}
