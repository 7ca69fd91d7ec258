import { clientFor, type ClientOptions } from '../client-options.js';
import { json, table } from '../format.js';
import type { CliIO } from '../io.js';

export interface TypesOptions extends ClientOptions {
  readonly inboxId: string;
}

/** `rehook types <inbox>`. */
export async function run(options: TypesOptions, io: CliIO): Promise<void> {
  const eventTypes = await clientFor(options).eventTypes(options.inboxId);
  if (options.json) {
    io.stdout(json({ eventTypes }));
    return;
  }
  if (eventTypes.length === 0) {
    io.stdout('No event types yet (they are learned a moment after JSON events arrive).\n');
    return;
  }
  io.stdout(
    table(
      ['TYPE', 'EVENTS', 'DRIFTED', 'FIRST SEEN', 'LAST SEEN'],
      eventTypes.map((t) => [t.eventType, String(t.count), String(t.drifted), t.firstSeen, t.lastSeen]),
    ),
  );
}
