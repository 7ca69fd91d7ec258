import { defineCommand } from '../command.js';
import { EMAIL, STORE } from '../command-options.js';
import { arg, required, storeOptions } from '../normalise.js';

export const tokensRevokeCommand = defineCommand({
  path: ['tokens', 'revoke'],
  kind: 'server',
  summary: 'Revoke an API token.',
  args: [{ name: 'tokenId', description: 'Id of the token (tok_...), as `rehook tokens list` shows it.' }],
  options: { email: EMAIL, ...STORE },
  normalise: (input) => ({
    ...storeOptions(input),
    email: required(input, 'email'),
    tokenId: arg(input, 0),
  }),
  load: () => import('./tokens-revoke.js'),
});
