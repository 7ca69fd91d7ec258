// Model-based test of authorization and isolation (issue 5 point 6).
//
// fast-check generates sequences of commands (create inbox, ingest (unknown inboxes too), list
// events, open the stream, get inbox, list inboxes, get event/body, replay, replay history,
// save, delete, rename, delete an event, clear an inbox, revoke a token, advance the fake clock
// (minutes, past the 1 h TTL, to exactly the expiry ±1 ms, a year), run the sweeper, create,
// list and revoke sharing links) for two
// accounts, their revoked tokens, anonymous callers and the run's latest sharing link (live or
// revoked, sent as X-Rehook-Share or as ?share=). Each runs against a real Rehook and against a
// small in-memory model of the README's rules; the first status code (or event list, inbox list,
// name, event count, replay count, link list) on which they disagree fails the run, shrunk to a
// minimal sequence.
//
// `npm test` runs 50 sequences of up to 40 commands. For a long run:
//   FC_NUM_RUNS=5000 node --import tsx --test test/authz/model.test.ts
// Also: FC_MAX_COMMANDS=<n>; AUTHZ_STATS=1 prints how often each call/answer pair was seen;
// REHOOK_TEST_STORE=postgres runs it on PostgreSQL. To replay a failure, pass the seed and path
// that fast-check printed:
//   FC_SEED=<seed> FC_PATH=<path> node --import tsx --test test/authz/model.test.ts
//
// One server (with a fake clock and REHOOK_ANON_TTL=1h) serves every run; each run gets new
// accounts, tokens and inboxes, so runs are independent. The clock only moves forward, so each
// run reads its starting time from it.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { sweepOnce } from '../../src/services/expiry.js';
import { createFakeClock, type FakeClock } from '../helpers/fake-clock.js';
import { startReceiver, type Receiver } from '../helpers/receiver.js';
import { startTestRehook, type TestRehook } from '../helpers/rehook.js';
import {
  ANON_TTL_MS,
  AUTHZ_ENV,
  bearer,
  call,
  ingest,
  newAccount,
  shareCredential,
  streamStatus,
  UNKNOWN_EVENT_ID,
  UNKNOWN_INBOX_ID,
  type Credential,
  type Reply,
} from './support.js';

const NUM_RUNS = Number(process.env['FC_NUM_RUNS'] ?? 50);
/** A well-formed link id nobody was given. */
const UNKNOWN_SHARE_ID = 'shr_aaaaaaaaaaaaaaaaaaaaaaaaaa';
const MAX_COMMANDS = Number(process.env['FC_MAX_COMMANDS'] ?? 40);

// --------------------------------------------------------------------------------------------
// The model
// --------------------------------------------------------------------------------------------

type AccountName = 'A' | 'B';
/**
 * Who calls: nobody, a live token of A or B, the last revoked token of A or B, or the run's
 * most recent sharing link (live or not), sent as X-Rehook-Share (`share`) or ?share= (`shareQ`).
 */
type Who = 'anon' | AccountName | 'revokedA' | 'revokedB' | 'share' | 'shareQ';

interface MAccount {
  accountId: string;
  token: string;
  tokenId: string;
  /** Plaintexts of this account's revoked tokens, oldest first. */
  revoked: string[];
}

interface MInbox {
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

interface MEvent {
  readonly id: string;
  readonly inbox: MInbox;
  /** Path suffix of the ingest request, unique in the run. */
  readonly marker: string;
  readonly replays: Record<AccountName, number>;
  /** Deleted on its own or by clearing its inbox: unknown to the server from then on. */
  deleted: boolean;
}

/** A sharing link, created through the API. */
interface MShare {
  readonly id: string;
  readonly token: string;
  readonly inbox: MInbox;
  revoked: boolean;
}

interface Model {
  now: number;
  /** Every link of the run, oldest first. */
  readonly shares: MShare[];
  readonly accounts: Record<AccountName, MAccount>;
  readonly inboxes: MInbox[];
  /** Every stored event of the run, oldest first. */
  readonly events: MEvent[];
  seq: number;
}

interface Real {
  readonly rehook: TestRehook;
  readonly clock: FakeClock;
  readonly receiver: Receiver;
}

const live = (m: Model, inbox: MInbox): boolean =>
  !inbox.deleted && (inbox.expiresAt === null || inbox.expiresAt > m.now);

const isRevoked = (who: Who): who is 'revokedA' | 'revokedB' => who === 'revokedA' || who === 'revokedB';
const isShare = (who: Who): who is 'share' | 'shareQ' => who === 'share' || who === 'shareQ';

function authorization(m: Model, who: Who): Credential {
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
const usable = (m: Readonly<Model>, who: Who): boolean =>
  isShare(who) ? m.shares.length > 0 : !isRevoked(who) || m.accounts[who === 'revokedA' ? 'A' : 'B'].revoked.length > 0;

interface Expect {
  readonly status: number;
  /** Accepted `error.code` values ([] for a success). */
  readonly codes: readonly string[];
}
const ok = (status: number): Expect => ({ status, codes: [] });
const err = (status: number, ...codes: string[]): Expect => ({ status, codes });
const UNAUTHORIZED = err(401, 'UNAUTHORIZED');
const NO_INBOX = err(404, 'INBOX_NOT_FOUND');
const NO_EVENT = err(404, 'EVENT_NOT_FOUND');
const NO_SHARE = err(404, 'SHARE_NOT_FOUND');
const READ_ONLY = err(403, 'SHARE_READ_ONLY');
const NOT_SAVED = err(409, 'INBOX_NOT_SAVED');

/** Reading an inbox or its events (GET inbox, list events). */
function readInbox(m: Model, who: Who, inbox: MInbox | undefined): Expect {
  if (isRevoked(who)) return UNAUTHORIZED;
  if (isShare(who))
    return deadShare(m, who) ?? (inbox && live(m, inbox) && inbox === currentShare(m).inbox ? ok(200) : NO_INBOX);
  if (!inbox || !live(m, inbox)) return NO_INBOX;
  if (inbox.owner === null) return ok(200);
  if (who === 'anon') return UNAUTHORIZED;
  return inbox.owner === who ? ok(200) : NO_INBOX;
}

/** Reading an event (GET event, body); replay and history add "a token is required". */
function readEvent(m: Model, who: Who, event: MEvent | undefined, needsAccount: boolean): Expect {
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
const coverage = new Map<string, number>();

function assertAnswer(reply: Reply, expected: Expect, what: string): void {
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
function recent<T>(items: readonly T[], index: number | null): T | undefined {
  if (index === null || items.length === 0) return undefined;
  return items[items.length - 1 - (index % items.length)];
}
const pickInbox = (m: Readonly<Model>, index: number | null): MInbox | undefined => recent(m.inboxes, index);
const pickEvent = (m: Readonly<Model>, index: number | null): MEvent | undefined => recent(m.events, index);

/** The most recent link of the run, which the `share` and `shareQ` callers present. */
function currentShare(m: Readonly<Model>): MShare {
  const share = m.shares[m.shares.length - 1];
  if (share === undefined) throw new Error('no link yet: usable() should have ruled this call out');
  return share;
}

/** A link works while it is not revoked and its inbox lives (deleting the inbox deletes it). */
const shareLive = (m: Model, share: MShare): boolean => !share.revoked && live(m, share.inbox);

/**
 * What a link caller gets whatever it asks: 404 SHARE_NOT_FOUND once the link is dead, else
 * null (the endpoint's own rule decides).
 */
function deadShare(m: Model, who: Who): Expect | null {
  if (!isShare(who)) return null;
  return shareLive(m, currentShare(m)) ? null : NO_SHARE;
}

/** Anything but reading with a link: 403 SHARE_READ_ONLY (404 SHARE_NOT_FOUND when it is dead). */
const refusedToShare = (m: Model, who: Who): Expect => deadShare(m, who) ?? READ_ONLY;

/**
 * Managing an inbox's links (create, list, revoke): its owner's token only; an anonymous inbox
 * has no links (409 INBOX_NOT_SAVED).
 */
function manageShares(m: Model, who: Who, inbox: MInbox | undefined, success: number): Expect {
  if (isRevoked(who)) return UNAUTHORIZED;
  if (isShare(who)) return refusedToShare(m, who);
  if (who === 'anon') return UNAUTHORIZED;
  if (!inbox || !live(m, inbox)) return NO_INBOX;
  if (inbox.owner === null) return NOT_SAVED;
  return inbox.owner === who ? ok(success) : NO_INBOX;
}

const label = (inbox: MInbox | undefined): string =>
  inbox ? `inbox#${inbox.id.slice(-4)}(${inbox.owner ?? 'anon'}${inbox.deleted ? ',deleted' : ''})` : 'unknown inbox';

// --------------------------------------------------------------------------------------------
// Commands
// --------------------------------------------------------------------------------------------

type Cmd = fc.AsyncCommand<Model, Real>;

function command(name: string, check: (m: Readonly<Model>) => boolean, run: (m: Model, r: Real) => Promise<void>): Cmd {
  return { check, run, toString: () => name };
}

const whoArb = fc.constantFrom<Who>('anon', 'A', 'B', 'revokedA', 'revokedB', 'share', 'shareQ');
const accountArb = fc.constantFrom<AccountName>('A', 'B');
/** An index into the run's inboxes/events (taken modulo their count), or null for an unknown id. */
const refArb = fc.option(fc.nat(50), { freq: 8 });

const createInbox = whoArb.map((who) =>
  command(
    `createInbox(${who})`,
    (m) => usable(m, who),
    async (m, r) => {
      const reply = await call(r.rehook.apiUrl, '/api/v1/inboxes', {
        method: 'POST',
        authorization: authorization(m, who),
      });
      if (isRevoked(who)) return assertAnswer(reply, UNAUTHORIZED, `create as ${who}`);
      if (isShare(who)) return assertAnswer(reply, refusedToShare(m, who), `create as ${who}`);
      assertAnswer(reply, ok(201), `create as ${who}`);
      const owner = who === 'anon' ? null : who;
      const expiresAt = owner === null ? m.now + ANON_TTL_MS : null;
      const body = reply.body.data.inbox;
      assert.equal(body.saved, owner !== null, 'saved flag of a new inbox');
      assert.equal(
        body.expiresAt,
        expiresAt === null ? null : new Date(expiresAt).toISOString(),
        'expiresAt of a new inbox',
      );
      assert.deepEqual(
        [body.name, body.eventCount, body.lastEventAt],
        [null, 0, null],
        'name and counts of a new inbox',
      );
      m.inboxes.push({ id: body.id, owner, expiresAt, deleted: false, purged: false, name: null, events: [] });
    },
  ),
);

const ingestCmd = refArb.map((ref) =>
  command(
    `ingest(${ref ?? 'unknown'})`,
    () => true,
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const id = inbox?.id ?? UNKNOWN_INBOX_ID;
      m.seq += 1;
      const marker = `/m${m.seq}`;
      assert.equal(await ingest(r.rehook, id, marker, `event ${m.seq}`), 200, 'ingest always answers 200');
      // Oracle, outside the access rules: the newest stored event of that inbox.
      const [newest] = await r.rehook.deps.store.events.listByInbox(id, { limit: 1 });
      const stored = newest?.path.endsWith(marker) === true;
      const expected = inbox !== undefined && live(m, inbox);
      assert.equal(stored, expected, `ingest into ${label(inbox)}: stored ${stored}, model says ${expected}`);
      if (inbox && newest && expected) {
        const event: MEvent = { id: newest.id, inbox, marker, replays: { A: 0, B: 0 }, deleted: false };
        inbox.events.push(event);
        m.events.push(event);
      }
    },
  ),
);

const listEvents = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `listEvents(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/events?limit=1000`, {
        authorization: authorization(m, who),
      });
      const expected = readInbox(m, who, inbox);
      assertAnswer(reply, expected, `list events of ${label(inbox)} as ${who}`);
      if (expected.status === 200 && inbox) {
        const got = (reply.body as Array<{ id: string; path: string }>).map((e) => e.id);
        const want = [...inbox.events].reverse().map((e) => e.id);
        assert.deepEqual(got, want, `events of ${label(inbox)}, newest first`);
      }
    },
  ),
);

const openStream = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `openStream(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await streamStatus(
        r.rehook.apiUrl,
        `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/stream`,
        authorization(m, who),
      );
      assertAnswer(reply, readInbox(m, who, inbox), `stream ${label(inbox)} as ${who}`);
    },
  ),
);

const getInbox = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `getInbox(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}`, {
        authorization: authorization(m, who),
      });
      const expected = readInbox(m, who, inbox);
      assertAnswer(reply, expected, `get ${label(inbox)} as ${who}`);
      if (expected.status === 200 && inbox) {
        const body = reply.body.data.inbox;
        assert.equal(body.saved, inbox.owner !== null, `saved flag of ${label(inbox)}`);
        assert.equal(body.expiresAt, inbox.expiresAt === null ? null : new Date(inbox.expiresAt).toISOString());
        assertNameAndCount(body, inbox);
      }
    },
  ),
);

const listInboxes = whoArb.map((who) =>
  command(
    `listInboxes(${who})`,
    (m) => usable(m, who),
    async (m, r) => {
      const reply = await call(r.rehook.apiUrl, '/api/v1/inboxes', { authorization: authorization(m, who) });
      if (isShare(who)) return assertAnswer(reply, refusedToShare(m, who), `list inboxes as ${who}`);
      if (who !== 'A' && who !== 'B') return assertAnswer(reply, UNAUTHORIZED, `list inboxes as ${who}`);
      assertAnswer(reply, ok(200), `list inboxes as ${who}`);
      const listed = reply.body.data.inboxes as Array<{
        id: string;
        name: unknown;
        eventCount: unknown;
        lastEventAt: unknown;
      }>;
      const got = listed.map((i) => i.id).sort();
      const want = m.inboxes
        .filter((i) => i.owner === who && live(m, i))
        .map((i) => i.id)
        .sort();
      assert.deepEqual(got, want, `inboxes of ${who}`);
      for (const body of listed) assertNameAndCount(body, m.inboxes.find((i) => i.id === body.id) as MInbox);
    },
  ),
);

const getEvent = fc.tuple(whoArb, refArb, fc.boolean()).map(([who, ref, raw]) =>
  command(
    `getEvent(${who}, ${ref ?? 'unknown'}${raw ? ', body' : ''})`,
    (m) => usable(m, who),
    async (m, r) => {
      const event = pickEvent(m, ref);
      const path = `/api/v1/events/${event?.id ?? UNKNOWN_EVENT_ID}${raw ? '/body' : ''}`;
      const reply = await call(r.rehook.apiUrl, path, { authorization: authorization(m, who) });
      const expected = readEvent(m, who, event, false);
      assertAnswer(reply, expected, `get event of ${label(event?.inbox)} as ${who}${raw ? ' (body)' : ''}`);
      if (expected.status === 200 && event) {
        if (raw) assert.equal(reply.text, `event ${event.marker.slice(2)}`, 'raw body of the event');
        else assert.equal(reply.body.data.event.id, event.id);
      }
    },
  ),
);

const replay = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `replay(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const event = pickEvent(m, ref);
      const before = r.receiver.requests.length;
      const reply = await call(r.rehook.apiUrl, `/api/v1/events/${event?.id ?? UNKNOWN_EVENT_ID}/replay`, {
        method: 'POST',
        authorization: authorization(m, who),
        json: { destination: `${r.receiver.url}/model` },
      });
      const expected = readEvent(m, who, event, true);
      assertAnswer(reply, expected, `replay event of ${label(event?.inbox)} as ${who}`);
      const reached = r.receiver.requests.length - before;
      assert.equal(reached, expected.status === 200 ? 1 : 0, 'requests that reached the replay destination');
      if (expected.status === 200 && event && (who === 'A' || who === 'B')) {
        assert.equal(reply.body.data.replay.statusCode, 200);
        event.replays[who] += 1;
      }
    },
  ),
);

const listReplays = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `listReplays(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const event = pickEvent(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/events/${event?.id ?? UNKNOWN_EVENT_ID}/replays`, {
        authorization: authorization(m, who),
      });
      const expected = readEvent(m, who, event, true);
      assertAnswer(reply, expected, `replay history of an event of ${label(event?.inbox)} as ${who}`);
      if (expected.status === 200 && event && (who === 'A' || who === 'B')) {
        // An anonymous inbox's event: each account sees its own replays; the owner sees all.
        const want = event.inbox.owner === null ? event.replays[who] : event.replays.A + event.replays.B;
        assert.equal(reply.body.data.replays.length, want, `replays visible to ${who}`);
      }
    },
  ),
);

const save = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `save(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/save`, {
        method: 'POST',
        authorization: authorization(m, who),
      });
      let expected: Expect;
      if (isShare(who)) expected = refusedToShare(m, who);
      else if (isRevoked(who) || who === 'anon') expected = UNAUTHORIZED;
      else if (!inbox || !live(m, inbox)) expected = NO_INBOX;
      else if (inbox.owner !== null && inbox.owner !== who) expected = NO_INBOX;
      else expected = ok(200);
      assertAnswer(reply, expected, `save ${label(inbox)} as ${who}`);
      if (expected.status === 200 && inbox && (who === 'A' || who === 'B')) {
        inbox.owner = who;
        inbox.expiresAt = null;
        assert.equal(reply.body.data.inbox.saved, true);
        assert.equal(reply.body.data.inbox.expiresAt, null);
      }
    },
  ),
);

const deleteInbox = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `deleteInbox(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}`, {
        method: 'DELETE',
        authorization: authorization(m, who),
      });
      const read = readInbox(m, who, inbox);
      const expected = isShare(who) ? refusedToShare(m, who) : read.status === 200 ? ok(204) : read;
      assertAnswer(reply, expected, `delete ${label(inbox)} as ${who}`);
      if (expected.status === 204 && inbox) inbox.deleted = true;
    },
  ),
);

/** Renaming: the rules of deleting the inbox; null removes the name, a name is trimmed. */
const renameInbox = fc
  .tuple(whoArb, refArb, fc.constantFrom<string | null>(null, 'Stripe', '  GitHub hooks ', 'ünïcödé ✓ 🚀'))
  .map(([who, ref, name]) =>
    command(
      `renameInbox(${who}, ${ref ?? 'unknown'}, ${JSON.stringify(name)})`,
      (m) => usable(m, who),
      async (m, r) => {
        const inbox = pickInbox(m, ref);
        const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}`, {
          method: 'PATCH',
          authorization: authorization(m, who),
          json: { name },
        });
        const expected = isShare(who) ? refusedToShare(m, who) : readInbox(m, who, inbox);
        assertAnswer(reply, expected, `rename ${label(inbox)} as ${who}`);
        if (expected.status === 200 && inbox) {
          inbox.name = name === null ? null : name.trim();
          assertNameAndCount(reply.body.data.inbox, inbox);
        }
      },
    ),
  );

/** Deleting one event: the rules of deleting its inbox, with the answers of reading the event. */
const deleteEvent = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `deleteEvent(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const event = pickEvent(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/events/${event?.id ?? UNKNOWN_EVENT_ID}`, {
        method: 'DELETE',
        authorization: authorization(m, who),
      });
      const read = isShare(who) ? refusedToShare(m, who) : readEvent(m, who, event, false);
      const expected = read.status === 200 ? ok(204) : read;
      assertAnswer(reply, expected, `delete an event of ${label(event?.inbox)} as ${who}`);
      if (expected.status === 204 && event) forgetEvents(event.inbox, [event]);
    },
  ),
);

/** Clearing an inbox: the rules of deleting it; its events go, it stays. */
const clearInbox = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `clearInbox(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/events`, {
        method: 'DELETE',
        authorization: authorization(m, who),
      });
      const read = readInbox(m, who, inbox);
      const expected = isShare(who) ? refusedToShare(m, who) : read.status === 200 ? ok(204) : read;
      assertAnswer(reply, expected, `clear ${label(inbox)} as ${who}`);
      if (expected.status === 204 && inbox) forgetEvents(inbox, [...inbox.events]);
    },
  ),
);

/** The model after a deletion: the events are gone from their inbox and unknown to the server. */
function forgetEvents(inbox: MInbox, events: readonly MEvent[]): void {
  for (const event of events) {
    event.deleted = true;
    const index = inbox.events.indexOf(event);
    if (index >= 0) inbox.events.splice(index, 1);
  }
}

/** The name, the count and the last activity the API shows for an inbox, against the model. */
function assertNameAndCount(
  body: { name?: unknown; eventCount?: unknown; lastEventAt?: unknown },
  inbox: MInbox,
): void {
  assert.equal(body.name, inbox.name, `name of ${label(inbox)}`);
  assert.equal(body.eventCount, inbox.events.length, `eventCount of ${label(inbox)}`);
  assert.equal(
    body.lastEventAt === null,
    inbox.events.length === 0,
    `lastEventAt of ${label(inbox)}: ${String(body.lastEventAt)}`,
  );
}

const revokeToken = fc.tuple(accountArb, fc.constantFrom('self', 'other', 'anon')).map(([account, by]) =>
  command(
    `revokeToken(${account}'s, by ${by})`,
    () => true,
    async (m, r) => {
      const target = m.accounts[account];
      const other = m.accounts[account === 'A' ? 'B' : 'A'];
      if (by !== 'self') {
        const reply = await call(r.rehook.apiUrl, `/api/v1/tokens/${target.tokenId}`, {
          method: 'DELETE',
          authorization: by === 'other' ? bearer(other.token) : undefined,
        });
        assertAnswer(
          reply,
          by === 'other' ? err(404, 'TOKEN_NOT_FOUND') : UNAUTHORIZED,
          `revoke ${account}'s token as ${by}`,
        );
        return;
      }
      // A fresh token first (through the API, with the current one), then the current one is
      // revoked with itself; it must stop working at once.
      const created = await call(r.rehook.apiUrl, '/api/v1/tokens', {
        method: 'POST',
        authorization: bearer(target.token),
        json: { name: `model-${m.seq}` },
      });
      assertAnswer(created, ok(201), `token-create as ${account}`);
      const old = target.token;
      const revoked = await call(r.rehook.apiUrl, `/api/v1/tokens/${target.tokenId}`, {
        method: 'DELETE',
        authorization: bearer(old),
      });
      assertAnswer(revoked, ok(204), `revoke ${account}'s token as self`);
      const after = await call(r.rehook.apiUrl, '/api/v1/tokens', { authorization: bearer(old) });
      assertAnswer(after, UNAUTHORIZED, `use-token (just revoked) as revoked${account}`);
      target.revoked.push(old);
      target.token = created.body.data.token.token;
      target.tokenId = created.body.data.token.id;
    },
  ),
);

const createShare = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `createShare(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/shares`, {
        method: 'POST',
        authorization: authorization(m, who),
      });
      const expected = manageShares(m, who, inbox, 201);
      assertAnswer(reply, expected, `share ${label(inbox)} as ${who}`);
      if (expected.status === 201 && inbox) {
        const created = reply.body.data.share;
        m.shares.push({ id: created.id, token: created.token, inbox, revoked: false });
      }
    },
  ),
);

const listShares = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `listShares(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/shares`, {
        authorization: authorization(m, who),
      });
      const expected = manageShares(m, who, inbox, 200);
      assertAnswer(reply, expected, `list links of ${label(inbox)} as ${who}`);
      if (expected.status === 200 && inbox) {
        const got = (reply.body.data.shares as Array<{ id: string }>).map((s) => s.id).sort();
        const want = m.shares
          .filter((s) => s.inbox === inbox && !s.revoked)
          .map((s) => s.id)
          .sort();
        assert.deepEqual(got, want, `links of ${label(inbox)}`);
      }
    },
  ),
);

/** A link made by the owner of a recent saved inbox: the success path, so links are common. */
const createOwnShare = fc.nat(50).map((ref) => {
  const owned = (m: Readonly<Model>): MInbox[] => m.inboxes.filter((i) => i.owner !== null && live(m as Model, i));
  return command(
    `createOwnShare(${ref})`,
    (m) => owned(m).length > 0,
    async (m, r) => {
      const inbox = recent(owned(m), ref) as MInbox;
      const who = inbox.owner as AccountName;
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox.id}/shares`, {
        method: 'POST',
        authorization: authorization(m, who),
      });
      assertAnswer(reply, ok(201), `share ${label(inbox)} as ${who}`);
      const created = reply.body.data.share;
      m.shares.push({ id: created.id, token: created.token, inbox, revoked: false });
    },
  );
});

/** Revokes a recent link (or, with none, an unknown link of a recent inbox). */
const revokeShare = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `revokeShare(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const share = recent(m.shares, ref);
      const inbox = share?.inbox ?? pickInbox(m, ref);
      const reply = await call(
        r.rehook.apiUrl,
        `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/shares/${share?.id ?? UNKNOWN_SHARE_ID}`,
        {
          method: 'DELETE',
          authorization: authorization(m, who),
        },
      );
      let expected = manageShares(m, who, inbox, 204);
      if (expected.status === 204 && (!share || share.revoked)) expected = NO_SHARE;
      assertAnswer(
        reply,
        expected,
        `revoke a link of ${label(inbox)}${share?.revoked ? ' (already revoked)' : ''} as ${who}`,
      );
      if (expected.status === 204 && share) {
        share.revoked = true;
        // It stops working at once, for the page that resolves it too.
        const resolved = await call(r.rehook.apiUrl, `/api/v1/shares/${share.token}`);
        assertAnswer(resolved, NO_SHARE, `resolve-link (just revoked) as anon`);
      }
    },
  ),
);

const MINUTE = 60_000;
const advanceClock = fc
  .oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 20 * MINUTE }) },
    { weight: 2, arbitrary: fc.integer({ min: 20 * MINUTE, max: 2 * ANON_TTL_MS }) },
    // RELIABILITY row 104: an owned inbox is still there a year later.
    { weight: 1, arbitrary: fc.constant(365 * 24 * ANON_TTL_MS) },
  )
  .map((ms) =>
    command(
      `advanceClock(${Math.round(ms / 1000)}s)`,
      () => true,
      async (m, r) => {
        r.clock.advance(ms);
        m.now += ms;
      },
    ),
  );

/** Moves the clock to just before, exactly at, or just after the expiry of an anonymous inbox. */
const advanceToExpiry = fc.tuple(fc.nat(50), fc.constantFrom(-1, 0, 1)).map(([ref, delta]) => {
  const targetOf = (m: Readonly<Model>): number | null => {
    const inbox = pickInbox(m, ref);
    return inbox?.expiresAt != null && inbox.expiresAt + delta > m.now ? inbox.expiresAt + delta : null;
  };
  return command(
    `advanceToExpiry(${ref}, ${delta >= 0 ? '+' : ''}${delta}ms)`,
    (m) => targetOf(m) !== null,
    async (m, r) => {
      const to = targetOf(m) as number;
      r.clock.advance(to - m.now);
      m.now = to;
    },
  );
});

/** The sweeper must never change what the API shows. */
const sweep = fc.constant(
  command(
    'sweep()',
    () => true,
    async (m, r) => {
      await sweepOnce(r.rehook.deps);
      for (const inbox of m.inboxes) if (!live(m, inbox)) inbox.purged = true;
    },
  ),
);

const allCommands = [
  createInbox,
  createInbox,
  ingestCmd,
  ingestCmd,
  ingestCmd,
  listEvents,
  openStream,
  getInbox,
  listInboxes,
  getEvent,
  replay,
  listReplays,
  save,
  deleteInbox,
  renameInbox,
  deleteEvent,
  clearInbox,
  revokeToken,
  createShare,
  createOwnShare,
  createOwnShare,
  listShares,
  revokeShare,
  advanceClock,
  advanceToExpiry,
  sweep,
];

// --------------------------------------------------------------------------------------------

describe('authorization model: random command sequences agree with the access rules', () => {
  let rehook: TestRehook;
  let clock: FakeClock;
  let receiver: Receiver;

  before(async () => {
    clock = createFakeClock();
    receiver = await startReceiver();
    rehook = await startTestRehook({ env: AUTHZ_ENV, clock });
  });

  after(async () => {
    await rehook?.stop();
    await receiver?.close();
  });

  it(`finds no disagreement in ${NUM_RUNS} sequences of up to ${MAX_COMMANDS} commands`, {
    timeout: Math.max(120_000, NUM_RUNS * 2_000),
  }, async () => {
    const real: Real = { rehook, clock, receiver };
    const setup = async (): Promise<{ model: Model; real: Real }> => {
      const A = await newAccount(rehook, 'model-a');
      const B = await newAccount(rehook, 'model-b');
      const model: Model = {
        now: clock.now().getTime(),
        accounts: { A: { ...A, revoked: [] }, B: { ...B, revoked: [] } },
        inboxes: [],
        events: [],
        shares: [],
        seq: 0,
      };
      return { model, real };
    };
    const seed = process.env['FC_SEED'];
    const path = process.env['FC_PATH'];
    await fc.assert(
      fc.asyncProperty(fc.commands(allCommands, { maxCommands: MAX_COMMANDS, size: 'max' }), (cmds) =>
        fc.asyncModelRun(setup, cmds),
      ),
      {
        numRuns: NUM_RUNS,
        // The disagreement itself (which call, expected and actual answer) goes into the report.
        includeErrorInReport: true,
        ...(seed !== undefined ? { seed: Number(seed) } : {}),
        ...(path !== undefined ? { path } : {}),
      },
    );
    if (process.env['AUTHZ_STATS'] === '1') {
      console.log(
        [...coverage]
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([k, n]) => `${k}: ${n}`)
          .join('\n'),
      );
    }
  });
});
