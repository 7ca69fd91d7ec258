import { defineCommand, type ParsedInput } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { UsageError } from '../exit.js';
import { clientWithInbox, str } from '../normalise.js';

/** `--min-samples`: a whole number from 1 to 10,000 (the server checks it too). */
function minSamples(input: ParsedInput): number {
  const raw = str(input, 'min-samples');
  if (raw === undefined || !/^\d{1,5}$/.test(raw) || Number(raw) < 1 || Number(raw) > 10_000) {
    throw new UsageError('--min-samples must be a whole number from 1 to 10000', input.path);
  }
  return Number(raw);
}

export const driftSettingsShowCommand = defineCommand({
  path: ['drift-settings', 'show'],
  kind: 'client',
  summary: 'Show how many events of a type an inbox needs before drift is judged.',
  description:
    'Print the minimum of samples an event type (and each place in its bodies) needs before properties are ' +
    'required, closed sets of values offered and drift judged, and whether it is the default. Only the owner ' +
    'of a saved inbox (and its team). docs/insight.md "Drift" has the details.',
  args: [INBOX_ID],
  options: CLIENT,
  examples: ['rehook drift-settings show inb_...'],
  normalise: (input) => ({ ...clientWithInbox(input), action: 'show' as const }),
  load: () => import('./drift-settings.js'),
});

export const driftSettingsSetCommand = defineCommand({
  path: ['drift-settings', 'set'],
  kind: 'client',
  summary: "Set an inbox's minimum of samples before drift is judged.",
  description:
    'A larger minimum flags fewer rare but ordinary variations (an optional field, a value seen once in a ' +
    'hundred events); a smaller one flags changes sooner. Every type of the inbox is learned again in the ' +
    'background. Only the owner of a saved inbox.',
  args: [INBOX_ID],
  options: {
    'min-samples': { type: 'string', value: 'n', required: true, description: 'From 1 to 10000 (default 50).' },
    ...CLIENT,
  },
  examples: ['rehook drift-settings set inb_... --min-samples 200'],
  normalise: (input) => ({ ...clientWithInbox(input), action: 'set' as const, minSamples: minSamples(input) }),
  load: () => import('./drift-settings.js'),
});

export const driftSettingsResetCommand = defineCommand({
  path: ['drift-settings', 'reset'],
  kind: 'client',
  summary: 'Go back to the default minimum of samples.',
  description: 'Every type of the inbox is learned again when it had its own. Only the owner of a saved inbox.',
  args: [INBOX_ID],
  options: CLIENT,
  examples: ['rehook drift-settings reset inb_...'],
  normalise: (input) => ({ ...clientWithInbox(input), action: 'reset' as const }),
  load: () => import('./drift-settings.js'),
});
