import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { clientWithInbox, durationMs, str } from '../normalise.js';

export const waitCommand = defineCommand({
  path: ['wait'],
  kind: 'client',
  summary: 'Wait for the next event of an inbox and print it.',
  description:
    'Wait until the inbox holds an event newer than --after (without it: the first event stored after ' +
    'the command started) and print it as `rehook event` does, or its JSON data with --json. Waits longer ' +
    'than 2 minutes are made of several server long-polls. Exit codes: 0 an event was printed; 1 none ' +
    'arrived within --timeout (stderr says it timed out), or a request failed (stderr gives the API ' +
    'error).',
  args: [INBOX_ID],
  options: {
    after: {
      type: 'string',
      value: 'eventId',
      description: 'Print the first event newer than this one; when it is already stored, at once.',
    },
    timeout: {
      type: 'string',
      value: 'duration',
      description: 'How long to wait: 500ms, 30s, 10m, 1h, or a number of seconds (0: look once).',
      default: '30s',
    },
    ...CLIENT,
  },
  examples: ['rehook wait inb_... --timeout 5m', 'rehook wait inb_... --after evt_... --json | jq -r .event.bodyText'],
  normalise: (input) => ({
    ...clientWithInbox(input),
    after: str(input, 'after'),
    timeoutMs: durationMs(input, 'timeout', 30_000),
  }),
  load: () => import('./wait.js'),
});
