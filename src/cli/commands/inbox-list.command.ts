import { defineCommand } from '../command.js';
import { CLIENT } from '../command-options.js';
import { clientOptions } from '../normalise.js';

export const inboxListCommand = defineCommand({
  path: ['inbox', 'list'],
  kind: 'client',
  summary: "List the token's saved inboxes.",
  args: [],
  options: CLIENT,
  normalise: clientOptions,
  load: () => import('./inbox-list.js'),
});
