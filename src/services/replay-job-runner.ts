import { isId } from '../domain/ids.js';
import { roleAtLeast, roleNeededFor } from '../domain/team.js';
import { randomPart } from '../domain/ids.js';
import type { Inbox } from '../domain/inbox.js';
import type { ReplayJob, ReplayJobItem } from '../domain/replay-job.js';
import { AppError } from '../errors.js';
import type { ServiceDeps } from './deps.js';
import { replayOnce } from './replays.js';

type RunnerDeps = Pick<ServiceDeps, 'store' | 'clock' | 'bus' | 'egressClient'> &
  Partial<Pick<ServiceDeps, 'signatureKeys'>>;

/** Jobs one instance runs at once; more wait in the queue (or run on another instance). */
export const DEFAULT_MAX_RUNNING_JOBS = 4;
/** Pending items read from the store at a time. */
const ITEM_BATCH = 100;
/** How long stop() waits for sends in flight before it gives the leases up anyway. */
const DEFAULT_SHUTDOWN_GRACE_MS = 10_000;

/**
 * Spaces sends `1000 / ratePerSecond` ms apart: the first at once, each next one a full interval
 * after the previous slot (or now, if that has passed). No bursts after an idle spell: at most
 * one send per interval, whatever the concurrency. Pure: `now` is injected (tests use a fake).
 */
export class RatePacer {
  readonly #intervalMs: number;
  readonly #now: () => number;
  #next = Number.NEGATIVE_INFINITY;

  constructor(ratePerSecond: number, now: () => number) {
    this.#intervalMs = 1000 / ratePerSecond;
    this.#now = now;
  }

  /** Takes the next slot; returns how long to wait until it (0: send now). */
  reserve(): number {
    const now = this.#now();
    const slot = Math.max(now, this.#next);
    this.#next = slot + this.#intervalMs;
    return slot - now;
  }
}

/** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

export interface ReplayJobRunnerOptions {
  /** How long a claim holds a job; renewed every third of it. Another instance takes over after. */
  readonly leaseMs: number;
  /** How often to look for claimable jobs besides the bus's wake-ups; default a third of the lease, at most 5 s. */
  readonly pollMs?: number;
  readonly maxRunningJobs?: number;
  readonly shutdownGraceMs?: number;
  /** Lease owner name; default a random one per runner. */
  readonly instanceId?: string;
  readonly onError?: (err: unknown, context: string) => void;
  /** This runner claimed the job (first start, or resuming it after a restart or a takeover). */
  readonly onJobStarted?: (job: ReplayJob) => void;
  readonly onJobEnded?: (job: ReplayJob, outcome: 'completed' | 'failed' | 'cancelled' | 'lost' | 'stopped') => void;
}

export interface ReplayJobRunner {
  /** The lease owner name this runner writes into claimed jobs. */
  readonly instanceId: string;
  /** Looks for claimable jobs now (also done on every bus wake-up and poll). */
  kick(): void;
  /**
   * Stops claiming, stops sending (no new sends), waits for sends in flight (at most the grace),
   * records them and gives up every lease so another instance (or the next start) resumes the
   * jobs at once.
   */
  stop(): Promise<void>;
}

/** One job this runner holds. */
interface Run {
  readonly job: ReplayJob;
  readonly abort: AbortController;
  /** Why it stops early: the lease was lost, the job was cancelled, failed, or the runner stops. */
  reason: 'lost' | 'cancelled' | 'stopped' | 'error' | null;
  done: Promise<void>;
}

/**
 * The bulk replay job runner of one instance. It claims runnable jobs (queued, or running with
 * an expired lease) through the store, so each job runs on one instance at a time, and replays
 * each job's pending items in order at the job's rate and concurrency with replayOnce (the same
 * SSRF-guarded, recorded send as a single replay). Delivery is at-least-once: a send in flight
 * when an instance dies is sent again by the instance that takes the job over.
 */
export function startReplayJobRunner(deps: RunnerDeps, opts: ReplayJobRunnerOptions): ReplayJobRunner {
  const owner = opts.instanceId ?? `runner-${randomPart().slice(0, 12)}`;
  const leaseMs = opts.leaseMs;
  const pollMs = opts.pollMs ?? Math.min(5_000, Math.max(100, Math.floor(leaseMs / 3)));
  const maxRunning = opts.maxRunningJobs ?? DEFAULT_MAX_RUNNING_JOBS;
  const grace = opts.shutdownGraceMs ?? DEFAULT_SHUTDOWN_GRACE_MS;
  const onError = opts.onError ?? (() => undefined);
  const runs = new Map<string, Run>();
  let stopped = false;
  let claiming = false;
  let claimAgain = false;

  const leaseUntil = (): Date => new Date(deps.clock.now().getTime() + leaseMs);

  async function claimLoop(): Promise<void> {
    if (claiming) {
      claimAgain = true;
      return;
    }
    claiming = true;
    try {
      do {
        claimAgain = false;
        while (!stopped && runs.size < maxRunning) {
          const claimed = await deps.store.replayJobs.claim(owner, deps.clock.now(), leaseUntil(), [...runs.keys()]);
          if (claimed === null || stopped) {
            if (claimed !== null) await deps.store.replayJobs.releaseLease(claimed.job.id, owner);
            break;
          }
          startRun(claimed.job);
        }
      } while (claimAgain && !stopped);
    } catch (err) {
      onError(err, 'replay job claim failed');
    } finally {
      claiming = false;
    }
  }

  function startRun(job: ReplayJob): void {
    const run: Run = { job, abort: new AbortController(), reason: null, done: Promise.resolve() };
    runs.set(job.id, run);
    opts.onJobStarted?.(job);
    run.done = runJob(run)
      .catch((err: unknown) => onError(err, `replay job ${job.id} failed`))
      .finally(() => {
        runs.delete(job.id);
        // A slot is free: another queued job may start.
        if (!stopped) void claimLoop();
      });
  }

  function stopRun(run: Run, reason: NonNullable<Run['reason']>): void {
    run.reason ??= reason;
    run.abort.abort();
  }

  /** Whether the job's inbox is still live and the job's account may still replay its events. */
  async function inboxFor(job: ReplayJob): Promise<Inbox | null> {
    const inbox = await deps.store.inboxes.findLive(job.inboxId, deps.clock.now());
    if (inbox === null) return null;
    if (inbox.ownerId === null || inbox.ownerId === job.accountId) return inbox;
    // A team's inbox: its maker must still be a member allowed to replay (not removed, not
    // demoted to viewer since).
    if (!isId('team', inbox.ownerId)) return null;
    const role = await deps.store.teams.findRole(inbox.ownerId, job.accountId);
    return role !== null && roleAtLeast(role, roleNeededFor('replay')) ? inbox : null;
  }

  async function runJob(run: Run): Promise<void> {
    const { job } = run;
    const signal = run.abort.signal;
    const renewer = setInterval(
      () => {
        deps.store.replayJobs.renewLease(job.id, owner, leaseUntil()).then(
          (current) => {
            if (current === null) stopRun(run, 'lost');
          },
          (err: unknown) => onError(err, `replay job ${job.id}: lease renewal failed`),
        );
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    renewer.unref();
    const inFlight = new Set<Promise<void>>();
    let policyRefusal: { code: string; message: string } | null = null;
    try {
      let inbox = await inboxFor(job);
      if (inbox === null) {
        await finishAs(
          run,
          'failed',
          'INBOX_NOT_FOUND',
          'The inbox was deleted or expired, or is no longer the job account’s',
        );
        return;
      }
      const pacer = new RatePacer(job.ratePerSecond, () => Date.now());
      let cursor = -1;
      let firstBatch = true;
      for (;;) {
        if (signal.aborted) break;
        const batch: ReplayJobItem[] = await deps.store.replayJobs.listItems(job.id, {
          after: cursor,
          limit: ITEM_BATCH,
          pendingOnly: true,
        });
        if (batch.length === 0) break;
        if (!firstBatch) {
          inbox = await inboxFor(job);
          if (inbox === null) break;
        }
        firstBatch = false;
        for (const item of batch) {
          cursor = item.position;
          while (inFlight.size >= job.concurrency && !signal.aborted) await Promise.race(inFlight);
          if (signal.aborted) break;
          // A cancellation on another instance whose message was lost still stops the next send.
          const current = await deps.store.replayJobs.findById(job.id);
          if (current === null || current.state !== 'running') {
            stopRun(run, 'cancelled');
            break;
          }
          await sleep(pacer.reserve(), signal);
          if (signal.aborted) break;
          const sent: Promise<void> = sendOne(job, inbox, item).then(
            (refusal) => {
              if (refusal !== null && policyRefusal === null) {
                policyRefusal = refusal;
                stopRun(run, 'error');
              }
            },
            (err: unknown) => {
              onError(err, `replay job ${job.id}: recording a replay failed`);
              stopRun(run, 'error');
            },
          );
          const tracked = sent.finally(() => inFlight.delete(tracked));
          inFlight.add(tracked);
        }
      }
      await settle(inFlight, run);
      const refusal = policyRefusal as { code: string; message: string } | null;
      if (refusal !== null) {
        await finishAs(run, 'failed', refusal.code, refusal.message);
      } else if (run.reason === null) {
        if (inbox === null) {
          await finishAs(run, 'failed', 'INBOX_NOT_FOUND', 'The inbox was deleted or expired while the job ran');
        } else {
          const left = await deps.store.replayJobs.listItems(job.id, { limit: 1, pendingOnly: true });
          if (left.length === 0) await finishAs(run, 'completed');
        }
      }
    } catch (err) {
      stopRun(run, 'error');
      throw err;
    } finally {
      clearInterval(renewer);
      // Sends still in flight after a failure: let them be recorded (bounded when stopping).
      if (inFlight.size > 0 && run.reason !== 'stopped') await settle(inFlight, run);
      const reason = run.reason;
      if (reason === 'stopped' || reason === 'error') {
        await deps.store.replayJobs.releaseLease(job.id, owner).catch((err: unknown) => {
          onError(err, `replay job ${job.id}: releasing the lease failed`);
        });
      }
      if (reason !== null && reason !== 'error') opts.onJobEnded?.(job, reason);
    }
  }

  /**
   * Waits for the sends in flight to be recorded; when the runner stops, at most the grace (the
   * lease is then given up anyway, and an unrecorded send is sent again by whoever resumes).
   */
  async function settle(inFlight: ReadonlySet<Promise<void>>, run: Run): Promise<void> {
    if (inFlight.size === 0) return;
    if (run.reason !== 'stopped') return void (await Promise.all(inFlight));
    const timeout = new AbortController();
    await Promise.race([Promise.all(inFlight), sleep(grace, timeout.signal)]);
    timeout.abort();
  }

  async function finishAs(
    run: Run,
    state: 'completed' | 'failed',
    errorCode?: string,
    errorMessage?: string,
  ): Promise<void> {
    const ok = await deps.store.replayJobs.finish(
      run.job.id,
      owner,
      {
        state,
        ...(errorCode === undefined ? {} : { errorCode }),
        ...(errorMessage === undefined ? {} : { errorMessage }),
      },
      deps.clock.now(),
    );
    opts.onJobEnded?.(run.job, ok ? state : 'lost');
  }

  /**
   * Replays one item and records its result. Resolves with the policy refusal (invalid or
   * forbidden destination: every later send would be refused too, so the job fails) or null.
   */
  async function sendOne(
    job: ReplayJob,
    inbox: Inbox,
    item: ReplayJobItem,
  ): Promise<{ code: string; message: string } | null> {
    const event = await deps.store.events.findById(item.eventId);
    if (event === null || event.inboxId !== job.inboxId) {
      await deps.store.replayJobs.completeItem(job.id, item.position, {
        replayId: null,
        statusCode: null,
        latencyMs: null,
        errorCode: 'EVENT_NOT_FOUND',
        completedAt: deps.clock.now(),
      });
      return null;
    }
    let record: Awaited<ReturnType<typeof replayOnce>>;
    try {
      record = await replayOnce(deps, {
        event,
        inbox,
        accountId: job.accountId,
        destination: job.destination,
        jobId: job.id,
        resign: job.resign,
      });
    } catch (err) {
      // The secret was removed after the job was created: no later send could be signed either.
      if (err instanceof AppError && err.code === 'SIGNATURE_NOT_SET') return { code: err.code, message: err.message };
      throw err;
    }
    await deps.store.replayJobs.completeItem(job.id, item.position, {
      replayId: record.id,
      statusCode: record.statusCode,
      latencyMs: record.latencyMs,
      errorCode: record.errorCode,
      completedAt: deps.clock.now(),
    });
    if (record.outcome === 'forbidden' || record.outcome === 'invalid') {
      return {
        code: record.errorCode ?? 'DESTINATION_FORBIDDEN',
        message: record.errorMessage ?? 'Destination refused',
      };
    }
    return null;
  }

  const unsubscribe = deps.bus.subscribeControl((message) => {
    if (stopped || message.type !== 'replay-job.changed') return;
    const run = runs.get(message.jobId);
    if (run === undefined) {
      void claimLoop();
      return;
    }
    // A job this instance runs changed (cancelled): look now rather than at the next send.
    void deps.store.replayJobs.findById(run.job.id).then(
      (current) => {
        if (current !== null && current.state !== 'running') stopRun(run, 'cancelled');
      },
      (err: unknown) => onError(err, `replay job ${run.job.id}: reading its state failed`),
    );
  });
  const poller = setInterval(() => void claimLoop(), pollMs);
  poller.unref();
  void claimLoop();

  return {
    instanceId: owner,
    kick: () => void claimLoop(),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(poller);
      unsubscribe();
      const current = [...runs.values()];
      for (const run of current) stopRun(run, 'stopped');
      await Promise.all(current.map((run) => run.done));
    },
  };
}
