import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino, type Logger } from 'pino';
import { composeDeps } from './compose.js';
import type { Config } from './config/schema.js';
import { createEventIdFactory } from './domain/ids.js';
import { buildApiApp } from './http/api/app.js';
import { createIngestServer } from './http/ingest/server.js';
import type { Clock } from './ports/clock.js';
import type { ServiceDeps } from './services/deps.js';
import { startSweeper } from './services/expiry.js';
import { captureRequest } from './services/ingest.js';

export interface RunningRehook {
  /** Origin the API listens on, e.g. http://127.0.0.1:8080. */
  readonly apiUrl: string;
  /** Origin the ingest listener is bound to. */
  readonly ingestUrl: string;
  /** Public ingest origin used in inbox URLs (REHOOK_PUBLIC_INGEST_URL or ingestUrl). */
  readonly publicIngestUrl: string;
  readonly deps: ServiceDeps;
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
 * separate ports (separate origins, spec §4.2), plus the expiry sweeper.
 */
export async function startRehook(
  config: Config,
  opts: { clock?: Clock; logger?: Logger } = {},
): Promise<RunningRehook> {
  const logger = opts.logger ?? pino({ level: config.logLevel, base: { service: 'rehook' } });
  const deps = await composeDeps(config, opts.clock ? { clock: opts.clock } : {});
  const newEventId = createEventIdFactory();
  const ingestServer = createIngestServer({
    maxBodyBytes: config.maxBodyBytes,
    trustProxy: config.trustProxy,
    capture: (incoming) => captureRequest({ ...deps, newEventId }, incoming),
    onError: (err, context) => logger.error({ err }, context),
  });
  let publicIngestUrl = config.publicIngestUrl ?? '';
  const api = buildApiApp({ deps, ingestOrigin: () => publicIngestUrl, logger, trustProxy: config.trustProxy });
  try {
    const ingestPort = await listen(ingestServer, config.ingestPort, config.host);
    const ingestUrl = originOf(config.host, ingestPort);
    publicIngestUrl = config.publicIngestUrl ?? ingestUrl;
    // Fastify logs one line when it is listening; it is the first line of the log and names
    // both bound URLs (the ingest port is already known).
    await api.listen({
      port: config.port,
      host: config.host,
      listenTextResolver: (address) => `Rehook API on ${address}, ingest on ${ingestUrl}`,
    });
    const apiUrl = originOf(config.host, (api.server.address() as AddressInfo).port);
    logger.info({ apiUrl, ingestUrl, publicIngestUrl, dataDir: config.dataDir }, 'Rehook started');
    const stopSweeper = startSweeper(deps, {
      intervalMs: config.sweepIntervalMs,
      onError: (err) => logger.error({ err }, 'expiry sweep failed'),
      onSweep: (result) => {
        if (result.inboxesDeleted + result.rowsPurged > 0) logger.info(result, 'expiry sweep');
      },
    });
    return {
      apiUrl,
      ingestUrl,
      publicIngestUrl,
      deps,
      close: async () => {
        await stopSweeper();
        await Promise.all([closeServer(ingestServer), api.close()]);
        await deps.replayClient.close();
        await deps.store.close();
      },
    };
  } catch (err) {
    ingestServer.close();
    await api.close();
    await deps.replayClient.close();
    await deps.store.close();
    throw err;
  }
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.close(() => resolve());
    // Idle keep-alive sockets would otherwise hold close() open until they time out.
    server.closeIdleConnections();
  });
}
