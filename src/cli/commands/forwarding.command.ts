import { defineCommand, type ParsedInput } from '../command.js';
import { UsageError } from '../exit.js';
import { CLIENT, INBOX_ID, TO_URL } from '../command-options.js';
import { clientWithInbox, durationMs, positiveInt, required } from '../normalise.js';

/** --max-attempts, or --attempts (its old name); not both. */
function maxAttempts(input: ParsedInput): number {
  const current = positiveInt(input, 'max-attempts');
  const old = positiveInt(input, 'attempts');
  if (current !== undefined && old !== undefined) {
    throw new UsageError('--attempts is the old name of --max-attempts: give --max-attempts only', input.path);
  }
  return current ?? old ?? 8;
}

export const forwardingSetCommand = defineCommand({
  path: ['forwarding', 'set'],
  kind: 'client',
  summary: "Forward a saved inbox's events to a URL automatically (needs its owner).",
  description:
    'Set (replace) the automatic forwarding of a saved inbox: every event stored from now on is sent by the ' +
    "server to the URL in the background, at least once: method, headers, exact body, with the event's " +
    'sub-path and query appended to the URL. A 2xx answer delivers it; anything else is retried with ' +
    'exponential backoff until the attempts run out (docs/forwarding.md). Options left out get their defaults.',
  args: [INBOX_ID],
  options: {
    to: TO_URL,
    'max-attempts': {
      type: 'string',
      value: 'n',
      description: 'Attempts per event before it is failed (1 to 30).',
      default: '8',
    },
    attempts: {
      type: 'string',
      value: 'n',
      description: 'The old name of --max-attempts, still accepted.',
    },
    'max-delay': {
      type: 'string',
      value: 'duration',
      description: 'Longest wait between two attempts: 1s to 24h (e.g. 30s, 10m, 1h).',
      default: '1h',
    },
    disable: {
      type: 'boolean',
      description: 'Set it paused: nothing is queued or sent until it is set again without this.',
    },
    ...CLIENT,
  },
  examples: [
    'rehook forwarding set inb_... --to https://staging.example.com/webhooks --token "$TOKEN"',
    'rehook forwarding set inb_... --to https://example.com/hooks --max-attempts 12 --max-delay 10m',
  ],
  normalise: (input) => ({
    ...clientWithInbox(input),
    action: 'set' as const,
    input: {
      destination: required(input, 'to'),
      enabled: input.values['disable'] !== true,
      maxAttempts: maxAttempts(input),
      maxDelayMs: durationMs(input, 'max-delay', 3_600_000),
    },
  }),
  load: () => import('./forwarding.js'),
});

export const forwardingShowCommand = defineCommand({
  path: ['forwarding', 'show'],
  kind: 'client',
  summary: "Show a saved inbox's automatic forwarding.",
  args: [INBOX_ID],
  options: CLIENT,
  normalise: (input) => ({ ...clientWithInbox(input), action: 'show' as const }),
  load: () => import('./forwarding.js'),
});

export const forwardingRemoveCommand = defineCommand({
  path: ['forwarding', 'remove'],
  kind: 'client',
  summary: "Stop forwarding a saved inbox's events; cancels the deliveries not finished yet.",
  description:
    'Remove the automatic forwarding of a saved inbox: new events are no longer sent, and deliveries not ' +
    'finished yet are cancelled. To pause without cancelling, use `rehook forwarding set ... --disable`.',
  args: [INBOX_ID],
  options: CLIENT,
  normalise: (input) => ({ ...clientWithInbox(input), action: 'remove' as const }),
  load: () => import('./forwarding.js'),
});
