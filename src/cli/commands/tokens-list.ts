import type { Token } from '../../client/types.js';
import { tokenJson } from '../../http/api/core/present.js';
import { requireAccountByEmail } from '../../services/accounts.js';
import { listTokens } from '../../services/tokens.js';
import { withStore, type AdminOptions } from '../admin.js';
import { cleanLine, json, orDash, table } from '../format.js';
import type { CliIO } from '../io.js';

export interface TokensListOptions extends AdminOptions {
  readonly email: string;
  readonly json: boolean;
}

/** `rehook tokens list`: the account's tokens, revoked ones included, newest first. */
export async function run(options: TokensListOptions, io: CliIO): Promise<void> {
  const tokens = await withStore(options, io, async (deps) =>
    listTokens(deps, (await requireAccountByEmail(deps, options.email)).id),
  );
  // The same shape as GET /api/v1/tokens.
  const shown: Token[] = tokens.map(tokenJson);
  if (options.json) return io.stdout(json({ tokens: shown }));
  if (shown.length === 0) return io.stdout('No tokens.');
  io.stdout(
    table(
      ['ID', 'NAME', 'PREFIX', 'CREATED', 'LAST USED', 'REVOKED'],
      shown.map((t) => [t.id, cleanLine(t.name), t.prefix, t.createdAt, orDash(t.lastUsedAt), orDash(t.revokedAt)]),
    ),
  );
}
