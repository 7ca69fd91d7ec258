import { defineCommand } from '../command.js';
import { EMAIL, JSON_OUTPUT, STORE } from '../command-options.js';
import { adminWithEmail } from '../normalise.js';

export const tokensListCommand = defineCommand({
  path: ['tokens', 'list'],
  kind: 'server',
  summary: "List an account's tokens.",
  args: [],
  options: { email: EMAIL, ...STORE, json: JSON_OUTPUT },
  normalise: adminWithEmail,
  load: () => import('./tokens-list.js'),
});
