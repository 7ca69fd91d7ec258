import { defineCommand } from '../command.js';
import { JSON_OUTPUT, STORE } from '../command-options.js';
import { adminOptions } from '../normalise.js';

export const accountsListCommand = defineCommand({
  path: ['accounts', 'list'],
  kind: 'server',
  summary: 'List accounts.',
  args: [],
  options: { ...STORE, json: JSON_OUTPUT },
  normalise: adminOptions,
  load: () => import('./accounts-list.js'),
});
