// The model of the authorization model test (model.test.ts): what the README's access rules say
// each caller gets, kept as a small in-memory state of accounts, inboxes, events and links.
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
 * Who calls: nobody, a live token of A or B, the last revoked token of A or B, or the run's
 * most recent sharing link (live or not), sent as X-Rehook-Share (`share`) or ?share= (`shareQ`).
 */
export type Who = 'anon' | AccountName | 'revokedA' | 'revokedB' | 'share' | 'shareQ';

export interface MAccount {
  accountId: string;
  token: string;
  tokenId: string;
  /** Plaintexts of this account's revoked tokens, oldest first. */
  revoked: string[];
}

export interface MInbox {
  readonly id: string;
  owner: AccountName | null;
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

export function authorization(m: Model, who: Who): Credential {
  switch (who) {
    case 'anon':
      return undefined;
    case 'A':
    case 'B':
      return bearer(m.accounts[who].token);
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
export const usable = (m: Readonly<Model>, who: Who): boolean =>
  isShare(who) ? m.shares.length > 0 : !isRevoked(who) || m.accounts[who === 'revokedA' ? 'A' : 'B'].revoked.length > 0;

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

/** Reading an inbox or its events (GET inbox, list events). */
export function readInbox(m: Model, who: Who, inbox: MInbox | undefined): Expect {
  if (isRevoked(who)) return UNAUTHORIZED;
  if (isShare(who))
    return deadShare(m, who) ?? (inbox && live(m, inbox) && inbox === currentShare(m).inbox ? ok(200) : NO_INBOX);
  if (!inbox || !live(m, inbox)) return NO_INBOX;
  if (inbox.owner === null) return ok(200);
  if (who === 'anon') return UNAUTHORIZED;
  return inbox.owner === who ? ok(200) : NO_INBOX;
}

/** Reading an event (GET event, body); replay and history add "a token is required". */
export function readEvent(m: Model, who: Who, event: MEvent | undefined, needsAccount: boolean): Expect {
  if (isRevoked(who)) return UNAUTHORIZED;
  if (isShare(who) && needsAccount) return refusedToShare(m, who);
  const dead = deadShare(m, who);
  if (dead) return dead;
  if (needsAccount && who === 'anon') return UNAUTHORIZED;
  if (!event || event.deleted) return NO_EVENT;
  const inbox = event.inbox;
  // README: "The event's inbox has expired or was deleted: 404 INBOX_NOT_FOUND". Once a sweep
  // has purged the events the server no longer knows the event, and answers EVENT_NOT_FOUND;
  // both are a 404 that reveals nothing, so both are accepted after a sweep.
  if (!live(m, inbox)) return inbox.purged ? err(404, 'INBOX_NOT_FOUND', 'EVENT_NOT_FOUND') : NO_INBOX;
  if (isShare(who)) return inbox === currentShare(m).inbox ? ok(200) : NO_EVENT;
  if (inbox.owner === null) return ok(200);
  if (who === 'anon') return UNAUTHORIZED;
  return inbox.owner === who ? ok(200) : NO_EVENT;
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
  if (!inbox || !live(m, inbox)) return NO_INBOX;
  if (inbox.owner === null) return NOT_SAVED;
  return inbox.owner === who ? ok(success) : NO_INBOX;
}

export const label = (inbox: MInbox | undefined): string =>
  inbox ? `inbox#${inbox.id.slice(-4)}(${inbox.owner ?? 'anon'}${inbox.deleted ? ',deleted' : ''})` : 'unknown inbox';
