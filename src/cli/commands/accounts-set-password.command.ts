import { defineCommand } from '../command.js';
import { EMAIL, JSON_OUTPUT, STORE } from '../command-options.js';
import { adminWithEmail } from '../normalise.js';

export const accountsSetPasswordCommand = defineCommand({
  path: ['accounts', 'set-password'],
  kind: 'server',
  summary: "Set an account's password and sign it out everywhere.",
  description:
    'Set the password of an account in the store (the data directory, or PostgreSQL with DATABASE_URL), ' +
    'read from stdin, which must be piped (one trailing newline is dropped). Every session of the ' +
    'account is deleted: each browser signed in to it is signed out at once and must sign in with the ' +
    'new password. API tokens keep working (revoke them with `rehook tokens revoke`).',
  args: [],
  options: { email: EMAIL, ...STORE, json: JSON_OUTPUT },
  examples: [`printf '%s' "$NEW_PASSWORD" | rehook accounts set-password --email dev@example.com`],
  normalise: adminWithEmail,
  load: () => import('./accounts-set-password.js'),
});
