// The body-diff thread's runner (src/services/body-diff-runner.ts): a thread stuck past twice the
// time budget is stopped and the pair answered `too-large`; a thread that dies fails its pair
// only; either way the next pair gets a new thread. Threads here are stand-ins made with `eval`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { INLINE_DIFF_BYTES, BodyDiffRunner } from '../../src/services/body-diff-runner.js';

const big = (tag: string) => Buffer.from(`${tag}\n`.repeat(INLINE_DIFF_BYTES));
/**
 * Says it has started each pair and answers it with `{"ok":<id>}`, unless told to hang or to die
 * first, or to take a while before it starts (as a thread loading its modules on a busy machine).
 */
const STAND_IN = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', (request) => {
  const answer = () => {
    parentPort.postMessage({ id: request.id, started: true });
    if (workerData === 'hang') return;
    parentPort.postMessage({ id: request.id, json: '{"ok":' + request.id + '}' });
  };
  if (workerData === 'die') process.exit(3);
  if (workerData === 'slow-start') setTimeout(answer, 1000);
  else answer();
});`;

function runnerWith(behaviours: string[]): { runner: BodyDiffRunner; spawned: () => number } {
  let spawned = 0;
  const runner = new BodyDiffRunner({
    budgetMs: 200,
    spawn: () => new Worker(STAND_IN, { eval: true, execArgv: [], workerData: behaviours[spawned++] ?? 'answer' }),
  });
  return { runner, spawned: () => spawned };
}

describe('BodyDiffRunner', () => {
  it('stops a thread stuck past twice the budget, answers too-large, and starts a new one', async () => {
    const { runner, spawned } = runnerWith(['hang', 'answer']);
    try {
      const stuck = JSON.parse(await runner.diff(big('a'), big('b')));
      assert.deepEqual(stuck, {
        kind: 'binary',
        bytesEqual: false,
        sizes: { from: big('a').length, to: big('b').length },
        reason: 'too-large',
      });
      assert.deepEqual(JSON.parse(await runner.diff(big('a'), big('c'))), { ok: 2 });
      assert.equal(spawned(), 2);
    } finally {
      await runner.close();
    }
  });

  it('fails only the pair of a thread that died; the next pair gets a new thread', async () => {
    const { runner, spawned } = runnerWith(['die', 'answer']);
    try {
      await assert.rejects(runner.diff(big('a'), big('b')), /exited with code 3/);
      assert.deepEqual(JSON.parse(await runner.diff(big('a'), big('c'))), { ok: 2 });
      assert.equal(spawned(), 2);
    } finally {
      await runner.close();
    }
  });

  it("runs a pair's clock from the thread's start of the diff, not from its start as a thread", async () => {
    // The stand-in takes 1 s (five budgets) before it starts the pair; a clock run from the
    // thread's 'online' would have stopped it at 400 ms.
    const { runner, spawned } = runnerWith(['slow-start']);
    try {
      assert.deepEqual(JSON.parse(await runner.diff(big('a'), big('b'))), { ok: 1 });
      assert.equal(spawned(), 1);
    } finally {
      await runner.close();
    }
  });

  it('diffs small bodies on the calling thread', async () => {
    const { runner, spawned } = runnerWith([]);
    const json = await runner.diff(Buffer.from('a\n'), Buffer.from('b\n'));
    assert.equal(JSON.parse(json).kind, 'text');
    assert.equal(spawned(), 0);
  });
});
