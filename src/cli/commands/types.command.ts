import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { clientWithInbox } from '../normalise.js';

export const typesCommand = defineCommand({
  path: ['types'],
  kind: 'client',
  summary: "List an inbox's event types with counts, drift and first/last seen (docs/insight.md).",
  args: [INBOX_ID],
  options: CLIENT,
  normalise: clientWithInbox,
  examples: ['rehook types inb_...'],
  load: () => import('./types.js'),
});
