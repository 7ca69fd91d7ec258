import { eventTypeOf } from '../domain/event-type.js';
import { DEFAULT_MIN_SAMPLES, emptyLearnedSchema, foldSample, type LearnedSchema } from '../domain/learned-schema.js';
import { driftOf, encodeDrift } from '../domain/drift.js';
import type { EventTypeSummary, UntypedEvent } from '../ports/event-type-repository.js';
import type { SweepLock } from '../ports/sweep-lock.js';
import type { ServiceDeps } from './deps.js';
import type { DriftNotice } from './event-types.js';

/**
 * The event-type worker (docs/insight.md): off the ingest path, it reads the events not typed
 * yet (EventTypeRepository.listUntyped, store order), works out each one's type, checks it for
 * drift against its type's summary learned from the earlier events, folds it into that summary,
 * and records the batch in one transaction. Pending rebuilds go first. On PostgreSQL the rounds
 * run under an advisory lock, so one instance at a time writes summaries; the others skip.
 */

export interface EventTypeWorkerOptions {
  /** How often to look for new events when idle. */
  readonly pollIntervalMs: number;
  /** Keeps the worker to one instance at a time (NO_SWEEP_LOCK on SQLite). */
  readonly lock: SweepLock;
  /** Events read per batch. */
  readonly batchSize?: number;
  /** Bodies larger than this are not read (the event gets no type). */
  readonly maxBodyBytes?: number;
  readonly onError?: (err: unknown, context: string) => void;
  /**
   * Told of each event recorded as drifted, once its batch has committed (the server hands it to
   * its alerts). Given per worker, so several servers in one process never hear each other's.
   */
  readonly onDrift?: (notice: DriftNotice) => void;
  /**
   * How many requests this process has captured so far (a counter that only grows). While it
   * grows fast, the worker steps further aside (see restAfter); absent = never busy.
   */
  readonly captures?: () => number;
}

export interface EventTypeWorker {
  /** Looks for untyped events now. */
  kick(): void;
  /** Resolves once a round found nothing left to do (for tests and benchmarks). */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

export const DEFAULT_BATCH_SIZE = 64;
/** Bodies read for inference at most (larger ones get no type: JSON that large is rarely a webhook). */
export const MAX_INFERENCE_BODY_BYTES = 1024 * 1024;
/** Events one step of a rebuild marks untyped again. */
const RESET_STEP = 5000;

/** The parsed body when it is a JSON object or array, else undefined. */
export function parseJsonBody(body: Buffer | null): unknown {
  if (body === null || body.length === 0) return undefined;
  let first = 0;
  while (
    first < body.length &&
    (body[first] === 0x20 || body[first] === 0x0a || body[first] === 0x0d || body[first] === 0x09)
  ) {
    first += 1;
  }
  if (body[first] !== 0x7b && body[first] !== 0x5b) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    return undefined;
  }
}

const key = (inboxId: string, eventType: string) => `${inboxId}\u0000${eventType}`;

/** Types, checks and folds one batch; answers what to store and the drift to announce. */
async function learnBatch(
  deps: Pick<ServiceDeps, 'store'>,
  events: readonly UntypedEvent[],
): Promise<{
  typed: { id: string; eventType: string; drift: string | null }[];
  summaries: EventTypeSummary[];
  notices: DriftNotice[];
}> {
  const repo = deps.store.eventTypes;
  const inboxIds = [...new Set(events.map((e) => e.inboxId))];
  const rules = await repo.findRules(inboxIds);
  const minSamples = await repo.findMinSamples(inboxIds);
  const parsed = events.map((event) => {
    const json = parseJsonBody(event.body);
    const eventType = json === undefined ? '' : eventTypeOf({ ...event, json }, rules.get(event.inboxId) ?? null);
    return { event, json, eventType };
  });
  // The summaries this batch touches, read once.
  const wanted = new Map<string, Set<string>>();
  for (const p of parsed) {
    if (p.eventType !== '') wanted.set(p.event.inboxId, (wanted.get(p.event.inboxId) ?? new Set()).add(p.eventType));
  }
  const summaries = new Map<string, { info: Omit<EventTypeSummary, 'shape'>; shape: LearnedSchema }>();
  for (const [inboxId, types] of wanted) {
    for (const s of await repo.findSummaries(inboxId, [...types])) {
      const { shape, ...info } = s;
      summaries.set(key(inboxId, s.eventType), { info, shape });
    }
  }
  const typed: { id: string; eventType: string; drift: string | null }[] = [];
  const notices: DriftNotice[] = [];
  const touched = new Set<string>();
  for (const { event, json, eventType } of parsed) {
    if (eventType === '') {
      typed.push({ id: event.id, eventType, drift: null });
      continue;
    }
    const k = key(event.inboxId, eventType);
    let entry = summaries.get(k);
    if (entry === undefined) {
      entry = {
        info: {
          inboxId: event.inboxId,
          eventType,
          count: 0,
          drifted: 0,
          firstSeen: event.receivedAt,
          lastSeen: event.receivedAt,
        },
        shape: emptyLearnedSchema(),
      };
      summaries.set(k, entry);
    }
    // Checked against what the EARLIER events taught, before this one is folded in; nothing drifts
    // before the type has the inbox's minimum of samples.
    const drift = driftOf(entry.shape, json, minSamples.get(event.inboxId) ?? DEFAULT_MIN_SAMPLES);
    foldSample(entry.shape, json);
    const info = entry.info;
    entry.info = {
      ...info,
      count: info.count + 1,
      drifted: info.drifted + (drift.length > 0 ? 1 : 0),
      firstSeen: new Date(Math.min(event.receivedAt.getTime(), info.firstSeen.getTime())),
      lastSeen: new Date(Math.max(event.receivedAt.getTime(), info.lastSeen.getTime())),
    };
    touched.add(k);
    typed.push({ id: event.id, eventType, drift: encodeDrift(drift) });
    if (drift.length > 0) notices.push({ inboxId: event.inboxId, eventId: event.id, eventType, drift });
  }
  const changed = [...touched].map((k) => {
    const entry = summaries.get(k) as { info: Omit<EventTypeSummary, 'shape'>; shape: LearnedSchema };
    return { ...entry.info, shape: entry.shape };
  });
  return { typed, summaries: changed, notices };
}

/** Captures per second in this process above which ingest counts as busy. */
export const BUSY_CAPTURES_PER_SECOND = 200;

/**
 * How long the worker rests after a full batch that took `busyMs`: four times as long (a fifth of
 * the process at most), at most 1 s; while ingest is busy, 32 times as long (about 3 %), at most
 * 5 s, so that a burst of captures keeps the CPU and the database's writer for itself.
 */
export function restAfter(busyMs: number, ingestBusy = false): number {
  const [factor, cap] = ingestBusy ? [32, 5_000] : [4, 1_000];
  return Math.min(cap, Math.max(0, Math.round(busyMs * factor)));
}

/** Answers, at each call, whether captures arrived faster than BUSY_CAPTURES_PER_SECOND since the last call. */
export function ingestPace(captures: (() => number) | undefined): () => boolean {
  if (captures === undefined) return () => false;
  let lastCount = captures();
  let lastAt = performance.now();
  return () => {
    const count = captures();
    const at = performance.now();
    const perSecond = ((count - lastCount) * 1000) / Math.max(1, at - lastAt);
    lastCount = count;
    lastAt = at;
    return perSecond > BUSY_CAPTURES_PER_SECOND;
  };
}

export function startEventTypeWorker(deps: Pick<ServiceDeps, 'store'>, opts: EventTypeWorkerOptions): EventTypeWorker {
  const repo = deps.store.eventTypes;
  const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
  const maxBodyBytes = opts.maxBodyBytes ?? MAX_INFERENCE_BODY_BYTES;
  const onError = opts.onError ?? (() => undefined);
  const ingestBusy = ingestPace(opts.captures);
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  let caughtUpWaiters: (() => void)[] = [];

  function tellDrift(notice: DriftNotice): void {
    try {
      opts.onDrift?.(notice);
    } catch (err) {
      // The batch is recorded either way; a failing listener must not make the round look failed.
      onError(err, 'drift notice');
    }
  }

  /** One round under the lock; true when there may be more to do at once. */
  async function round(): Promise<boolean> {
    const result = await opts.lock.runExclusive(async () => {
      const rebuild = await repo.nextRebuild();
      if (rebuild !== null) {
        await repo.resetStep(rebuild, RESET_STEP);
        return true;
      }
      const events = await repo.listUntyped(batchSize, maxBodyBytes);
      if (events.length === 0) return false;
      const { typed, summaries, notices } = await learnBatch(deps, events);
      await repo.applyBatch({ events: typed, summaries });
      for (const notice of notices) tellDrift(notice);
      return events.length === batchSize;
    });
    return result.ran && result.value;
  }

  async function run(): Promise<void> {
    do {
      again = false;
      let more = true;
      while (more && !stopped) {
        const started = performance.now();
        try {
          more = await round();
        } catch (err) {
          onError(err, 'event types');
          more = false;
        }
        // Behind a backlog, the worker rests four times as long as its batch took, so it takes at
        // most a fifth of the process: ingest and the API share its event loop, CPU and database
        // writer. While requests are being captured fast it rests far longer (about 3 %), since
        // learning types must not slow capture; it catches up once the burst is over.
        if (more) {
          const rest = restAfter(performance.now() - started, ingestBusy());
          await new Promise((resolve) => setTimeout(resolve, rest));
        }
      }
    } while (again && !stopped);
    const waiters = caughtUpWaiters;
    caughtUpWaiters = [];
    for (const wake of waiters) wake();
  }

  function kick(): void {
    if (stopped) return;
    if (running !== null) {
      again = true;
      return;
    }
    running = run().finally(() => {
      running = null;
    });
  }

  const poll = setInterval(kick, opts.pollIntervalMs);
  poll.unref();
  kick();

  return {
    kick,
    caughtUp() {
      const wait = new Promise<void>((resolve) => caughtUpWaiters.push(resolve));
      kick();
      again = true;
      return wait;
    },
    async stop() {
      stopped = true;
      clearInterval(poll);
      await running;
      for (const wake of caughtUpWaiters.splice(0)) wake();
    },
  };
}
