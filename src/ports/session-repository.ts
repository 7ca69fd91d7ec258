import type { Session } from '../domain/session.js';

export interface SessionRepository {
  insert(session: Session): Promise<void>;
  /**
   * The session whose cookie hashes to `hash` if it has not expired at `now` (expiresAt > now),
   * else null. Expiry is enforced here, on read, so correctness never depends on the sweeper.
   */
  findLiveByHash(hash: string, now: Date): Promise<Session | null>;
  /** Records use of the session (best effort; callers throttle it to once a minute). */
  touch(id: string, now: Date): Promise<void>;
  /** Deletes one session (signing out); false when it did not exist. */
  delete(id: string): Promise<boolean>;
  /** Deletes every session of the account (sign out everywhere); returns how many. */
  deleteByAccount(accountId: string): Promise<number>;
  /** The account's sessions live at `now`, most recently used first. */
  listLiveByAccount(accountId: string, now: Date): Promise<Session[]>;
  /** Deletes one session if it belongs to the account; false when it does not (or is gone). */
  deleteOfAccount(id: string, accountId: string): Promise<boolean>;
  /** Deletes every session of the account but `keepId` (sign out the others); returns how many. */
  deleteOthers(accountId: string, keepId: string): Promise<number>;
  /** Deletes up to `limit` sessions expired at `now`; returns how many were deleted. */
  deleteExpired(now: Date, limit: number): Promise<number>;
}
