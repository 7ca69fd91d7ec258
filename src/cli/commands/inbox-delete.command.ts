import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { clientWithInbox } from '../normalise.js';

export const inboxDeleteCommand = defineCommand({
  path: ['inbox', 'delete'],
  kind: 'client',
  summary: 'Delete an inbox with its events and replays.',
  args: [INBOX_ID],
  options: CLIENT,
  normalise: clientWithInbox,
  load: () => import('./inbox-delete.js'),
});
