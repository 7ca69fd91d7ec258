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
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}
