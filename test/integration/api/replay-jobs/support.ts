import assert from 'node:assert/strict';
import type { TestRehook } from '../../../helpers/rehook.js';
import { call } from '../support.js';

/** Waits (polling, no timing assertion) until the job satisfies `done`; fails after a generous hang limit. */
export async function waitForJob(
  rehook: TestRehook,
  token: string,
  jobId: string,
  done: (body: any) => boolean = (b) => ['completed', 'cancelled', 'failed'].includes(b.data.job.state),
  query = '',
): Promise<any> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const res = await call(rehook.apiUrl, `/api/v1/replay-jobs/${jobId}${query}`, { token });
    assert.equal(res.status, 200, res.text);
    if (done(res.body)) return res.body;
    if (Date.now() > deadline) throw new Error(`job ${jobId} did not get there: ${res.text}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A job's counts: `total`, then how many of its sends ended in each class. */
export function jobCounts(
  total: number,
  by: Partial<Record<'status2xx' | 'status3xx' | 'status4xx' | 'status5xx' | 'unreachable' | 'gone', number>> = {},
) {
  const outcomes = {
    status2xx: by.status2xx ?? 0,
    status3xx: by.status3xx ?? 0,
    status4xx: by.status4xx ?? 0,
    status5xx: by.status5xx ?? 0,
    unreachable: by.unreachable ?? 0,
  };
  // A 4xx or 5xx answer is a failed send: the destination's handler did not take the event.
  const succeeded = outcomes.status2xx + outcomes.status3xx;
  const failed = outcomes.status4xx + outcomes.status5xx + outcomes.unreachable + (by.gone ?? 0);
  return { total, done: succeeded + failed, succeeded, failed, outcomes };
}
