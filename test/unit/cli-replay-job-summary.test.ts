import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import type { ReplayJob } from '../../src/client/types.js';
import { jobSummary, outcomeSummary, progressLine } from '../../src/cli/commands/replay-job.js';

/** A completed job of six sends that the destination answered 500, as the API returns it. */
function jobAnswering500(): ReplayJob {
  return {
    id: 'job_1',
    inboxId: 'inb_1',
    destination: 'https://example.com/hook',
    state: 'completed',
    filter: {},
    ratePerSecond: 10,
    concurrency: 1,
    resign: false,
    counts: {
      total: 6,
      done: 6,
      succeeded: 0,
      failed: 6,
      outcomes: { status2xx: 0, status3xx: 0, status4xx: 0, status5xx: 6, unreachable: 0 },
    },
    progress: 1,
    createdAt: '2026-11-27T08:00:00.000Z',
    startedAt: '2026-11-27T08:00:00.000Z',
    finishedAt: '2026-11-27T08:00:01.000Z',
    error: null,
  };
}

describe('rehook replay-job: counts by destination outcome', () => {
  it('says the destination answered 5xx, not only that it answered', () => {
    const job = jobAnswering500();
    assert.equal(outcomeSummary(job), '5xx 6');
    assert.match(jobSummary(job), /^outcomes +5xx 6$/m);
    assert.equal(progressLine(job), 'job_1 completed 6/6 (5xx 6; failed 6)');
  });

  it('lists every class that occurred, in order, and says so when nothing has been sent', () => {
    const job = jobAnswering500();
    const mixed: ReplayJob = {
      ...job,
      counts: {
        ...job.counts,
        outcomes: { status2xx: 3, status3xx: 0, status4xx: 1, status5xx: 0, unreachable: 2 },
      },
    };
    assert.equal(outcomeSummary(mixed), '2xx 3, 4xx 1, unreachable 2');
    const fresh: ReplayJob = {
      ...job,
      counts: { ...job.counts, outcomes: { status2xx: 0, status3xx: 0, status4xx: 0, status5xx: 0, unreachable: 0 } },
    };
    assert.equal(outcomeSummary(fresh), 'none yet');
  });
});
