import { defineCommand } from '../command.js';
import { EMAIL, STORE } from '../command-options.js';
import { required, storeOptions } from '../normalise.js';
import { TOKEN_LIMIT_OPTIONS, tokenLimitFlags } from '../token-limit-options.js';

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
    ...TOKEN_LIMIT_OPTIONS,
    ...STORE,
  },
  examples: [
    'TOKEN=$(rehook tokens create --email dev@example.com --name laptop)',
    'rehook tokens create --email ci@example.com --name ci --scope replay --inbox inb_... --expires 30d',
  ],
  normalise: (input) => ({
    ...storeOptions(input),
    ...tokenLimitFlags(input),
    email: required(input, 'email'),
    name: required(input, 'name'),
  }),
  load: () => import('./tokens-create.js'),
});
