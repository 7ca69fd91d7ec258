import type BetterSqlite3 from 'better-sqlite3';

import type { AccountIdentityRepository } from '../../ports/account-identity-repository.js';
import { IDENTITY_COLUMNS, type IdentityRow } from '../shared/account-rows.js';
import { attempt } from './attempt.js';
import { mapper, type SqliteColumns, type SqliteParam } from './rows.js';

/** Single sign-on links in SQLite (one primary-key read per sign-in; nothing cached). */
export function createIdentityRepository(db: BetterSqlite3.Database): AccountIdentityRepository {
  const s = {
    find: db.prepare<[string, string], IdentityRow<SqliteColumns>>(
      `SELECT ${IDENTITY_COLUMNS} FROM account_identities WHERE issuer = ? AND subject = ?`,
    ),
    link: db.prepare<SqliteParam[]>(
      `INSERT INTO account_identities (${IDENTITY_COLUMNS}) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    listByAccount: db.prepare<[string], IdentityRow<SqliteColumns>>(
      `SELECT ${IDENTITY_COLUMNS} FROM account_identities WHERE account_id = ? ORDER BY created_at, issuer, subject`,
    ),
    // One statement on the one writer: the check and the insert cannot interleave with another.
    linkIfUnlinked: db.prepare<SqliteParam[]>(
      `INSERT INTO account_identities (${IDENTITY_COLUMNS}) SELECT ?, ?, ?, ?
       WHERE NOT EXISTS (SELECT 1 FROM account_identities WHERE issuer = ? AND account_id = ?)
         AND EXISTS (SELECT 1 FROM accounts WHERE id = ?)
       ON CONFLICT DO NOTHING`,
    ),
  };
  return {
    find: (issuer, subject) =>
      attempt('find identity', () => {
        const row = s.find.get(issuer, subject);
        return row === undefined ? null : mapper.toIdentity(row);
      }),
    link: (identity) => attempt('link identity', () => s.link.run(...mapper.identityParams(identity)).changes === 1),
    listByAccount: (accountId) =>
      attempt('list identities of account', () => s.listByAccount.all(accountId).map((row) => mapper.toIdentity(row))),
    linkIfUnlinked: (identity) =>
      attempt(
        'link identity',
        () =>
          s.linkIfUnlinked.run(
            ...mapper.identityParams(identity),
            identity.issuer,
            identity.accountId,
            identity.accountId,
          ).changes === 1,
      ),
  };
}
