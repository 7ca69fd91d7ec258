import { openStore } from '../compose.js';
import { loadConfig } from '../config/load.js';
import { systemClock, type Clock } from '../ports/clock.js';
import type { Store } from '../ports/store.js';
import type { CliIO } from './io.js';

/** Options of the commands that work on the data directory directly (never over HTTP). */
export interface AdminOptions {
  /** `--data-dir`; REHOOK_DATA_DIR, then ./data, when absent. */
  readonly dataDir: string | undefined;
}

/**
 * Opens the store of the configured data directory, runs `fn` with it and closes it, also on
 * failure. Only the data directory setting is read: a typo in an unrelated REHOOK_* variable
 * must not stop an administrator from creating a token. Throws ConfigError for a bad directory.
 */
export async function withStore<T>(
  options: AdminOptions,
  io: CliIO,
  fn: (deps: { store: Store; clock: Clock }) => Promise<T>,
): Promise<T> {
  const config = loadConfig(
    { REHOOK_DATA_DIR: io.env['REHOOK_DATA_DIR'] },
    options.dataDir === undefined ? {} : { 'data-dir': options.dataDir },
  );
  const store = await openStore(config);
  try {
    return await fn({ store, clock: systemClock });
  } finally {
    await store.close();
  }
}
