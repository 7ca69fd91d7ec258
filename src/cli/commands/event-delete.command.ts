import { defineCommand } from '../command.js';
import { CLIENT, EVENT_ID } from '../command-options.js';
import { clientWithEvent } from '../normalise.js';

export const eventDeleteCommand = defineCommand({
  path: ['event', 'delete'],
  kind: 'client',
  summary: 'Delete one event with its replays.',
  description: "Delete a captured event and its replay history. An owned inbox's event needs its owner's token.",
  args: [EVENT_ID],
  options: CLIENT,
  normalise: clientWithEvent,
  load: () => import('./event-delete.js'),
});
