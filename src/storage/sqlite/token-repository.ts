import type Database from 'better-sqlite3';

import type { TokenRepository } from '../../ports/token-repository.js';
import { attempt } from './attempt.js';
import { mapper } from './rows.js';
import type { Statements } from './statements.js';
import { createTokenLookup } from './token-lookup.js';

export function createTokenRepository(db: Database.Database, s: Statements): TokenRepository {
  const findByHash = createTokenLookup(db, s.tokens.findByHash);
  return {
    insert: (token) => attempt('insert token', () => void s.tokens.insert.run(...mapper.tokenParams(token))),
    findByHash: (hash) => attempt('find token', () => findByHash(hash)),
    listByAccount: (accountId) =>
      attempt('list tokens', () => s.tokens.listByAccount.all(accountId).map(mapper.toToken)),
    revoke: (id, accountId, now) =>
      attempt('revoke token', () => s.tokens.revoke.run(now.getTime(), id, accountId).changes === 1),
    touch: (id, now) => attempt('touch token', () => void s.tokens.touch.run(now.getTime(), id)),
  };
}
