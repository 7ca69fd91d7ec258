import type { Account, ApiToken } from '../../domain/account.js';
import type { AccountIdentity } from '../../domain/account-identity.js';
import type { Session } from '../../domain/session.js';
import type { Share } from '../../domain/share.js';
import type { StoredSignatureSettings } from '../../ports/signature-settings-repository.js';
import { isTokenScope } from '../../domain/token-scope.js';
import { parseStoredOptions } from '../../signatures/settings.js';
import { bindValues, type ColumnTypes, type ColumnValues, type SqlParam, toDateOrNull } from './column-values.js';

// Rows of accounts, API tokens, sessions, sharing links and signature settings as either driver
// reads them, their column lists, and the mappers. Parameter lists follow the column lists' order.

export const ACCOUNT_COLUMNS = 'id, email, password_hash, created_at, display_name';
export const TOKEN_COLUMNS =
  'id, account_id, name, hash, prefix, created_at, last_used_at, revoked_at, scope, inbox_ids, team_id, expires_at';
export const SESSION_COLUMNS = 'id, account_id, hash, csrf_token, created_at, last_seen_at, expires_at, user_agent';
export const SHARE_COLUMNS = 'id, inbox_id, hash, prefix, created_at';
export const SIGNATURE_COLUMNS = 'inbox_id, scheme, sealed_secret, secret_hint, options, updated_at';
export const IDENTITY_COLUMNS = 'issuer, subject, account_id, created_at';

export interface IdentityRow<C extends ColumnTypes> {
  issuer: string;
  subject: string;
  account_id: string;
  created_at: C['time'];
}

export interface AccountRow<C extends ColumnTypes> {
  id: string;
  email: string;
  password_hash: string | null;
  created_at: C['time'];
  display_name: string | null;
}

export interface TokenRow<C extends ColumnTypes> {
  id: string;
  account_id: string;
  name: string;
  hash: string;
  prefix: string;
  created_at: C['time'];
  last_used_at: C['time'] | null;
  revoked_at: C['time'] | null;
  scope: string;
  /** JSON array of inbox ids, or null. */
  inbox_ids: string | null;
  team_id: string | null;
  expires_at: C['time'] | null;
}

export interface SessionRow<C extends ColumnTypes> {
  id: string;
  account_id: string;
  hash: string;
  csrf_token: string;
  created_at: C['time'];
  last_seen_at: C['time'];
  expires_at: C['time'];
  user_agent: string | null;
}

export interface ShareRow<C extends ColumnTypes> {
  id: string;
  inbox_id: string;
  hash: string;
  prefix: string;
  created_at: C['time'];
}

export interface SignatureRow<C extends ColumnTypes> {
  inbox_id: string;
  scheme: string;
  sealed_secret: string;
  secret_hint: string | null;
  /** JSON text of the scheme's options. */
  options: string;
  updated_at: C['time'];
}

/** The mappers of account, token, session, share and signature rows over one database's values. */
export function accountRowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  const bind = (values: Parameters<typeof bindValues>[1]): SqlParam<C>[] => bindValues(v, values);
  return {
    toAccount: ({ id, email, password_hash, created_at, display_name }: AccountRow<C>): Account => {
      return { id, email, passwordHash: password_hash, displayName: display_name, createdAt: v.toDate(created_at) };
    },
    accountParams: (a: Account) => bind([a.id, a.email, a.passwordHash, a.createdAt, a.displayName]),
    toIdentity: (row: IdentityRow<C>): AccountIdentity => ({
      issuer: row.issuer,
      subject: row.subject,
      accountId: row.account_id,
      createdAt: v.toDate(row.created_at),
    }),
    identityParams: (i: AccountIdentity) => bind([i.issuer, i.subject, i.accountId, i.createdAt]),
    toToken: (row: TokenRow<C>): ApiToken => ({
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      hash: row.hash,
      prefix: row.prefix,
      createdAt: v.toDate(row.created_at),
      lastUsedAt: toDateOrNull(v, row.last_used_at),
      revokedAt: toDateOrNull(v, row.revoked_at),
      // An unknown scope (written by a newer Rehook) grants the least, never the most.
      scope: isTokenScope(row.scope) ? row.scope : 'read',
      inboxIds: row.inbox_ids === null ? null : parseInboxIds(row.inbox_ids),
      teamId: row.team_id,
      expiresAt: toDateOrNull(v, row.expires_at),
    }),
    tokenParams: (t: ApiToken) =>
      bind([
        t.id,
        t.accountId,
        t.name,
        t.hash,
        t.prefix,
        t.createdAt,
        t.lastUsedAt,
        t.revokedAt,
        t.scope,
        t.inboxIds === null ? null : JSON.stringify(t.inboxIds),
        t.teamId,
        t.expiresAt,
      ]),
    sessionParams: (s: Session) =>
      bind([s.id, s.accountId, s.hash, s.csrfToken, s.createdAt, s.lastSeenAt, s.expiresAt, s.userAgent]),
    toSession: (row: SessionRow<C>): Session => ({
      id: row.id,
      accountId: row.account_id,
      hash: row.hash,
      csrfToken: row.csrf_token,
      createdAt: v.toDate(row.created_at),
      lastSeenAt: v.toDate(row.last_seen_at),
      expiresAt: v.toDate(row.expires_at),
      userAgent: row.user_agent,
    }),
    toShare: ({ id, inbox_id, hash, prefix, created_at }: ShareRow<C>): Share => {
      return { id, inboxId: inbox_id, hash, prefix, createdAt: v.toDate(created_at) };
    },
    shareParams: (s: Share) => bind([s.id, s.inboxId, s.hash, s.prefix, s.createdAt]),
    toSignatureSettings: (row: SignatureRow<C>): StoredSignatureSettings => ({
      inboxId: row.inbox_id,
      scheme: row.scheme,
      sealedSecret: row.sealed_secret,
      secretHint: row.secret_hint,
      options: parseStoredOptions(row.options),
      updatedAt: v.toDate(row.updated_at),
    }),
    /** Parameters of the signature upsert, in SIGNATURE_COLUMNS order. */
    signatureParams: (s: StoredSignatureSettings) =>
      bind([s.inboxId, s.scheme, s.sealedSecret, s.secretHint, JSON.stringify(s.options), s.updatedAt]),
  };
}

/** The inbox ids of a token row; a damaged value limits the token to nothing rather than to everything. */
function parseInboxIds(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}
