import { defineCommand } from '../command.js';
import { CLIENT } from '../command-options.js';
import { arg, clientOptions } from '../normalise.js';

export const diffCommand = defineCommand({
  path: ['diff'],
  kind: 'client',
  summary: 'Show what differs between two captured events.',
  description:
    'From the first event to the second (any inboxes you may read): method, path below the inbox, query ' +
    'parameters and headers by name (+ added, - removed, ~ changed), and the body: JSON bodies as RFC 6902 ' +
    'operations (numbers exact), other text line by line, anything else as equal or not with the sizes. ' +
    '--json prints the answer of GET /api/v1/events/<a>/diff?against=<b>.',
  args: [
    { name: 'a', description: 'Id of the first event (evt_...).' },
    { name: 'b', description: 'Id of the second event (evt_...).' },
  ],
  options: CLIENT,
  examples: ['rehook diff evt_... evt_...', 'rehook diff evt_... evt_... --json'],
  normalise: (input) => ({ ...clientOptions(input), from: arg(input, 0), to: arg(input, 1) }),
  load: () => import('./diff.js'),
});
