/**
 * The audit log (docs/teams.md, "Audit log"): who did what to what, from where, and how it
 * ended. An entry never holds a secret, a token or a body: its detail is a few short values the
 * recording code chooses (a role, a scope, a destination without credentials or query).
 */

/**
 * The actions Rehook records. Other features add theirs here (a sign-in by another method is
 * `auth.sign_in` with its own `method` detail, not a new action).
 */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'account.password_changed',
  'account.deleted',
  'token.created',
  'token.revoked',
  'secret.set',
  'secret.removed',
  'forwarding.changed',
  'forwarding.removed',
  'share.created',
  'share.revoked',
  'team.created',
  'team.renamed',
  'team.deleted',
  'member.invited',
  'invitation.revoked',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'inbox.created',
  'inbox.saved',
  'inbox.renamed',
  'inbox.moved',
  'inbox.deleted',
  'inbox.cleared',
  'replay',
  'replay.bulk',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/**
 * `success`: it was done. `denied`: refused for who asked (a wrong password, a role or scope
 * too low). `failed`: tried and did not work (a replay whose destination did not answer).
 */
export const AUDIT_OUTCOMES = ['success', 'denied', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export function isAuditOutcome(value: string): value is AuditOutcome {
  return (AUDIT_OUTCOMES as readonly string[]).includes(value);
}

/** Who acted: an account (through a token, or a browser session when tokenId is null), a sharing link, or nobody known. */
export interface AuditActor {
  readonly accountId: string | null;
  readonly tokenId: string | null;
  readonly shareId: string | null;
}

export const UNKNOWN_ACTOR: AuditActor = { accountId: null, tokenId: null, shareId: null };

/** What was acted on: its kind (`inbox`, `token`, `team`...) and id. */
export interface AuditTarget {
  readonly type: string;
  readonly id: string;
}

export type AuditDetail = Readonly<Record<string, string | number | boolean | null>>;

export interface AuditEntry {
  /** `aud_` + a time-sortable id: newest first is descending id. */
  readonly id: string;
  readonly at: Date;
  /** The account whose own log shows the entry (the actor, or the account a failed sign-in named). */
  readonly accountId: string | null;
  /** The team whose log shows the entry: the team acted on, or the team owning the inbox. */
  readonly teamId: string | null;
  readonly actor: AuditActor;
  /** The client address (REHOOK_TRUST_PROXY decides whether X-Forwarded-For counts). */
  readonly ip: string;
  readonly action: string;
  readonly target: AuditTarget | null;
  readonly outcome: AuditOutcome;
  readonly detail: AuditDetail;
}

/** Longest string kept in a detail value: details name things, they never carry content. */
export const AUDIT_DETAIL_MAX_CHARS = 200;

/** The detail as stored: null values dropped, strings cut to AUDIT_DETAIL_MAX_CHARS. */
export function boundedDetail(detail: AuditDetail): AuditDetail {
  const out: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(detail)) {
    if (value === null) continue;
    out[key] = typeof value === 'string' ? value.slice(0, AUDIT_DETAIL_MAX_CHARS) : value;
  }
  return out;
}

/**
 * A destination as the log shows it: scheme, host, port and path. User name, password, query
 * and fragment go, since any of them may carry a credential. Null for something not a URL.
 */
export function destinationForAudit(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return null;
  }
}

/** A page of the log: newest first, older than `before`, optionally one action and one actor. */
export interface AuditQuery {
  /** Exactly one of the two: one account's log or one team's. */
  readonly accountId?: string;
  readonly teamId?: string;
  readonly action?: string;
  /** An account, token or sharing-link id: entries that actor made. */
  readonly actor?: string;
  /** Only entries older than this entry id (keyset cursor). */
  readonly before?: string;
  /** 1..1000 */
  readonly limit: number;
}
