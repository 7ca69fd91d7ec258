/**
 * A signed-in browser session, as stored. The cookie carries the secret; only its SHA-256 hash
 * is stored, so a copy of the database cannot be turned into a signed-in browser.
 */
export interface Session {
  /**
   * ses_ + 26 base32 characters; names the session in the store and in Settings' list of sessions
   * (to sign one out). Not a credential: the cookie's secret is.
   */
  readonly id: string;
  readonly accountId: string;
  /** SHA-256 of the cookie value, hex. */
  readonly hash: string;
  /**
   * The token every state-changing request made with this session must repeat in
   * `X-CSRF-Token` (the double-submit defence: another site can make the browser send the
   * cookie, but cannot read this value). Not a credential on its own.
   */
  readonly csrfToken: string;
  readonly createdAt: Date;
  /** Last request made with the session (recorded at most once a minute). */
  readonly lastSeenAt: Date;
  /** The session never authenticates at or after this instant. */
  readonly expiresAt: Date;
  /** The browser's User-Agent at sign-in (capped), so Settings can tell sessions apart; may be null. */
  readonly userAgent: string | null;
}
