import { runMigrations } from '../../compose.js';
import { loadStoreConfig, type AdminOptions } from '../admin.js';
import { json } from '../format.js';
import type { CliIO } from '../io.js';

export interface MigrateOptions extends AdminOptions {
  readonly json: boolean;
}

/** `rehook migrate`: applies the missing migrations of the configured store and exits. */
export async function run(options: MigrateOptions, io: CliIO): Promise<void> {
  const report = await runMigrations(loadStoreConfig(options, io));
  if (options.json) return io.stdout(json(report));
  const applied = report.applied.length === 0 ? 'already up to date' : `applied ${report.applied.join(', ')}`;
  io.stdout(`${report.database}: schema version ${report.version} (${applied})`);
}
