import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { clientWithInbox } from '../normalise.js';

export const inboxShareCommand = defineCommand({
  path: ['inbox', 'share'],
  kind: 'client',
  summary: 'Create a read-only sharing link of a saved inbox (needs its owner).',
  description:
    'Create a read-only sharing link of a saved inbox and print the URL of its page in the web app and ' +
    'its token, shown this once. Whoever holds the link reads the inbox, its events and their live stream ' +
    "(nothing else) until it is revoked with `rehook inbox unshare`. Needs the token of the inbox's owner; " +
    'an anonymous inbox must be saved first.',
  args: [INBOX_ID],
  options: CLIENT,
  examples: ['rehook inbox share inb_... --token "$TOKEN"'],
  normalise: clientWithInbox,
  load: () => import('./inbox-share.js'),
});
