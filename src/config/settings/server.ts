import {
  parseBoolean,
  parseByteSize,
  parseDatabaseUrl,
  parseDuration,
  parseHost,
  parseLogFormat,
  parseLogLevel,
  parseOrigin,
  parsePort,
  parsePositiveInt,
  parseRole,
} from '../parse.js';
import { parseServerKey } from '../../signatures/server-key.js';
import { setting } from '../setting.js';

/**
 * Settings of the instance itself: where it listens and stores, what it captures and replays, how long
 * things take, and how it logs. In the order docs/generated/settings.md lists them.
 */
export const SERVER_SETTINGS = [
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
    description: 'Port of the REST API and the web app. 0 picks a free port.',
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
    key: 'secretKey',
    env: 'REHOOK_SECRET_KEY',
    flag: 'secret-key',
    defaultText: null,
    defaultNote: 'generated',
    secret: true,
    description:
      'Key that encrypts the signature secrets of inboxes at rest (AES-256-GCM): 32 bytes as base64 (`openssl rand -base64 32`) or 64 hex digits. When unset, Rehook generates one into `secret.key` in the data directory (mode 0600) on first start and reuses it; back it up with the database. Several instances on one PostgreSQL database must all be given the same key: secrets sealed by one instance cannot be opened by another with a different key (their events are then `unchecked`). Secret: prefer the environment variable to the flag.',
    parse: parseServerKey,
  }),
  setting({
    key: 'role',
    env: 'REHOOK_ROLE',
    flag: 'role',
    defaultText: 'all',
    description:
      'Listeners this instance runs: `all` (API, ingest and the expiry sweeper), `api` (API and sweeper) or `ingest` (ingest only, with /healthz, /readyz and /metrics on its port). Several instances on one PostgreSQL can split the roles.',
    parse: parseRole,
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
    key: 'replayJobLeaseMs',
    env: 'REHOOK_REPLAY_JOB_LEASE',
    flag: 'replay-job-lease',
    defaultText: '30s',
    description:
      'How long an instance holds a bulk replay job it runs (renewed every third of it). When an instance dies, another one resumes its jobs after this long; a shutdown hands them over at once.',
    parse: parseDuration,
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
    key: 'searchTimeBudgetMs',
    env: 'REHOOK_SEARCH_TIME_BUDGET',
    flag: 'search-time-budget',
    defaultText: '100ms',
    description:
      'How long a filtered event list searches before it answers with what it found; with nothing found, 422 ' +
      'SEARCH_TOO_BROAD asks for a narrower filter. Checked between steps, so a page may take one step longer. ' +
      '0 stops after the first step.',
    parse: (raw) => (raw.trim() === '0' ? 0 : parseDuration(raw)),
  }),
  setting({
    key: 'templateTimeoutMs',
    env: 'REHOOK_TEMPLATE_TIMEOUT',
    flag: 'template-timeout',
    defaultText: '250ms',
    description:
      'How long one templated answer may render, on its own thread, before the thread is terminated and the ' +
      'sender gets the fallback answer (the event records why). The template engine also stops itself after ' +
      '100 ms between steps; this bounds a single step.',
    parse: parseDuration,
  }),
  setting({
    key: 'templateThreads',
    env: 'REHOOK_TEMPLATE_THREADS',
    flag: 'template-threads',
    defaultText: '1',
    description:
      'Threads that render templated answers, started when first needed. Renders never run on the event loop; ' +
      'when every thread is busy and the queue is full, answers fall back at once instead of waiting.',
    parse: parsePositiveInt,
  }),
  setting({
    key: 'trustProxy',
    env: 'REHOOK_TRUST_PROXY',
    flag: 'trust-proxy',
    defaultText: 'off',
    description: 'Take the client address from the last X-Forwarded-For entry (set it only behind a reverse proxy).',
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
  setting({
    key: 'logFormat',
    env: 'REHOOK_LOG_FORMAT',
    flag: 'log-format',
    defaultText: 'auto',
    description:
      'How log records are written to standard output: `pretty` (one readable line each), `json` (one JSON object a line, for log collectors) or `auto` (pretty when standard output is a terminal, JSON otherwise). Secrets are redacted in both.',
    parse: parseLogFormat,
  }),
] as const;
