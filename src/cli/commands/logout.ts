import type { CliIO } from '../io.js';
import { configPath, removeUserConfig } from '../user-config.js';

export interface LogoutOptions {
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** `rehook logout`: deletes the stored login. */
export async function run(options: LogoutOptions, io: CliIO): Promise<void> {
  const path = configPath(options.env);
  if (removeUserConfig(options.env)) io.stdout(`Logged out: removed ${path}.`);
  else io.stdout(`Not logged in (no ${path}).`);
}
