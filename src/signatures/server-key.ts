import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';

import { SERVER_KEY_BYTES } from './secret-box.js';

/** File of the generated server key inside the data directory (used when REHOOK_SECRET_KEY is unset). */
export const SERVER_KEY_FILE = 'secret.key';

/**
 * REHOOK_SECRET_KEY: 32 bytes written as base64 (44 characters, or 43 without padding; base64url
 * too) or as 64 hex digits. The error never repeats the value.
 */
export function parseServerKey(raw: string): Buffer {
  const value = raw.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(value)) key = Buffer.from(value, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(value))
    key = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key === null || key.length !== SERVER_KEY_BYTES) {
    throw new Error('must be 32 bytes written as base64 (e.g. `openssl rand -base64 32`) or as 64 hex digits');
  }
  return key;
}

export interface ServerKey {
  readonly key: Buffer;
  /** Where it came from: the setting, a key file found in the data directory, or one made now. */
  readonly source: 'config' | 'file' | 'generated';
  /** The key file (sources `file` and `generated`), else null. */
  readonly path: string | null;
}

function isErrno(err: unknown, code: string): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === code;
}

async function readKeyFile(path: string): Promise<Buffer> {
  const text = (await readFile(path, 'utf8')).trim();
  try {
    return parseServerKey(text);
  } catch {
    throw new Error(`${path} does not hold a server key (32 bytes in base64): restore it, or set REHOOK_SECRET_KEY`);
  }
}

/**
 * Writes a new random key to `path`, readable by its owner only, atomically and at most once:
 * the key goes to a private temporary file first (mode 0600, flushed to disk), which is then
 * hard-linked to `path`. link() never replaces an existing file, so of several processes starting
 * together exactly one key wins and the others read it. Resolves whether this call made it.
 */
async function createKeyFile(dir: string, path: string): Promise<boolean> {
  const temp = join(dir, `.${SERVER_KEY_FILE}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    await handle.writeFile(`${randomBytes(SERVER_KEY_BYTES).toString('base64')}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, path);
    return true;
  } catch (err) {
    if (isErrno(err, 'EEXIST')) return false;
    throw err;
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

/**
 * The key secrets are sealed with: REHOOK_SECRET_KEY when set; otherwise the key in
 * `<dataDir>/secret.key`, generated there on first start. Several instances on one PostgreSQL
 * database must share REHOOK_SECRET_KEY: each would otherwise generate its own file, and none
 * could open the secrets the others sealed (docs/signatures.md).
 */
export async function loadServerKey(opts: {
  readonly configured: Buffer | null;
  readonly dataDir: string;
}): Promise<ServerKey> {
  if (opts.configured !== null) return { key: opts.configured, source: 'config', path: null };
  const path = join(opts.dataDir, SERVER_KEY_FILE);
  try {
    return { key: await readKeyFile(path), source: 'file', path };
  } catch (err) {
    if (!isErrno(err, 'ENOENT')) throw err;
  }
  await mkdir(opts.dataDir, { recursive: true });
  const made = await createKeyFile(opts.dataDir, path);
  return { key: await readKeyFile(path), source: made ? 'generated' : 'file', path };
}

/** True when the key file can be read by others than its owner (mode bits beyond 0600). */
export async function keyFileIsShared(path: string): Promise<boolean> {
  const info = await stat(path);
  return (info.mode & 0o077) !== 0;
}
