import { defineCommand } from '../command.js';
import { EMAIL, JSON_OUTPUT, STORE } from '../command-options.js';
import { adminWithEmail } from '../normalise.js';

export const accountsCreateCommand = defineCommand({
  path: ['accounts', 'create'],
  kind: 'server',
  summary: 'Create an account.',
  description:
    'Create an account in the store (the data directory, or PostgreSQL with DATABASE_URL). When stdin ' +
    'is not a terminal, the password is read from it (one trailing newline is dropped; empty input ' +
    'means no password).',
  args: [],
  options: { email: EMAIL, ...STORE, json: JSON_OUTPUT },
  examples: [
    'rehook accounts create --email dev@example.com',
    `printf '%s' "$PASSWORD" | rehook accounts create --email dev@example.com`,
  ],
  normalise: adminWithEmail,
  load: () => import('./accounts-create.js'),
});
