import { clientFor, type ClientOptions } from '../client-options.js';
import { cleanLine, json, orDash, table } from '../format.js';
import type { CliIO } from '../io.js';

export type InboxListOptions = ClientOptions;

/** `rehook inbox list`: the token's saved inboxes, newest first. */
export async function run(options: InboxListOptions, io: CliIO): Promise<void> {
  const inboxes = await clientFor(options).inboxes();
  if (options.json) return io.stdout(json({ inboxes }));
  if (inboxes.length === 0) return io.stdout('No inboxes.');
  io.stdout(
    table(
      ['ID', 'NAME', 'EVENTS', 'LAST EVENT', 'URL', 'SAVED', 'EXPIRES', 'CREATED'],
      inboxes.map((inbox) => [
        inbox.id,
        orDash(inbox.name === null ? null : cleanLine(inbox.name)),
        String(inbox.eventCount),
        orDash(inbox.lastEventAt),
        inbox.url,
        inbox.saved ? 'yes' : 'no',
        orDash(inbox.expiresAt),
        inbox.createdAt,
      ]),
    ),
  );
}
