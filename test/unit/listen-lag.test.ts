import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { EventDetail } from '../../src/client/types.js';
import { type Behind, LagTracker } from '../../src/cli/listen/lag.js';
import { ListenReporter } from '../../src/cli/listen/report.js';

// How far behind the newest captured event a listener is, from the newest page it listed.

/** Event n: id sorting by n, captured n seconds after a fixed start. */
function event(n: number): { id: string; receivedAt: string } {
  return {
    id: `evt_${String(n).padStart(26, '0')}`,
    receivedAt: new Date(Date.UTC(2026, 0, 1) + n * 1000).toISOString(),
  };
}

/** Events from..to, newest first, as a listing answers. */
function page(from: number, to: number): Array<{ id: string; receivedAt: string }> {
  const events = [];
  for (let n = to; n >= from; n -= 1) events.push(event(n));
  return events;
}

/** A tracker that has seen these probes, in order: [first, last, full]. */
function tracker(...probes: Array<[number, number, boolean]>): LagTracker {
  const lag = new LagTracker();
  for (const [from, to, full] of probes) lag.observe(page(from, to), full);
  return lag;
}

/** behind() of event n, as [events, seconds, atLeast], or null. */
function behindOf(lag: LagTracker, n: number): [number, number, boolean] | null {
  const behind = lag.behind(event(n));
  return behind === null ? null : [behind.events, behind.seconds, behind.atLeast];
}

describe('listen: lag', () => {
  test('nothing known yet: not behind', () => {
    assert.equal(new LagTracker().behind(event(5)), null);
  });

  const cases: Array<[string, Array<[number, number, boolean]>, number, [number, number, boolean] | null]> = [
    ['counts the events after the one delivered and the capture time between', [[10, 100, false]], 10, [90, 90, false]],
    ['from the middle of the page', [[10, 100, false]], 40, [60, 60, false]],
    ['3 s behind: shown', [[10, 100, false]], 97, [3, 3, false]],
    ['within 3 s of the newest: keeping up, nothing shown', [[10, 100, false]], 98, null],
    ['the newest itself: nothing shown', [[10, 100, false]], 100, null],
    ['a full page not reaching back to the event: a lower bound', [[5001, 6000, true]], 10, [1000, 5990, true]],
    ['the event inside a full page: exact again', [[5001, 6000, true]], 5500, [500, 500, false]],
  ];
  for (const [name, probes, n, expected] of cases) {
    test(name, () => assert.deepEqual(behindOf(tracker(...probes), n), expected));
  }

  test('an older page arriving after a newer one does not roll the newest back', () => {
    const lag = tracker([10, 200, false], [10, 100, false]);
    lag.observe([], false);
    assert.deepEqual(behindOf(lag, 100), [100, 100, false]);
  });
});

describe('listen: lag in the lines', () => {
  const detail = {
    ...event(10),
    inboxId: 'inb_1',
    method: 'POST',
    path: '/i/inb_1/hooks',
    query: '',
  } as unknown as EventDetail;
  const report = (json: boolean, behind: Behind | null): string[] => {
    const out: string[] = [];
    const reporter = new ListenReporter(
      {
        inboxId: 'inb_1',
        rules: [{ prefix: '/', url: new URL('http://127.0.0.1:3000/') }],
        retries: 0,
        printBody: false,
        json,
      },
      { stdout: (line) => out.push(line), stderr: () => undefined },
    );
    const result = { kind: 'answered', status: 200, latencyMs: 3, body: Buffer.alloc(0), truncated: false } as const;
    reporter.attempt({
      event: detail,
      late: false,
      url: 'http://127.0.0.1:3000/hooks',
      result,
      attempt: 1,
      outcome: 'delivered',
      behind,
    });
    return out;
  };

  test('the line says how far behind, before the event id; nothing when keeping up', () => {
    assert.match(
      report(false, { events: 90, seconds: 75, atLeast: false })[0] ?? '',
      /→ 200 {2}3 ms {2}behind 90 events, 75 s {2}evt_\d+$/,
    );
    assert.match(
      report(false, { events: 1000, seconds: 5990, atLeast: true })[0] ?? '',
      /behind 1000\+ events, 5990 s/,
    );
    assert.doesNotMatch(report(false, null)[0] ?? '', /behind/);
  });

  test('--json carries behind: {events, seconds}', () => {
    const line = JSON.parse(report(true, { events: 90, seconds: 75, atLeast: false })[0] ?? '{}') as Record<
      string,
      unknown
    >;
    assert.deepEqual(line['behind'], { events: 90, seconds: 75 });
    const bound = JSON.parse(report(true, { events: 1000, seconds: 9, atLeast: true })[0] ?? '{}') as Record<
      string,
      unknown
    >;
    assert.deepEqual(bound['behind'], { events: 1000, seconds: 9, atLeast: true });
    const keepingUp = JSON.parse(report(true, null)[0] ?? '{}') as Record<string, unknown>;
    assert.equal('behind' in keepingUp, false);
  });
});
