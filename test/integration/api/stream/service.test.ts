import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EventSummary } from '../../../../src/domain/captured-event.js';
import { createEventIdFactory } from '../../../../src/domain/ids.js';
import type { Inbox } from '../../../../src/domain/inbox.js';
import { AppError, StorageError } from '../../../../src/errors.js';
import { createLocalBus } from '../../../../src/live/local-bus.js';
import type { ListPage } from '../../../../src/ports/event-repository.js';
import type { Store } from '../../../../src/ports/store.js';
import { ANONYMOUS } from '../../../../src/services/deps.js';
import { openInboxStream, type StreamSink } from '../../../../src/services/stream.js';
import { createFakeClock } from '../../../helpers/fake-clock.js';
import { countSubscriptions, eventually } from '../../../helpers/sse-client.js';

const INBOX_ID = 'inb_0123456789abcdefghjkmnpqrs';

/**
 * Limit of the waits for heartbeats (real timers, 20-30 ms apart): it only catches what never
 * comes, and stays far below the 15 s default interval. The checks that nothing comes after a
 * close are not races: a heartbeat timer left running would expire before the test's own sleep
 * (armed later, with a longer delay), and timers run in the order they expire.
 */
const HANG_MS = 10_000;

/** What a sink was told, in order. */
type Call =
  | { kind: 'open' }
  | { kind: 'event'; id: string }
  | { kind: 'truncated'; maxBacklog: number; before: string }
  | { kind: 'heartbeat' }
  | { kind: 'notice'; what: string }
  | { kind: 'end'; reason: string };

function recordingSink(): StreamSink & { calls: Call[]; eventIds(): string[]; heartbeats(): number } {
  const calls: Call[] = [];
  return {
    calls,
    eventIds: () => calls.flatMap((c) => (c.kind === 'event' ? [c.id] : [])),
    heartbeats: () => calls.filter((c) => c.kind === 'heartbeat').length,
    open: () => calls.push({ kind: 'open' }),
    event: (event) => calls.push({ kind: 'event', id: event.id }),
    truncated: (info) => calls.push({ kind: 'truncated', ...info }),
    heartbeat: () => calls.push({ kind: 'heartbeat' }),
    notice: (notice) =>
      calls.push({
        kind: 'notice',
        what: notice.kind === 'event.deleted' ? `deleted ${notice.eventId}` : `cleared ${notice.through}`,
      }),
    end: (reason) => calls.push({ kind: 'end', reason }),
  };
}

/** `count` summaries of the inbox with ascending ids, 1 ms apart. */
function makeEvents(count: number): EventSummary[] {
  const newId = createEventIdFactory();
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, i) => ({
    id: newId(start + i),
    inboxId: INBOX_ID,
    receivedAt: new Date(start + i),
    method: 'POST',
    path: `/i/${INBOX_ID}/${i}`,
    query: '',
    contentType: null,
    size: 0,
    signature: null,
    answer: null,
  }));
}

/**
 * A store holding one inbox and the `committed` events (ascending). `onList` runs inside each
 * listByInbox call, before it answers, to simulate commits that race with the stream opening.
 */
function stubDeps(opts: {
  committed?: EventSummary[];
  inbox?: Partial<Inbox>;
  findLive?: (now: Date) => Inbox | null;
  onList?: (call: number, page: ListPage) => void | Promise<void>;
}) {
  const committed = opts.committed ?? [];
  const inbox: Inbox = {
    id: INBOX_ID,
    ownerId: null,
    name: null,
    createdAt: new Date(0),
    expiresAt: null,
    ...opts.inbox,
  };
  const clock = createFakeClock(new Date('2026-01-01T00:00:00.000Z'));
  const bus = createLocalBus();
  const subscriptions = countSubscriptions(bus);
  const pages: ListPage[] = [];
  const store = {
    inboxes: {
      findLive: async (id: string, now: Date) => {
        if (id !== INBOX_ID) return null;
        if (opts.findLive) return opts.findLive(now);
        return inbox.expiresAt !== null && now >= inbox.expiresAt ? null : inbox;
      },
    },
    events: {
      listByInbox: async (_inboxId: string, page: ListPage) => {
        pages.push(page);
        await opts.onList?.(pages.length, page);
        const newestFirst = [...committed].reverse();
        const older =
          page.before === undefined ? newestFirst : newestFirst.filter((e) => e.id < (page.before as string));
        return older.slice(0, page.limit);
      },
    },
  } as unknown as Store;
  return { deps: { store, clock, bus }, bus, clock, committed, pages, subscriptions };
}

describe('openInboxStream (service)', () => {
  it('resumes: the backlog across pages oldest first, then buffered events once, then live ones', async () => {
    const all = makeEvents(16);
    const at = (i: number): EventSummary => all[i] as EventSummary;
    const committed = all.slice(0, 10); // e0..e9 committed before the client reconnects
    const stub = stubDeps({
      committed,
      onList: (call) => {
        if (call === 1) {
          // Committed and published between subscribing and the first read: in both the
          // buffer and the backlog, must be sent once.
          committed.push(at(10));
          stub.bus.publish(at(10));
          // An event the client already had (published late): skipped.
          stub.bus.publish(at(1));
        }
        if (call === 3) {
          // Committed after the read of the newest page: only in the buffer.
          committed.push(at(11));
          stub.bus.publish(at(11));
        }
      },
    });
    const sink = recordingSink();
    const close = await openInboxStream(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, lastEventId: at(2).id }, sink, {
      backlogPageSize: 3,
    });
    assert.deepEqual(sink.calls[0], { kind: 'open' });
    // Pages of 3, newest first: [e10 e9 e8] [e7 e6 e5] [e4 e3 e2] reaches lastEventId: stop.
    assert.equal(stub.pages.length, 3);
    assert.deepEqual(
      stub.pages.map((p) => p.before),
      [undefined, at(8).id, at(5).id],
    );
    const backlogAndBuffer = all.slice(3, 12).map((e) => e.id);
    assert.deepEqual(sink.eventIds(), backlogAndBuffer);

    stub.bus.publish(at(12));
    stub.bus.publish(at(14));
    // Out of order live (another instance's clock): delivered, not dropped.
    stub.bus.publish(at(13));
    assert.deepEqual(sink.eventIds(), [...backlogAndBuffer, at(12).id, at(14).id, at(13).id]);
    assert.equal(stub.subscriptions(), 1);
    close();
    close(); // idempotent
    assert.equal(stub.subscriptions(), 0);
    stub.bus.publish(at(15));
    assert.equal(sink.eventIds().length, backlogAndBuffer.length + 3, 'nothing after close');
  });

  it('sends only new events without lastEventId: one read of the newest id, late older deliveries skipped', async () => {
    const events = makeEvents(3);
    const stub = stubDeps({ committed: events.slice(0, 2) });
    const sink = recordingSink();
    const close = await openInboxStream(stub.deps, ANONYMOUS, { inboxId: INBOX_ID }, sink);
    assert.equal(stub.pages.length, 1);
    // An asynchronous bus (NOTIFY) may deliver an event committed before the stream opened.
    stub.bus.publish(events[1] as EventSummary);
    stub.bus.publish(events[2] as EventSummary);
    assert.deepEqual(sink.calls, [{ kind: 'open' }, { kind: 'event', id: events[2]?.id }]);
    close();
  });

  it('skips a backlog event that the bus delivers again after the stream went live (late NOTIFY)', async () => {
    const events = makeEvents(5);
    const stub = stubDeps({ committed: events.slice(0, 4) });
    const sink = recordingSink();
    const close = await openInboxStream(
      stub.deps,
      ANONYMOUS,
      { inboxId: INBOX_ID, lastEventId: (events[1] as EventSummary).id },
      sink,
    );
    assert.deepEqual(sink.eventIds(), [events[2]?.id, events[3]?.id]);
    // events[3] was committed before the stream opened, but its notification arrives only now.
    stub.bus.publish(events[3] as EventSummary);
    stub.bus.publish(events[4] as EventSummary);
    assert.deepEqual(sink.eventIds(), [events[2]?.id, events[3]?.id, events[4]?.id]);
    close();
  });

  it('passes deletions on in order with the events, and never sends an event after its deletion', async () => {
    const events = makeEvents(5);
    const at = (i: number): EventSummary => events[i] as EventSummary;
    const stub = stubDeps({ committed: events.slice(0, 2) });
    const sink = recordingSink();
    const close = await openInboxStream(stub.deps, ANONYMOUS, { inboxId: INBOX_ID }, sink);
    stub.bus.publish(at(2));
    stub.bus.publishNotice({ kind: 'event.deleted', inboxId: INBOX_ID, eventId: at(2).id });
    stub.bus.publishNotice({ kind: 'inbox.cleared', inboxId: INBOX_ID, through: at(2).id });
    // Another instance's deletion notified before the event's own notification (PostgreSQL).
    stub.bus.publishNotice({ kind: 'event.deleted', inboxId: INBOX_ID, eventId: at(3).id });
    stub.bus.publish(at(3));
    stub.bus.publish(at(4));
    // Another inbox's deletions are not this stream's business.
    stub.bus.publishNotice({ kind: 'event.deleted', inboxId: 'inb_other', eventId: at(4).id });
    assert.deepEqual(sink.calls, [
      { kind: 'open' },
      { kind: 'event', id: at(2).id },
      { kind: 'notice', what: `deleted ${at(2).id}` },
      { kind: 'notice', what: `cleared ${at(2).id}` },
      { kind: 'notice', what: `deleted ${at(3).id}` },
      { kind: 'event', id: at(4).id },
    ]);
    close();
    assert.equal(stub.subscriptions(), 0);
    stub.bus.publishNotice({ kind: 'inbox.cleared', inboxId: INBOX_ID, through: null });
    assert.equal(sink.calls.length, 6, 'nothing after close');
  });

  it('sends the deletions announced while the backlog is read after the backlog, in their order', async () => {
    const events = makeEvents(5);
    const at = (i: number): EventSummary => events[i] as EventSummary;
    const stub = stubDeps({
      committed: events.slice(0, 4),
      onList: (call) => {
        if (call !== 1) return;
        stub.bus.publishNotice({ kind: 'event.deleted', inboxId: INBOX_ID, eventId: at(2).id });
        // Deleted before its own notification arrived: never sent.
        stub.bus.publishNotice({ kind: 'event.deleted', inboxId: INBOX_ID, eventId: at(4).id });
        stub.bus.publish(at(4));
      },
    });
    const sink = recordingSink();
    const close = await openInboxStream(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, lastEventId: at(0).id }, sink);
    assert.deepEqual(sink.calls, [
      { kind: 'open' },
      { kind: 'event', id: at(1).id },
      { kind: 'event', id: at(2).id },
      { kind: 'event', id: at(3).id },
      { kind: 'notice', what: `deleted ${at(2).id}` },
      { kind: 'notice', what: `deleted ${at(4).id}` },
    ]);
    close();
  });

  it('sends an empty backlog when lastEventId is the newest event (or newer)', async () => {
    const events = makeEvents(4);
    const stub = stubDeps({ committed: events.slice(0, 3) });
    const sink = recordingSink();
    const close = await openInboxStream(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, lastEventId: events[3]?.id }, sink);
    assert.equal(stub.pages.length, 1);
    assert.deepEqual(sink.calls, [{ kind: 'open' }]);
    close();
  });

  it('caps the backlog at maxBacklog: announces the gap, then sends the newest ones', async () => {
    const events = makeEvents(12);
    const stub = stubDeps({ committed: events });
    const sink = recordingSink();
    const close = await openInboxStream(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, lastEventId: events[0]?.id }, sink, {
      backlogPageSize: 4,
      maxBacklog: 5,
    });
    assert.deepEqual(sink.calls.slice(0, 2), [
      { kind: 'open' },
      { kind: 'truncated', maxBacklog: 5, before: events[7]?.id },
    ]);
    assert.deepEqual(
      sink.eventIds(),
      events.slice(7).map((e) => e.id),
    );
    assert.equal(stub.pages.length, 2, 'stops reading once over the cap');
    close();
  });

  it('checks access and the cursor before subscribing or touching the sink', async () => {
    const owned = stubDeps({ inbox: { ownerId: 'acc_0123456789abcdefghjkmnpqrs' } });
    const sink = recordingSink();
    await assert.rejects(
      openInboxStream(owned.deps, ANONYMOUS, { inboxId: INBOX_ID }, sink),
      (err: unknown) => err instanceof AppError && err.code === 'UNAUTHORIZED',
    );
    const other = stubDeps({ inbox: { ownerId: 'acc_0123456789abcdefghjkmnpqrs' } });
    await assert.rejects(
      openInboxStream(
        other.deps,
        {
          kind: 'token',
          accountId: 'acc_zzzzzzzzzzzzzzzzzzzzzzzzzz',
          tokenId: 'tok_zzzzzzzzzzzzzzzzzzzzzzzzzz',
          scope: 'manage',
          inboxIds: null,
          teamId: null,
        },
        { inboxId: INBOX_ID },
        sink,
      ),
      (err: unknown) => err instanceof AppError && err.code === 'INBOX_NOT_FOUND',
    );
    const stub = stubDeps({});
    await assert.rejects(
      openInboxStream(stub.deps, ANONYMOUS, { inboxId: 'inb_aaaaaaaaaaaaaaaaaaaaaaaaaa' }, sink),
      (err: unknown) => err instanceof AppError && err.code === 'INBOX_NOT_FOUND',
    );
    for (const lastEventId of ['garbage', 'evt_0123', INBOX_ID, 'EVT_01AAAAAAAAAAAAAAAAAAAAAAAA']) {
      await assert.rejects(
        openInboxStream(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, lastEventId }, sink),
        (err: unknown) => err instanceof AppError && err.code === 'VALIDATION_FAILED',
      );
    }
    assert.deepEqual(sink.calls, []);
    assert.equal(owned.subscriptions() + other.subscriptions() + stub.subscriptions(), 0);
  });

  it('rejects (and unsubscribes) when the store fails while catching up, before the sink opens', async () => {
    const events = makeEvents(3);
    const stub = stubDeps({
      committed: events,
      onList: () => {
        throw new StorageError('database is down');
      },
    });
    const sink = recordingSink();
    await assert.rejects(
      openInboxStream(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, lastEventId: events[0]?.id }, sink),
      StorageError,
    );
    assert.deepEqual(sink.calls, []);
    assert.equal(stub.subscriptions(), 0);
  });

  it('closes without opening the sink when the client leaves while it catches up', async () => {
    const events = makeEvents(3);
    const left = new AbortController();
    const stub = stubDeps({ committed: events, onList: () => left.abort() });
    const sink = recordingSink();
    await openInboxStream(
      stub.deps,
      ANONYMOUS,
      { inboxId: INBOX_ID, lastEventId: events[0]?.id, signal: left.signal },
      sink,
    );
    assert.deepEqual(sink.calls, []);
    assert.equal(stub.subscriptions(), 0);
  });

  it('closes when the signal aborts after opening', async () => {
    const stub = stubDeps({});
    const left = new AbortController();
    const sink = recordingSink();
    await openInboxStream(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, signal: left.signal }, sink, { heartbeatMs: 20 });
    assert.equal(stub.subscriptions(), 1);
    left.abort();
    assert.equal(stub.subscriptions(), 0);
    await new Promise((resolve) => setTimeout(resolve, 80));
    assert.equal(sink.heartbeats(), 0, 'the heartbeat timer was cleared');
  });

  it('sends heartbeats at the configured interval, and none after close', async () => {
    const stub = stubDeps({});
    const sink = recordingSink();
    const close = await openInboxStream(stub.deps, ANONYMOUS, { inboxId: INBOX_ID }, sink, { heartbeatMs: 30 });
    await eventually(() => sink.heartbeats() >= 3, HANG_MS, '3 heartbeats');
    close();
    const count = sink.heartbeats();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.equal(sink.heartbeats(), count);
    assert.equal(stub.subscriptions(), 0);
  });

  it('ends the stream when the anonymous inbox expires, but not when it was saved meanwhile', async () => {
    const expiresAt = new Date('2026-01-01T01:00:00.000Z');
    const expiring = stubDeps({ inbox: { expiresAt } });
    const sink = recordingSink();
    await openInboxStream(expiring.deps, ANONYMOUS, { inboxId: INBOX_ID }, sink, { heartbeatMs: 20 });
    await eventually(() => sink.heartbeats() >= 1, HANG_MS, 'a heartbeat');
    assert.ok(!sink.calls.some((c) => c.kind === 'end'));
    expiring.clock.set(expiresAt);
    await eventually(() => sink.calls.some((c) => c.kind === 'end'), HANG_MS, 'the end');
    assert.deepEqual(sink.calls.at(-1), { kind: 'end', reason: 'inbox-gone' });
    assert.equal(expiring.subscriptions(), 0);

    let saved = false;
    const savedStub = stubDeps({
      inbox: { expiresAt },
      findLive: (now) =>
        saved
          ? {
              id: INBOX_ID,
              ownerId: 'acc_0123456789abcdefghjkmnpqrs',
              name: null,
              createdAt: new Date(0),
              expiresAt: null,
            }
          : now < expiresAt
            ? { id: INBOX_ID, ownerId: null, name: null, createdAt: new Date(0), expiresAt }
            : null,
    });
    const kept = recordingSink();
    const close = await openInboxStream(savedStub.deps, ANONYMOUS, { inboxId: INBOX_ID }, kept, { heartbeatMs: 20 });
    saved = true;
    savedStub.clock.set(new Date(expiresAt.getTime() + 1));
    await eventually(() => kept.heartbeats() >= 4, HANG_MS, '4 heartbeats');
    assert.ok(!kept.calls.some((c) => c.kind === 'end'), 'a saved inbox keeps streaming');
    assert.equal(savedStub.subscriptions(), 1);
    close();
  });
});
