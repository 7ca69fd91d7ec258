import { setPassword } from '../../services/accounts.js';
import { withStore, type AdminOptions } from '../admin.js';
import { UsageError } from '../exit.js';
import { json, keyValues } from '../format.js';
import type { CliIO } from '../io.js';

export interface AccountsSetPasswordOptions extends AdminOptions {
  readonly email: string;
  readonly json: boolean;
}

/**
 * `rehook accounts set-password`: sets the account's password from stdin (one trailing newline
 * dropped) and signs the account out everywhere (its sessions are deleted; API tokens stay).
 * Throws UsageError when no password was piped, AppError VALIDATION_FAILED for a bad password or
 * an unknown e-mail.
 */
export async function run(options: AccountsSetPasswordOptions, io: CliIO): Promise<void> {
  const stdin = await io.stdin();
  const password = stdin?.replace(/\r?\n$/, '') ?? '';
  if (password === '') {
    throw new UsageError('pipe the new password on stdin (it is never taken from the command line)', [
      'accounts',
      'set-password',
    ]);
  }
  const { account, sessionsEnded } = await withStore(options, io, (deps) =>
    setPassword(deps, { email: options.email, password }),
  );
  if (options.json) {
    io.stdout(json({ account: { id: account.id, email: account.email }, sessionsEnded }));
    return;
  }
  io.stdout(
    keyValues([
      ['id', account.id],
      ['email', account.email],
      ['password', 'set'],
      ['signed out', `${sessionsEnded} session${sessionsEnded === 1 ? '' : 's'}`],
    ]),
  );
}
