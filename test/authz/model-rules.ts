// The model of the authorization model test (model.test.ts): what the README's access rules say
// each caller gets, kept as a small in-memory state of accounts, teams, tokens, inboxes, events
// and links.
import assert from 'node:assert/strict';
import type { FakeClock } from '../helpers/fake-clock.js';
import type { Receiver } from '../helpers/receiver.js';
import type { TestRehook } from '../helpers/rehook.js';
import { bearer, shareCredential, type Credential, type Reply } from './support.js';

/** A well-formed link id nobody was given. */
export const UNKNOWN_SHARE_ID = 'shr_aaaaaaaaaaaaaaaaaaaaaaaaaa';

// --------------------------------------------------------------------------------------------
// The model
// --------------------------------------------------------------------------------------------

export type AccountName = 'A' | 'B';
/**
 * Who calls: nobody, a live token of A or B, the last revoked token of A or B, the latest
 * limited token of A or B (a scope, and maybe a team), or the run's most recent sharing link
 * (live or not), sent as X-Rehook-Share (`share`) or ?share= (`shareQ`).
 */
export type Who = 'anon' | AccountName | 'revokedA' | 'revokedB' | 'limitedA' | 'limitedB' | 'share' | 'shareQ';

/** What a request does to an inbox; also the token scopes, which nest the same way. */
export type Action = 'read' | 'replay' | 'manage';
export type Role = 'owner' | 'admin' | 'member' | 'viewer';

export interface MTeam {
  readonly id: string;
  /** The members and their roles (absent: not a member). */
  readonly members: Partial<Record<AccountName, Role>>;
}

/** A token made with a scope and, maybe, limited to a team. */
export interface MLimited {
  readonly token: string;
  readonly scope: Action;
  readonly team: MTeam | null;
}

export interface MAccount {
  accountId: string;
  token: string;
  tokenId: string;
  /** Plaintexts of this account's revoked tokens, oldest first. */
  revoked: string[];
  /** Its latest limited token, if it made one. */
  limited: MLimited | null;
}

export interface MInbox {
  readonly id: string;
  /** An account, a team, or null for an anonymous inbox. */
  owner: AccountName | MTeam | null;
  /** ms since epoch; null once owned. */
  expiresAt: number | null;
  deleted: boolean;
  /** A sweep ran while the inbox was gone: its events may be purged (then EVENT_NOT_FOUND). */
  purged: boolean;
  /** Its name (PATCH), null when it has none. */
  name: string | null;
  /** Its events, oldest first (deleted ones leave it). */
  readonly events: MEvent[];
}

export interface MEvent {
  readonly id: string;
  readonly inbox: MInbox;
  /** Path suffix of the ingest request, unique in the run. */
  readonly marker: string;
  readonly replays: Record<AccountName, number>;
  /** Deleted on its own or by clearing its inbox: unknown to the server from then on. */
  deleted: boolean;
}

/** A sharing link, created through the API. */
export interface MShare {
  readonly id: string;
  readonly token: string;
  readonly inbox: MInbox;
  revoked: boolean;
}

export interface Model {
  now: number;
  /** Every team of the run, oldest first. */
  readonly teams: MTeam[];
  /** Every link of the run, oldest first. */
  readonly shares: MShare[];
  readonly accounts: Record<AccountName, MAccount>;
  readonly inboxes: MInbox[];
  /** Every stored event of the run, oldest first. */
  readonly events: MEvent[];
  seq: number;
}

export interface Real {
  readonly rehook: TestRehook;
  readonly clock: FakeClock;
  readonly receiver: Receiver;
}

export const live = (m: Model, inbox: MInbox): boolean =>
  !inbox.deleted && (inbox.expiresAt === null || inbox.expiresAt > m.now);

export const isRevoked = (who: Who): who is 'revokedA' | 'revokedB' => who === 'revokedA' || who === 'revokedB';
export const isShare = (who: Who): who is 'share' | 'shareQ' => who === 'share' || who === 'shareQ';
export const isLimited = (who: Who): who is 'limitedA' | 'limitedB' => who === 'limitedA' || who === 'limitedB';

/** The account a live token (full or limited) belongs to; null for anyone else. */
export function accountOf(who: Who): AccountName | null {
  if (who === 'A' || who === 'limitedA') return 'A';
  if (who === 'B' || who === 'limitedB') return 'B';
  return null;
}

/** The limits of the caller's token, null for a full token or no token. */
export function limitOf(m: Readonly<Model>, who: Who): MLimited | null {
  const account = isLimited(who) ? accountOf(who) : null;
  return account === null ? null : m.accounts[account].limited;
}

const RANK: Readonly<Record<Role, number>> = { viewer: 1, member: 2, admin: 3, owner: 4 };
const ROLE_NEEDED: Readonly<Record<Action, Role>> = { read: 'viewer', replay: 'member', manage: 'admin' };
const SCOPE_RANK: Readonly<Record<Action, number>> = { read: 1, replay: 2, manage: 3 };
export const roleAtLeast = (role: Role, other: Role): boolean => RANK[role] >= RANK[other];
export const roleAllows = (role: Role, action: Action): boolean => roleAtLeast(role, ROLE_NEEDED[action]);

export const isTeam = (owner: MInbox['owner']): owner is MTeam => owner !== null && typeof owner === 'object';

export function authorization(m: Model, who: Who): Credential {
  switch (who) {
    case 'anon':
      return undefined;
    case 'A':
    case 'B':
      return bearer(m.accounts[who].token);
    case 'limitedA':
    case 'limitedB':
      return bearer((limitOf(m, who) as MLimited).token);
    case 'revokedA':
    case 'revokedB': {
      const revoked = m.accounts[who === 'revokedA' ? 'A' : 'B'].revoked;
      return bearer(revoked[revoked.length - 1] as string);
    }
    case 'share':
    case 'shareQ':
      return shareCredential(currentShare(m).token, who === 'share' ? 'header' : 'query');
  }
}

/** A revoked principal once its account has revoked a token; a link once one was made. */
export const usable = (m: Readonly<Model>, who: Who): boolean => {
  if (isShare(who)) return m.shares.length > 0;
  if (isLimited(who)) return limitOf(m, who) !== null;
  return !isRevoked(who) || m.accounts[who === 'revokedA' ? 'A' : 'B'].revoked.length > 0;
};

export interface Expect {
  readonly status: number;
  /** Accepted `error.code` values ([] for a success). */
  readonly codes: readonly string[];
}
export const ok = (status: number): Expect => ({ status, codes: [] });
export const err = (status: number, ...codes: string[]): Expect => ({ status, codes });
export const UNAUTHORIZED = err(401, 'UNAUTHORIZED');
export const NO_INBOX = err(404, 'INBOX_NOT_FOUND');
export const NO_EVENT = err(404, 'EVENT_NOT_FOUND');
export const NO_SHARE = err(404, 'SHARE_NOT_FOUND');
export const READ_ONLY = err(403, 'SHARE_READ_ONLY');
export const NOT_SAVED = err(409, 'INBOX_NOT_SAVED');
export const FORBIDDEN = err(403, 'FORBIDDEN');
export const INSUFFICIENT_SCOPE = err(403, 'INSUFFICIENT_SCOPE');
export const NO_TEAM = err(404, 'TEAM_NOT_FOUND');

/** A limited token whose scope does not cover `needed`: refused before anything is looked up. */
export function scopeRefusal(m: Readonly<Model>, who: Who, needed: Action): Expect | null {
  const limited = limitOf(m, who);
  return limited !== null && SCOPE_RANK[limited.scope] < SCOPE_RANK[needed] ? INSUFFICIENT_SCOPE : null;
}

/** A team-limited token naming a live inbox that is not its team's: 404, as if it did not exist. */
export function outsideTeam(m: Model, who: Who, inbox: MInbox | undefined): boolean {
  const team = limitOf(m, who)?.team ?? null;
  return team !== null && inbox !== undefined && live(m, inbox) && inbox.owner !== team;
}

/**
 * An account's token on a live saved inbox: its own account's inbox, or a team inbox by the
 * member's role (403 FORBIDDEN when too weak); `notFound` for anything else.
 */
export function accountAccess(who: Who, inbox: MInbox, action: Action, notFound: Expect): Expect {
  const account = accountOf(who);
  if (account === null) return notFound;
  if (inbox.owner === account) return ok(200);
  if (!isTeam(inbox.owner)) return notFound;
  const role = inbox.owner.members[account];
  if (role === undefined) return notFound;
  return roleAllows(role, action) ? ok(200) : FORBIDDEN;
}

/**
 * Taking `action` on an inbox (GET inbox, list events: read; rename, delete: manage), the route
 * needing the `scope` of a token (the action's own unless said).
 */
export function readInbox(
  m: Model,
  who: Who,
  inbox: MInbox | undefined,
  action: Action = 'read',
  scope: Action = action,
): Expect {
  if (isRevoked(who)) return UNAUTHORIZED;
  if (isShare(who))
    return deadShare(m, who) ?? (inbox && live(m, inbox) && inbox === currentShare(m).inbox ? ok(200) : NO_INBOX);
  const scoped = scopeRefusal(m, who, scope);
  if (scoped) return scoped;
  if (!inbox || !live(m, inbox) || outsideTeam(m, who, inbox)) return NO_INBOX;
  if (inbox.owner === null) return ok(200);
  if (who === 'anon') return UNAUTHORIZED;
  return accountAccess(who, inbox, action, NO_INBOX);
}

/**
 * Taking `action` on an event (GET event, body: read; replay: replay; delete: manage); replay
 * and history add "a token is required".
 */
export function readEvent(
  m: Model,
  who: Who,
  event: MEvent | undefined,
  needsAccount: boolean,
  action: Action = 'read',
): Expect {
  if (isRevoked(who)) return UNAUTHORIZED;
  if (isShare(who) && needsAccount) return refusedToShare(m, who);
  const dead = deadShare(m, who);
  if (dead) return dead;
  const scoped = scopeRefusal(m, who, action);
  if (scoped) return scoped;
  if (needsAccount && who === 'anon') return UNAUTHORIZED;
  if (!event || event.deleted) return NO_EVENT;
  const inbox = event.inbox;
  if (outsideTeam(m, who, inbox)) return NO_EVENT;
  // README: "The event's inbox has expired or was deleted: 404 INBOX_NOT_FOUND". Once a sweep
  // has purged the events the server no longer knows the event, and answers EVENT_NOT_FOUND;
  // both are a 404 that reveals nothing, so both are accepted after a sweep.
  if (!live(m, inbox)) return inbox.purged ? err(404, 'INBOX_NOT_FOUND', 'EVENT_NOT_FOUND') : NO_INBOX;
  if (isShare(who)) return inbox === currentShare(m).inbox ? ok(200) : NO_EVENT;
  if (inbox.owner === null) return ok(200);
  if (who === 'anon') return UNAUTHORIZED;
  return accountAccess(who, inbox, action, NO_EVENT);
}

/** Answers seen per kind of call, printed with AUTHZ_STATS=1 to show what the runs covered. */
export const coverage = new Map<string, number>();

export function assertAnswer(reply: Reply, expected: Expect, what: string): void {
  const caller = what.includes(' as ') ? what.slice(what.lastIndexOf(' as ') + 4).split(' ')[0] : '';
  const kind = `${what.split(' ')[0]} ${caller} -> ${reply.status}`;
  coverage.set(kind, (coverage.get(kind) ?? 0) + 1);
  const detail = `${what}: expected ${expected.status} ${expected.codes.join('|')}, got ${reply.status} ${reply.text.slice(0, 200)}`;
  assert.equal(reply.status, expected.status, detail);
  if (expected.codes.length > 0) assert.ok(expected.codes.includes(reply.code), detail);
}

/**
 * The item `index` places from the newest (modulo the count), so that the small indexes
 * fast-check prefers name recent, mostly live, objects; null or an empty list is an unknown id.
 */
export function recent<T>(items: readonly T[], index: number | null): T | undefined {
  if (index === null || items.length === 0) return undefined;
  return items[items.length - 1 - (index % items.length)];
}
export const pickInbox = (m: Readonly<Model>, index: number | null): MInbox | undefined => recent(m.inboxes, index);
export const pickEvent = (m: Readonly<Model>, index: number | null): MEvent | undefined => recent(m.events, index);

/** The most recent link of the run, which the `share` and `shareQ` callers present. */
export function currentShare(m: Readonly<Model>): MShare {
  const share = m.shares[m.shares.length - 1];
  if (share === undefined) throw new Error('no link yet: usable() should have ruled this call out');
  return share;
}

/** A link works while it is not revoked and its inbox lives (deleting the inbox deletes it). */
export const shareLive = (m: Model, share: MShare): boolean => !share.revoked && live(m, share.inbox);

/**
 * What a link caller gets whatever it asks: 404 SHARE_NOT_FOUND once the link is dead, else
 * null (the endpoint's own rule decides).
 */
export function deadShare(m: Model, who: Who): Expect | null {
  if (!isShare(who)) return null;
  return shareLive(m, currentShare(m)) ? null : NO_SHARE;
}

/** Anything but reading with a link: 403 SHARE_READ_ONLY (404 SHARE_NOT_FOUND when it is dead). */
export const refusedToShare = (m: Model, who: Who): Expect => deadShare(m, who) ?? READ_ONLY;

/**
 * Managing an inbox's links (create, list, revoke): its owner's token only; an anonymous inbox
 * has no links (409 INBOX_NOT_SAVED).
 */
export function manageShares(m: Model, who: Who, inbox: MInbox | undefined, success: number): Expect {
  if (isRevoked(who)) return UNAUTHORIZED;
  if (isShare(who)) return refusedToShare(m, who);
  if (who === 'anon') return UNAUTHORIZED;
  const scoped = scopeRefusal(m, who, 'manage');
  if (scoped) return scoped;
  if (!inbox || !live(m, inbox) || outsideTeam(m, who, inbox)) return NO_INBOX;
  if (inbox.owner === null) return NOT_SAVED;
  const access = accountAccess(who, inbox, 'manage', NO_INBOX);
  return access.status === 200 ? ok(success) : access;
}

export const teamLabel = (team: MTeam | undefined): string => (team ? `team#${team.id.slice(-4)}` : 'unknown team');
const ownerLabel = (owner: MInbox['owner']): string => (isTeam(owner) ? teamLabel(owner) : (owner ?? 'anon'));
export const label = (inbox: MInbox | undefined): string =>
  inbox ? `inbox#${inbox.id.slice(-4)}(${ownerLabel(inbox.owner)}${inbox.deleted ? ',deleted' : ''})` : 'unknown inbox';
