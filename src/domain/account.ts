import type { TokenScope } from './token-scope.js';

/**
 * A user account. The password is optional: an account without one cannot sign in to the web
 * app, only use API tokens.
 */
export interface Account {
  readonly id: string;
  /** Lower-cased, trimmed e-mail address; unique. */
  readonly email: string;
  /** scrypt hash string, or null when the account has no password. */
  readonly passwordHash: string | null;
  /** What the web app calls the person (Settings, Profile); null until they set one. */
  readonly displayName: string | null;
  readonly createdAt: Date;
}

/** An API token as stored: only a hash of the secret is kept. */
export interface ApiToken {
  readonly id: string;
  readonly accountId: string;
  readonly name: string;
  /** SHA-256 of the full plaintext token, hex. */
  readonly hash: string;
  /** First characters of the token, safe to show (e.g. `rhk_4f9a`), so users can tell tokens apart. */
  readonly prefix: string;
  readonly createdAt: Date;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
  /** The widest thing the token may do (scopes nest: read < replay < manage). */
  readonly scope: TokenScope;
  /** The only inboxes the token reaches, or null for every inbox the account can see. */
  readonly inboxIds: readonly string[] | null;
  /** The team the token acts in (with the member's role, never above), or null for the account. */
  readonly teamId: string | null;
  /** The token stops working at this instant (like a revoked one), or null for never. */
  readonly expiresAt: Date | null;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}
