import { clientFor, type ClientOptions } from '../client-options.js';
import { cleanLine, formatBytes, json, table } from '../format.js';
import type { CliIO } from '../io.js';

export interface EventsOptions extends ClientOptions {
  readonly inboxId: string;
  readonly limit: number | undefined;
  readonly before: string | undefined;
}

/**
 * `rehook events <inboxId>`: one page, newest first. With --json prints
 * `{"events": [...], "nextBefore": "evt_..." | null}` (the API sends the cursor in a Link header).
 */
export async function run(options: EventsOptions, io: CliIO): Promise<void> {
  const page = await clientFor(options).events(options.inboxId, {
    limit: options.limit,
    before: options.before,
  });
  if (options.json) return io.stdout(json(page));
  if (page.events.length === 0) {
    io.stdout(options.before === undefined ? 'No events yet.' : 'No older events.');
    return;
  }
  io.stdout(
    table(
      ['ID', 'RECEIVED', 'METHOD', 'PATH', 'SIZE'],
      page.events.map((event) => [
        event.id,
        event.receivedAt,
        cleanLine(event.method),
        cleanLine(event.query === '' ? event.path : `${event.path}?${event.query}`),
        formatBytes(event.size),
      ]),
    ),
  );
  if (page.nextBefore !== null) {
    const limit = options.limit === undefined ? '' : ` --limit ${options.limit}`;
    io.stdout(`\nMore events: rehook events ${options.inboxId} --before ${page.nextBefore}${limit}`);
  }
}
