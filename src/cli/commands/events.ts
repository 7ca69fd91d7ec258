import type { EventFilterParams } from '../../client/types.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { cleanLine, formatBytes, json, table } from '../format.js';
import type { CliIO } from '../io.js';

export interface EventsOptions extends ClientOptions {
  readonly inboxId: string;
  readonly limit: number | undefined;
  readonly before: string | undefined;
  /** The filter flags given (docs/search.md); empty: every event. */
  readonly filter?: EventFilterParams;
}

/** A word as a POSIX shell reads it back: bare when it is plain, else single-quoted. */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/** The filter as the flags that give it again (for the next-page hint). */
function filterFlags(filter: EventFilterParams): string {
  const flags: string[] = [];
  for (const [name, value] of Object.entries(filter)) {
    for (const one of typeof value === 'string' ? [value] : ((value as readonly string[] | undefined) ?? [])) {
      flags.push(` --${name} ${shellWord(one)}`);
    }
  }
  return flags.join('');
}

/**
 * `rehook events <inboxId>`: one page, newest first, of the events matching the filter flags.
 * With --json prints `{"events": [...], "nextBefore": "evt_..." | null}` (the API sends the
 * cursor in a Link header). A filtered page may be short (or empty) and still have a next page.
 */
export async function run(options: EventsOptions, io: CliIO): Promise<void> {
  const filter = options.filter ?? {};
  const filtered = Object.keys(filter).length > 0;
  const page = await clientFor(options).events(options.inboxId, {
    limit: options.limit,
    before: options.before,
    ...(filtered ? { filter } : {}),
  });
  if (options.json) return io.stdout(json(page));
  if (page.events.length === 0) {
    if (filtered) io.stdout(page.nextBefore === null ? 'No matching events.' : 'No matching events on this page.');
    else io.stdout(options.before === undefined ? 'No events yet.' : 'No older events.');
  } else {
    io.stdout(
      table(
        ['ID', 'RECEIVED', 'METHOD', 'PATH', 'SIZE', 'SIGNATURE'],
        page.events.map((event) => [
          event.id,
          event.receivedAt,
          cleanLine(event.method),
          cleanLine(event.query === '' ? event.path : `${event.path}?${event.query}`),
          formatBytes(event.size),
          // valid, invalid or unchecked against the inbox's secret; '-' when none was set.
          event.signature.scheme === null ? '-' : event.signature.status,
        ]),
      ),
    );
  }
  if (page.nextBefore !== null) {
    const limit = options.limit === undefined ? '' : ` --limit ${options.limit}`;
    const label = filtered ? 'More to search' : 'More events';
    io.stdout(`\n${label}: rehook events ${options.inboxId} --before ${page.nextBefore}${limit}${filterFlags(filter)}`);
  }
}
