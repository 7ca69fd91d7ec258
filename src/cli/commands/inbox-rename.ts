import { clientFor, type ClientOptions } from '../client-options.js';
import { inboxDetails, json } from '../format.js';
import type { CliIO } from '../io.js';

export interface InboxRenameOptions extends ClientOptions {
  readonly inboxId: string;
  /** The new name; null removes it. */
  readonly name: string | null;
}

/** `rehook inbox rename <id> <name>`: an empty name removes the name. */
export async function run(options: InboxRenameOptions, io: CliIO): Promise<void> {
  const inbox = await clientFor(options).renameInbox(options.inboxId, options.name);
  io.stdout(options.json ? json({ inbox }) : inboxDetails(inbox));
}
