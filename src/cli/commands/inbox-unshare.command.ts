import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { arg, clientWithInbox } from '../normalise.js';

export const inboxUnshareCommand = defineCommand({
  path: ['inbox', 'unshare'],
  kind: 'client',
  summary: "Revoke a sharing link (needs the inbox's owner).",
  description: 'Revoke a sharing link: it stops working at once, and its open live streams end, on every instance.',
  args: [INBOX_ID, { name: 'shareId', description: 'Id of the link (shr_...), as `rehook inbox shares` shows it.' }],
  options: CLIENT,
  examples: ['rehook inbox unshare inb_... shr_... --token "$TOKEN"'],
  normalise: (input) => ({ ...clientWithInbox(input), shareId: arg(input, 1) }),
  load: () => import('./inbox-unshare.js'),
});
