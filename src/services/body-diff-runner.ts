import type { Worker } from 'node:worker_threads';

import { DIFF_LIMITS, diffBodies, tooLargeBodyDiff } from '../domain/event-diff.js';
import { stringifyLossless } from '../domain/lossless-json.js';
import { spawnThread } from '../threads/spawn-thread.js';
import type { BodyDiffReply, BodyDiffRequest } from './body-diff-protocol.js';

/**
 * Bodies this small (both together) are diffed on the caller's thread: at most a few hundred
 * lines each, microseconds of work, not worth a message to the thread.
 */
export const INLINE_DIFF_BYTES = 2048;

/** Starts the diff thread (compiled from dist/, or under the TypeScript loader in tests). */
function spawnBodyDiffThread(): Worker {
  return spawnThread(
    {
      from: import.meta.url,
      entry: './body-diff-thread',
      sources: ['./body-diff-protocol', '../domain/event-diff', '../domain/lossless-json'],
    },
    {},
  );
}

interface Job {
  readonly id: number;
  readonly from: Buffer;
  readonly to: Buffer;
  readonly resolve: (json: string) => void;
  readonly reject: (err: Error) => void;
  timer?: NodeJS.Timeout;
}

/**
 * Diffs event bodies on one thread of their own, one pair at a time, so that comparing two big
 * bodies never blocks the event loop (docs/decisions.md, 58). Each pair has DIFF_LIMITS.timeBudgetMs:
 * the line diff stops itself then (answer `too-large`); a thread still busy at twice the budget
 * (a step the diff package cannot interrupt) is terminated, the pair answered `too-large` all
 * the same, and a new thread started for the next pair. Idle, the thread does not keep the
 * process alive.
 */
export class BodyDiffRunner {
  readonly #budgetMs: number;
  readonly #spawn: () => Worker;
  #worker: Worker | null = null;
  #current: Job | null = null;
  readonly #queue: Job[] = [];
  #nextId = 1;

  constructor(opts: { budgetMs?: number; spawn?: () => Worker } = {}) {
    this.#budgetMs = opts.budgetMs ?? DIFF_LIMITS.timeBudgetMs;
    this.#spawn = opts.spawn ?? spawnBodyDiffThread;
  }

  /** The bodies' diff (domain/event-diff.ts BodyDiff), written as JSON by the lossless writer. */
  diff(from: Buffer, to: Buffer): Promise<string> {
    if (from.length + to.length <= INLINE_DIFF_BYTES) {
      return Promise.resolve(stringifyLossless(diffBodies(from, to, this.#budgetMs)));
    }
    return new Promise((resolve, reject) => {
      this.#queue.push({ id: this.#nextId++, from, to, resolve, reject });
      this.#next();
    });
  }

  /** Stops the thread; pairs waiting or in progress fail. */
  async close(): Promise<void> {
    const worker = this.#worker;
    this.#worker = null;
    for (const job of [...(this.#current ? [this.#current] : []), ...this.#queue.splice(0)]) {
      clearTimeout(job.timer);
      job.reject(new Error('the body-diff thread was stopped'));
    }
    this.#current = null;
    await worker?.terminate();
  }

  #next(): void {
    if (this.#current !== null) return;
    const job = this.#queue.shift();
    if (job === undefined) return;
    this.#current = job;
    const worker = this.#thread();
    // Copies of the bytes, handed over without a second copy (a Buffer may share a larger pool).
    const from = new Uint8Array(job.from);
    const to = new Uint8Array(job.to);
    const request: BodyDiffRequest = { id: job.id, from, to, timeoutMs: this.#budgetMs };
    worker.postMessage(request, [from.buffer, to.buffer]);
    worker.ref();
  }

  #thread(): Worker {
    if (this.#worker !== null) return this.#worker;
    const worker = this.#spawn();
    worker.on('message', (reply: BodyDiffReply) => {
      const job = this.#current;
      if (job === null || job.id !== reply.id) return;
      if ('started' in reply) {
        this.#startClock(job);
        return;
      }
      this.#settle(job, 'json' in reply ? { json: reply.json } : { error: new Error(reply.error) });
    });
    const lost = (err: Error) => {
      if (this.#worker !== worker) return;
      this.#worker = null;
      const job = this.#current;
      if (job !== null) this.#settle(job, { error: err });
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the body-diff thread exited with code ${code}`)));
    this.#worker = worker;
    return worker;
  }

  /**
   * The pair's clock runs from the thread's `started` message: the budget is the diff's, not the
   * thread's start (which, from sources, loads TypeScript; 'online' comes before that) nor its
   * wait for a busy machine to run it.
   */
  #startClock(job: Job): void {
    job.timer = setTimeout(() => {
      // Past twice the budget the thread is in a step the diff cannot stop: stop the thread.
      this.#dropThread();
      this.#settle(job, { json: stringifyLossless(tooLargeBodyDiff(job.from, job.to)) });
    }, 2 * this.#budgetMs);
    job.timer.unref();
  }

  #dropThread(): void {
    const worker = this.#worker;
    this.#worker = null;
    void worker?.terminate();
  }

  #settle(job: Job, outcome: { json: string } | { error: Error }): void {
    if (this.#current !== job) return;
    clearTimeout(job.timer);
    this.#current = null;
    // Idle, the thread does not keep the process alive.
    if (this.#queue.length === 0) this.#worker?.unref();
    if ('json' in outcome) job.resolve(outcome.json);
    else job.reject(outcome.error);
    this.#next();
  }
}
