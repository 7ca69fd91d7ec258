import { defineCommand } from '../command.js';
import { EMAIL, STORE } from '../command-options.js';
import { required, storeOptions } from '../normalise.js';

export const tokensCreateCommand = defineCommand({
  path: ['tokens', 'create'],
  kind: 'server',
  summary: 'Create an API token; prints only the token.',
  description:
    'Create an API token for an account. The token is printed alone on stdout (it is stored only as a ' +
    'hash and cannot be shown again); details go to stderr.',
  args: [],
  options: {
    email: EMAIL,
    name: {
      type: 'string',
      value: 'name',
      description: 'A name to recognise the token by.',
      required: true,
    },
    ...STORE,
  },
  examples: ['TOKEN=$(rehook tokens create --email dev@example.com --name laptop)'],
  normalise: (input) => ({
    ...storeOptions(input),
    email: required(input, 'email'),
    name: required(input, 'name'),
  }),
  load: () => import('./tokens-create.js'),
});
