import { withStore, type AdminOptions } from '../admin.js';
import { json, table } from '../format.js';
import type { CliIO } from '../io.js';

export interface AccountsListOptions extends AdminOptions {
  readonly json: boolean;
}

/** `rehook accounts list`: every account of the data directory. */
export async function run(options: AccountsListOptions, io: CliIO): Promise<void> {
  const accounts = await withStore(options, io, (deps) => deps.store.accounts.list());
  const shown = accounts.map((account) => ({
    id: account.id,
    email: account.email,
    hasPassword: account.passwordHash !== null,
    createdAt: account.createdAt.toISOString(),
  }));
  if (options.json) return io.stdout(json({ accounts: shown }));
  if (shown.length === 0) {
    return io.stdout("No accounts. Create one with 'rehook accounts create --email <email>'.");
  }
  io.stdout(
    table(
      ['ID', 'EMAIL', 'PASSWORD', 'CREATED'],
      shown.map((a) => [a.id, a.email, a.hasPassword ? 'set' : 'none', a.createdAt]),
    ),
  );
}
