// The body-diff thread's runner (src/services/body-diff-runner.ts): a thread stuck past twice the
// time budget is stopped and the pair answered `too-large`; a thread that dies fails its pair
// only; either way the next pair gets a new thread. Threads here are stand-ins made with `eval`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Worker } from 'node:worker_threads';
import { INLINE_DIFF_BYTES, BodyDiffRunner } from '../../src/services/body-diff-runner.js';

const big = (tag: string) => Buffer.from(`${tag}\n`.repeat(INLINE_DIFF_BYTES));
/** Answers every pair with `{"ok":<id>}` unless told to hang or to die first. */
const STAND_IN = `
const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', (request) => {
  if (workerData === 'hang') return;
  if (workerData === 'die') process.exit(3);
  parentPort.postMessage({ id: request.id, json: '{"ok":' + request.id + '}' });
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

  it('diffs small bodies on the calling thread', async () => {
    const { runner, spawned } = runnerWith([]);
    const json = await runner.diff(Buffer.from('a\n'), Buffer.from('b\n'));
    assert.equal(JSON.parse(json).kind, 'text');
    assert.equal(spawned(), 0);
  });
});
