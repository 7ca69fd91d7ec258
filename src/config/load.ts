import { ConfigError } from '../errors.js';
import { SETTINGS, type Config, type SettingSpec } from './schema.js';

/**
 * Builds the configuration from defaults, then the environment, then command-line flags (flags
 * win). Pure: the only place that reads settings, called once at start. Throws one ConfigError
 * naming every invalid setting.
 */
export function loadConfig(
  env: Readonly<Record<string, string | undefined>>,
  flags: Readonly<Record<string, string | undefined>> = {},
): Config {
  const problems: string[] = [];
  const values: Record<string, unknown> = {};
  for (const spec of SETTINGS as readonly SettingSpec[]) {
    const fromFlag = flags[spec.flag];
    const fromEnv = env[spec.env];
    const source = fromFlag !== undefined ? `--${spec.flag}` : spec.env;
    const raw = fromFlag ?? (fromEnv !== undefined && fromEnv !== '' ? fromEnv : spec.defaultText);
    if (raw === null) {
      values[spec.key] = null;
      continue;
    }
    try {
      values[spec.key] = spec.parse(raw);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      // A secret's value (a database URL with its password) never appears in an error message.
      const got = spec.secret === true ? '' : ` (got ${JSON.stringify(raw.slice(0, 100))})`;
      problems.push(`${source} ${reason}${got}`);
    }
  }
  const config = values as unknown as Config;
  if (problems.length === 0 && config.replayConnectTimeoutMs > config.replayTimeoutMs) {
    problems.push('REHOOK_REPLAY_CONNECT_TIMEOUT must not exceed REHOOK_REPLAY_TIMEOUT');
  }
  if (problems.length === 0 && config.forwardLeaseMs <= config.replayTimeoutMs) {
    // A lease that ends while its send may still run would let a second instance send it too.
    problems.push('REHOOK_FORWARD_LEASE must be longer than REHOOK_REPLAY_TIMEOUT');
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
