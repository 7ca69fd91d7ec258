/**
 * What an API token may do. The scopes nest: `replay` includes `read`, `manage` includes both
 * (settings, secrets, forwarding, shares, tokens, the account). Browser sessions act as `manage`.
 */
export const TOKEN_SCOPES = ['read', 'replay', 'manage'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Tokens made before scopes existed, and tokens created without `scopes`, can do everything. */
export const DEFAULT_TOKEN_SCOPE: TokenScope = 'manage';

export function isTokenScope(value: unknown): value is TokenScope {
  return typeof value === 'string' && (TOKEN_SCOPES as readonly string[]).includes(value);
}

/** True when a token granted `granted` may do what needs `needed`. */
export function scopeCovers(granted: TokenScope, needed: TokenScope): boolean {
  return TOKEN_SCOPES.indexOf(granted) >= TOKEN_SCOPES.indexOf(needed);
}

/** The widest of the scopes asked for (they nest, so one level says it all). */
export function widestScope(scopes: readonly TokenScope[]): TokenScope {
  return scopes.reduce<TokenScope>((widest, s) => (scopeCovers(widest, s) ? widest : s), 'read');
}

/** Every scope a level grants, narrowest first: what the API shows as a token's `scopes`. */
export function grantedScopes(level: TokenScope): TokenScope[] {
  return TOKEN_SCOPES.filter((s) => scopeCovers(level, s));
}

/** Most inboxes one token can be limited to (a list, not a query). */
export const MAX_TOKEN_INBOXES = 100;
