import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { clientWithInbox } from '../normalise.js';

export const inboxClearCommand = defineCommand({
  path: ['inbox', 'clear'],
  kind: 'client',
  summary: 'Delete every event of an inbox; the inbox stays.',
  description:
    'Delete every event of an inbox, with their replays. The inbox and its URL stay and keep capturing ' +
    "(requests that arrive meanwhile are kept). An owned inbox needs its owner's token.",
  args: [INBOX_ID],
  options: CLIENT,
  normalise: clientWithInbox,
  load: () => import('./inbox-clear.js'),
});
