import type { ApiToken } from '../domain/account.js';

export interface TokenRepository {
  insert(token: ApiToken): Promise<void>;
  /** The token with this hash, revoked or not, or null. */
  findByHash(hash: string): Promise<ApiToken | null>;
  /** All tokens of the account, revoked ones included, newest first. */
  listByAccount(accountId: string): Promise<ApiToken[]>;
  /** Marks the token revoked; false when it does not exist or belongs to another account. */
  revoke(id: string, accountId: string, now: Date): Promise<boolean>;
  /** Records use of the token (best effort; callers may throttle). */
  touch(id: string, now: Date): Promise<void>;
}
