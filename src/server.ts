import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { createApiAbuseControls } from './abuse/api-limits.js';
import { tokenBucketOrUnlimited } from './abuse/rate-limiter.js';
import {
  buildSingleSignOn,
  composeDeps,
  eventTypeLockFor,
  poolStatsOf,
  sweepLockFor,
  type StartupNote,
} from './compose.js';
import type { Config } from './config/schema.js';
import { createEventIdFactory } from './domain/ids.js';
import { buildApiApp } from './http/api/app.js';
import type { InspectedResponse } from './http/api/core/context.js';
import { SSO_CALLBACK_PATH } from './http/api/auth/single-sign-on.js';
import { createIngestServer } from './http/ingest/server.js';
import { measureIngest } from './metrics/ingest.js';
import { createRehookMetrics, type RehookMetrics } from './metrics/rehook-metrics.js';
import type { Clock } from './ports/clock.js';
import type { ServiceDeps } from './services/deps.js';
import { startSweeper } from './services/expiry.js';
import { captureRequest } from './services/ingest.js';
import { responseCacheFor } from './services/responses.js';
import { startReplayJobRunner } from './services/replay-job-runner.js';
import { startDeliveryWorker } from './services/delivery-worker.js';
import type { OutboundWorker } from './services/outbound-worker.js';
import { startEventTypeWorker } from './services/event-type-worker.js';
import { type AlertEvaluator, createAlertEvaluator } from './services/alert-evaluator.js';
import { alertsChanged, startAlertWorker } from './services/alert-worker.js';
import { createServerLogger } from './server-logger.js';

export interface RunningRehook {
  /** Origin the API listens on, e.g. http://127.0.0.1:8080; '' with role ingest. */
  readonly apiUrl: string;
  /** Origin the ingest listener is bound to; '' with role api. */
  readonly ingestUrl: string;
  /** Public ingest origin used in inbox URLs (REHOOK_PUBLIC_INGEST_URL or ingestUrl). */
  readonly publicIngestUrl: string;
  readonly deps: ServiceDeps;
  /**
   * This process's alert triggers: `alerts.onDrift(event)` is the seam for whoever marks an
   * event as drifting (services/alert-evaluator.ts).
   */
  readonly alerts: AlertEvaluator;
  /** Stops accepting, finishes in-flight requests, flushes and closes the database. */
  close(): Promise<void>;
}

function originOf(host: string, port: number): string {
  const visible = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${visible.includes(':') ? `[${visible}]` : visible}:${port}`;
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/**
 * Starts the two listeners of one Rehook process: the REST API and the ingest endpoint, on
 * separate ports (separate origins, so captured content never shares the API's), plus the expiry sweeper.
 */
export async function startRehook(
  config: Config,
  opts: {
    clock?: Clock;
    logger?: Logger;
    /** Sees every API response (the test harness checks them against the OpenAPI document). */
    inspectApiResponse?: (response: InspectedResponse) => void;
  } = {},
): Promise<RunningRehook> {
  const logger = opts.logger ?? createServerLogger(config, process.stdout);
  const runsApi = config.role !== 'ingest';
  const runsIngest = config.role !== 'api';
  const metrics = createRehookMetrics();
  // Messages about the server key wait until the log's first line (the bound URLs) is written.
  const startupNotes: StartupNote[] = [];
  const deps = await composeDeps(config, {
    startupNotes,
    ...(opts.clock ? { clock: opts.clock } : {}),
    metrics,
    logger,
    // Only the API streams events; an ingest-only instance just publishes them.
    listen: runsApi,
  });
  const readPool = poolStatsOf(deps.store);
  if (readPool) metrics.setPoolStats(readPool);
  // Alert rules are checked where their triggers happen (ingest, the delivery worker); their
  // notifications are sent by the alert worker, with the API like forwarding.
  const alerts = createAlertEvaluator(deps, {
    onQueued: alertsChanged,
    onError: (err, context) => logger.error({ err }, `alerts: ${context} failed`),
  });
  // Built once: the ingest hot path must not copy the dependencies per request.
  const captureDeps = {
    alerts,
    ...deps,
    newEventId: createEventIdFactory(),
    anonMaxEvents: config.anonMaxEvents,
    // Response rules, read through a per-process cache the API's writes invalidate.
    responses: responseCacheFor(deps.store),
  };
  // Requests captured by this process: the event-type worker steps aside while it grows fast.
  let captures = 0;
  // Cuts programmed delays short on close (src/http/ingest/server.ts).
  const ingestShutdown = new AbortController();
  const ingestServer = createIngestServer({
    maxBodyBytes: config.maxBodyBytes,
    trustProxy: config.trustProxy,
    capture: measureIngest(metrics, (incoming) => {
      captures += 1;
      return captureRequest(captureDeps, incoming);
    }),
    // /readyz here too; /metrics too when this instance has no API listener to serve it.
    probes: { ready: () => deps.store.ping(), ...(runsApi ? {} : { metrics: () => metrics.render() }) },
    onError: (err, context) => logger.error({ err }, context),
    headersTimeoutMs: config.ingestHeadersTimeoutMs,
    requestTimeoutMs: config.ingestRequestTimeoutMs,
    keepAliveTimeoutMs: config.ingestKeepAliveTimeoutMs,
    maxConnectionsPerIp: config.maxConnectionsPerIp,
    inboxLimiter: tokenBucketOrUnlimited(config.rateIngestPerInbox),
    shutdown: ingestShutdown.signal,
  });
  let publicIngestUrl = config.publicIngestUrl ?? '';
  // The API's public origin (REHOOK_PUBLIC_URL, else the bound address): the provider's way back.
  let publicApiUrl = config.publicUrl ?? '';
  const singleSignOn = buildSingleSignOn(config, () => `${publicApiUrl}${SSO_CALLBACK_PATH}`);
  const api = buildApiApp({
    deps,
    ingestOrigin: () => publicIngestUrl,
    logger,
    trustProxy: config.trustProxy,
    abuse: createApiAbuseControls(config),
    accounts: { signup: config.signup, sessionTtlMs: config.sessionTtlMs, passwordSignIn: config.passwordSignIn },
    ...(singleSignOn ? { singleSignOn } : {}),
    replayMaxBodyBytes: config.maxBodyBytes,
    metrics: () => metrics.render(),
    ...(opts.inspectApiResponse ? { inspectResponse: opts.inspectApiResponse } : {}),
  });
  try {
    // A listener this role does not run stays unbound; its URL is ''.
    const ingestUrl = runsIngest
      ? originOf(config.host, await listen(ingestServer, config.ingestPort, config.host))
      : '';
    // An API-only instance names the ingest instances' origin in inbox URLs: it should be set.
    publicIngestUrl = config.publicIngestUrl ?? (runsIngest ? ingestUrl : originOf(config.host, config.ingestPort));
    if (!runsIngest && config.publicIngestUrl === null) {
      logger.warn({ publicIngestUrl }, 'role api without REHOOK_PUBLIC_INGEST_URL: inbox URLs point at this host');
    }
    let apiUrl = '';
    if (runsApi) {
      // Fastify logs one line when it is listening; it is the first line of the log and names
      // both bound URLs (the ingest port is already known).
      await api.listen({
        port: config.port,
        host: config.host,
        listenTextResolver: (address) =>
          runsIngest ? `Rehook API on ${address}, ingest on ${ingestUrl}` : `Rehook API on ${address} (role api)`,
      });
      apiUrl = originOf(config.host, (api.server.address() as AddressInfo).port);
      publicApiUrl = config.publicUrl ?? apiUrl;
    } else {
      logger.info(`Rehook ingest on ${ingestUrl} (role ingest)`);
    }
    logger.info({ apiUrl, ingestUrl, publicIngestUrl, dataDir: config.dataDir, role: config.role }, 'Rehook started');
    for (const note of startupNotes) logger[note.level](note.fields, note.msg);
    // The sweeper runs with the API; on PostgreSQL one instance at a time sweeps (advisory lock).
    const stopSweeper = runsApi ? startInstanceSweeper(deps, config, logger, metrics) : async () => undefined;
    // Bulk replay jobs run with the API too; leases keep each job on one instance at a time.
    const jobRunner = runsApi ? startJobRunner(deps, config, logger) : null;
    // Automatic forwarding with the API too (whose live bus hears every instance's new events);
    // leases keep each delivery on one instance.
    const deliveryWorker =
      runsApi && config.forwardConcurrency > 0
        ? startInstanceDeliveryWorker(deps, config, logger, metrics, alerts)
        : null;
    // Event types, schemas and drift are learned with the API, off the ingest path (docs/insight.md).
    const eventTypeWorker = runsApi
      ? startEventTypeWorker(deps, {
          pollIntervalMs: EVENT_TYPE_POLL_MS,
          lock: eventTypeLockFor(deps.store),
          onError: (err, context) => logger.error({ err }, `event-type worker: ${context} failed`),
          captures: () => captures,
          // Drift is found after the worker's batch commits; rules of kind `drift` hear it here.
          onDrift: (notice) => {
            alerts
              .onDrift({ id: notice.eventId, inboxId: notice.inboxId, drift: notice.drift })
              .catch((err: unknown) => logger.error({ err }, 'alerts: drift notice failed'));
          },
        })
      : null;
    const alertWorker =
      runsApi && config.forwardConcurrency > 0
        ? startAlertWorker(deps, {
            concurrency: Math.max(1, Math.ceil(config.forwardConcurrency / 4)),
            pollIntervalMs: config.forwardPollIntervalMs,
            leaseMs: config.forwardLeaseMs,
            baseDelayMs: config.forwardBaseDelayMs,
            onError: (err, context) => logger.error({ err }, `alert worker: ${context} failed`),
          })
        : null;
    return {
      apiUrl,
      ingestUrl,
      publicIngestUrl,
      deps,
      alerts,
      close: async () => {
        // First: the runner records its sends in flight and hands its jobs over while the store is open.
        await jobRunner?.stop();
        // Deliveries in flight get a few seconds to be recorded; the others' leases expire.
        await deliveryWorker?.stop();
        await eventTypeWorker?.stop();
        await alertWorker?.stop();
        alerts.stop();
        await stopSweeper();
        ingestShutdown.abort();
        await Promise.all([closeServer(ingestServer), api.close()]);
        await deps.egressClient.close();
        await deps.templates?.close();
        await deps.bus.close?.();
        await deps.store.close();
      },
    };
  } catch (err) {
    alerts.stop();
    ingestServer.close();
    await api.close();
    await deps.egressClient.close();
    await deps.templates?.close();
    await deps.bus.close?.();
    await deps.store.close();
    throw err;
  }
}

/** How often the event-type worker looks for new events (a batch that fills goes on at once). */
const EVENT_TYPE_POLL_MS = 500;

function startInstanceDeliveryWorker(
  deps: ServiceDeps,
  config: Config,
  logger: Logger,
  metrics: RehookMetrics,
  alerts: AlertEvaluator,
): OutboundWorker {
  return startDeliveryWorker(deps, {
    concurrency: config.forwardConcurrency,
    pollIntervalMs: config.forwardPollIntervalMs,
    leaseMs: config.forwardLeaseMs,
    baseDelayMs: config.forwardBaseDelayMs,
    onError: (err, context) => logger.error({ err }, `delivery worker: ${context} failed`),
    onAttempt: (outcome, seconds) => metrics.deliveryAttempted(outcome, seconds),
    onFinished: (state) => metrics.deliveryFinished(state),
    onQueueDepth: (depth) => metrics.setDeliveryQueueDepth(depth),
    onAttemptRecorded: (claimed, attempt) =>
      void alerts
        .onForwardingAttempt({
          inboxId: claimed.inboxId,
          eventId: claimed.eventId,
          outcome: attempt.outcome,
          url: attempt.url,
        })
        .catch((err: unknown) => logger.error({ err }, 'alerts: forwarding trigger failed')),
  });
}

function startInstanceSweeper(
  deps: ServiceDeps,
  config: Config,
  logger: Logger,
  metrics: RehookMetrics,
): () => Promise<void> {
  return startSweeper(deps, {
    intervalMs: config.sweepIntervalMs,
    retentionDays: config.retentionDays,
    auditRetentionMs: config.auditRetentionMs,
    lock: sweepLockFor(deps.store),
    onError: (err) => {
      metrics.sweepFailed();
      logger.error({ err }, 'expiry sweep failed');
    },
    onSkipped: () => {
      metrics.sweepSkipped();
      logger.debug('expiry sweep skipped: another instance is sweeping');
    },
    onSweep: (result, timing) => {
      metrics.swept(result, (timing.endedAt - timing.startedAt) / 1000);
      if (
        result.inboxesDeleted + result.rowsPurged + result.sessionsDeleted + result.partitionsCreated > 0 ||
        result.eventsDropped + result.eventsMoved + result.eventsRetired + result.auditEntriesRetired > 0
      )
        logger.info({ ...result, ...timing }, 'expiry sweep');
      else logger.debug(timing, 'expiry sweep');
    },
  });
}

function startJobRunner(deps: ServiceDeps, config: Config, logger: Logger): { stop(): Promise<void> } {
  return startReplayJobRunner(deps, {
    leaseMs: config.replayJobLeaseMs,
    onError: (err, context) => logger.error({ err }, context),
    onJobStarted: (job) =>
      logger.info(
        { jobId: job.id, inboxId: job.inboxId, done: job.counts.done, total: job.counts.total },
        'replay job running on this instance',
      ),
    onJobEnded: (job, outcome) =>
      logger.info({ jobId: job.id, inboxId: job.inboxId, outcome }, 'replay job ended on this instance'),
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Idle keep-alive sockets would otherwise hold close() open until they time out.
    server.closeIdleConnections();
  });
}
