import { defineCommand } from '../command.js';

export const logoutCommand = defineCommand({
  path: ['logout'],
  kind: 'client',
  summary: 'Remove the server and token stored by `rehook login`.',
  args: [],
  options: {},
  normalise: (input) => ({ env: input.env }),
  load: () => import('./logout.js'),
});
