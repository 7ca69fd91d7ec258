import type { Account, ApiToken } from '../../domain/account.js';
import type { Session } from '../../domain/session.js';
import type { Share } from '../../domain/share.js';
import type { StoredSignatureSettings } from '../../ports/store.js';
import { parseStoredOptions } from '../../signatures/settings.js';
import { type ColumnTypes, type ColumnValues, fromDateOrNull, type SqlParam, toDateOrNull } from './column-values.js';

// Rows of accounts, API tokens, sessions, sharing links and signature settings as either driver
// reads them, their column lists, and the mappers. Parameter lists follow the column lists' order.

export const ACCOUNT_COLUMNS = 'id, email, password_hash, created_at';
export const TOKEN_COLUMNS = 'id, account_id, name, hash, prefix, created_at, last_used_at, revoked_at';
export const SESSION_COLUMNS = 'id, account_id, hash, csrf_token, created_at, last_seen_at, expires_at';
export const SHARE_COLUMNS = 'id, inbox_id, hash, prefix, created_at';
export const SIGNATURE_COLUMNS = 'inbox_id, scheme, sealed_secret, secret_hint, options, updated_at';

export interface AccountRow<C extends ColumnTypes> {
  id: string;
  email: string;
  password_hash: string | null;
  created_at: C['time'];
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
}

export interface SessionRow<C extends ColumnTypes> {
  id: string;
  account_id: string;
  hash: string;
  csrf_token: string;
  created_at: C['time'];
  last_seen_at: C['time'];
  expires_at: C['time'];
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
  return {
    toAccount: (row: AccountRow<C>): Account => ({
      id: row.id,
      email: row.email,
      passwordHash: row.password_hash,
      createdAt: v.toDate(row.created_at),
    }),
    accountParams: (account: Account): SqlParam<C>[] => [
      account.id,
      account.email,
      account.passwordHash,
      v.fromDate(account.createdAt),
    ],
    toToken: (row: TokenRow<C>): ApiToken => ({
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      hash: row.hash,
      prefix: row.prefix,
      createdAt: v.toDate(row.created_at),
      lastUsedAt: toDateOrNull(v, row.last_used_at),
      revokedAt: toDateOrNull(v, row.revoked_at),
    }),
    tokenParams: (token: ApiToken): SqlParam<C>[] => [
      token.id,
      token.accountId,
      token.name,
      token.hash,
      token.prefix,
      v.fromDate(token.createdAt),
      fromDateOrNull(v, token.lastUsedAt),
      fromDateOrNull(v, token.revokedAt),
    ],
    toSession: (row: SessionRow<C>): Session => ({
      id: row.id,
      accountId: row.account_id,
      hash: row.hash,
      csrfToken: row.csrf_token,
      createdAt: v.toDate(row.created_at),
      lastSeenAt: v.toDate(row.last_seen_at),
      expiresAt: v.toDate(row.expires_at),
    }),
    sessionParams: (session: Session): SqlParam<C>[] => [
      session.id,
      session.accountId,
      session.hash,
      session.csrfToken,
      v.fromDate(session.createdAt),
      v.fromDate(session.lastSeenAt),
      v.fromDate(session.expiresAt),
    ],
    toShare: (row: ShareRow<C>): Share => ({
      id: row.id,
      inboxId: row.inbox_id,
      hash: row.hash,
      prefix: row.prefix,
      createdAt: v.toDate(row.created_at),
    }),
    shareParams: (share: Share): SqlParam<C>[] => [
      share.id,
      share.inboxId,
      share.hash,
      share.prefix,
      v.fromDate(share.createdAt),
    ],
    toSignatureSettings: (row: SignatureRow<C>): StoredSignatureSettings => ({
      inboxId: row.inbox_id,
      scheme: row.scheme,
      sealedSecret: row.sealed_secret,
      secretHint: row.secret_hint,
      options: parseStoredOptions(row.options),
      updatedAt: v.toDate(row.updated_at),
    }),
    /** Parameters of the signature upsert, in SIGNATURE_COLUMNS order. */
    signatureParams: (settings: StoredSignatureSettings): SqlParam<C>[] => [
      settings.inboxId,
      settings.scheme,
      settings.sealedSecret,
      settings.secretHint,
      JSON.stringify(settings.options),
      v.fromDate(settings.updatedAt),
    ],
  };
}
