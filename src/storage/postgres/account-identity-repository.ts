import type { Pool } from 'pg';

import type { AccountIdentityRepository } from '../../ports/account-identity-repository.js';
import { IDENTITY_COLUMNS, type IdentityRow } from '../shared/account-rows.js';
import { attempt, inTransaction } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';

const SQL = {
  find: `SELECT ${IDENTITY_COLUMNS} FROM account_identities WHERE issuer = $1 AND subject = $2`,
  link: `INSERT INTO account_identities (${IDENTITY_COLUMNS}) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
  listByAccount: `SELECT ${IDENTITY_COLUMNS} FROM account_identities WHERE account_id = $1
    ORDER BY created_at, issuer, subject`,
  lockAccount: 'SELECT id FROM accounts WHERE id = $1 FOR UPDATE',
  linkIfUnlinked: `INSERT INTO account_identities (${IDENTITY_COLUMNS})
    SELECT $1, $2, $3, $4::timestamptz
    WHERE NOT EXISTS (SELECT 1 FROM account_identities WHERE issuer = $1 AND account_id = $3)
    ON CONFLICT DO NOTHING`,
};

/** Single sign-on links in PostgreSQL (same behaviour as the SQLite adapter; see the conformance suite). */
export function createIdentityRepository(pool: Pool): AccountIdentityRepository {
  return {
    find: (issuer, subject) =>
      attempt('find identity', async () => {
        const { rows } = await pool.query<IdentityRow<PostgresColumns>>(SQL.find, [issuer, subject]);
        return rows[0] === undefined ? null : mapper.toIdentity(rows[0]);
      }),
    link: (identity) =>
      attempt(
        'link identity',
        async () => (await pool.query(SQL.link, mapper.identityParams(identity))).rowCount === 1,
      ),
    listByAccount: (accountId) =>
      attempt('list identities of account', async () => {
        const { rows } = await pool.query<IdentityRow<PostgresColumns>>(SQL.listByAccount, [accountId]);
        return rows.map((row) => mapper.toIdentity(row));
      }),
    // The account row is locked first, so two links of one account queue; the insert, a statement
    // of its own, then reads after the first one committed (READ COMMITTED takes a snapshot per
    // statement): no account gets two subjects of one issuer.
    linkIfUnlinked: (identity) =>
      attempt('link identity', () =>
        inTransaction(pool, async (client) => {
          if ((await client.query(SQL.lockAccount, [identity.accountId])).rowCount !== 1) return false;
          return (await client.query(SQL.linkIfUnlinked, mapper.identityParams(identity))).rowCount === 1;
        }),
      ),
  };
}
