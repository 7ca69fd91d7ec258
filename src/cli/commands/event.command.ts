import { defineCommand } from '../command.js';
import { CLIENT, EVENT_ID } from '../command-options.js';
import { clientWithEvent } from '../normalise.js';

export const eventCommand = defineCommand({
  path: ['event'],
  kind: 'client',
  summary: 'Show one event with its headers and body.',
  args: [EVENT_ID],
  options: CLIENT,
  normalise: clientWithEvent,
  load: () => import('./event.js'),
});
