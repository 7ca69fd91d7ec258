import { openStore } from '../compose.js';
import { loadConfig } from '../config/load.js';
import { SETTINGS, type Config, type SettingSpec } from '../config/schema.js';
import { systemClock, type Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import type { CliIO } from './io.js';

/** Options of the commands that work on the store directly (never over HTTP). */
export interface AdminOptions {
  /** `--data-dir`; the environment variable, then ./data, when absent. */
  readonly dataDir: string | undefined;
  /** `--database-url`; DATABASE_URL when absent. Set: PostgreSQL instead of SQLite. */
  readonly databaseUrl: string | undefined;
}

/** The settings that say where the store is: the only ones admin commands read. */
const STORE_SETTINGS: readonly SettingSpec[] = (SETTINGS as readonly SettingSpec[]).filter((spec) =>
  (['dataDir', 'databaseUrl'] satisfies (keyof Config)[] as string[]).includes(spec.key),
);

/** The configuration `serve` would use for the store, from the store settings only. */
export function loadStoreConfig(options: AdminOptions, io: CliIO): Config {
  const env = Object.fromEntries(STORE_SETTINGS.map((spec) => [spec.env, io.env[spec.env]]));
  return loadConfig(env, { 'data-dir': options.dataDir, 'database-url': options.databaseUrl });
}

/**
 * Opens the store `serve` would open with the same settings, runs `fn` with it and closes it,
 * also on failure. Only the store settings are read: a typo in an unrelated REHOOK_* variable
 * must not stop an administrator from creating a token. Throws ConfigError for a bad setting.
 */
export async function withStore<T>(
  options: AdminOptions,
  io: CliIO,
  fn: (deps: { store: Store; clock: Clock }) => Promise<T>,
): Promise<T> {
  const store = await openStore(loadStoreConfig(options, io));
  try {
    return await fn({ store, clock: systemClock });
  } finally {
    await store.close();
  }
}
