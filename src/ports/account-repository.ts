import type { Account } from '../domain/account.js';

export interface AccountRepository {
  /** Inserts the account; resolves false (and stores nothing) when the e-mail is taken. */
  insert(account: Account): Promise<boolean>;
  findByEmail(email: string): Promise<Account | null>;
  findById(id: string): Promise<Account | null>;
  list(): Promise<Account[]>;
  /** Replaces the account's password hash; false when there is no such account. */
  setPasswordHash(id: string, passwordHash: string): Promise<boolean>;
  /**
   * Sets the account's e-mail (already normalised) and display name. Returns the updated
   * account, null when there is no such account, or 'email-taken' (nothing changed) when another
   * account has that e-mail.
   */
  updateProfile(
    id: string,
    profile: { email: string; displayName: string | null },
  ): Promise<Account | 'email-taken' | null>;
  /**
   * Deletes the account with its API tokens, sessions and single sign-on links in one step (its inboxes are deleted
   * before, through InboxRepository.delete). False when there was no such account.
   */
  delete(id: string): Promise<boolean>;
}
