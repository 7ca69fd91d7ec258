import { defineCommand } from '../command.js';
import { CLIENT, INBOX_ID } from '../command-options.js';
import { arg, clientWithInbox } from '../normalise.js';

export const inboxRenameCommand = defineCommand({
  path: ['inbox', 'rename'],
  kind: 'client',
  summary: 'Rename an inbox (an empty name removes it).',
  description:
    'Set the name of an inbox (1 to 100 printable characters) and print the inbox; an empty name ("") ' +
    "removes it. An owned inbox needs its owner's token; an anonymous one only its id.",
  args: [INBOX_ID, { name: 'name', description: 'The new name; "" removes the name.' }],
  options: CLIENT,
  examples: ['rehook inbox rename inb_... "Stripe (staging)"', 'rehook inbox rename inb_... ""'],
  normalise: (input) => {
    const name = arg(input, 1);
    return { ...clientWithInbox(input), name: name === '' ? null : name };
  },
  load: () => import('./inbox-rename.js'),
});
