import { defineCommand, type Command, type OptionDef, type ParsedInput } from './command.js';
import { UsageError } from './exit.js';
import { arg, clientOptions, positiveInt, required, str } from './normalise.js';

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

function list(input: ParsedInput, name: string): string[] {
  const value = input.values[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? [...(value as readonly string[])] : [];
}

const WAIT: OptionDef = {
  type: 'boolean',
  description: 'Follow the job until it has finished (progress on stderr); exit 1 if it failed or was cancelled.',
};

/**
 * `rehook replay-all` and `rehook replay-job`: bulk replay jobs. `client` is the table's common
 * client options (--server, --token, --json).
 */
export function replayJobCommands(client: Readonly<Record<string, OptionDef>>): Command[] {
  return [
    defineCommand({
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
      args: [{ name: 'inboxId', description: 'Id of the inbox (inb_...).' }],
      options: {
        to: { type: 'string', value: 'url', description: 'Destination URL (http or https).', required: true },
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
        rate: { type: 'string', value: 'n', description: 'Sends started per second, 0.1 to 100.', default: '10' },
        concurrency: {
          type: 'string',
          value: 'n',
          description: 'Sends in flight at once, 1 to 10 (1 keeps the order).',
          default: '1',
        },
        wait: WAIT,
        ...client,
      },
      examples: [
        'rehook replay-all inb_... --to https://staging.example.com/hooks --since 2026-11-24T00:00:00Z --method POST --wait',
        'rehook replay-all inb_... --to https://staging.example.com/hooks --event evt_... --event evt_... --rate 2',
      ],
      normalise: (input) => ({
        ...clientOptions(input),
        inboxId: arg(input, 0),
        to: required(input, 'to'),
        eventIds: list(input, 'event'),
        since: str(input, 'since'),
        until: str(input, 'until'),
        method: str(input, 'method'),
        pathPrefix: str(input, 'path-prefix'),
        rate: rate(input),
        concurrency: positiveInt(input, 'concurrency'),
        wait: input.values['wait'] === true,
      }),
      load: () => import('./commands/replay-all.js'),
    }),
    defineCommand({
      path: ['replay-job'],
      kind: 'client',
      summary: 'Show a bulk replay job: its state, progress and every result; or cancel it.',
      description:
        'Print the job (state, progress, counts) and one row per event in replay order: status code, ' +
        "latency, error and the replay id (in `rehook event`'s replay history). --cancel cancels it " +
        'first: nothing more is sent; a finished job stays as it is.',
      args: [{ name: 'jobId', description: 'Id of the job (job_...).' }],
      options: {
        cancel: { type: 'boolean', description: 'Cancel the job (idempotent).' },
        wait: WAIT,
        ...client,
      },
      examples: ['rehook replay-job job_... --wait', 'rehook replay-job job_... --cancel'],
      normalise: (input) => ({
        ...clientOptions(input),
        jobId: arg(input, 0),
        cancel: input.values['cancel'] === true,
        wait: input.values['wait'] === true,
      }),
      load: () => import('./commands/replay-job.js'),
    }),
  ];
}
