import type BetterSqlite3 from 'better-sqlite3';

import type { ApiToken } from '../../domain/account.js';
import { ReadCache } from './read-cache.js';
import { toToken, type TokenRow } from './rows.js';

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
  findByHash: BetterSqlite3.Statement<[string], TokenRow>,
): (hash: string) => ApiToken | null {
  const cache = new ReadCache<ApiToken | null>(db, {
    maxEntries: MAX_CACHED_TOKENS,
    maxWeight: MAX_CACHED_TOKENS,
    weigh: () => 1,
  });
  return (hash) =>
    cache.get(hash, () => {
      const row = findByHash.get(hash);
      return row === undefined ? null : toToken(row);
    });
}
