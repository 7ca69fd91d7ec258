import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
export const TOKEN_PREFIX = 'rhk_';
const SECRET_CHARS = 32;
const CHECKSUM_CHARS = 6;
const TOKEN_PATTERN = new RegExp(`^${TOKEN_PREFIX}[${ALPHABET}]{${SECRET_CHARS + CHECKSUM_CHARS}}$`);

function toBase32(bytes: Buffer, chars: number): string {
  let out = '';
  for (let i = 0; i < chars; i += 1) out += ALPHABET[(bytes[i] ?? 0) & 31];
  return out;
}

function checksum(secret: string): string {
  return toBase32(createHash('sha256').update(secret).digest(), CHECKSUM_CHARS);
}

/**
 * A new API token: `rhk_` + 32 random base32 characters (160 bits) + a 6-character checksum.
 * The recognisable prefix lets secret scanners find leaked tokens; the checksum lets the server
 * reject typos and garbage without a database lookup.
 */
export function generateToken(): string {
  const secret = toBase32(randomBytes(SECRET_CHARS), SECRET_CHARS);
  return TOKEN_PREFIX + secret + checksum(secret);
}

/** True when the string has a token's shape and a correct checksum. */
export function isWellFormedToken(token: string): boolean {
  if (!TOKEN_PATTERN.test(token)) return false;
  const body = token.slice(TOKEN_PREFIX.length);
  return checksum(body.slice(0, SECRET_CHARS)) === body.slice(SECRET_CHARS);
}

/** Tokens are stored only as this hash; the plaintext is shown once, at creation. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Constant-time comparison of two hex digests of equal length. */
export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

const SCRYPT = { N: 16384, r: 8, p: 1, keylen: 32 } as const;

/** scrypt (memory-hard, built into Node) with a random salt, encoded with its parameters. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT.keylen, { ...SCRYPT, maxmem: 64 * 1024 * 1024 });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Checks a password against a hash made by hashPassword, in constant time. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = encoded.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 64 * 1024 * 1024,
  });
  return timingSafeEqual(actual, expected);
}

export const SESSION_PREFIX = 'rhs_';
const SESSION_CHARS = 40;
const SESSION_PATTERN = new RegExp(`^${SESSION_PREFIX}[${ALPHABET}]{${SESSION_CHARS}}$`);

/**
 * A new session secret, the value of the session cookie: `rhs_` + 40 random base32 characters
 * (200 bits). Stored only as its SHA-256 ({@link hashToken}), like API tokens.
 */
export function generateSessionSecret(): string {
  return SESSION_PREFIX + toBase32(randomBytes(SESSION_CHARS), SESSION_CHARS);
}

/** True when the string has a session secret's shape (checked before any database lookup). */
export function isWellFormedSessionSecret(value: string): boolean {
  return SESSION_PATTERN.test(value);
}

/** A CSRF token: 32 random base32 characters (160 bits). */
export function generateCsrfToken(): string {
  return toBase32(randomBytes(32), 32);
}

/** Constant-time comparison of two strings (false at once when the lengths differ). */
export function stringsEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
