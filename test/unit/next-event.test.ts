import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CapturedEvent, EventSummary } from '../../src/domain/captured-event.js';
import { formatDurationMs, parseDurationMs } from '../../src/domain/duration.js';
import { createEventIdFactory } from '../../src/domain/ids.js';
import type { Inbox } from '../../src/domain/inbox.js';
import { AppError } from '../../src/errors.js';
import { createLocalBus } from '../../src/live/local-bus.js';
import type { AfterPage } from '../../src/ports/event-repository.js';
import type { Store } from '../../src/ports/store.js';
import { ANONYMOUS, type Principal } from '../../src/services/deps.js';
import { waitForNextEvent } from '../../src/services/next-event.js';
import { createFakeClock } from '../helpers/fake-clock.js';
import { countSubscriptions } from '../helpers/sse-client.js';

const INBOX_ID = 'inb_0123456789abcdefghjkmnpqrs';
const OWNER: Principal = {
  kind: 'token',
  accountId: 'acc_0123456789abcdefghjkmnpqrs',
  tokenId: 'tok_x',
  scope: 'manage',
  inboxIds: null,
  teamId: null,
};

/** `count` events of the inbox with ascending ids, 1 ms apart. */
function makeEvents(count: number): CapturedEvent[] {
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
    size: 1,
    signature: null,
    answer: null,
    headers: [],
    body: Buffer.from([i]),
    sourceIp: '127.0.0.1',
  }));
}

function summaryOf(event: CapturedEvent): EventSummary {
  const { id, inboxId, receivedAt, method, path, query, contentType, size, signature, answer } = event;
  return { id, inboxId, receivedAt, method, path, query, contentType, size, signature, answer };
}

/**
 * A store with one inbox and the `committed` events (ascending). `onListAfter` runs inside each
 * listAfter call before it answers, to commit and publish events that race with the poll;
 * `findById` finds only events not in `deleted`.
 */
function stubDeps(opts: {
  committed?: CapturedEvent[];
  ownerId?: string | null;
  onListAfter?: (call: number, page: AfterPage) => void;
}) {
  const committed = opts.committed ?? [];
  const deleted = new Set<string>();
  const inbox: Inbox = {
    id: INBOX_ID,
    ownerId: opts.ownerId ?? null,
    name: null,
    createdAt: new Date(0),
    expiresAt: null,
  };
  const bus = createLocalBus();
  const subscriptions = countSubscriptions(bus);
  let calls = 0;
  const store = {
    inboxes: { findLive: async (id: string) => (id === INBOX_ID ? inbox : null) },
    events: {
      listByInbox: async (_inboxId: string, page: { limit: number }) =>
        [...committed].reverse().slice(0, page.limit).map(summaryOf),
      listAfter: async (_inboxId: string, page: AfterPage) => {
        calls += 1;
        const rows = committed.filter((e) => page.after === undefined || e.id > page.after).slice(0, page.limit);
        opts.onListAfter?.(calls, page);
        return rows.map(summaryOf);
      },
      findById: async (id: string) => (deleted.has(id) ? null : (committed.find((e) => e.id === id) ?? null)),
    },
  } as unknown as Store;
  const commit = (event: CapturedEvent, publish = true): void => {
    committed.push(event);
    if (publish) bus.publish(summaryOf(event));
  };
  return { deps: { store, clock: createFakeClock(), bus }, bus, commit, deleted, subscriptions, calls: () => calls };
}

describe('waitForNextEvent (service)', () => {
  it('does not lose a bus message that arrives while the store is being read', { timeout: 10_000 }, async () => {
    const [e0, e1] = makeEvents(2) as [CapturedEvent, CapturedEvent];
    const stub = stubDeps({
      committed: [e0],
      // The first read has found nothing; e1 commits and is published before the poll sleeps.
      onListAfter: (call) => {
        if (call === 1) stub.commit(e1);
      },
    });
    // A lost wake-up would only be noticed at the deadline, long after the test's own timeout.
    const event = await waitForNextEvent(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, after: e0.id, timeoutMs: 120_000 });
    assert.equal(event?.id, e1.id);
    assert.equal(stub.subscriptions(), 0);
  });

  it('without after, takes the newest event at the call as the floor', { timeout: 10_000 }, async () => {
    const [e0, e1, e2] = makeEvents(3) as [CapturedEvent, CapturedEvent, CapturedEvent];
    let onWaiting = (): void => undefined;
    const waiting = new Promise<void>((resolve) => (onWaiting = resolve));
    const stub = stubDeps({ committed: [e0, e1] });
    const poll = waitForNextEvent(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, timeoutMs: 120_000, onWaiting });
    await waiting;
    stub.commit(e2);
    assert.equal((await poll)?.id, e2.id);
  });

  it('reads the store once more at the deadline, so an event whose bus message was lost is still found', async () => {
    const [e0, e1] = makeEvents(2) as [CapturedEvent, CapturedEvent];
    const stub = stubDeps({
      committed: [e0],
      onListAfter: (call) => {
        if (call === 1) stub.commit(e1, false);
      },
    });
    const event = await waitForNextEvent(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, after: e0.id, timeoutMs: 50 });
    assert.equal(event?.id, e1.id);
    assert.equal(stub.calls(), 2);
  });

  it('moves on to the next event when the first one is deleted between the two reads', async () => {
    const [e0, e1, e2] = makeEvents(3) as [CapturedEvent, CapturedEvent, CapturedEvent];
    const stub = stubDeps({ committed: [e0, e1, e2] });
    stub.deleted.add(e1.id);
    const event = await waitForNextEvent(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, after: e0.id, timeoutMs: 0 });
    assert.equal(event?.id, e2.id);
  });

  it('resolves null at once, unsubscribed, when the signal aborts while waiting', { timeout: 10_000 }, async () => {
    const stub = stubDeps({});
    const controller = new AbortController();
    const poll = waitForNextEvent(stub.deps, ANONYMOUS, {
      inboxId: INBOX_ID,
      timeoutMs: 120_000,
      signal: controller.signal,
      onWaiting: () => controller.abort(),
    });
    assert.equal(await poll, null);
    assert.equal(stub.subscriptions(), 0);
    // Already aborted: null without subscribing or reading.
    const calls = stub.calls();
    assert.equal(await waitForNextEvent(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, signal: controller.signal }), null);
    assert.equal(stub.calls(), calls);
  });

  it('checks access first, then the parameters, and re-authenticates after waiting', { timeout: 10_000 }, async () => {
    const [e0] = makeEvents(1) as [CapturedEvent];
    const stub = stubDeps({ ownerId: OWNER.kind === 'token' ? OWNER.accountId : null });
    const code = (err: unknown): string => (err instanceof AppError ? err.code : String(err));
    await assert.rejects(
      waitForNextEvent(stub.deps, ANONYMOUS, { inboxId: INBOX_ID, after: 'x', timeoutMs: Number.NaN }),
      (err) => code(err) === 'UNAUTHORIZED',
    );
    for (const timeoutMs of [Number.NaN, -1, 120_001, 1.5]) {
      await assert.rejects(
        waitForNextEvent(stub.deps, OWNER, { inboxId: INBOX_ID, timeoutMs }),
        (err) => code(err) === 'VALIDATION_FAILED',
      );
    }
    let onWaiting = (): void => undefined;
    const waiting = new Promise<void>((resolve) => (onWaiting = resolve));
    const poll = waitForNextEvent(stub.deps, OWNER, {
      inboxId: INBOX_ID,
      timeoutMs: 120_000,
      onWaiting,
      reauthenticate: async () => ANONYMOUS,
    });
    await waiting;
    stub.commit(e0);
    await assert.rejects(poll, (err) => code(err) === 'UNAUTHORIZED');
    assert.equal(stub.subscriptions(), 0);
  });
});

describe('parseDurationMs', () => {
  it('reads ms, s, m and h, a bare number as seconds, and refuses anything else', () => {
    const cases: Array<[string, number | null]> = [
      ['0', 0],
      ['500ms', 500],
      ['30s', 30_000],
      ['2m', 120_000],
      ['1h', 3_600_000],
      ['1.5s', 1500],
      ['2', 2000],
      ['0.2', 200],
      ['', null],
      ['s', null],
      ['-1s', null],
      [' 1s', null],
      ['1e3', null],
      ['1d', null],
      ['1.2345s', null],
      ['1234567890s', null],
    ];
    for (const [raw, expected] of cases) assert.equal(parseDurationMs(raw), expected, JSON.stringify(raw));
    assert.deepEqual([120_000, 30_000, 1500, 0].map(formatDurationMs), ['2m', '30s', '1500ms', '0ms']);
  });
});
