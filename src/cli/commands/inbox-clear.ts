import { clientFor, type ClientOptions } from '../client-options.js';
import { json } from '../format.js';
import type { CliIO } from '../io.js';

export interface InboxClearOptions extends ClientOptions {
  readonly inboxId: string;
}

/** `rehook inbox clear <id>`: every event of the inbox (and their replays) is deleted; it stays. */
export async function run(options: InboxClearOptions, io: CliIO): Promise<void> {
  await clientFor(options).clearInbox(options.inboxId);
  // The API answers 204 with no body; --json still prints something a script can check.
  const { inboxId } = options;
  io.stdout(options.json ? json({ cleared: { inboxId } }) : `Cleared inbox ${inboxId}: its events are deleted.`);
}
