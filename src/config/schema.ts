import {
  parseBoolean,
  parseByteSize,
  parseDuration,
  parseHost,
  parseIssuer,
  parseLogFormat,
  parseLogLevel,
  parseOrigin,
  parsePort,
  parsePositiveInt,
  parseCidrList,
  parseLimit,
  parseRate,
  type LogFormat,
  type LogLevel,
  type RateLimit,
} from './parse.js';
import { invalidAllowEntries } from '../egress/address-policy.js';
import { parseServerKey } from '../signatures/server-key.js';

/**
 * Every setting of `rehook serve`, in one table: environment variable, command-line flag,
 * default and description. docs/generated/settings.md is written from it
 * (scripts/docs/config-doc.ts).
 */
export interface Config {
  readonly host: string;
  readonly port: number;
  readonly ingestPort: number;
  readonly dataDir: string;
  /** PostgreSQL connection URL (a secret: it may hold a password); null = SQLite in dataDir. */
  readonly databaseUrl: string | null;
  /**
   * REHOOK_SECRET_KEY: the key signature secrets are sealed with (a secret); null = the key file
   * generated in dataDir (src/signatures/server-key.ts).
   */
  readonly secretKey: Buffer | null;
  /** Which listeners this instance runs: both (`all`), the API and the sweeper, or ingest. */
  readonly role: Role;
  /** Public origin of the ingest listener; null = derived from host and the bound ingest port. */
  readonly publicIngestUrl: string | null;
  readonly anonTtlMs: number;
  readonly maxBodyBytes: number;
  readonly allowPrivateDestinations: boolean;
  readonly replayConnectTimeoutMs: number;
  readonly replayTimeoutMs: number;
  readonly replayMaxResponseBytes: number;
  /** How long a claim on a bulk replay job lasts before another instance may take it over. */
  readonly replayJobLeaseMs: number;
  readonly sweepIntervalMs: number;
  readonly searchTimeBudgetMs: number;
  /** A templated answer's render is stopped (its thread terminated) after this long. */
  readonly templateTimeoutMs: number;
  /** Threads that render templated answers, at most. */
  readonly templateThreads: number;
  readonly trustProxy: boolean;
  readonly logLevel: LogLevel;
  /** How log records are written: readable lines or JSON lines (`auto` asks whether stdout is a terminal). */
  readonly logFormat: LogFormat;
  /** Whether anyone may sign up in the web app (`closed`: only `rehook accounts create`). */
  readonly signup: SignupMode;
  /** Lifetime of a browser session, from sign-in (fixed, not extended by use). */
  readonly sessionTtlMs: number;
  /** Abuse controls (per instance; null or 0 = off). */
  readonly rateAnonInboxes: RateLimit | null;
  readonly rateAuthFailures: RateLimit | null;
  readonly rateSignin: RateLimit | null;
  readonly rateSigninPerEmail: RateLimit | null;
  readonly rateDiff: RateLimit | null;
  readonly rateIngestPerInbox: RateLimit | null;
  readonly maxConnectionsPerIp: number;
  readonly anonMaxEvents: number;
  /** Days events are kept (REHOOK_RETENTION_DAYS); 0 = forever. */
  readonly retentionDays: number;
  /** How long audit entries are kept (REHOOK_AUDIT_RETENTION), in ms; 0 = forever. */
  readonly auditRetentionMs: number;
  readonly ingestHeadersTimeoutMs: number;
  readonly ingestRequestTimeoutMs: number;
  readonly ingestKeepAliveTimeoutMs: number;
  readonly replayAllowCidrs: readonly string[] | null;
  readonly replayDenyCidrs: readonly string[] | null;
  readonly replayMaxConcurrent: number;
  /** Automatic forwarding: deliveries in flight per instance (0 = this instance sends none). */
  readonly forwardConcurrency: number;
  readonly forwardPollIntervalMs: number;
  /** First retry delay of a delivery; each retry doubles it up to the inbox's maxDelayMs. */
  readonly forwardBaseDelayMs: number;
  /** How long a claimed delivery stays one instance's (longer than REHOOK_REPLAY_TIMEOUT). */
  readonly forwardLeaseMs: number;
  /** Public origin of the API and web app (REHOOK_PUBLIC_URL); null = derived from host and the bound port. */
  readonly publicUrl: string | null;
  /** Whether e-mail and password sign-in (and sign-up) stay on (REHOOK_PASSWORD_SIGN_IN). */
  readonly passwordSignIn: boolean;
  /** Single sign-on with OpenID Connect: all three of issuer, client id and secret, or none. */
  readonly oidcIssuer: string | null;
  readonly oidcClientId: string | null;
  readonly oidcClientSecret: string | null;
  /** What the sign-in page's button names ("Sign in with <name>"). */
  readonly oidcName: string;
  /** Scopes asked of the provider (space-separated, `openid` among them). */
  readonly oidcScopes: string;
  /** E-mail domains allowed to sign in with the provider (lower case); empty = any. */
  readonly oidcAllowedDomains: readonly string[];
  /** The ID token claim whose values name teams the account joins as member; null = none. */
  readonly oidcTeamsClaim: string | null;
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

/** The listeners an instance runs; a cluster can scale API and ingest instances apart. */
export type Role = 'all' | 'api' | 'ingest';

function parseRole(raw: string): Role {
  const value = raw.trim().toLowerCase();
  if (value === 'all' || value === 'api' || value === 'ingest') return value;
  throw new Error('must be all, api or ingest');
}

/** `open`: anyone may sign up in the web app; `closed`: only an operator creates accounts. */
export type SignupMode = 'open' | 'closed';

function parseSignup(raw: string): SignupMode {
  const value = raw.trim().toLowerCase();
  if (value === 'open' || value === 'closed') return value;
  throw new Error('must be open or closed');
}

/** A non-empty printable value of at most `max` characters. */
function parseText(max: number): (raw: string) => string {
  return (raw) => {
    const value = raw.trim();
    if (value === '' || value.length > max || /[\u0000-\u001f\u007f]/.test(value)) {
      throw new Error(`must be 1 to ${max} printable characters`);
    }
    return value;
  };
}

/** `example.com, example.org`: lower-cased domain names; empty = any. */
function parseDomainList(raw: string): string[] {
  const domains = raw
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/^@/, ''))
    .filter((entry) => entry !== '');
  const bad = domains.filter((domain) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain));
  if (bad.length > 0) throw new Error(`must be comma-separated e-mail domains; invalid: ${bad.slice(0, 5).join(', ')}`);
  return domains;
}

/** Space-separated OAuth scopes, `openid` among them. */
function parseScopes(raw: string): string {
  const scopes = raw.trim().split(/\s+/);
  if (!scopes.includes('openid') || scopes.some((scope) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) {
    throw new Error('must be space-separated scopes that include openid');
  }
  return scopes.join(' ');
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
  setting({
    key: 'signup',
    env: 'REHOOK_SIGNUP',
    flag: 'signup',
    defaultText: 'open',
    description:
      'Who may create an account: `open` (anyone, with POST /api/v1/auth/signup, as the web app does) or `closed` (sign-up answers 403 SIGNUP_CLOSED; only `rehook accounts create` makes accounts).',
    parse: parseSignup,
  }),
  setting({
    key: 'sessionTtlMs',
    env: 'REHOOK_SESSION_TTL',
    flag: 'session-ttl',
    defaultText: '30d',
    description:
      'Lifetime of a web sign-in (the session cookie), counted from sign-in and not extended by use; afterwards the browser must sign in again.',
    parse: parseDuration,
  }),
  setting({
    key: 'rateAnonInboxes',
    env: 'REHOOK_RATE_ANON_INBOXES',
    flag: 'rate-anon-inboxes',
    defaultText: '60/min',
    description:
      'Anonymous inbox creations per client IP (a rate such as 60/min, 100/s, 600/10m; 0 = off). Beyond it: 429 RATE_LIMITED with Retry-After. Counted per instance.',
    parse: parseRate,
  }),
  setting({
    key: 'rateAuthFailures',
    env: 'REHOOK_RATE_AUTH_FAILURES',
    flag: 'rate-auth-failures',
    defaultText: '30/min',
    description:
      'Failed authentications (401) per client IP and window (0 = off). Once exceeded, every API request from that IP that carries an Authorization header gets 429 until the window passes. Counted per instance.',
    parse: parseRate,
  }),
  setting({
    key: 'rateSignin',
    env: 'REHOOK_RATE_SIGNIN',
    flag: 'rate-signin',
    defaultText: '20/min',
    description:
      'Sign-in and sign-up attempts per client IP, as a token bucket (the count is also the burst; 0 = off). Beyond it: 429 RATE_LIMITED with Retry-After. Counted per instance.',
    parse: parseRate,
  }),
  setting({
    key: 'rateSigninPerEmail',
    env: 'REHOOK_RATE_SIGNIN_PER_EMAIL',
    flag: 'rate-signin-per-email',
    defaultText: '10/15m',
    description:
      'Failed sign-ins per e-mail address, from any IP, as a token bucket (0 = off). Beyond it every sign-in to that address gets 429 RATE_LIMITED until the bucket refills, even with the right password. Counted per instance.',
    parse: parseRate,
  }),
  setting({
    key: 'rateDiff',
    env: 'REHOOK_RATE_DIFF',
    flag: 'rate-diff',
    defaultText: '60/min',
    description:
      'Comparisons of two events (GET /api/v1/events/<id>/diff) per client IP, as a token bucket (the count is also the burst; 0 = off): each diffs two bodies of up to 2 MiB on a thread of its own, for up to a second. Beyond it: 429 RATE_LIMITED with Retry-After. Counted per instance.',
    parse: parseRate,
  }),
  setting({
    key: 'rateIngestPerInbox',
    env: 'REHOOK_RATE_INGEST_PER_INBOX',
    flag: 'rate-ingest-per-inbox',
    defaultText: '1000/s',
    description:
      'Requests per inbox on the ingest listener, as a token bucket (the count is also the burst; 0 = off). Beyond it ingest answers 429 with Retry-After and stores nothing. Counted per instance.',
    parse: parseRate,
  }),
  setting({
    key: 'maxConnectionsPerIp',
    env: 'REHOOK_MAX_CONNECTIONS_PER_IP',
    flag: 'max-connections-per-ip',
    defaultText: '256',
    description:
      'Open connections one remote address may hold to the ingest listener (0 = no limit); further sockets are closed at once. Uses the socket address, not X-Forwarded-For.',
    parse: parseLimit,
  }),
  setting({
    key: 'anonMaxEvents',
    env: 'REHOOK_ANON_MAX_EVENTS',
    flag: 'anon-max-events',
    defaultText: '10000',
    description:
      'Events an anonymous inbox keeps (0 = no limit): each new event evicts the oldest beyond it, so a 200 from ingest always means stored.',
    parse: parseLimit,
  }),
  setting({
    key: 'retentionDays',
    env: 'REHOOK_RETENTION_DAYS',
    flag: 'retention-days',
    defaultText: '0',
    description:
      'Days events are kept, in every inbox (0 = forever): the sweeper deletes older ones; on PostgreSQL whole day partitions are dropped at once.',
    parse: parseLimit,
  }),
  setting({
    key: 'auditRetentionMs',
    env: 'REHOOK_AUDIT_RETENTION',
    flag: 'audit-retention',
    defaultText: '365d',
    description:
      'How long audit log entries are kept (0 = forever): the sweeper deletes older ones in bounded batches.',
    parse: (raw) => (raw.trim() === '0' ? 0 : parseDuration(raw)),
  }),
  setting({
    key: 'ingestHeadersTimeoutMs',
    env: 'REHOOK_INGEST_HEADERS_TIMEOUT',
    flag: 'ingest-headers-timeout',
    defaultText: '10s',
    description: 'Time an ingest client may take to send the request headers (408 and closed beyond).',
    parse: parseDuration,
  }),
  setting({
    key: 'ingestRequestTimeoutMs',
    env: 'REHOOK_INGEST_REQUEST_TIMEOUT',
    flag: 'ingest-request-timeout',
    defaultText: '60s',
    description: 'Time an ingest client may take to send a whole request, body included (408 beyond).',
    parse: parseDuration,
  }),
  setting({
    key: 'ingestKeepAliveTimeoutMs',
    env: 'REHOOK_INGEST_KEEPALIVE_TIMEOUT',
    flag: 'ingest-keepalive-timeout',
    defaultText: '5s',
    description: 'Idle keep-alive connections to the ingest listener are closed after this time.',
    parse: parseDuration,
  }),
  setting({
    key: 'replayAllowCidrs',
    env: 'REHOOK_REPLAY_ALLOW_CIDRS',
    flag: 'replay-allow-cidrs',
    defaultText: null,
    description:
      'Comma-separated CIDRs or addresses replays may reach although the default policy denies them (e.g. 10.1.0.0/16,fd00::/8). A cloud metadata address opens only when named exactly.',
    parse: (raw) => parseCidrList(raw, invalidAllowEntries),
  }),
  setting({
    key: 'replayDenyCidrs',
    env: 'REHOOK_REPLAY_DENY_CIDRS',
    flag: 'replay-deny-cidrs',
    defaultText: null,
    description:
      'Comma-separated CIDRs or addresses replays may never reach; deny wins over REHOOK_REPLAY_ALLOW_CIDRS and REHOOK_ALLOW_PRIVATE_DESTINATIONS.',
    parse: (raw) => parseCidrList(raw, invalidAllowEntries),
  }),
  setting({
    key: 'replayMaxConcurrent',
    env: 'REHOOK_REPLAY_MAX_CONCURRENT',
    flag: 'replay-max-concurrent',
    defaultText: '32',
    description:
      'Replays in flight at once per instance (0 = no limit); beyond it POST /replay answers 429 with Retry-After.',
    parse: parseLimit,
  }),
  setting({
    key: 'forwardConcurrency',
    env: 'REHOOK_FORWARD_CONCURRENCY',
    flag: 'forward-concurrency',
    defaultText: '16',
    description:
      'Automatic forwarding: deliveries this instance sends at once (0 = this instance sends none; others on the same PostgreSQL do). One inbox takes at most a quarter of them while others wait, so a slow destination does not hold up the rest.',
    parse: parseLimit,
  }),
  setting({
    key: 'forwardPollIntervalMs',
    env: 'REHOOK_FORWARD_POLL_INTERVAL',
    flag: 'forward-poll-interval',
    defaultText: '5s',
    description:
      "How often the delivery worker looks for due deliveries without being woken (new events of forwarded inboxes and due retries wake it at once); also how soon another instance's forwarding change is seen.",
    parse: parseDuration,
  }),
  setting({
    key: 'forwardBaseDelayMs',
    env: 'REHOOK_FORWARD_BASE_DELAY',
    flag: 'forward-base-delay',
    defaultText: '5s',
    description:
      "Wait before the first retry of a failed delivery; each further retry waits twice as long, up to the inbox's maxDelayMs, with jitter (half fixed, half random).",
    parse: parseDuration,
  }),
  setting({
    key: 'forwardLeaseMs',
    env: 'REHOOK_FORWARD_LEASE',
    flag: 'forward-lease',
    defaultText: '2m',
    description:
      'How long a delivery an instance took stays its own: when the instance dies mid-send, another one (or it, restarted) sends it again after this time. Must be longer than REHOOK_REPLAY_TIMEOUT.',
    parse: parseDuration,
  }),
  setting({
    key: 'publicUrl',
    env: 'REHOOK_PUBLIC_URL',
    flag: 'public-url',
    defaultText: null,
    defaultNote: 'derived',
    description:
      'Public origin of the API and web app as browsers reach it (e.g. https://rehook.example.com). Single sign-on sends the identity provider back to `<this>/api/v1/auth/oidc/callback`, the redirect URI to register there. Default: http://<host>:<bound API port>.',
    parse: parseOrigin,
  }),
  setting({
    key: 'passwordSignIn',
    env: 'REHOOK_PASSWORD_SIGN_IN',
    flag: 'password-sign-in',
    defaultText: 'on',
    description:
      'Whether people may sign in and sign up with an e-mail address and a password. `off` leaves single sign-on as the only way into the web app (it needs REHOOK_OIDC_ISSUER): password sign-in and sign-up answer 403 PASSWORD_SIGN_IN_DISABLED. API tokens work either way.',
    parse: parseBoolean,
  }),
  setting({
    key: 'oidcIssuer',
    env: 'REHOOK_OIDC_ISSUER',
    flag: 'oidc-issuer',
    defaultText: null,
    description:
      'Issuer URL of an OpenID Connect provider (e.g. https://accounts.google.com, https://sso.example.com/realms/acme): turns on "Sign in with <REHOOK_OIDC_NAME>". Set it with REHOOK_OIDC_CLIENT_ID and REHOOK_OIDC_CLIENT_SECRET (all three or none). Requests to this host pass the replay egress guard even on a private address; see docs/sso.md.',
    parse: parseIssuer,
  }),
  setting({
    key: 'oidcClientId',
    env: 'REHOOK_OIDC_CLIENT_ID',
    flag: 'oidc-client-id',
    defaultText: null,
    description: 'Client id Rehook has at the OpenID Connect provider.',
    parse: parseText(256),
  }),
  setting({
    key: 'oidcClientSecret',
    env: 'REHOOK_OIDC_CLIENT_SECRET',
    flag: 'oidc-client-secret',
    defaultText: null,
    secret: true,
    description:
      'Client secret Rehook has at the OpenID Connect provider. Secret: prefer the environment variable to the flag.',
    parse: parseText(1024),
  }),
  setting({
    key: 'oidcName',
    env: 'REHOOK_OIDC_NAME',
    flag: 'oidc-name',
    defaultText: 'SSO',
    description: 'Name of the identity provider on the sign-in button: "Sign in with <name>" (e.g. Google, Okta).',
    parse: parseText(40),
  }),
  setting({
    key: 'oidcScopes',
    env: 'REHOOK_OIDC_SCOPES',
    flag: 'oidc-scopes',
    defaultText: 'openid email profile',
    description:
      'Scopes asked of the provider, space-separated (`openid` is required; add the one that brings REHOOK_OIDC_TEAMS_CLAIM, e.g. `groups`).',
    parse: parseScopes,
  }),
  setting({
    key: 'oidcAllowedDomains',
    env: 'REHOOK_OIDC_ALLOWED_DOMAINS',
    flag: 'oidc-allowed-domains',
    defaultText: '',
    description:
      'Comma-separated e-mail domains that may sign in with the provider (e.g. example.com,example.org); empty = any domain the provider vouches for. Checked on every single sign-on.',
    parse: parseDomainList,
  }),
  setting({
    key: 'oidcTeamsClaim',
    env: 'REHOOK_OIDC_TEAMS_CLAIM',
    flag: 'oidc-teams-claim',
    defaultText: null,
    description:
      'ID token claim (e.g. `groups`) whose values name Rehook teams, by id (tem_...) or by name: on each single sign-on the account joins each such team it is not in as `member`. Roles already held are kept, and nothing is removed.',
    parse: parseText(100),
  }),
] as const satisfies readonly SettingSpec[];
