/** An inbox's signature settings as stored (src/services/signatures.ts): the secret only sealed. */
export interface StoredSignatureSettings {
  readonly inboxId: string;
  /** The scheme's name (src/signatures/settings.ts SCHEMES). */
  readonly scheme: string;
  /** The secret sealed with the server key (SecretBox); never the plaintext. */
  readonly sealedSecret: string;
  /** What may be shown of the secret (its last characters), or null. */
  readonly secretHint: string | null;
  /** The scheme's options, a JSON object. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly updatedAt: Date;
}

/**
 * Signature settings (migration 6), one row per inbox. Deleting an inbox (InboxRepository.delete
 * and deleteExpired) deletes its settings in the same step.
 */
export interface SignatureSettingsRepository {
  /**
   * Sets (inserts or replaces) the settings of an inbox, only while the inbox exists with owner
   * `expectedOwnerId`, in one atomic step: a deleted inbox never gets settings back. Returns
   * false when nothing was written.
   */
  put(settings: StoredSignatureSettings, expectedOwnerId: string): Promise<boolean>;
  /** The inbox's settings, or null. Does not check the inbox; services do. */
  find(inboxId: string): Promise<StoredSignatureSettings | null>;
  /** Deletes the inbox's settings; false when it had none. */
  delete(inboxId: string): Promise<boolean>;
}
