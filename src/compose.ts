import { join } from 'node:path';
import type { Config } from './config/schema.js';
import { Pool } from 'pg';
import { createLocalBus } from './live/local-bus.js';
import { createPgNotifyBus, encodePayload, type BusLogger } from './live/pg-notify-bus.js';
import { countReplays, type PoolStats, type RehookMetrics } from './metrics/rehook-metrics.js';
import type { EventBus } from './ports/event-bus.js';
import { NO_SWEEP_LOCK, type SweepLock } from './ports/sweep-lock.js';
import type { Clock } from './ports/clock.js';
import { systemClock } from './ports/clock.js';
import type { EgressClient } from './ports/egress-client.js';
import type { SignatureKeys } from './ports/signature-keys.js';
import type { Store } from './ports/store.js';
import { createEgressClient } from './egress/client.js';
import type { AddressPolicy } from './egress/address-policy.js';
import { createOpenIdProvider } from './oidc/openid-client-provider.js';
import { createProviderFetch } from './oidc/provider-fetch.js';
import type { SingleSignOn } from './services/single-sign-on.js';
import type { ServiceDeps } from './services/deps.js';
import { createSignatureKeys } from './services/signatures.js';
import { TemplateRenderer } from './services/template-renderer.js';
import { createSecretBox, createUnavailableSecretBox } from './signatures/secret-box.js';
import { keyFileIsShared, loadServerKey } from './signatures/server-key.js';
import type { MigrationReport } from './storage/shared/migration-runner.js';
import { migratePostgresDatabase, openPostgresStore, type PostgresStore } from './storage/postgres/store.js';
import { createPgSweepLock } from './storage/postgres/sweep-lock.js';
import { DATABASE_FILE, migrateSqliteDatabase, openSqliteStore } from './storage/sqlite/store.js';

/**
 * Opens the store the configuration names, with its migrations applied: PostgreSQL when
 * `databaseUrl` is set, else the SQLite file in `dataDir`. Rejects with StorageError when the
 * database cannot be opened or migrated. The composition root is the only module that knows
 * the concrete adapters; everything else sees the Store port.
 */
export async function openStore(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<Store> {
  if (config.databaseUrl !== null) return openPostgresStore({ url: config.databaseUrl });
  return openSqliteStore({ path: join(config.dataDir, DATABASE_FILE) });
}

/**
 * Brings the configured database (as openStore picks it) to the newest schema and closes it
 * again: the work of `rehook migrate`. Opening a store does the same, so running it before
 * `serve` is optional; running it twice, or while instances start, is harmless (migrations are
 * versioned, transactional and locked). Rejects with StorageError when the database is
 * unreachable, a migration fails, or the schema is newer than this Rehook knows.
 */
export async function runMigrations(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<MigrationReport> {
  if (config.databaseUrl !== null) return migratePostgresDatabase(config.databaseUrl);
  return migrateSqliteDatabase(join(config.dataDir, DATABASE_FILE));
}

/** Where replays, forwarding and alerts may connect (REHOOK_ALLOW_PRIVATE_DESTINATIONS, the CIDR lists). */
function egressPolicy(config: Config): AddressPolicy {
  return {
    allowPrivate: config.allowPrivateDestinations,
    allowCidrs: config.replayAllowCidrs ?? [],
    denyCidrs: config.replayDenyCidrs ?? [],
  };
}

export function buildEgressClient(config: Config): EgressClient {
  return createEgressClient({
    policy: egressPolicy(config),
    connectTimeoutMs: config.replayConnectTimeoutMs,
    totalTimeoutMs: config.replayTimeoutMs,
    maxResponseBytes: config.replayMaxResponseBytes,
  });
}

/**
 * Single sign-on when REHOOK_OIDC_ISSUER is set (config validation makes the client id and secret
 * present with it), else undefined. `redirectUri` is known once the API listens.
 */
export function buildSingleSignOn(config: Config, redirectUri: () => string): SingleSignOn | undefined {
  if (config.oidcIssuer === null || config.oidcClientId === null || config.oidcClientSecret === null) return undefined;
  const provider = createOpenIdProvider({
    issuer: config.oidcIssuer,
    clientId: config.oidcClientId,
    clientSecret: config.oidcClientSecret,
    scopes: config.oidcScopes,
    redirectUri,
    fetch: createProviderFetch({
      issuer: new URL(config.oidcIssuer),
      policy: egressPolicy(config),
      connectTimeoutMs: config.replayConnectTimeoutMs,
    }),
  });
  return {
    provider,
    name: config.oidcName,
    allowedDomains: config.oidcAllowedDomains,
    teamsClaim: config.oidcTeamsClaim,
    redirectUri,
  };
}

/** The pool of a PostgreSQL store (also behind a wrapper that delegates to it), else null. */
function poolOf(store: Store): Pool | null {
  const pool = (store as Partial<PostgresStore>).pool;
  return pool instanceof Pool ? pool : null;
}

/**
 * The live bus: LISTEN/NOTIFY on PostgreSQL, so every instance sees every event; in-process on
 * SQLite. `listen: false` (an ingest-only instance) only publishes.
 */
export async function buildBus(
  config: Pick<Config, 'databaseUrl'>,
  store: Store,
  opts: { logger: BusLogger; listen?: boolean },
): Promise<EventBus> {
  const pool = poolOf(store);
  if (config.databaseUrl === null || pool === null) return createLocalBus();
  const announcer = (store as Partial<PostgresStore>).announceEventsWith;
  const bus = await createPgNotifyBus({
    url: config.databaseUrl,
    pool,
    findEvent: (id) => store.events.findById(id),
    logger: opts.logger,
    ...(opts.listen !== undefined ? { listen: opts.listen } : {}),
    eventsAnnouncedByStore: announcer !== undefined,
  });
  // The insert's commit sends the notification (one statement instead of two); a store behind a
  // wrapper without this method leaves it to the bus.
  announcer?.({ channel: bus.channel, encode: encodePayload });
  // Wait (briefly) for LISTEN, so streams opened right after start miss nothing; it keeps
  // retrying in the background otherwise.
  await Promise.race([bus.ready, new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
  return bus;
}

/** Keeps the sweeper to one instance cluster-wide: an advisory lock on PostgreSQL, none on SQLite. */
export function sweepLockFor(store: Store): SweepLock {
  const pool = poolOf(store);
  return pool === null ? NO_SWEEP_LOCK : createPgSweepLock(pool);
}

/** Keeps the event-type worker to one instance cluster-wide: its own advisory lock on PostgreSQL. */
export function eventTypeLockFor(store: Store): SweepLock {
  const pool = poolOf(store);
  return pool === null ? NO_SWEEP_LOCK : createPgSweepLock(pool, 'rehook-event-types');
}

/** Connection pool use for /metrics (PostgreSQL), or null. */
export function poolStatsOf(store: Store): (() => PoolStats) | null {
  const pool = poolOf(store);
  if (pool === null) return null;
  return () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
}

/**
 * Wires the services' dependencies; parts can be replaced (tests inject a clock). With
 * `metrics`, recorded replays are counted; `logger` and `listen` go to the live bus.
 */
export async function composeDeps(
  config: Config,
  overrides: {
    clock?: Clock;
    store?: Store;
    egressClient?: EgressClient;
    metrics?: Pick<RehookMetrics, 'replayed'>;
    logger?: BusLogger;
    listen?: boolean;
    /** Collects the start-up messages about the server key, to be logged once listening; absent = logged at once. */
    startupNotes?: StartupNote[];
  } = {},
): Promise<ServiceDeps> {
  const opened = overrides.store ?? (await openStore(config));
  let bus: EventBus;
  try {
    bus = await buildBus(config, opened, {
      logger: overrides.logger ?? SILENT,
      ...(overrides.listen !== undefined ? { listen: overrides.listen } : {}),
    });
  } catch (err) {
    if (overrides.store === undefined) await opened.close().catch(() => undefined);
    throw err;
  }
  let signatureKeys: SignatureKeys;
  try {
    signatureKeys = await buildSignatureKeys(config, overrides.logger ?? SILENT, overrides.startupNotes);
  } catch (err) {
    await bus.close?.().catch(() => undefined);
    if (overrides.store === undefined) await opened.close().catch(() => undefined);
    throw err;
  }
  return {
    store: overrides.metrics ? countReplays(opened, overrides.metrics) : opened,
    clock: overrides.clock ?? systemClock,
    bus,
    egressClient: overrides.egressClient ?? buildEgressClient(config),
    anonTtlMs: config.anonTtlMs,
    searchTimeBudgetMs: config.searchTimeBudgetMs,
    signatureKeys,
    // Threads start with the first templated answer: an instance without one never starts any.
    templates: new TemplateRenderer({
      timeoutMs: config.templateTimeoutMs,
      threads: config.templateThreads,
      ...(overrides.logger ? { onError: (message: string) => overrides.logger?.warn({}, message) } : {}),
    }),
  };
}

/** A message for the log once the server listens (the first line of the log names its URLs). */
export interface StartupNote {
  readonly level: 'info' | 'warn';
  readonly fields: object;
  readonly msg: string;
}

/**
 * The server key for signature secrets (REHOOK_SECRET_KEY, else the key file in the data
 * directory, generated on first start) and the warning for secrets it cannot open. Notes where a
 * generated key went, and warns when PostgreSQL is used without REHOOK_SECRET_KEY: instances
 * sharing the database must share the key too (into `notes`, or the log at once). Never logs the key.
 */
export async function buildSignatureKeys(
  config: Pick<Config, 'secretKey' | 'dataDir' | 'databaseUrl'>,
  logger: BusLogger,
  notes?: StartupNote[],
): Promise<SignatureKeys> {
  const note = (level: StartupNote['level'], fields: object, msg: string): void => {
    if (notes !== undefined) notes.push({ level, fields, msg });
    else logger[level](fields, msg);
  };
  let loaded: Awaited<ReturnType<typeof loadServerKey>>;
  try {
    loaded = await loadServerKey({ configured: config.secretKey, dataDir: config.dataDir });
  } catch (err) {
    // On SQLite the data directory must be writable anyway: a failure here is the operator's to
    // fix. On PostgreSQL it need not be: start, with signature secrets unavailable until
    // REHOOK_SECRET_KEY is set (setting one answers 503, events are stored unchecked).
    if (config.databaseUrl === null) throw err;
    const reason = `no server key (set REHOOK_SECRET_KEY): ${err instanceof Error ? err.message : String(err)}`;
    note('warn', {}, `signature secrets are unavailable: ${reason}`);
    return createSignatureKeys(createUnavailableSecretBox(reason), (inboxId, why) => {
      logger.warn(
        { inboxId, reason: why },
        "an inbox's signature secret cannot be opened: its events are stored unchecked",
      );
    });
  }
  if (loaded.source === 'generated') {
    note(
      'info',
      { path: loaded.path },
      'generated a server key for signature secrets (back it up with the database, or set REHOOK_SECRET_KEY)',
    );
  }
  if (loaded.path !== null && (await keyFileIsShared(loaded.path))) {
    note('warn', { path: loaded.path }, 'the server key file can be read by other users: chmod 600 it');
  }
  if (loaded.source !== 'config' && config.databaseUrl !== null) {
    note(
      'warn',
      { path: loaded.path },
      "PostgreSQL without REHOOK_SECRET_KEY: signature secrets are sealed with this instance's key file; give every instance the same REHOOK_SECRET_KEY",
    );
  }
  return createSignatureKeys(createSecretBox(loaded.key), (inboxId, reason) => {
    logger.warn({ inboxId, reason }, "an inbox's signature secret cannot be opened: its events are stored unchecked");
  });
}

const SILENT: BusLogger = { info: () => undefined, warn: () => undefined };
