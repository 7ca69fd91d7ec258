import type { Pool } from 'pg';

import type { AccountRepository } from '../../ports/account-repository.js';
import { attempt, inTransaction } from './attempt.js';
import { ACCOUNT_COLUMNS, type AccountRow } from '../shared/account-rows.js';
import { mapper, type PostgresColumns } from './rows.js';

const SQL = {
  // Only a taken e-mail means "not inserted"; a duplicate id still fails loudly (it is a bug).
  insertAccount: `INSERT INTO accounts (${ACCOUNT_COLUMNS}) VALUES ($1, $2, $3, $4, $5)
    ON CONFLICT (email) DO NOTHING`,
  findAccountByEmail: `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE email = $1`,
  findAccountById: `SELECT ${ACCOUNT_COLUMNS} FROM accounts WHERE id = $1`,
  listAccounts: `SELECT ${ACCOUNT_COLUMNS} FROM accounts ORDER BY created_at, id`,
  setPasswordHash: 'UPDATE accounts SET password_hash = $1 WHERE id = $2',
  // A taken e-mail updates nothing (the unique index decides, even between two concurrent updates).
  updateProfile: `UPDATE accounts SET email = $2, display_name = $3 WHERE id = $1
    AND NOT EXISTS (SELECT 1 FROM accounts WHERE email = $2 AND id <> $1)
    RETURNING ${ACCOUNT_COLUMNS}`,
  accountExists: 'SELECT 1 FROM accounts WHERE id = $1',
  deleteAccountTokens: 'DELETE FROM api_tokens WHERE account_id = $1',
  deleteAccountSessions: 'DELETE FROM sessions WHERE account_id = $1',
  deleteAccountIdentities: 'DELETE FROM account_identities WHERE account_id = $1',
  deleteAccount: 'DELETE FROM accounts WHERE id = $1',
};

export function createAccountRepository(pool: Pool): AccountRepository {
  return {
    insert: (account) =>
      attempt('insert account', async () => {
        const result = await pool.query(SQL.insertAccount, mapper.accountParams(account));
        return result.rowCount === 1;
      }),
    findByEmail: (email) =>
      attempt('find account', async () => {
        const { rows } = await pool.query<AccountRow<PostgresColumns>>(SQL.findAccountByEmail, [email]);
        return rows[0] === undefined ? null : mapper.toAccount(rows[0]);
      }),
    findById: (id) =>
      attempt('find account', async () => {
        const { rows } = await pool.query<AccountRow<PostgresColumns>>(SQL.findAccountById, [id]);
        return rows[0] === undefined ? null : mapper.toAccount(rows[0]);
      }),
    list: () =>
      attempt('list accounts', async () => {
        const { rows } = await pool.query<AccountRow<PostgresColumns>>(SQL.listAccounts);
        return rows.map(mapper.toAccount);
      }),
    setPasswordHash: (id, passwordHash) =>
      attempt('set password', async () => {
        const result = await pool.query(SQL.setPasswordHash, [passwordHash, id]);
        return result.rowCount === 1;
      }),
    updateProfile: (id, profile) =>
      attempt('update account', async () => {
        try {
          const { rows } = await pool.query<AccountRow<PostgresColumns>>(SQL.updateProfile, [
            id,
            profile.email,
            profile.displayName,
          ]);
          if (rows[0] !== undefined) return mapper.toAccount(rows[0]);
        } catch (err) {
          // Two accounts taking the same address at once: the unique index refuses the second.
          if ((err as { code?: string }).code === '23505') return 'email-taken' as const;
          throw err;
        }
        const exists = await pool.query(SQL.accountExists, [id]);
        return exists.rowCount === 1 ? ('email-taken' as const) : null;
      }),
    delete: (id) =>
      attempt('delete account', () =>
        inTransaction(pool, async (client) => {
          await client.query(SQL.deleteAccountTokens, [id]);
          await client.query(SQL.deleteAccountSessions, [id]);
          await client.query(SQL.deleteAccountIdentities, [id]);
          return (await client.query(SQL.deleteAccount, [id])).rowCount === 1;
        }),
      ),
  };
}
