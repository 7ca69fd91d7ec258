/**
 * Signature settings of an inbox: which scheme its sender signs with, the secret, and the
 * scheme's options. Pure (no I/O): parsing and validation of what a user sends, with messages
 * that say what is wrong without ever repeating the secret.
 */

/** The schemes Rehook verifies and signs (docs/signatures.md). */
export const SCHEMES = ['stripe', 'github', 'shopify', 'slack', 'standard-webhooks', 'svix', 'hmac-sha256'] as const;
export type SchemeName = (typeof SCHEMES)[number];

export function isSchemeName(value: unknown): value is SchemeName {
  return typeof value === 'string' && (SCHEMES as readonly string[]).includes(value);
}

/** Schemes whose signed content carries a timestamp, checked against a tolerance. */
export const TIMESTAMPED_SCHEMES: ReadonlySet<SchemeName> = new Set(['stripe', 'slack', 'standard-webhooks', 'svix']);

/** How far the signed timestamp may be from the capture time (Stripe's, Slack's and Standard Webhooks' default). */
export const DEFAULT_TOLERANCE_SECONDS = 300;
export const MAX_TOLERANCE_SECONDS = 7 * 24 * 3600;
export const MAX_SECRET_LENGTH = 1024;
export const MAX_HEADER_NAME_LENGTH = 100;
export const MAX_PREFIX_LENGTH = 32;

export type DigestEncoding = 'hex' | 'base64';

/** The options of a scheme; fields that do not apply to it are null. */
export interface SchemeOptions {
  /** Seconds the signed timestamp may differ from the capture time; null for untimestamped schemes. */
  readonly toleranceSeconds: number | null;
  /** hmac-sha256 only: the header carrying the signature. */
  readonly header: string | null;
  /** hmac-sha256 only: how the digest is written. */
  readonly encoding: DigestEncoding | null;
  /** hmac-sha256 only: text before the digest (e.g. `sha256=`); '' for none. */
  readonly prefix: string | null;
}

/** Everything needed to verify and sign: the secret in clear (kept in memory only). */
export interface SignatureSettings {
  readonly scheme: SchemeName;
  readonly secret: string;
  readonly options: SchemeOptions;
}

/** A problem with settings a user sent: `path` names the field (JSON pointer), `message` says why. */
export class SettingsError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = 'SettingsError';
  }
}

const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;
/** C0 and C1 controls and DEL: never part of a secret someone typed or copied. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}|[A-Za-z0-9+/]{3})?$/;

/** Header names this scheme's signature travels in (lowercase), for replacing them on re-signing. */
export function signatureHeaderNames(settings: Pick<SignatureSettings, 'scheme' | 'options'>): readonly string[] {
  switch (settings.scheme) {
    case 'stripe':
      return ['stripe-signature'];
    case 'github':
      return ['x-hub-signature-256'];
    case 'shopify':
      return ['x-shopify-hmac-sha256'];
    case 'slack':
      return ['x-slack-request-timestamp', 'x-slack-signature'];
    case 'standard-webhooks':
      return ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
    case 'svix':
      return ['svix-id', 'svix-timestamp', 'svix-signature'];
    case 'hmac-sha256':
      return [(settings.options.header ?? '').toLowerCase()];
  }
}

/**
 * The key bytes of a `whsec_<base64>` secret (Standard Webhooks, Svix), or null when the secret
 * is not of that form.
 */
export function whsecKey(secret: string): Buffer | null {
  if (!secret.startsWith('whsec_')) return null;
  const encoded = secret.slice('whsec_'.length);
  if (encoded.length === 0 || !BASE64.test(encoded)) return null;
  return Buffer.from(encoded, 'base64');
}

function checkSecret(scheme: SchemeName, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0) {
    throw new SettingsError('/secret', 'secret is required: a non-empty string');
  }
  if (value.length > MAX_SECRET_LENGTH) {
    throw new SettingsError('/secret', `secret must be at most ${MAX_SECRET_LENGTH} characters`);
  }
  if (CONTROL.test(value)) {
    throw new SettingsError('/secret', 'secret must not contain control characters (check for a copied line break)');
  }
  if (value.trim() !== value) {
    throw new SettingsError('/secret', 'secret must not begin or end with a space (check what was copied)');
  }
  if (scheme === 'stripe' && !value.startsWith('whsec_')) {
    throw new SettingsError(
      '/secret',
      "a Stripe endpoint secret starts with 'whsec_' (Dashboard > Webhooks, or `stripe listen`)",
    );
  }
  if (scheme === 'standard-webhooks' || scheme === 'svix') {
    const key = whsecKey(value);
    if (key === null) {
      throw new SettingsError(
        '/secret',
        `a ${scheme === 'svix' ? 'Svix' : 'Standard Webhooks'} secret is 'whsec_' followed by base64`,
      );
    }
    if (key.length < 16 || key.length > 128) {
      throw new SettingsError(
        '/secret',
        `the base64 part of the secret must decode to 16 to 128 bytes (it decodes to ${key.length})`,
      );
    }
  }
  return value;
}

function checkTolerance(value: unknown): number {
  if (value === undefined || value === null) return DEFAULT_TOLERANCE_SECONDS;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_TOLERANCE_SECONDS) {
    throw new SettingsError(
      '/toleranceSeconds',
      `toleranceSeconds must be an integer from 1 to ${MAX_TOLERANCE_SECONDS}`,
    );
  }
  return value;
}

const GENERIC_ONLY = ['header', 'encoding', 'prefix'] as const;
const KNOWN_FIELDS = new Set(['scheme', 'secret', 'toleranceSeconds', ...GENERIC_ONLY]);

/**
 * Reads settings from a request body (`{"scheme","secret",...options}`). Throws SettingsError for
 * the first problem: an unknown scheme or field, a secret of the wrong form for its scheme, an
 * option that does not apply to the scheme, an invalid option value.
 */
export function parseSignatureSettings(input: unknown): SignatureSettings {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw new SettingsError('', 'the body must be a JSON object: {"scheme": "...", "secret": "..."}');
  }
  const body = input as Record<string, unknown>;
  for (const key of Object.keys(body)) {
    if (!KNOWN_FIELDS.has(key)) throw new SettingsError(`/${key}`, `unknown field '${key.slice(0, 40)}'`);
  }
  const scheme = body['scheme'];
  if (!isSchemeName(scheme)) {
    throw new SettingsError('/scheme', `scheme must be one of ${SCHEMES.join(', ')}`);
  }
  const secret = checkSecret(scheme, body['secret']);
  const timestamped = TIMESTAMPED_SCHEMES.has(scheme);
  if (!timestamped && body['toleranceSeconds'] !== undefined && body['toleranceSeconds'] !== null) {
    throw new SettingsError(
      '/toleranceSeconds',
      `scheme ${scheme} signs no timestamp: toleranceSeconds does not apply`,
    );
  }
  const toleranceSeconds = timestamped ? checkTolerance(body['toleranceSeconds']) : null;
  if (scheme !== 'hmac-sha256') {
    for (const key of GENERIC_ONLY) {
      if (body[key] !== undefined && body[key] !== null) {
        throw new SettingsError(`/${key}`, `${key} applies to the hmac-sha256 scheme only`);
      }
    }
    return { scheme, secret, options: { toleranceSeconds, header: null, encoding: null, prefix: null } };
  }
  const header = body['header'];
  if (
    typeof header !== 'string' ||
    header.length === 0 ||
    header.length > MAX_HEADER_NAME_LENGTH ||
    !HEADER_TOKEN.test(header)
  ) {
    throw new SettingsError(
      '/header',
      `header is required for hmac-sha256: a header name of 1 to ${MAX_HEADER_NAME_LENGTH} token characters (e.g. X-Signature)`,
    );
  }
  if (['authorization', 'cookie'].includes(header.toLowerCase())) {
    throw new SettingsError(
      '/header',
      `${header} cannot carry a signature here: Rehook redacts it before storing the event`,
    );
  }
  const encoding = body['encoding'] ?? 'hex';
  if (encoding !== 'hex' && encoding !== 'base64') {
    throw new SettingsError('/encoding', 'encoding must be hex or base64');
  }
  const prefix = body['prefix'] ?? '';
  if (
    typeof prefix !== 'string' ||
    prefix.length > MAX_PREFIX_LENGTH ||
    (prefix !== '' && !PRINTABLE_ASCII.test(prefix))
  ) {
    throw new SettingsError(
      '/prefix',
      `prefix must be up to ${MAX_PREFIX_LENGTH} printable ASCII characters without spaces (e.g. sha256=)`,
    );
  }
  return { scheme, secret, options: { toleranceSeconds: null, header, encoding, prefix } };
}

/**
 * What may be shown of a secret once it is set: its last 4 characters, only for secrets of at
 * least 24 characters (a shorter secret would give away too much of itself), with the scheme's
 * well-known prefix (`whsec_…AbCd`). Null otherwise.
 */
export function secretHint(secret: string): string | null {
  if (secret.length < 24) return null;
  const known = secret.startsWith('whsec_') ? 'whsec_' : '';
  return `${known}…${secret.slice(-4)}`;
}

/** Options as stored (JSON), without the nulls of fields that do not apply. */
export function optionsToJson(options: SchemeOptions): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (options.toleranceSeconds !== null) out['toleranceSeconds'] = options.toleranceSeconds;
  if (options.header !== null) out['header'] = options.header;
  if (options.encoding !== null) out['encoding'] = options.encoding;
  if (options.prefix !== null) out['prefix'] = options.prefix;
  return out;
}

/** The stored options column (JSON text) as an object; anything but an object reads as {}. */
export function parseStoredOptions(text: string): Record<string, unknown> {
  const value: unknown = JSON.parse(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Options read back from their stored JSON (lenient: missing fields become null). */
export function optionsFromJson(scheme: SchemeName, json: Record<string, unknown>): SchemeOptions {
  const tolerance = json['toleranceSeconds'];
  const encoding = json['encoding'];
  return {
    toleranceSeconds: TIMESTAMPED_SCHEMES.has(scheme)
      ? typeof tolerance === 'number'
        ? tolerance
        : DEFAULT_TOLERANCE_SECONDS
      : null,
    header: scheme === 'hmac-sha256' && typeof json['header'] === 'string' ? json['header'] : null,
    encoding: scheme === 'hmac-sha256' ? (encoding === 'base64' ? 'base64' : 'hex') : null,
    prefix: scheme === 'hmac-sha256' ? (typeof json['prefix'] === 'string' ? json['prefix'] : '') : null,
  };
}
