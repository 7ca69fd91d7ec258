import { defineCommand } from '../command.js';
import { JSON_OUTPUT, STORE } from '../command-options.js';
import { adminOptions } from '../normalise.js';

export const migrateCommand = defineCommand({
  path: ['migrate'],
  kind: 'server',
  summary: 'Apply database migrations and exit.',
  description:
    'Bring the store (the data directory, or PostgreSQL with DATABASE_URL) to the newest schema. ' +
    '`serve` does the same at start; running it first, or twice, is harmless.',
  args: [],
  options: { ...STORE, json: JSON_OUTPUT },
  normalise: adminOptions,
  load: () => import('./migrate.js'),
});
