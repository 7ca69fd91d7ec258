import type { AccountIdentity } from '../domain/account-identity.js';

/**
 * Identities at OpenID Connect providers (issuer + subject), each linked to one account. Deleting
 * the account (AccountRepository.delete) deletes its links in the same step.
 */
export interface AccountIdentityRepository {
  /** The link of this subject of this issuer, or null. */
  find(issuer: string, subject: string): Promise<AccountIdentity | null>;
  /**
   * Links the subject to the account; resolves false (nothing stored) when the subject is linked
   * already (to this account or another), so of two first sign-ins at once one link wins.
   */
  link(identity: AccountIdentity): Promise<boolean>;
  /** Every link of the account, oldest first. */
  listByAccount(accountId: string): Promise<AccountIdentity[]>;
  /**
   * Links the subject to the account only while neither is linked at this issuer (the subject to
   * any account, the account to any subject), in one step; resolves false (nothing stored)
   * otherwise. An account is never relinked to a second subject of the same issuer.
   */
  linkIfUnlinked(identity: AccountIdentity): Promise<boolean>;
}
