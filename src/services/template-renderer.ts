import type { Worker } from 'node:worker_threads';

import { CONTRACT_ANSWER } from '../domain/captured-event.js';
import type { ChosenAnswer } from '../domain/response.js';
import { spawnThread } from '../threads/spawn-thread.js';
import type { ResolvedAnswer, TemplateRequest } from './response-templates.js';
import type { RenderJob, RenderReply } from './template-render-protocol.js';

/**
 * Templated answers rendered on a small pool of worker threads (decision 57 in docs/decisions.md).
 * The engine checks its time limit only between template steps, and one step (a filter over a
 * large array, a regular expression over a long text) can run for minutes: on the event loop
 * that froze ingest and the API alike. Here a render that outlives `timeoutMs` has its thread
 * terminated and replaced, and the loop never waits for a render at all. The queue is bounded
 * (in all and per inbox) and so is the time a job may wait in it: past either, the answer is
 * the fallback at once (a render failure, recorded on the event), never a queue that grows. An
 * inbox whose render had to be stopped is not rendered for a while (cooldownMs), and after a
 * thread was terminated the next one starts only after as long a rest.
 */

export interface TemplateRendererOptions {
  /** Render threads at most, started when first needed (REHOOK_TEMPLATE_THREADS). */
  readonly threads?: number;
  /** A render still running after this long has its thread terminated (REHOOK_TEMPLATE_TIMEOUT). */
  readonly timeoutMs?: number;
  /** Renders waiting for a thread, in all. */
  readonly maxQueued?: number;
  /** Renders waiting for a thread, per inbox: one busy inbox cannot fill the queue. */
  readonly maxQueuedPerInbox?: number;
  /** How long a render may wait for a busy thread. */
  readonly maxWaitMs?: number;
  /** How long renders wait for a thread that is starting (the first one, or one replaced). */
  readonly startWaitMs?: number;
  /** The V8 heap of each thread (old generation, MiB): past it the thread stops, the render fails. */
  readonly heapMb?: number;
  /**
   * After a render of an inbox had to be stopped (time or memory), that inbox's templates are not
   * rendered for this long: its senders get the fallback at once, and one hostile inbox cannot
   * keep a thread busy.
   */
  readonly cooldownMs?: number;
  /** Threads that failed in a way no template explains (a crash at start). */
  readonly onError?: (message: string) => void;
}

export const TEMPLATE_RENDERER_DEFAULTS = {
  threads: 1,
  timeoutMs: 250,
  maxQueued: 64,
  maxQueuedPerInbox: 4,
  maxWaitMs: 1000,
  startWaitMs: 10_000,
  heapMb: 96,
  cooldownMs: 10_000,
  /** Inboxes remembered in their cooldown at most (the oldest is forgotten first). */
  cooldownEntries: 10_000,
} as const;

/** What the pool is doing, for tests and metrics. */
export interface TemplateRendererStats {
  /** Renders running on a thread now. */
  readonly running: number;
  /** Renders waiting for a thread. */
  readonly queued: number;
  /** Threads terminated so far because a render outlived the time limit. */
  readonly terminated: number;
  /** Threads running or starting. */
  readonly threads: number;
}

interface Job {
  readonly id: number;
  readonly key: string;
  readonly chosen: ChosenAnswer;
  readonly request: TemplateRequest;
  readonly resolve: (resolved: ResolvedAnswer) => void;
  waitTimer: NodeJS.Timeout | null;
  /** Armed while no thread was ready: waits startWaitMs, re-armed to maxWaitMs when one is. */
  waitingForStart: boolean;
}

interface Thread {
  readonly worker: Worker;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

/**
 * The answer when a render could not finish (terminated, out of memory, no thread free): the
 * inbox's default answer when a rule failed and that default is not itself templated (rendering
 * it would need the same threads), else the contract's `200 {"ok":true}`; the event records why.
 */
export function unrenderedAnswer(chosen: ChosenAnswer, reason: string): ResolvedAnswer {
  const failed = chosen.record.rule === null ? 'default answer' : `rule ${chosen.record.rule}`;
  const fallback = chosen.record.rule !== null && !chosen.defaultAnswer.template ? chosen.defaultAnswer : null;
  return {
    answer: fallback,
    record: { rule: null, status: fallback?.status ?? CONTRACT_ANSWER.status, error: `${failed}: ${reason}` },
  };
}

export class TemplateRenderer {
  private readonly opts: Required<Omit<TemplateRendererOptions, 'onError'>>;
  private readonly onError: (message: string) => void;
  private readonly threads: Thread[] = [];
  private readonly queue: Job[] = [];
  private readonly queuedPerKey = new Map<string, number>();
  /** Keys whose last render was stopped, and until when (performance.now()) they are not rendered. */
  private readonly coolingUntil = new Map<string, number>();
  private nextId = 1;
  /** No thread starts before this (performance.now()): the rest after one was terminated. */
  private restUntil = 0;
  private restTimer: NodeJS.Timeout | null = null;
  private terminated = 0;
  private closed = false;

  constructor(opts: TemplateRendererOptions = {}) {
    this.opts = {
      threads: Math.max(1, Math.floor(opts.threads ?? TEMPLATE_RENDERER_DEFAULTS.threads)),
      timeoutMs: opts.timeoutMs ?? TEMPLATE_RENDERER_DEFAULTS.timeoutMs,
      maxQueued: opts.maxQueued ?? TEMPLATE_RENDERER_DEFAULTS.maxQueued,
      maxQueuedPerInbox: opts.maxQueuedPerInbox ?? TEMPLATE_RENDERER_DEFAULTS.maxQueuedPerInbox,
      maxWaitMs: opts.maxWaitMs ?? TEMPLATE_RENDERER_DEFAULTS.maxWaitMs,
      startWaitMs: opts.startWaitMs ?? TEMPLATE_RENDERER_DEFAULTS.startWaitMs,
      heapMb: opts.heapMb ?? TEMPLATE_RENDERER_DEFAULTS.heapMb,
      cooldownMs: opts.cooldownMs ?? TEMPLATE_RENDERER_DEFAULTS.cooldownMs,
    };
    this.onError = opts.onError ?? (() => undefined);
  }

  stats(): TemplateRendererStats {
    return {
      running: this.threads.filter((thread) => thread.job !== null).length,
      queued: this.queue.length,
      terminated: this.terminated,
      threads: this.threads.length,
    };
  }

  /**
   * The chosen answer with its templates rendered (response-templates.ts, resolveAnswer), on a
   * render thread. Never rejects: a render that cannot finish resolves to unrenderedAnswer.
   * `key` (the inbox) bounds how many of one inbox's renders may wait.
   */
  resolve(chosen: ChosenAnswer, request: TemplateRequest, key: string): Promise<ResolvedAnswer> {
    if (!chosen.answer.template) return Promise.resolve(chosen);
    if (this.closed) return Promise.resolve(unrenderedAnswer(chosen, 'the server is shutting down'));
    const cooling = this.coolingUntil.get(key);
    if (cooling !== undefined) {
      if (performance.now() < cooling) {
        return Promise.resolve(
          unrenderedAnswer(
            chosen,
            `a render of this inbox was stopped less than ${this.opts.cooldownMs} ms ago; not rendered`,
          ),
        );
      }
      this.coolingUntil.delete(key);
    }
    const waiting = this.queuedPerKey.get(key) ?? 0;
    const idle = this.threads.some((thread) => thread.ready && thread.job === null);
    if (!idle && (this.queue.length >= this.opts.maxQueued || waiting >= this.opts.maxQueuedPerInbox)) {
      return Promise.resolve(
        unrenderedAnswer(chosen, 'the template renderer is busy (too many renders waiting); not rendered'),
      );
    }
    return new Promise<ResolvedAnswer>((resolve) => {
      const job: Job = { id: this.nextId++, key, chosen, request, resolve, waitTimer: null, waitingForStart: false };
      this.queue.push(job);
      this.queuedPerKey.set(key, waiting + 1);
      this.dispatch();
      if (this.queue.includes(job)) this.armWait(job);
    });
  }

  /** Terminates the threads; renders waiting or running get the fallback. Safe to call twice. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.restTimer !== null) clearTimeout(this.restTimer);
    for (const job of this.queue.splice(0)) this.settleQueued(job, 'the server is shutting down');
    const threads = this.threads.splice(0);
    for (const thread of threads) {
      if (thread.timer !== null) clearTimeout(thread.timer);
      if (thread.job !== null) thread.job.resolve(unrenderedAnswer(thread.job.chosen, 'the server is shutting down'));
      thread.job = null;
    }
    await Promise.all(threads.map((thread) => thread.worker.terminate().catch(() => undefined)));
  }

  private armWait(job: Job): void {
    if (job.waitTimer !== null) clearTimeout(job.waitTimer);
    // Waiting while no thread is ready (one resting or starting, slower on a busy machine), or
    // while a thread is starting for this job beside a busy one, is not waiting behind renders.
    const starting = !this.threads.some((thread) => thread.ready) || this.threads.some((thread) => !thread.ready);
    job.waitingForStart = starting;
    const limit = starting ? this.opts.startWaitMs : this.opts.maxWaitMs;
    job.waitTimer = setTimeout(() => {
      const at = this.queue.indexOf(job);
      if (at < 0) return;
      this.queue.splice(at, 1);
      this.settleQueued(job, `no template render thread was free within ${limit} ms; not rendered`);
    }, limit);
    job.waitTimer.unref();
  }

  private settleQueued(job: Job, reason: string): void {
    this.leaveQueue(job);
    job.resolve(unrenderedAnswer(job.chosen, reason));
  }

  private leaveQueue(job: Job): void {
    if (job.waitTimer !== null) clearTimeout(job.waitTimer);
    job.waitTimer = null;
    const left = (this.queuedPerKey.get(job.key) ?? 1) - 1;
    if (left > 0) this.queuedPerKey.set(job.key, left);
    else this.queuedPerKey.delete(job.key);
  }

  private dispatch(): void {
    if (this.closed) return;
    for (const thread of this.threads) {
      if (this.queue.length === 0) return;
      if (thread.ready && thread.job === null) this.run(thread, this.queue.shift() as Job);
    }
    const starting = this.threads.some((thread) => !thread.ready);
    if (this.queue.length === 0 || starting || this.threads.length >= this.opts.threads) return;
    const rest = this.restUntil - performance.now();
    if (rest <= 0) this.start();
    else if (this.restTimer === null) {
      this.restTimer = setTimeout(() => {
        this.restTimer = null;
        this.dispatch();
      }, rest);
    }
  }

  private run(thread: Thread, job: Job): void {
    this.leaveQueue(job);
    thread.job = job;
    // A render someone awaits keeps the process alive, as an outgoing request would.
    thread.worker.ref();
    thread.timer = setTimeout(() => {
      this.terminated += 1;
      this.coolDown(job.key);
      // As long a rest before a thread starts again: renders that loop until they are stopped
      // keep a thread busy at most half the time (the rest of the process shares its CPU account).
      this.restUntil = performance.now() + this.opts.timeoutMs;
      this.retire(thread, `rendering took longer than ${this.opts.timeoutMs} ms and was stopped`);
    }, this.opts.timeoutMs);
    thread.timer.unref();
    thread.worker.postMessage({
      id: job.id,
      chosen: job.chosen,
      request: job.request,
      renderLimitMs: this.opts.timeoutMs,
    } satisfies RenderJob);
  }

  private start(): void {
    let worker: Worker;
    try {
      worker = spawnThread(
        {
          from: import.meta.url,
          entry: './template-render-thread',
          sources: [
            './response-templates',
            './template-render-protocol',
            '../domain/captured-event',
            '../domain/response',
            '../domain/lossless-json',
          ],
        },
        {
          resourceLimits: {
            maxOldGenerationSizeMb: this.opts.heapMb,
            maxYoungGenerationSizeMb: 16,
            stackSizeMb: 4,
          },
        },
      );
    } catch (err) {
      this.onError(`template render thread did not start: ${err instanceof Error ? err.message : String(err)}`);
      return;
    }
    // Held while it starts for a waiting render and while it renders; an idle thread never keeps
    // the process alive (see settle).
    const thread: Thread = { worker, ready: false, job: null, timer: null };
    this.threads.push(thread);
    worker.on('message', (reply: RenderReply) => {
      if (reply.kind === 'ready') {
        thread.ready = true;
        this.dispatch();
        for (const job of this.queue) if (job.waitingForStart) this.armWait(job);
        if (thread.job === null) thread.worker.unref();
        return;
      } else if (thread.job !== null && thread.job.id === reply.id) {
        const job = thread.job;
        if (thread.timer !== null) clearTimeout(thread.timer);
        thread.timer = null;
        thread.job = null;
        const answer = reply.answer === null ? null : { ...reply.answer, body: Buffer.from(reply.answer.body) };
        job.resolve({ answer, record: reply.record });
      }
      this.dispatch();
      if (thread.job === null) thread.worker.unref();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const outOfMemory = err.code === 'ERR_WORKER_OUT_OF_MEMORY';
      if (outOfMemory && thread.job !== null) this.coolDown(thread.job.key);
      if (!outOfMemory && thread.job === null) this.onError(`template render thread failed: ${err.message}`);
      this.retire(
        thread,
        outOfMemory ? 'rendering ran out of memory and was stopped' : `rendering failed: ${err.message}`,
      );
    });
    worker.on('exit', () => this.retire(thread, 'the render thread stopped'));
  }

  private coolDown(key: string): void {
    if (this.opts.cooldownMs <= 0) return;
    this.coolingUntil.delete(key);
    if (this.coolingUntil.size >= TEMPLATE_RENDERER_DEFAULTS.cooldownEntries) {
      const oldest = this.coolingUntil.keys().next().value;
      if (oldest !== undefined) this.coolingUntil.delete(oldest);
    }
    this.coolingUntil.set(key, performance.now() + this.opts.cooldownMs);
  }

  /** Ends `thread` (terminating it if it still runs): its render gets the fallback; a new one starts when needed. */
  private retire(thread: Thread, reason: string): void {
    const at = this.threads.indexOf(thread);
    if (at < 0) return;
    this.threads.splice(at, 1);
    if (thread.timer !== null) clearTimeout(thread.timer);
    thread.timer = null;
    const job = thread.job;
    thread.job = null;
    const startedBefore = thread.ready;
    void thread.worker.terminate().catch(() => undefined);
    if (job !== null) job.resolve(unrenderedAnswer(job.chosen, reason));
    // A thread that died before it was ready is not replaced at once (it would fail again in a
    // loop); the next render asks for one, and those waiting run out their wait.
    if (startedBefore) this.dispatch();
  }
}

let shared: TemplateRenderer | null = null;

/** One renderer per process for callers not given one (tests building their own dependencies). */
export function sharedTemplateRenderer(): TemplateRenderer {
  shared ??= new TemplateRenderer();
  return shared;
}
