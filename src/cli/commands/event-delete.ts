import { clientFor, type ClientOptions } from '../client-options.js';
import { json } from '../format.js';
import type { CliIO } from '../io.js';

export interface EventDeleteOptions extends ClientOptions {
  readonly eventId: string;
}

/** `rehook event delete <id>`: the event and its replays are gone at once. */
export async function run(options: EventDeleteOptions, io: CliIO): Promise<void> {
  await clientFor(options).deleteEvent(options.eventId);
  const { eventId } = options;
  io.stdout(options.json ? json({ deleted: { eventId } }) : `Deleted event ${eventId}.`);
}
