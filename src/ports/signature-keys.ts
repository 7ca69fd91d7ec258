import type { SecretBox } from './secret-box.js';

/** What the server holds to seal and open secrets, and where it reports secrets it cannot open. */
export interface SignatureKeys {
  readonly box: SecretBox;
  /**
   * Told (at most once a minute per inbox) that an inbox's stored secret cannot be opened, e.g.
   * because this instance has another REHOOK_SECRET_KEY. `reason` never contains the secret.
   */
  readonly onUnopenable: (inboxId: string, reason: string) => void;
}
