import { clientFor, type ClientOptions } from '../client-options.js';
import { inboxDetails, json } from '../format.js';
import type { CliIO } from '../io.js';

export interface InboxSaveOptions extends ClientOptions {
  readonly inboxId: string;
}

/** `rehook inbox save <id>`: the inbox stops expiring and belongs to the token's account. */
export async function run(options: InboxSaveOptions, io: CliIO): Promise<void> {
  const inbox = await clientFor(options).saveInbox(options.inboxId);
  io.stdout(options.json ? json({ inbox }) : inboxDetails(inbox));
}
