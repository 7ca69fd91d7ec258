import type { Pool } from 'pg';

import type { TokenRepository } from '../../ports/token-repository.js';
import { attempt } from './attempt.js';
import { TOKEN_COLUMNS, type TokenRow } from '../shared/account-rows.js';
import { mapper, type PostgresColumns } from './rows.js';

/** `$1, $2, ... $n` */
function placeholders(n: number): string {
  return Array.from({ length: n }, (_, i) => `$${i + 1}`).join(', ');
}

const SQL = {
  insertToken: `INSERT INTO api_tokens (${TOKEN_COLUMNS}) VALUES (${placeholders(12)})`,
  findToken: `SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE hash = $1`,
  listTokens: `SELECT ${TOKEN_COLUMNS} FROM api_tokens WHERE account_id = $1
    ORDER BY created_at DESC, id DESC`,
  // COALESCE keeps the first revocation time when a token is revoked twice.
  revokeToken: `UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, $1)
    WHERE id = $2 AND account_id = $3`,
  touchToken: 'UPDATE api_tokens SET last_used_at = $1 WHERE id = $2',
};

export function createTokenRepository(pool: Pool): TokenRepository {
  return {
    insert: (token) =>
      attempt('insert token', async () => {
        await pool.query(SQL.insertToken, mapper.tokenParams(token));
      }),
    findByHash: (hash) =>
      attempt('find token', async () => {
        const { rows } = await pool.query<TokenRow<PostgresColumns>>(SQL.findToken, [hash]);
        return rows[0] === undefined ? null : mapper.toToken(rows[0]);
      }),
    listByAccount: (accountId) =>
      attempt('list tokens', async () => {
        const { rows } = await pool.query<TokenRow<PostgresColumns>>(SQL.listTokens, [accountId]);
        return rows.map(mapper.toToken);
      }),
    revoke: (id, accountId, now) =>
      attempt('revoke token', async () => {
        const result = await pool.query(SQL.revokeToken, [now.toISOString(), id, accountId]);
        return result.rowCount === 1;
      }),
    touch: (id, now) =>
      attempt('touch token', async () => {
        await pool.query(SQL.touchToken, [now.toISOString(), id]);
      }),
  };
}
