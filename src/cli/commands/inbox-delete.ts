import { clientFor, type ClientOptions } from '../client-options.js';
import { json } from '../format.js';
import type { CliIO } from '../io.js';

export interface InboxDeleteOptions extends ClientOptions {
  readonly inboxId: string;
}

/** `rehook inbox delete <id>`: the inbox, its events and replays are gone at once. */
export async function run(options: InboxDeleteOptions, io: CliIO): Promise<void> {
  await clientFor(options).deleteInbox(options.inboxId);
  // The API answers 204 with no body; --json still prints something a script can check.
  const { inboxId } = options;
  io.stdout(options.json ? json({ deleted: { inboxId } }) : `Deleted inbox ${inboxId}.`);
}
