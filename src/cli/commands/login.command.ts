import { defineCommand } from '../command.js';
import { SERVER, TOKEN } from '../command-options.js';
import { clientOptions, str } from '../normalise.js';
import { TOKEN_LIMIT_OPTIONS, tokenLimitFlags } from '../token-limit-options.js';

export const loginCommand = defineCommand({
  path: ['login'],
  kind: 'client',
  summary: 'Store a server and an API token for the client commands.',
  description:
    'Check an API token against the server, then store the server and the token in the user config ' +
    'file (REHOOK_CONFIG_DIR/config.json, else $XDG_CONFIG_HOME/rehook/config.json, else ' +
    '~/.config/rehook/config.json), readable only by you (mode 0600). Client commands then use them ' +
    'unless --server/REHOOK_SERVER or --token/REHOOK_TOKEN are given; the token is only sent to the ' +
    'server it was stored with. The token comes from --token, REHOOK_TOKEN, stdin when piped, or a ' +
    'prompt that does not echo it. With --scope, --team, --inbox or --expires, the given token (a manage token) ' +
    'creates a narrower one for this machine, and only that one is stored.',
  args: [],
  options: {
    server: SERVER,
    token: TOKEN,
    ...TOKEN_LIMIT_OPTIONS,
  },
  examples: [
    'rehook login --server https://rehook.example.com',
    'printf %s "$TOKEN" | rehook login --server https://rehook.example.com',
    'rehook login --server https://rehook.example.com --scope read --expires 7d',
    'rehook login --server https://rehook.example.com --team tem_... --scope replay',
  ],
  normalise: (input) => {
    const token = str(input, 'token') ?? input.env['REHOOK_TOKEN'];
    return {
      server: clientOptions(input).server,
      token: token === '' ? undefined : token,
      env: input.env,
      limits: tokenLimitFlags(input),
    };
  },
  load: () => import('./login.js'),
});
