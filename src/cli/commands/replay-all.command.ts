import { defineCommand, type ParsedInput } from '../command.js';
import { CLIENT, INBOX_ID, TO_URL, WAIT_FOR_JOB } from '../command-options.js';
import { UsageError } from '../exit.js';
import { pathPrefixFlag } from '../filter-options.js';
import { clientWithInbox, list, positiveInt, required, str } from '../normalise.js';

/** `--rate`: a positive number (fractions allowed: 0.5 is one send every two seconds). */
function rate(input: ParsedInput): number | undefined {
  const raw = str(input, 'rate');
  if (raw === undefined) return undefined;
  const value = /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(value > 0))
    throw new UsageError(
      `--rate must be a positive number of sends per second (got ${JSON.stringify(raw)})`,
      input.path,
    );
  return value;
}

export const replayAllCommand = defineCommand({
  path: ['replay-all'],
  kind: 'client',
  summary: "Replay many of an inbox's events to a URL, oldest first (a bulk replay job; needs a token).",
  description:
    'Start a bulk replay job on the server: the events given with --event, or every event matching ' +
    '--since, --until, --method and --path-prefix (none: all of them, at most 10,000), are re-sent to ' +
    'the URL oldest first, at --rate sends per second with --concurrency in flight. The set of events ' +
    'is fixed when the job starts. The job runs on the server and survives its restarts; the command ' +
    'prints the job (follow it with `rehook replay-job`), or with --wait follows it to the end. ' +
    'docs/bulk-replay.md has the details.',
  args: [INBOX_ID],
  options: {
    to: TO_URL,
    event: {
      type: 'string',
      value: 'eventId',
      multiple: true,
      description: 'Replay this event; repeat it for several (up to 1,000). Not with the filters below.',
    },
    since: {
      type: 'string',
      value: 'time|eventId',
      description: 'Events received at or after this ISO 8601 time, or this event and newer ones.',
    },
    until: {
      type: 'string',
      value: 'time|eventId',
      description: 'Events received before this ISO 8601 time, or this event and older ones.',
    },
    method: { type: 'string', value: 'method', description: 'Only events with this HTTP method.' },
    'path-prefix': {
      type: 'string',
      value: 'path',
      description: "Only events whose path below the inbox's ingest path starts with this (e.g. /stripe).",
    },
    path: { type: 'string', value: 'path', description: 'Same as --path-prefix (the name events and export use).' },
    rate: { type: 'string', value: 'n', description: 'Sends started per second, 0.1 to 100.', default: '10' },
    concurrency: {
      type: 'string',
      value: 'n',
      description: 'Sends in flight at once, 1 to 10 (1 keeps the order).',
      default: '1',
    },
    resign: {
      type: 'boolean',
      description:
        "Re-sign each send with the inbox's signature secret and a fresh timestamp (as `rehook replay --resign`), so a handler's timestamp check passes.",
    },
    wait: WAIT_FOR_JOB,
    ...CLIENT,
  },
  examples: [
    'rehook replay-all inb_... --to https://staging.example.com/hooks --since 2026-11-24T00:00:00Z --method POST --wait',
    'rehook replay-all inb_... --to https://staging.example.com/hooks --event evt_... --event evt_... --rate 2',
  ],
  normalise: (input) => ({
    ...clientWithInbox(input),
    to: required(input, 'to'),
    eventIds: list(input, 'event'),
    since: str(input, 'since'),
    until: str(input, 'until'),
    method: str(input, 'method'),
    pathPrefix: pathPrefixFlag(input),
    rate: rate(input),
    concurrency: positiveInt(input, 'concurrency'),
    wait: input.values['wait'] === true,
    resign: input.values['resign'] === true,
  }),
  load: () => import('./replay-all.js'),
});
