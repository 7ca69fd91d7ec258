import type { ForwardingInput } from '../../domain/forwarding.js';
import { FORWARDING_LIMITS } from '../../domain/forwarding-limits.js';
import { defineCommand, type ParsedInput } from '../command.js';
import { UsageError } from '../exit.js';
import { CLIENT, INBOX_ID, TO_URL } from '../command-options.js';
import { settingFlags, settingValues } from '../integer-settings.js';
import { clientWithInbox, positiveInt, required } from '../normalise.js';

/** --max-attempts as given, or --attempts (its old name); not both. */
function withOldName(input: ParsedInput, current: number | undefined): number | undefined {
  const old = positiveInt(input, 'attempts');
  if (current !== undefined && old !== undefined) {
    throw new UsageError('--attempts is the old name of --max-attempts: give --max-attempts only', input.path);
  }
  return current ?? old;
}

/**
 * The flags of the settings: --max-attempts and --max-delay made from the limits; --to first,
 * --attempts (maxAttempts' old name) after --max-attempts, and --disable, which says `enabled`
 * the other way round, after them all.
 */
const SETTING_FLAGS = settingFlags<ForwardingInput, typeof FORWARDING_LIMITS>(FORWARDING_LIMITS, {
  destination: { at: 'start', flags: { to: TO_URL } },
  attempts: {
    at: 'maxAttempts',
    flags: { attempts: { type: 'string', value: 'n', description: 'The old name of --max-attempts, still accepted.' } },
  },
  enabled: {
    at: 'end',
    flags: {
      disable: {
        type: 'boolean',
        description: 'Set it paused: nothing is queued or sent until it is set again without this.',
      },
    },
  },
});

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
    ...SETTING_FLAGS,
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
      ...settingValues(input, FORWARDING_LIMITS, { maxAttempts: (given) => withOldName(input, given) }),
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
