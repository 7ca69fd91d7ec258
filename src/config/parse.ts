/** Parsers for setting values. Each returns the parsed value or throws Error with a reason. */

const DURATION_UNITS_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/** `90s`, `15m`, `48h`, `2d`, `500ms`; a bare number means seconds. Returns milliseconds. */
export function parseDuration(raw: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(raw.trim());
  if (!match) throw new Error('must be a duration such as 500ms, 90s, 15m, 48h or 2d');
  const value = Number(match[1]) * (DURATION_UNITS_MS[match[2] ?? 's'] ?? 1000);
  if (!Number.isFinite(value) || value <= 0 || value > 10 * 365 * 86_400_000) {
    throw new Error('must be a positive duration of at most 10 years');
  }
  return Math.round(value);
}

const SIZE_UNITS: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1000,
  mb: 1000 ** 2,
  gb: 1000 ** 3,
  k: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
};

/** `10485760`, `512KiB`, `10MiB`, `10MB`; a bare number means bytes. */
export function parseByteSize(raw: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(raw.trim());
  const unit = SIZE_UNITS[(match?.[2] ?? '').toLowerCase() || 'b'];
  if (!match || unit === undefined) throw new Error('must be a size such as 1048576, 512KiB or 10MiB');
  const value = Math.floor(Number(match[1]) * unit);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error('must be at least 1 byte');
  return value;
}

export function parsePort(raw: string): number {
  if (!/^\d{1,5}$/.test(raw.trim())) throw new Error('must be a port number from 0 to 65535');
  const port = Number(raw);
  if (port > 65535) throw new Error('must be a port number from 0 to 65535');
  return port;
}

export function parseBoolean(raw: string): boolean {
  const value = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(value)) return true;
  if (['0', 'false', 'no', 'off', ''].includes(value)) return false;
  throw new Error('must be a boolean (1/0, true/false, yes/no, on/off)');
}

export function parsePositiveInt(raw: string): number {
  if (!/^\d+$/.test(raw.trim()) || Number(raw) < 1 || !Number.isSafeInteger(Number(raw))) {
    throw new Error('must be a positive integer');
  }
  return Number(raw);
}

/** An absolute http(s) URL without query, fragment or credentials. */
function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error('must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error('must be an absolute http or https URL');
  }
  if (url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') {
    throw new Error('must not carry a query, fragment or credentials');
  }
  return url;
}

/** An http(s) origin with no path, e.g. `https://hooks.example.com`; a trailing slash is dropped. */
export function parseOrigin(raw: string): string {
  return parseHttpUrl(raw).href.replace(/\/+$/, '');
}

/** An OpenID Connect issuer identifier: an http(s) URL, which may have a path (a Keycloak realm). */
export function parseIssuer(raw: string): string {
  return parseHttpUrl(raw).href;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export function parseLogLevel(raw: string): LogLevel {
  const value = raw.trim().toLowerCase();
  const level = LOG_LEVELS.find((candidate) => candidate === value);
  if (!level) throw new Error(`must be one of ${LOG_LEVELS.join(', ')}`);
  return level;
}

const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
/** `auto`: readable lines when standard output is a terminal, JSON lines otherwise. */
export type LogFormat = (typeof LOG_FORMATS)[number];

export function parseLogFormat(raw: string): LogFormat {
  const value = raw.trim().toLowerCase();
  const format = LOG_FORMATS.find((candidate) => candidate === value);
  if (!format) throw new Error('must be auto, json or pretty');
  return format;
}

export function parseHost(raw: string): string {
  const value = raw.trim();
  if (value === '' || /[\s/]/.test(value)) throw new Error('must be a host name or IP address');
  return value;
}

/** A rate: at most `count` per `windowMs` (a token bucket of `count` tokens refilled over the window). */
export interface RateLimit {
  readonly count: number;
  readonly windowMs: number;
}

const RATE_UNITS_MS: Readonly<Record<string, number>> = {
  ms: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
  m: 60_000,
  min: 60_000,
  minute: 60_000,
  h: 3_600_000,
  hour: 3_600_000,
  d: 86_400_000,
  day: 86_400_000,
};

/**
 * `100/s`, `60/min`, `1000/h`, `600/10m` (count per window); `0` or `off` turns the limit off
 * (null).
 */
export function parseRate(raw: string): RateLimit | null {
  const value = raw.trim().toLowerCase();
  if (value === '0' || value === 'off') return null;
  const match = /^(\d+)\s*\/\s*(\d+(?:\.\d+)?)?\s*([a-z]+)$/.exec(value);
  const unit = match ? RATE_UNITS_MS[match[3] ?? ''] : undefined;
  if (!match || unit === undefined) {
    throw new Error('must be a rate such as 100/s, 60/min, 1000/h or 600/10m, or 0 for off');
  }
  const count = Number(match[1]);
  const windowMs = Math.round(Number(match[2] ?? '1') * unit);
  if (!Number.isSafeInteger(count) || count < 1 || windowMs < 1 || windowMs > 86_400_000 * 365) {
    throw new Error('must be a positive count per a window of 1 ms to 1 year, or 0 for off');
  }
  return { count, windowMs };
}

/** A count where 0 means "no limit": returns 0 for off, else the positive integer. */
export function parseLimit(raw: string): number {
  const value = raw.trim().toLowerCase();
  if (value === 'off') return 0;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new Error('must be a non-negative integer (0 = no limit)');
  }
  return Number(value);
}

/**
 * Comma-separated CIDRs or single addresses (`10.1.0.0/16, fd00::/8, 192.0.2.7`); empty = none.
 * `invalid` names the entries that are not valid, so the error message can list them.
 */
export function parseCidrList(raw: string, invalid: (entries: readonly string[]) => string[]): string[] {
  const entries = raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = invalid(entries);
  if (bad.length > 0) {
    throw new Error(`must be comma-separated CIDRs or IP addresses; invalid: ${bad.slice(0, 5).join(', ')}`);
  }
  return entries;
}

/**
 * A postgres:// or postgresql:// URL. The error never repeats the value: it may hold a password.
 * The value is kept as written; node-postgres parses it (host, port, database, sslmode, ...).
 */
export function parseDatabaseUrl(raw: string): string {
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

export function parseRole(raw: string): Role {
  const value = raw.trim().toLowerCase();
  if (value === 'all' || value === 'api' || value === 'ingest') return value;
  throw new Error('must be all, api or ingest');
}

/** `open`: anyone may sign up in the web app; `closed`: only an operator creates accounts. */
export type SignupMode = 'open' | 'closed';

export function parseSignup(raw: string): SignupMode {
  const value = raw.trim().toLowerCase();
  if (value === 'open' || value === 'closed') return value;
  throw new Error('must be open or closed');
}

/** A non-empty printable value of at most `max` characters. */
export function parseText(max: number): (raw: string) => string {
  return (raw) => {
    const value = raw.trim();
    if (value === '' || value.length > max || /[\u0000-\u001f\u007f]/.test(value)) {
      throw new Error(`must be 1 to ${max} printable characters`);
    }
    return value;
  };
}

/** `example.com, example.org`: lower-cased domain names; empty = any. */
export function parseDomainList(raw: string): string[] {
  const domains = raw
    .split(',')
    .map((entry) => entry.trim().toLowerCase().replace(/^@/, ''))
    .filter((entry) => entry !== '');
  const bad = domains.filter((domain) => !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain));
  if (bad.length > 0) throw new Error(`must be comma-separated e-mail domains; invalid: ${bad.slice(0, 5).join(', ')}`);
  return domains;
}

/** Space-separated OAuth scopes, `openid` among them. */
export function parseScopes(raw: string): string {
  const scopes = raw.trim().split(/\s+/);
  if (!scopes.includes('openid') || scopes.some((scope) => !/^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope))) {
    throw new Error('must be space-separated scopes that include openid');
  }
  return scopes.join(' ');
}
