import { clientFor, type ClientOptions } from '../client-options.js';
import { json } from '../format.js';
import type { CliIO } from '../io.js';

export interface InboxUnshareOptions extends ClientOptions {
  readonly inboxId: string;
  readonly shareId: string;
}

/** `rehook inbox unshare <id> <shareId>`: the link stops working at once, open streams included. */
export async function run(options: InboxUnshareOptions, io: CliIO): Promise<void> {
  await clientFor(options).revokeShare(options.inboxId, options.shareId);
  // The API answers 204 with no body; --json still prints something a script can check.
  const { inboxId, shareId } = options;
  io.stdout(
    options.json ? json({ revoked: { inboxId, shareId } }) : `Revoked sharing link ${shareId} of inbox ${inboxId}.`,
  );
}
