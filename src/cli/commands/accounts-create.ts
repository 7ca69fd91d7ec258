import { createAccount } from '../../services/accounts.js';
import { withStore, type AdminOptions } from '../admin.js';
import { json, keyValues } from '../format.js';
import type { CliIO } from '../io.js';

export interface AccountsCreateOptions extends AdminOptions {
  readonly email: string;
  readonly json: boolean;
}

/** The piped password without one trailing newline; null when none was piped (or it is empty). */
function passwordFrom(stdin: string | null): string | null {
  if (stdin === null) return null;
  const password = stdin.replace(/\r?\n$/, '');
  return password === '' ? null : password;
}

/**
 * `rehook accounts create`: creates an account in the data directory. Throws AppError
 * VALIDATION_FAILED (bad e-mail or password) or CONFLICT (e-mail taken).
 */
export async function run(options: AccountsCreateOptions, io: CliIO): Promise<void> {
  const password = passwordFrom(await io.stdin());
  const account = await withStore(options, io, (deps) => createAccount(deps, { email: options.email, password }));
  if (options.json) {
    io.stdout(
      json({
        account: {
          id: account.id,
          email: account.email,
          hasPassword: account.passwordHash !== null,
          createdAt: account.createdAt.toISOString(),
        },
      }),
    );
    return;
  }
  io.stdout(
    keyValues([
      ['id', account.id],
      ['email', account.email],
      ['password', account.passwordHash === null ? 'none' : 'set'],
    ]),
  );
}
