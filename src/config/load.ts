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
  problems.push(...singleSignOnProblems(config, problems.length === 0));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

/** Single sign-on needs its three settings together, and password sign-in off needs it. */
function singleSignOnProblems(config: Config, valuesValid: boolean): string[] {
  if (!valuesValid) return [];
  const given = [config.oidcIssuer, config.oidcClientId, config.oidcClientSecret].filter((value) => value !== null);
  if (given.length !== 0 && given.length !== 3) {
    return [
      'REHOOK_OIDC_ISSUER, REHOOK_OIDC_CLIENT_ID and REHOOK_OIDC_CLIENT_SECRET go together: set all three or none',
    ];
  }
  if (!config.passwordSignIn && given.length === 0) {
    return ['REHOOK_PASSWORD_SIGN_IN=off needs single sign-on (REHOOK_OIDC_ISSUER): nobody could sign in'];
  }
  return [];
}
