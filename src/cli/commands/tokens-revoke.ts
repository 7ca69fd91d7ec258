import { requireAccountByEmail } from '../../services/accounts.js';
import { revokeToken } from '../../services/tokens.js';
import { withStore, type AdminOptions } from '../admin.js';
import type { CliIO } from '../io.js';

export interface TokensRevokeOptions extends AdminOptions {
  readonly email: string;
  readonly tokenId: string;
}

/**
 * `rehook tokens revoke`: the token stops working at once. Throws AppError TOKEN_NOT_FOUND
 * when the account has no such token, VALIDATION_FAILED for an unknown e-mail.
 */
export async function run(options: TokensRevokeOptions, io: CliIO): Promise<void> {
  await withStore(options, io, async (deps) => {
    const account = await requireAccountByEmail(deps, options.email);
    await revokeToken(deps, { accountId: account.id, tokenId: options.tokenId });
  });
  io.stdout(`Revoked token ${options.tokenId}.`);
}
