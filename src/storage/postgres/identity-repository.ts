import type { Pool } from 'pg';

import type { AccountIdentityRepository } from '../../ports/store.js';
import { IDENTITY_COLUMNS, type IdentityRow } from '../shared/account-rows.js';
import { attempt } from './attempt.js';
import { mapper, type PostgresColumns } from './rows.js';

const SQL = {
  find: `SELECT ${IDENTITY_COLUMNS} FROM account_identities WHERE issuer = $1 AND subject = $2`,
  link: `INSERT INTO account_identities (${IDENTITY_COLUMNS}) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`,
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
  };
}
