import { clientFor, type ClientOptions } from '../client-options.js';
import { inboxDetails, json } from '../format.js';
import type { CliIO } from '../io.js';

export interface InboxCreateOptions extends ClientOptions {
  /** A name for the inbox (--name), or undefined for none. */
  readonly name: string | undefined;
}

/** `rehook inbox create [--name ...]`: persistent with a token, anonymous (expiring) without. */
export async function run(options: InboxCreateOptions, io: CliIO): Promise<void> {
  const inbox = await clientFor(options).createInbox(options.name === undefined ? {} : { name: options.name });
  if (options.json) return io.stdout(json({ inbox }));
  io.stdout(inboxDetails(inbox));
  if (!inbox.saved) {
    io.stderr("Anonymous inbox: it expires. Pass --token (or 'rehook inbox save') to keep it.");
  }
}
