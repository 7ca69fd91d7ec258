import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { clientWithInbox } from '../normalise.js';

export const inboxSaveCommand = defineCommand({
  path: ['inbox', 'save'],
  kind: 'client',
  summary: 'Make an anonymous inbox persistent (needs a token).',
  args: [INBOX_ID],
  options: CLIENT,
  normalise: clientWithInbox,
  load: () => import('./inbox-save.js'),
});
