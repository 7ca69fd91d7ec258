/**
 * A read-only sharing link of an inbox, as stored. The link's token is a secret like an API
 * token: only its SHA-256 hash is kept, and the token itself is shown once, when the link is
 * created (docs/decisions.md, "Sharing links").
 */
export interface Share {
  /** shr_ + 26 random characters; names the link in the owner's list and when revoking it. */
  readonly id: string;
  readonly inboxId: string;
  /** SHA-256 of the full token, hex. */
  readonly hash: string;
  /** First characters of the token (`rhs_4f9a`), safe to show, so the owner can tell links apart. */
  readonly prefix: string;
  readonly createdAt: Date;
}
