// The event-type worker's pace: it rests four times as long as a batch took, and 32 times as long
// while requests are being captured fast, so learning types never takes the CPU and the database's
// writer from a burst of captures (docs/insight.md, "Cost").
//
//   node --import tsx --test test/unit/event-type-worker-pace.test.ts
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { BUSY_CAPTURES_PER_SECOND, ingestPace, restAfter } from '../../src/services/event-type-worker.js';

describe('event-type worker pace', () => {
  it('rests four times the batch when ingest is quiet, at most 1 s', () => {
    assert.equal(restAfter(5), 20);
    assert.equal(restAfter(5, false), 20);
    assert.equal(restAfter(400), 1_000);
    assert.equal(restAfter(-3), 0);
  });

  it('rests 32 times the batch while ingest is busy, at most 5 s', () => {
    assert.equal(restAfter(5, true), 160);
    assert.equal(restAfter(400, true), 5_000);
  });

  it('calls ingest busy when captures grew faster than the threshold since the last look', () => {
    let captures = 0;
    const busy = ingestPace(() => captures);
    // No capture since the start: quiet, however long or short the interval.
    assert.equal(busy(), false);
    // A billion captures between two looks is over the threshold for any interval under
    // a billion / BUSY_CAPTURES_PER_SECOND seconds (years), so the answer cannot depend on timing.
    captures += 1_000_000_000;
    assert.equal(busy(), true);
    // Counted from the last look: nothing new is quiet again.
    assert.equal(busy(), false);
    assert.ok(BUSY_CAPTURES_PER_SECOND > 0);
  });

  it('is never busy without a capture counter (a process without ingest)', () => {
    const busy = ingestPace(undefined);
    assert.equal(busy(), false);
  });
});
