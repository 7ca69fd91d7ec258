import { requireAccountByEmail } from '../../services/accounts.js';
import { createToken } from '../../services/tokens.js';
import { withStore, type AdminOptions } from '../admin.js';
import type { CliIO } from '../io.js';
import type { TokenLimitFlags } from '../token-limit-options.js';

export interface TokensCreateOptions extends AdminOptions, TokenLimitFlags {
  readonly email: string;
  readonly name: string;
}

/**
 * `rehook tokens create`: prints the new token alone on stdout, so `TOKEN=$(rehook tokens
 * create ...)` works; what it is goes to stderr. Throws AppError VALIDATION_FAILED for an
 * unknown e-mail or a bad name.
 */
export async function run(options: TokensCreateOptions, io: CliIO): Promise<void> {
  const { account, token, plaintext } = await withStore(options, io, async (deps) => {
    const owner = await requireAccountByEmail(deps, options.email);
    const limits = {
      scopes: options.scopes,
      teamId: options.teamId,
      inboxIds: options.inboxIds,
      expiresAt: options.expiresAt,
    };
    return { account: owner, ...(await createToken(deps, { accountId: owner.id, name: options.name, ...limits })) };
  });
  io.stdout(plaintext);
  const team = token.teamId === null ? '' : `, limited to team ${token.teamId}`;
  const what = `${token.id} (${JSON.stringify(token.name)}, scope ${token.scope}${team}) for ${account.email}`;
  io.stderr(`Created token ${what}. It is shown only once.`);
}
