import type BetterSqlite3 from 'better-sqlite3';

import type { ApiToken } from '../../domain/account.js';

import { cachedRowLookup } from './read-cache.js';
import type { TokenRow } from '../shared/account-rows.js';
import { mapper, type SqliteColumns } from './rows.js';

/** Tokens in use at once are few; 1,000 is far more than that and bounds guessing noise. */
const MAX_CACHED_TOKENS = 1000;

/**
 * TokenRepository.findByHash behind a ReadCache: every API request looks its token up, and the
 * row only changes on revocation and the once-a-minute last-used touch. Both are writes, which
 * empty the cache (ReadCache checks the database's change counters on every lookup), so a
 * revoked token is refused by the very next request, also when another process revoked it
 * (e.g. the CLI).
 */
export function createTokenLookup(
  db: BetterSqlite3.Database,
  findByHash: BetterSqlite3.Statement<[string], TokenRow<SqliteColumns>>,
): (hash: string) => ApiToken | null {
  return cachedRowLookup(db, MAX_CACHED_TOKENS, (hash) => findByHash.get(hash), mapper.toToken);
}
