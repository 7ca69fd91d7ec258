// Commands of the authorization model test (model.test.ts) on inboxes and events: each runs a call
// against the real server and checks its answer against the model.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ANON_TTL_MS, call, ingest, streamStatus, UNKNOWN_EVENT_ID, UNKNOWN_INBOX_ID } from './support.js';
import {
  accountAccess,
  accountOf,
  type AccountName,
  assertAnswer,
  authorization,
  type Expect,
  isRevoked,
  isShare,
  FORBIDDEN,
  isTeam,
  label,
  limitOf,
  live,
  type MEvent,
  type MInbox,
  type Model,
  NO_INBOX,
  NO_TEAM,
  ok,
  outsideTeam,
  pickEvent,
  pickInbox,
  readEvent,
  readInbox,
  type Real,
  refusedToShare,
  roleAllows,
  scopeRefusal,
  UNAUTHORIZED,
  usable,
  type Who,
} from './model-rules.js';

// --------------------------------------------------------------------------------------------
// Commands
// --------------------------------------------------------------------------------------------

export type Cmd = fc.AsyncCommand<Model, Real>;

export function command(
  name: string,
  check: (m: Readonly<Model>) => boolean,
  run: (m: Model, r: Real) => Promise<void>,
): Cmd {
  return { check, run, toString: () => name };
}

export const whoArb = fc.constantFrom<Who>(
  'anon',
  'A',
  'B',
  'revokedA',
  'revokedB',
  'limitedA',
  'limitedB',
  'share',
  'shareQ',
);
export const accountArb = fc.constantFrom<AccountName>('A', 'B');
/** An index into the run's inboxes/events (taken modulo their count), or null for an unknown id. */
export const refArb = fc.option(fc.nat(50), { freq: 8 });

export const createInbox = whoArb.map((who) =>
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
      // A token limited to a team makes the team's inboxes: members and above.
      const team = limitOf(m, who)?.team ?? null;
      const role = team === null ? undefined : team.members[accountOf(who) as AccountName];
      const refused =
        scopeRefusal(m, who, 'manage') ??
        (team === null ? null : role === undefined ? NO_TEAM : roleAllows(role, 'replay') ? null : FORBIDDEN);
      if (refused) return assertAnswer(reply, refused, `create as ${who}`);
      assertAnswer(reply, ok(201), `create as ${who}`);
      const owner = team ?? accountOf(who);
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

export const ingestCmd = refArb.map((ref) =>
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

export const listEvents = fc.tuple(whoArb, refArb).map(([who, ref]) =>
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

export const openStream = fc.tuple(whoArb, refArb).map(([who, ref]) =>
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

export const getInbox = fc.tuple(whoArb, refArb).map(([who, ref]) =>
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

export const listInboxes = whoArb.map((who) =>
  command(
    `listInboxes(${who})`,
    (m) => usable(m, who),
    async (m, r) => {
      const reply = await call(r.rehook.apiUrl, '/api/v1/inboxes', { authorization: authorization(m, who) });
      if (isShare(who)) return assertAnswer(reply, refusedToShare(m, who), `list inboxes as ${who}`);
      const account = accountOf(who);
      if (account === null) return assertAnswer(reply, UNAUTHORIZED, `list inboxes as ${who}`);
      assertAnswer(reply, ok(200), `list inboxes as ${who}`);
      const listed = reply.body.data.inboxes as Array<{
        id: string;
        name: unknown;
        eventCount: unknown;
        lastEventAt: unknown;
      }>;
      const got = listed.map((i) => i.id).sort();
      // Its own and its teams' (a team-limited token: that team's only).
      const team = limitOf(m, who)?.team ?? null;
      const want = m.inboxes
        .filter((i) => live(m, i) && i.owner !== null && !outsideTeam(m, who, i))
        .filter((i) => i.owner === account || (isTeam(i.owner) && i.owner.members[account] !== undefined))
        .filter((i) => team === null || i.owner === team)
        .map((i) => i.id)
        .sort();
      assert.deepEqual(got, want, `inboxes of ${who}`);
      for (const body of listed) assertNameAndCount(body, m.inboxes.find((i) => i.id === body.id) as MInbox);
    },
  ),
);

export const getEvent = fc.tuple(whoArb, refArb, fc.boolean()).map(([who, ref, raw]) =>
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

export const replay = fc.tuple(whoArb, refArb).map(([who, ref]) =>
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
      const expected = readEvent(m, who, event, true, 'replay');
      assertAnswer(reply, expected, `replay event of ${label(event?.inbox)} as ${who}`);
      const reached = r.receiver.requests.length - before;
      assert.equal(reached, expected.status === 200 ? 1 : 0, 'requests that reached the replay destination');
      const account = accountOf(who);
      if (expected.status === 200 && event && account !== null) {
        assert.equal(reply.body.data.replay.statusCode, 200);
        event.replays[account] += 1;
      }
    },
  ),
);

export const listReplays = fc.tuple(whoArb, refArb).map(([who, ref]) =>
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
      const account = accountOf(who);
      if (expected.status === 200 && event && account !== null) {
        // An anonymous inbox's event: each account sees its own replays; the owner (or a team
        // member) sees all.
        const want = event.inbox.owner === null ? event.replays[account] : event.replays.A + event.replays.B;
        assert.equal(reply.body.data.replays.length, want, `replays visible to ${who}`);
      }
    },
  ),
);

export const save = fc.tuple(whoArb, refArb).map(([who, ref]) =>
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
      const account = accountOf(who);
      if (isShare(who)) expected = refusedToShare(m, who);
      else if (account === null) expected = UNAUTHORIZED;
      else if (scopeRefusal(m, who, 'manage')) expected = scopeRefusal(m, who, 'manage') as Expect;
      else if (!inbox || !live(m, inbox) || outsideTeam(m, who, inbox)) expected = NO_INBOX;
      // A team's inbox is saved already: whoever may read it gets it unchanged.
      else if (inbox.owner !== null) expected = accountAccess(who, inbox, 'read', NO_INBOX);
      else expected = ok(200);
      assertAnswer(reply, expected, `save ${label(inbox)} as ${who}`);
      if (expected.status === 200 && inbox && account !== null) {
        inbox.owner ??= account;
        inbox.expiresAt = null;
        assert.equal(reply.body.data.inbox.saved, true);
        assert.equal(reply.body.data.inbox.expiresAt, null);
      }
    },
  ),
);

export const deleteInbox = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `deleteInbox(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}`, {
        method: 'DELETE',
        authorization: authorization(m, who),
      });
      const read = readInbox(m, who, inbox, 'manage');
      const expected = isShare(who) ? refusedToShare(m, who) : read.status === 200 ? ok(204) : read;
      assertAnswer(reply, expected, `delete ${label(inbox)} as ${who}`);
      if (expected.status === 204 && inbox) inbox.deleted = true;
    },
  ),
);

/** Renaming: the rules of deleting the inbox; null removes the name, a name is trimmed. */
export const renameInbox = fc
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
        const expected = isShare(who) ? refusedToShare(m, who) : readInbox(m, who, inbox, 'manage');
        assertAnswer(reply, expected, `rename ${label(inbox)} as ${who}`);
        if (expected.status === 200 && inbox) {
          inbox.name = name === null ? null : name.trim();
          assertNameAndCount(reply.body.data.inbox, inbox);
        }
      },
    ),
  );

/** Deleting one event: the rules of deleting its inbox, with the answers of reading the event. */
export const deleteEvent = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `deleteEvent(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const event = pickEvent(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/events/${event?.id ?? UNKNOWN_EVENT_ID}`, {
        method: 'DELETE',
        authorization: authorization(m, who),
      });
      const read = isShare(who) ? refusedToShare(m, who) : readEvent(m, who, event, false, 'manage');
      const expected = read.status === 200 ? ok(204) : read;
      assertAnswer(reply, expected, `delete an event of ${label(event?.inbox)} as ${who}`);
      if (expected.status === 204 && event) forgetEvents(event.inbox, [event]);
    },
  ),
);

/** Clearing an inbox: the rules of deleting it; its events go, it stays. */
export const clearInbox = fc.tuple(whoArb, refArb).map(([who, ref]) =>
  command(
    `clearInbox(${who}, ${ref ?? 'unknown'})`,
    (m) => usable(m, who),
    async (m, r) => {
      const inbox = pickInbox(m, ref);
      const reply = await call(r.rehook.apiUrl, `/api/v1/inboxes/${inbox?.id ?? UNKNOWN_INBOX_ID}/events`, {
        method: 'DELETE',
        authorization: authorization(m, who),
      });
      const read = readInbox(m, who, inbox, 'manage');
      const expected = isShare(who) ? refusedToShare(m, who) : read.status === 200 ? ok(204) : read;
      assertAnswer(reply, expected, `clear ${label(inbox)} as ${who}`);
      if (expected.status === 204 && inbox) forgetEvents(inbox, [...inbox.events]);
    },
  ),
);

/** The model after a deletion: the events are gone from their inbox and unknown to the server. */
export function forgetEvents(inbox: MInbox, events: readonly MEvent[]): void {
  for (const event of events) {
    event.deleted = true;
    const index = inbox.events.indexOf(event);
    if (index >= 0) inbox.events.splice(index, 1);
  }
}

/** The name, the count and the last activity the API shows for an inbox, against the model. */
export function assertNameAndCount(
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
