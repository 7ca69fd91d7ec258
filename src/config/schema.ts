import {
  parseBoolean,
  parseByteSize,
  parseDuration,
  parseHost,
  parseLogLevel,
  parseOrigin,
  parsePort,
  parsePositiveInt,
  type LogLevel,
} from './parse.js';

/**
 * Every setting of `rehook serve`, in one table: environment variable, command-line flag,
 * default and description. docs/configuration.md and the README table are written from it.
 */
export interface Config {
  readonly host: string;
  readonly port: number;
  readonly ingestPort: number;
  readonly dataDir: string;
  /** PostgreSQL connection URL (a secret: it may hold a password); null = SQLite in dataDir. */
  readonly databaseUrl: string | null;
  /** Public origin of the ingest listener; null = derived from host and the bound ingest port. */
  readonly publicIngestUrl: string | null;
  readonly anonTtlMs: number;
  readonly maxBodyBytes: number;
  readonly allowPrivateDestinations: boolean;
  readonly replayConnectTimeoutMs: number;
  readonly replayTimeoutMs: number;
  readonly replayMaxResponseBytes: number;
  readonly sweepIntervalMs: number;
  readonly trustProxy: boolean;
  readonly logLevel: LogLevel;
}

export interface SettingSpec<K extends keyof Config = keyof Config> {
  readonly key: K;
  readonly env: string;
  /** Long flag without the dashes. */
  readonly flag: string;
  /** Default as the user would write it (shown in docs), or null for "none". */
  readonly defaultText: string | null;
  /** How the docs describe a null default (e.g. "derived"); "none" when absent. */
  readonly defaultNote?: string;
  /** A secret: its value is never repeated in errors or logs. */
  readonly secret?: boolean;
  readonly description: string;
  readonly parse: (raw: string) => Config[K];
}

/**
 * A postgres:// or postgresql:// URL. The error never repeats the value: it may hold a password.
 * The value is kept as written; node-postgres parses it (host, port, database, sslmode, ...).
 */
function parseDatabaseUrl(raw: string): string {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error('must be a postgres:// or postgresql:// URL');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new Error('must be a postgres:// or postgresql:// URL');
  }
  return value;
}

function setting<K extends keyof Config>(spec: SettingSpec<K>): SettingSpec<K> {
  return spec;
}

export const SETTINGS = [
  setting({
    key: 'host',
    env: 'REHOOK_HOST',
    flag: 'host',
    defaultText: '127.0.0.1',
    description: 'Address both listeners bind to. Use 0.0.0.0 to accept outside connections.',
    parse: parseHost,
  }),
  setting({
    key: 'port',
    env: 'REHOOK_PORT',
    flag: 'port',
    defaultText: '8080',
    description: 'Port of the REST API (and later the web app). 0 picks a free port.',
    parse: parsePort,
  }),
  setting({
    key: 'ingestPort',
    env: 'REHOOK_INGEST_PORT',
    flag: 'ingest-port',
    defaultText: '8081',
    description: 'Port of the ingest listener (`/i/<inboxId>`), a separate origin. 0 picks a free port.',
    parse: parsePort,
  }),
  setting({
    key: 'dataDir',
    env: 'REHOOK_DATA_DIR',
    flag: 'data-dir',
    defaultText: './data',
    description: 'Directory of the SQLite database (`rehook.db`); created when missing.',
    parse: (raw) => {
      if (raw.trim() === '') throw new Error('must be a directory path');
      return raw;
    },
  }),
  setting({
    key: 'databaseUrl',
    env: 'DATABASE_URL',
    flag: 'database-url',
    defaultText: null,
    secret: true,
    description:
      'PostgreSQL connection URL (postgres:// or postgresql://). When set, Rehook stores everything in PostgreSQL, so several instances can share it; when unset (the default), it uses the SQLite file in the data directory. Secret: it usually holds the database password, so prefer the environment variable to the flag and keep it out of logs.',
    parse: parseDatabaseUrl,
  }),
  setting({
    key: 'publicIngestUrl',
    env: 'REHOOK_PUBLIC_INGEST_URL',
    flag: 'public-ingest-url',
    defaultText: null,
    defaultNote: 'derived',
    description:
      'Public origin of the ingest listener, used in the full `url` of inboxes (e.g. https://hooks.example.com). Default: http://<host>:<bound ingest port>.',
    parse: parseOrigin,
  }),
  setting({
    key: 'anonTtlMs',
    env: 'REHOOK_ANON_TTL',
    flag: 'anon-ttl',
    defaultText: '48h',
    description: 'Lifetime of anonymous inboxes (e.g. 90s, 15m, 48h).',
    parse: parseDuration,
  }),
  setting({
    key: 'maxBodyBytes',
    env: 'REHOOK_MAX_BODY',
    flag: 'max-body',
    defaultText: '10MiB',
    description: 'Largest request body ingest stores (bytes, or 512KiB, 10MiB); larger bodies get 413.',
    parse: parseByteSize,
  }),
  setting({
    key: 'allowPrivateDestinations',
    env: 'REHOOK_ALLOW_PRIVATE_DESTINATIONS',
    flag: 'allow-private-destinations',
    defaultText: 'off',
    description:
      'Let replays reach loopback, private and link-local addresses. For local development only: it opens the SSRF guard.',
    parse: parseBoolean,
  }),
  setting({
    key: 'replayConnectTimeoutMs',
    env: 'REHOOK_REPLAY_CONNECT_TIMEOUT',
    flag: 'replay-connect-timeout',
    defaultText: '5s',
    description: 'Time a replay may take to connect to its destination (504 DESTINATION_TIMEOUT beyond).',
    parse: parseDuration,
  }),
  setting({
    key: 'replayTimeoutMs',
    env: 'REHOOK_REPLAY_TIMEOUT',
    flag: 'replay-timeout',
    defaultText: '30s',
    description: 'Total time a replay may take, dispatch to last response byte (504 beyond).',
    parse: parseDuration,
  }),
  setting({
    key: 'replayMaxResponseBytes',
    env: 'REHOOK_REPLAY_MAX_RESPONSE',
    flag: 'replay-max-response',
    defaultText: '1MiB',
    description: 'Largest destination response body kept per replay; the rest is dropped and `truncated` set.',
    parse: parseByteSize,
  }),
  setting({
    key: 'sweepIntervalMs',
    env: 'REHOOK_SWEEP_INTERVAL',
    flag: 'sweep-interval',
    defaultText: '60s',
    description: 'How often the sweeper deletes expired anonymous inboxes and purges deleted data.',
    parse: parseDuration,
  }),
  setting({
    key: 'trustProxy',
    env: 'REHOOK_TRUST_PROXY',
    flag: 'trust-proxy',
    defaultText: 'off',
    description:
      'Take the client address from the last X-Forwarded-For entry (set it only behind a reverse proxy).',
    parse: parseBoolean,
  }),
  setting({
    key: 'logLevel',
    env: 'REHOOK_LOG_LEVEL',
    flag: 'log-level',
    defaultText: 'info',
    description: 'Log level: fatal, error, warn, info, debug, trace or silent.',
    parse: parseLogLevel,
  }),
] as const satisfies readonly SettingSpec[];
