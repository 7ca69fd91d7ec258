import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { EventSummary } from '../../ui/src/api.js';
import { InboxEvents } from '../../ui/src/lib/live.js';
import {
  created,
  event,
  FakeEventSource,
  fakeApi,
  frames,
  ids,
  idsOf,
  live,
  page,
  paint,
  settle,
  stream,
  useBrowserFakes,
} from './ui-live-fakes.js';

useBrowserFakes();

describe('InboxEvents: first page', () => {
  it('opens the stream first and loads the first page once it is open', async () => {
    const { api, calls } = fakeApi({ '': page([3, 2, 1], 'evt_cursor') });
    const store = new InboxEvents(api);
    assert.equal(store.status, 'connecting');
    store.start();
    assert.equal(stream().url, '/stream?lastEventId=');
    assert.deepEqual(calls.page, []);
    stream().emit('open');
    assert.equal(store.status, 'live');
    await settle();
    assert.deepEqual(calls.page, [undefined]);
    assert.equal(store.loadedFirst, true);
    assert.deepEqual(ids(store), idsOf(3, 2, 1));
    assert.equal(store.hasOlder, true);
    assert.equal(store.newSinceMark, 0);
  });

  it('finds an event by id, newest at index 0, and answers -1 for an unknown one', async () => {
    const { store } = await live({ '': page([9, 7, 5, 3, 1]) });
    for (const [index, n] of [9, 7, 5, 3, 1].entries()) assert.equal(store.indexOf(event(n).id), index);
    assert.equal(store.indexOf(event(4).id), -1);
    assert.equal(store.indexOf(event(10).id), -1);
    assert.equal(store.at(5), undefined);
  });

  it('keeps the error of a first page that failed', async () => {
    const { store } = await live({});
    assert.equal(store.error, 'no page before undefined');
    assert.equal(store.length, 0);
  });

  it('loads the first page even when the stream fails before it ever opens', async () => {
    const { api, calls } = fakeApi({ '': page([1]) });
    const store = new InboxEvents(api);
    store.start();
    stream().emit('error');
    assert.equal(store.status, 'reconnecting');
    await settle();
    assert.deepEqual(calls.page, [undefined]);
    assert.deepEqual(ids(store), idsOf(1));
  });
});

describe('InboxEvents: live events', () => {
  it('shows live events at the next frame, newest first, counting them as new', async () => {
    const { store } = await live({ '': page([2, 1]) });
    created(stream(), 3);
    created(stream(), 4);
    assert.deepEqual(ids(store), idsOf(2, 1), 'nothing changes before the frame');
    paint();
    assert.deepEqual(ids(store), idsOf(4, 3, 2, 1));
    assert.equal(store.newSinceMark, 2);
  });

  it('tells its listeners once for a burst, not once per event', async () => {
    const { store } = await live({ '': page([]) });
    let told = 0;
    store.subscribe(() => {
      told += 1;
    });
    for (let n = 1; n <= 500; n += 1) created(stream(), n);
    assert.equal(frames.size, 1, 'one frame requested for the whole burst');
    paint();
    assert.equal(told, 1);
    assert.equal(store.length, 500);
    assert.equal(store.at(0)?.id, event(500).id);
  });

  it('shows each event once: a live event already on the first page is dropped', async () => {
    const { store } = await live({ '': page([2, 1]) });
    const version = store.version;
    created(stream(), 2);
    created(stream(), 2);
    paint();
    assert.deepEqual(ids(store), idsOf(2, 1));
    assert.equal(store.newSinceMark, 0);
    assert.equal(store.version, version, 'no change, no render');
  });

  it('puts a late event in id order', async () => {
    const { store } = await live({ '': page([5, 1]) });
    created(stream(), 3);
    paint();
    assert.deepEqual(ids(store), idsOf(5, 3, 1));
    assert.equal(store.indexOf(event(3).id), 1);
  });

  it('ignores a message that is not an event', async () => {
    const { store } = await live({ '': page([1]) });
    stream().emit('event.created', 'not json');
    stream().emit('event.created', JSON.stringify({ id: 7 }));
    stream().emit('event.created', JSON.stringify({ id: 'evt_x' }));
    paint();
    assert.deepEqual(ids(store), idsOf(1));
  });

  it('markSeen resets the count of new events, and tells listeners only when there were some', async () => {
    const { store } = await live({ '': page([]) });
    created(stream(), 1);
    paint();
    assert.equal(store.newSinceMark, 1);
    let told = 0;
    store.subscribe(() => {
      told += 1;
    });
    store.markSeen();
    assert.equal(store.newSinceMark, 0);
    store.markSeen();
    assert.equal(told, 1);
  });

  it('stops telling a listener once it unsubscribes', async () => {
    const { store } = await live({ '': page([]) });
    let told = 0;
    const unsubscribe = store.subscribe(() => {
      told += 1;
    });
    created(stream(), 1);
    paint();
    unsubscribe();
    created(stream(), 2);
    paint();
    assert.equal(told, 1);
  });
});

describe('InboxEvents: deletions from elsewhere', () => {
  it('removes a deleted event, and ignores an unknown id or a bad message', async () => {
    const { store } = await live({ '': page([3, 2, 1]) });
    stream().emit('event.deleted', JSON.stringify({ id: event(2).id }));
    assert.deepEqual(ids(store), idsOf(3, 1));
    const version = store.version;
    stream().emit('event.deleted', JSON.stringify({ id: event(9).id }));
    stream().emit('event.deleted', 'not json');
    stream().emit('event.deleted', JSON.stringify({ id: 2 }));
    assert.equal(store.version, version);
    assert.deepEqual(ids(store), idsOf(3, 1));
  });

  it('removes an event deleted before the frame that would have shown it', async () => {
    const { store } = await live({ '': page([1]) });
    created(stream(), 2);
    stream().emit('event.deleted', JSON.stringify({ id: event(2).id }));
    paint();
    assert.deepEqual(ids(store), idsOf(1));
  });

  it('on inbox.cleared, removes every event up to and including the one named, newer ones stay', async () => {
    const { store } = await live({ '': page([3, 2, 1]) });
    created(stream(), 4);
    stream().emit('inbox.cleared', JSON.stringify({ through: event(3).id }));
    assert.deepEqual(ids(store), idsOf(4));
    stream().emit('inbox.cleared', '{}');
    assert.deepEqual(ids(store), idsOf(4));
  });

  it('remove() takes ids or everything', async () => {
    const { store } = await live({ '': page([3, 2, 1], 'evt_cursor') });
    store.remove([event(1).id, event(3).id]);
    assert.deepEqual(ids(store), idsOf(2));
    assert.equal(store.indexOf(event(3).id), -1);
    store.remove('all');
    assert.equal(store.length, 0);
    assert.equal(store.hasOlder, false);
    // A removed id is forgotten: the same event sent again is shown again.
    created(stream(), 1);
    paint();
    assert.deepEqual(ids(store), idsOf(1));
  });

  it('on stream.truncated, starts again from the newest page', async () => {
    const pages = { '': page([2, 1]) };
    const { store, calls } = await live(pages);
    pages[''] = page([9, 8], 'evt_older');
    stream().emit('stream.truncated');
    await settle();
    assert.deepEqual(calls.page, [undefined, undefined]);
    assert.deepEqual(ids(store), idsOf(9, 8));
    assert.equal(store.hasOlder, true);
  });
});

describe('InboxEvents: older pages', () => {
  it('appends older pages until there are none', async () => {
    const { store, calls } = await live({ '': page([6, 5], 'b5'), b5: page([4, 3], 'b3'), b3: page([2, 1]) });
    await store.loadOlder();
    assert.deepEqual(ids(store), idsOf(6, 5, 4, 3));
    await store.loadOlder();
    assert.deepEqual(ids(store), idsOf(6, 5, 4, 3, 2, 1));
    assert.equal(store.hasOlder, false);
    await store.loadOlder();
    assert.deepEqual(calls.page, [undefined, 'b5', 'b3']);
  });

  it('loads one older page at a time', async () => {
    const { store, calls } = await live({ '': page([2], 'b2'), b2: page([1]) });
    const first = store.loadOlder();
    assert.equal(store.loadingOlder, true);
    const second = store.loadOlder();
    await Promise.all([first, second]);
    assert.deepEqual(calls.page, [undefined, 'b2']);
    assert.equal(store.loadingOlder, false);
    assert.deepEqual(ids(store), idsOf(2, 1));
  });

  it('merges an older page that overlaps what is shown, without duplicates', async () => {
    const { store } = await live({ '': page([5, 3], 'b3'), b3: page([4, 3, 2]) });
    await store.loadOlder();
    assert.deepEqual(ids(store), idsOf(5, 4, 3, 2));
  });

  it('keeps the error of an older page that failed, and can try again', async () => {
    const { store } = await live({ '': page([2], 'missing') });
    await store.loadOlder();
    assert.equal(store.error, 'no page before missing');
    assert.equal(store.loadingOlder, false);
    assert.equal(store.hasOlder, true);
  });
});

describe('InboxEvents: reconnecting', () => {
  it('says reconnecting while the browser retries by itself', async () => {
    const { store } = await live({ '': page([]) });
    stream().emit('error');
    assert.equal(store.status, 'reconnecting');
    stream().emit('open');
    assert.equal(store.status, 'live');
    assert.equal(FakeEventSource.opened.length, 1);
  });

  it('when the browser gives up, goes offline and reopens itself from the last event id', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { store, calls } = await live({ '': page([1]) });
    created(stream(), 2, 'evt_sent_by_server');
    paint();
    const first = stream();
    first.fail();
    assert.equal(store.status, 'offline');
    assert.equal(calls.offline, 1);
    assert.equal(first.readyState, FakeEventSource.CLOSED);
    t.mock.timers.tick(999);
    assert.equal(FakeEventSource.opened.length, 1);
    t.mock.timers.tick(1);
    assert.equal(FakeEventSource.opened.length, 2);
    assert.equal(stream().url, '/stream?lastEventId=evt_sent_by_server');
  });

  it('without a live event yet, resumes from the newest event shown and merges the first page again', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { store, calls } = await live({ '': page([2, 1]) });
    stream().fail();
    t.mock.timers.tick(1000);
    assert.equal(stream().url, `/stream?lastEventId=${event(2).id}`);
    stream().emit('open');
    await settle();
    assert.deepEqual(calls.page, [undefined, undefined]);
    assert.deepEqual(ids(store), idsOf(2, 1));
  });

  it('backs off, doubling up to 30 s, and starts again at 1 s once a stream opens', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    await live({ '': page([]) });
    const waits: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const before = FakeEventSource.opened.length;
      stream().fail();
      let waited = 0;
      while (FakeEventSource.opened.length === before && waited < 120_000) {
        t.mock.timers.tick(500);
        waited += 500;
      }
      waits.push(waited);
    }
    assert.deepEqual(waits, [1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    stream().emit('open');
    stream().fail();
    t.mock.timers.tick(1000);
    assert.equal(FakeEventSource.opened.length, 9);
  });
});

describe('InboxEvents: a filtered list', () => {
  it('shows only the live events the filter accepts', async () => {
    const { store } = await live(
      { '': page([]) },
      { accept: (events) => events.filter((e) => Number(e.id.slice(-1)) % 2 === 0) },
    );
    for (const n of [1, 2, 3, 4]) created(stream(), n);
    paint();
    assert.deepEqual(ids(store), idsOf(4, 2));
    assert.equal(store.newSinceMark, 2);
  });

  it('checks one batch at a time: events arriving meanwhile wait and go in the next check', async () => {
    const checks: { batch: string[]; resolve: (events: EventSummary[]) => void }[] = [];
    const { store } = await live(
      { '': page([]) },
      {
        accept: (batch) =>
          new Promise((resolve) => {
            checks.push({ batch: batch.map((e) => e.id), resolve });
          }),
      },
    );
    created(stream(), 1);
    paint();
    created(stream(), 2);
    paint();
    created(stream(), 3);
    paint();
    assert.deepEqual(
      checks.map((check) => check.batch),
      [idsOf(1)],
      'no second check while the first is in flight',
    );
    checks[0]?.resolve([event(1)]);
    await settle();
    assert.deepEqual(ids(store), idsOf(1));
    assert.deepEqual(
      checks.map((check) => check.batch),
      [idsOf(1), idsOf(2, 3)],
    );
    checks[1]?.resolve([event(3)]);
    await settle();
    assert.deepEqual(ids(store), idsOf(3, 1));
  });

  it('keeps the error of a check that failed, and checks the next events', async () => {
    let calls = 0;
    const { store } = await live(
      { '': page([]) },
      {
        accept: async (events) => {
          calls += 1;
          if (calls === 1) throw new Error('check failed');
          return events;
        },
      },
    );
    created(stream(), 1);
    paint();
    await settle();
    assert.equal(store.error, 'check failed');
    assert.equal(store.length, 0);
    created(stream(), 2);
    paint();
    await settle();
    assert.deepEqual(ids(store), idsOf(2));
  });
});

describe('InboxEvents: close', () => {
  it('closes the stream, drops the frame not yet painted and never reconnects', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { store } = await live({ '': page([1]) });
    let told = 0;
    store.subscribe(() => {
      told += 1;
    });
    created(stream(), 2);
    store.close();
    assert.equal(stream().readyState, FakeEventSource.CLOSED);
    assert.equal(frames.size, 0);
    stream().emit('error');
    t.mock.timers.tick(60_000);
    assert.equal(FakeEventSource.opened.length, 1);
    assert.deepEqual(ids(store), idsOf(1));
    assert.equal(told, 0);
  });

  it('cancels a reconnect already scheduled', async (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const { store } = await live({ '': page([]) });
    stream().fail();
    store.close();
    t.mock.timers.tick(60_000);
    assert.equal(FakeEventSource.opened.length, 1);
  });

  it('drops a filter check that ends after the close', async () => {
    let finish: (events: EventSummary[]) => void = () => {};
    const { store } = await live(
      { '': page([]) },
      {
        accept: () =>
          new Promise((resolve) => {
            finish = resolve;
          }),
      },
    );
    created(stream(), 1);
    paint();
    store.close();
    finish([event(1)]);
    await settle();
    assert.equal(store.length, 0);
  });
});
