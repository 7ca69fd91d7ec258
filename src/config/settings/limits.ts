import { invalidAllowEntries } from '../../egress/address-policy.js';
import { parseCidrList, parseDuration, parseLimit, parseOrigin, parseRate, parseSignup } from '../parse.js';
import { setting } from '../setting.js';

/**
 * Settings that bound use: sign-up and sessions, abuse limits, retention, ingest timeouts, the egress
 * policy, forwarding, and the public origin. In the order docs/generated/settings.md lists them.
 */
export const LIMIT_SETTINGS = [
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
] as const;
