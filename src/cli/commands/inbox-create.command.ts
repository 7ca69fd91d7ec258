import { defineCommand } from '../command.js';
import { CLIENT } from '../command-options.js';
import { clientOptions, str } from '../normalise.js';

export const inboxCreateCommand = defineCommand({
  path: ['inbox', 'create'],
  kind: 'client',
  summary: 'Create an inbox and print its URL.',
  description:
    'Create an inbox and print its id, full URL and expiry. With a token the inbox is persistent and ' +
    'owned by the account; without one it is anonymous and expires.',
  args: [],
  options: {
    name: { type: 'string', value: 'name', description: 'A name for the inbox (1 to 100 printable characters).' },
    ...CLIENT,
  },
  examples: ['rehook inbox create', 'rehook inbox create --name "Stripe test" --token "$TOKEN" --json'],
  normalise: (input) => ({ ...clientOptions(input), name: str(input, 'name') }),
  load: () => import('./inbox-create.js'),
});
