import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { clientWithInbox } from '../normalise.js';

export const inboxGetCommand = defineCommand({
  path: ['inbox', 'get'],
  kind: 'client',
  summary: 'Show an inbox.',
  args: [INBOX_ID],
  options: CLIENT,
  normalise: clientWithInbox,
  load: () => import('./inbox-get.js'),
});
