import { defineCommand } from '../command.js';
import { CLIENT, EVENT_ID } from '../command-options.js';
import { UsageError } from '../exit.js';
import { clientWithEvent } from '../normalise.js';

export const eventCommand = defineCommand({
  path: ['event'],
  kind: 'client',
  summary: 'Show one event with its headers and body.',
  description:
    'The body is shown as text (JSON pretty-printed), cut after 64 KiB or 1,000 lines with a note ' +
    'saying how much was left out; --body writes the whole body instead, byte for byte.',
  args: [EVENT_ID],
  options: {
    ...CLIENT,
    body: {
      type: 'boolean',
      description: 'Write only the raw body bytes, all of them, to standard output (e.g. `> body.bin`).',
    },
  },
  examples: ['rehook event evt_...', 'rehook event evt_... --body > body.bin'],
  normalise: (input) => {
    const options = { ...clientWithEvent(input), body: input.values['body'] === true };
    if (options.body && options.json) throw new UsageError('give --body or --json, not both', input.path);
    return options;
  },
  load: () => import('./event.js'),
});
