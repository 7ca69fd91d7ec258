import { join } from 'node:path';
import type { Config } from './config/schema.js';
import { createLocalBus } from './live/local-bus.js';
import type { Clock } from './ports/clock.js';
import { systemClock } from './ports/clock.js';
import type { ReplayClient } from './ports/replay-client.js';
import type { Store } from './ports/store.js';
import { createReplayClient } from './replay-client/client.js';
import type { ServiceDeps } from './services/deps.js';
import { openPostgresStore } from './storage/postgres/store.js';
import { openSqliteStore } from './storage/sqlite/store.js';

/** File name of the SQLite database inside the data directory. */
export const DATABASE_FILE = 'rehook.db';

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

export function buildReplayClient(config: Config): ReplayClient {
  return createReplayClient({
    policy: { allowPrivate: config.allowPrivateDestinations },
    connectTimeoutMs: config.replayConnectTimeoutMs,
    totalTimeoutMs: config.replayTimeoutMs,
    maxResponseBytes: config.replayMaxResponseBytes,
  });
}

/** Wires the services' dependencies; parts can be replaced (tests inject a clock). */
export async function composeDeps(
  config: Config,
  overrides: { clock?: Clock; store?: Store; replayClient?: ReplayClient } = {},
): Promise<ServiceDeps> {
  return {
    store: overrides.store ?? (await openStore(config)),
    clock: overrides.clock ?? systemClock,
    bus: createLocalBus(),
    replayClient: overrides.replayClient ?? buildReplayClient(config),
    anonTtlMs: config.anonTtlMs,
  };
}
