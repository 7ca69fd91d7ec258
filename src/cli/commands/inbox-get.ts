import { clientFor, type ClientOptions } from '../client-options.js';
import { inboxDetails, json } from '../format.js';
import type { CliIO } from '../io.js';

export interface InboxGetOptions extends ClientOptions {
  readonly inboxId: string;
}

/** `rehook inbox get <id>`. */
export async function run(options: InboxGetOptions, io: CliIO): Promise<void> {
  const inbox = await clientFor(options).inbox(options.inboxId);
  io.stdout(options.json ? json({ inbox }) : inboxDetails(inbox));
}
