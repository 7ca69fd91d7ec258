import { defineCommand, type ParsedInput } from '../command.js';
import { INBOX_ID, SERVER, TOKEN } from '../command-options.js';
import { UsageError } from '../exit.js';
import { EVENT_LIST_FILTER_OPTIONS, eventListFilter } from '../filter-options.js';
import { clientWithInbox, str } from '../normalise.js';

function exportFormat(input: ParsedInput): 'har' | 'ndjson' {
  const format = str(input, 'format') ?? 'har';
  if (format !== 'har' && format !== 'ndjson') throw new UsageError('--format must be har or ndjson', input.path);
  return format;
}

export const exportCommand = defineCommand({
  path: ['export'],
  kind: 'client',
  summary: "Export an inbox's events as HAR 1.2 or NDJSON to standard output.",
  description:
    'Oldest first, up to the newest event when the export starts, with the same filters as the event list. ' +
    'HAR opens in browser dev tools (Network, import) and Insomnia; NDJSON has one event per line (the JSON ' +
    'of `rehook event --json`). Streamed: nothing is held in memory, so any inbox fits.',
  args: [INBOX_ID],
  options: {
    format: { type: 'string', value: 'har|ndjson', description: 'Export format.', default: 'har' },
    // The same flags as `rehook events`, so one filter works in both commands.
    ...EVENT_LIST_FILTER_OPTIONS,
    server: SERVER,
    token: TOKEN,
  },
  examples: [
    'rehook export inb_... > inbox.har',
    'rehook export inb_... --format ndjson --method POST --since 2026-01-01 > events.ndjson',
  ],
  normalise: (input) => ({
    ...clientWithInbox(input),
    format: exportFormat(input),
    filter: eventListFilter(input),
  }),
  load: () => import('./export.js'),
});
