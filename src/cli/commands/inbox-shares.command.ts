import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { clientWithInbox } from '../normalise.js';

export const inboxSharesCommand = defineCommand({
  path: ['inbox', 'shares'],
  kind: 'client',
  summary: "List an inbox's sharing links (needs its owner).",
  description:
    'List the sharing links of a saved inbox, newest first: id, token prefix and creation time (never the tokens).',
  args: [INBOX_ID],
  options: CLIENT,
  normalise: clientWithInbox,
  load: () => import('./inbox-shares.js'),
});
