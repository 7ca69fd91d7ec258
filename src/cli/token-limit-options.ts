import { isTokenScope, type TokenScope } from '../domain/token-scope.js';
import type { OptionDef, ParsedInput } from './command.js';
import { UsageError } from './exit.js';
import { list, str } from './normalise.js';

/** `--scope`, `--team`, `--inbox` and `--expires` of the commands that create API tokens. */
export const TOKEN_LIMIT_OPTIONS: Readonly<Record<string, OptionDef>> = {
  scope: {
    type: 'string',
    value: 'scope',
    description: 'What the token may do: read, replay (read and replay) or manage (everything; the default).',
  },
  team: {
    type: 'string',
    value: 'teamId',
    description:
      "Limit the token to this team of the account's (tem_...): it then reaches only the team's inboxes, " +
      "with the account's role in the team, never above.",
  },
  inbox: {
    type: 'string',
    value: 'inboxId',
    multiple: true,
    description: 'Limit the token to this saved inbox of the account (repeat for several; default: all).',
  },
  expires: {
    type: 'string',
    value: 'when',
    description: 'When the token stops working: a duration from now (90m, 12h, 30d) or an ISO 8601 date and time.',
  },
};

/** The limits a token is created with (nothing given: a manage token for every inbox, never expiring). */
export interface TokenLimitFlags {
  readonly scopes?: TokenScope[];
  readonly teamId?: string;
  readonly inboxIds?: string[];
  readonly expiresAt?: string;
}

const UNIT_MS: Readonly<Record<string, number>> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--expires` as an ISO time: `30d` is 30 days after `now`; a date and time is taken as written. */
export function expiresAtOf(raw: string, now: number, path: readonly string[]): string {
  const relative = /^(\d{1,6})([mhd])$/.exec(raw);
  if (relative) return new Date(now + Number(relative[1]) * (UNIT_MS[relative[2] as string] as number)).toISOString();
  const at = /^\d{4}-\d{2}-\d{2}T/.test(raw) ? new Date(raw) : null;
  if (at === null || Number.isNaN(at.getTime())) {
    throw new UsageError(
      `--expires must be a duration such as 12h or 30d, or an ISO 8601 date and time (got ${JSON.stringify(raw)})`,
      path,
    );
  }
  return at.toISOString();
}

export function tokenLimitFlags(input: ParsedInput, now = Date.now()): TokenLimitFlags {
  const scope = str(input, 'scope');
  if (scope !== undefined && !isTokenScope(scope)) {
    throw new UsageError(`--scope must be read, replay or manage (got ${JSON.stringify(scope)})`, input.path);
  }
  const teamId = str(input, 'team');
  const inboxIds = list(input, 'inbox');
  const expires = str(input, 'expires');
  return {
    ...(scope !== undefined ? { scopes: [scope] } : {}),
    ...(teamId !== undefined ? { teamId } : {}),
    ...(inboxIds.length > 0 ? { inboxIds } : {}),
    ...(expires !== undefined ? { expiresAt: expiresAtOf(expires, now, input.path) } : {}),
  };
}

/** Whether any limit was asked for. */
export function hasTokenLimits(flags: TokenLimitFlags): boolean {
  return (
    flags.scopes !== undefined ||
    flags.teamId !== undefined ||
    flags.inboxIds !== undefined ||
    flags.expiresAt !== undefined
  );
}
