/**
 * Encrypts secrets for storage with the server key (REHOOK_SECRET_KEY, or the key generated into
 * the data directory). Only the sealed form reaches the database.
 */
export interface SecretBox {
  /**
   * Seals `plaintext`, bound to `context` (the inbox id): a sealed value copied to another
   * inbox's row cannot be opened.
   */
  seal(plaintext: string, context: string): string;
  /**
   * Opens a value sealed by `seal` with the same key and context. Throws SecretBoxError (with a
   * message that names no secret) when it was sealed with another key, altered, or is not a
   * sealed value at all.
   */
  open(sealed: string, context: string): string;
}

/** A sealed secret that cannot be opened; the message says why without repeating anything secret. */
export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}
