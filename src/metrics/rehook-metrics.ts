import type { AttemptOutcome } from '../domain/outbound-delivery.js';
import type { ReplayOutcomeKind, ReplayRecord } from '../domain/replay.js';
import type { ReplayRepository } from '../ports/replay-repository.js';
import type { Store } from '../ports/store.js';
import { Counter, Gauge, Histogram, Registry } from './registry.js';

/** Use of the database connection pool at scrape time (PostgreSQL only). */
export interface PoolStats {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

const REPLAY_OUTCOMES: readonly ReplayOutcomeKind[] = ['response', 'invalid', 'forbidden', 'unreachable', 'timeout'];
const DELIVERY_STATES = ['delivered', 'failed', 'cancelled'] as const;
const ATTEMPT_OUTCOMES: readonly AttemptOutcome[] = ['delivered', 'rejected', 'forbidden', 'unreachable', 'timeout'];
const DELIVERY_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** Seconds from the end of an ingest request to the commit being answered. */
const INGEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The metrics of one Rehook process, served at `/metrics`. Counters are per process: Prometheus
 * sums them over the instances of a cluster.
 */
export interface RehookMetrics {
  /** An ingest request was committed (`stored`) or answered 200 without storing (`ignored`). */
  ingested(result: 'stored' | 'ignored', seconds: number): void;
  /** An ingest request could not be stored (answered 503). */
  ingestFailed(): void;
  /** Ingest requests being stored right now. */
  ingestStarted(): () => void;
  replayed(outcome: ReplayOutcomeKind): void;
  /** A sweep ran (it held the cluster-wide sweep lock, or none is needed). */
  swept(result: { inboxesDeleted: number; rowsPurged: number }, seconds: number): void;
  /** A sweep was skipped because another instance was sweeping. */
  sweepSkipped(): void;
  sweepFailed(): void;
  /** Reports the database pool's use at each scrape (never called when unset). */
  setPoolStats(read: () => PoolStats): void;
  /** Automatic forwarding: a delivery attempt ended (`seconds` null when nothing was sent). */
  deliveryAttempted(outcome: AttemptOutcome, seconds: number | null): void;
  /** A delivery finished (by this instance). */
  deliveryFinished(state: 'delivered' | 'failed' | 'cancelled'): void;
  /** Unfinished deliveries of every instance, as last measured by the delivery worker. */
  setDeliveryQueueDepth(depth: number): void;
  readonly counters: {
    readonly sweeps: Counter;
    readonly sweepsSkipped: Counter;
    readonly ingested: Counter;
    readonly replays: Counter;
    readonly deliveries: Counter;
    readonly deliveryAttempts: Counter;
  };
  /** The exposition text. */
  render(): string;
}

export function createRehookMetrics(): RehookMetrics {
  const registry = new Registry();
  const counter = (...args: ConstructorParameters<typeof Counter>) => registry.register(new Counter(...args));
  const histogram = (...args: ConstructorParameters<typeof Histogram>) => registry.register(new Histogram(...args));
  const gauge = (...args: ConstructorParameters<typeof Gauge>) => registry.register(new Gauge(...args));
  const ingested = counter(
    'rehook_ingested_events_total',
    'Ingest requests answered 200: stored, or ignored (unknown or expired inbox).',
    [{ result: 'stored' }, { result: 'ignored' }],
  );
  const ingestFailures = counter(
    'rehook_ingest_failures_total',
    'Ingest requests answered 503 because the event could not be stored.',
  );
  const latency = histogram(
    'rehook_ingest_duration_seconds',
    'Time from the end of an ingest request to its commit being answered (stored or ignored).',
    INGEST_BUCKETS,
  );
  let inFlight = 0;
  gauge('rehook_ingest_in_flight', 'Ingest requests waiting for their commit.', () => [{ value: inFlight }]);
  const replays = counter(
    'rehook_replays_total',
    'Replay attempts by outcome (response = the destination answered, any status).',
    REPLAY_OUTCOMES.map((outcome) => ({ outcome })),
  );
  const sweeps = counter('rehook_sweeps_total', 'Expiry sweeps this instance ran.');
  const sweepsSkipped = counter(
    'rehook_sweeps_skipped_total',
    'Expiry sweeps skipped because another instance held the sweep lock.',
  );
  const sweepFailures = counter('rehook_sweep_failures_total', 'Expiry sweeps that failed.');
  const sweptInboxes = counter(
    'rehook_sweep_inboxes_deleted_total',
    'Expired anonymous inboxes deleted by this instance.',
  );
  const sweptRows = counter(
    'rehook_sweep_rows_purged_total',
    'Events and replays of deleted inboxes purged by this instance.',
  );
  const sweepDuration = histogram(
    'rehook_sweep_duration_seconds',
    'Duration of the sweeps this instance ran.',
    [0.01, 0.1, 0.5, 1, 2.5, 5],
  );
  let readPool: (() => PoolStats) | null = null;
  gauge('rehook_db_pool_connections', 'Database pool connections by state (PostgreSQL only).', () => {
    if (readPool === null) return [];
    const stats = readPool();
    return [
      { labels: { state: 'total' }, value: stats.total },
      { labels: { state: 'idle' }, value: stats.idle },
      { labels: { state: 'in_use' }, value: Math.max(0, stats.total - stats.idle) },
    ];
  });
  gauge('rehook_db_pool_waiting', 'Queries waiting for a free database pool connection (PostgreSQL only).', () =>
    readPool === null ? [] : [{ value: readPool().waiting }],
  );

  const deliveries = counter(
    'rehook_deliveries_total',
    'Deliveries of automatic forwarding finished by this instance, by outcome (delivered: a 2xx answer; failed: attempts ran out or the destination is forbidden; cancelled: forwarding removed or event deleted).',
    DELIVERY_STATES.map((outcome) => ({ outcome })),
  );
  const deliveryAttempts = counter(
    'rehook_delivery_attempts_total',
    'Delivery attempts this instance made, by outcome (delivered, rejected = another status, forbidden, unreachable, timeout).',
    ATTEMPT_OUTCOMES.map((outcome) => ({ outcome })),
  );
  const deliveryDuration = histogram(
    'rehook_delivery_attempt_duration_seconds',
    'Duration of the delivery attempts this instance sent.',
    DELIVERY_BUCKETS,
  );
  let queueDepth: number | null = null;
  gauge(
    'rehook_delivery_queue_depth',
    "Unfinished (pending or delivering) deliveries of the whole cluster, measured at every poll of this instance's delivery worker (counted up to 100,000; absent without a worker).",
    () => (queueDepth === null ? [] : [{ value: queueDepth }]),
  );

  const countIngested = { stored: ingested.bind({ result: 'stored' }), ignored: ingested.bind({ result: 'ignored' }) };
  return {
    ingested(result, seconds) {
      countIngested[result]();
      latency.observe(seconds);
    },
    ingestFailed() {
      ingestFailures.inc();
    },
    ingestStarted() {
      inFlight += 1;
      let done = false;
      return () => {
        if (done) return;
        done = true;
        inFlight -= 1;
      };
    },
    replayed(outcome) {
      replays.inc({ outcome });
    },
    swept(result, seconds) {
      sweeps.inc();
      sweptInboxes.inc({}, result.inboxesDeleted);
      sweptRows.inc({}, result.rowsPurged);
      sweepDuration.observe(seconds);
    },
    sweepSkipped() {
      sweepsSkipped.inc();
    },
    sweepFailed() {
      sweepFailures.inc();
    },
    setPoolStats(read) {
      readPool = read;
    },
    deliveryAttempted(outcome, seconds) {
      if (outcome !== 'abandoned') deliveryAttempts.inc({ outcome });
      if (seconds !== null) deliveryDuration.observe(seconds);
    },
    deliveryFinished(state) {
      deliveries.inc({ outcome: state });
    },
    setDeliveryQueueDepth(depth) {
      queueDepth = depth;
    },
    counters: { sweeps, sweepsSkipped, ingested, replays, deliveries, deliveryAttempts },
    render: () => registry.render(),
  };
}

/** The store, with each recorded replay counted by outcome once it is stored. */
export function countReplays(store: Store, metrics: Pick<RehookMetrics, 'replayed'>): Store {
  const replays = store.replays;
  // Delegation through the prototype keeps every other method (and the adapter's extras, such
  // as the PostgreSQL pool) as they are.
  const counted: ReplayRepository = Object.assign(Object.create(replays) as ReplayRepository, {
    insert: async (replay: ReplayRecord) => {
      await replays.insert(replay);
      metrics.replayed(replay.outcome);
    },
  });
  return Object.assign(Object.create(store) as Store, { replays: counted });
}
