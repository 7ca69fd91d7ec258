import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';

/**
 * The user's own files for the client commands: the config `rehook login` writes (server and
 * token, readable only by the owner) and the state directory where `rehook listen` keeps its
 * positions. Both are found from the environment alone, so tests point them elsewhere:
 *
 * - config: `$REHOOK_CONFIG_DIR/config.json`, else `$XDG_CONFIG_HOME/rehook/config.json`, else
 *   `~/.config/rehook/config.json`;
 * - state: `$REHOOK_STATE_DIR`, else `$XDG_STATE_HOME/rehook`, else `~/.local/state/rehook`.
 */

type Env = Readonly<Record<string, string | undefined>>;

/** What `rehook login` stores. */
export interface UserConfig {
  /** API origin without a trailing slash. */
  readonly server: string;
  readonly token: string;
}

function set(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

function home(env: Env): string {
  return set(env['HOME']) ?? homedir();
}

/** The directory of config.json. */
export function configDir(env: Env): string {
  const own = set(env['REHOOK_CONFIG_DIR']);
  if (own !== undefined) return own;
  return join(set(env['XDG_CONFIG_HOME']) ?? join(home(env), '.config'), 'rehook');
}

export function configPath(env: Env): string {
  return join(configDir(env), 'config.json');
}

/** Where `rehook listen` keeps its positions (in a `listen/` directory below). */
export function stateDir(env: Env): string {
  const own = set(env['REHOOK_STATE_DIR']);
  if (own !== undefined) return own;
  return join(set(env['XDG_STATE_HOME']) ?? join(home(env), '.local', 'state'), 'rehook');
}

/**
 * The stored login, or undefined when there is none. A file that cannot be read or parsed
 * counts as none: a client command then simply runs without it (as before any login).
 */
export function readUserConfig(env: Env): UserConfig | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(configPath(env), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { server, token } = parsed as { server?: unknown; token?: unknown };
  if (typeof server !== 'string' || typeof token !== 'string' || server === '' || token === '') return undefined;
  return { server: server.replace(/\/+$/, ''), token };
}

/**
 * Writes `data` to `path` atomically: a temporary file beside it (created with `mode`), then a
 * rename over the old one, so a reader (or a crash) never sees half a file. The directory is
 * created (mode 0700) when missing.
 */
export function writeFileAtomic(path: string, data: string, mode = 0o600): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    writeFileSync(temp, data, { mode, flag: 'wx' });
    // The umask may have taken bits away, never added them; set exactly what was asked.
    chmodSync(temp, mode);
    renameSync(temp, path);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

/**
 * The same as writeFileAtomic, without blocking the event loop (the listener saves its position
 * after every event). The mode is given at creation; the umask can only take bits away.
 */
export async function writeFileAtomicAsync(path: string, data: string, mode = 0o600): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const temp = join(dir, `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(temp, data, { mode, flag: 'wx' });
    await rename(temp, path);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/**
 * Removes the temporary files a killed writer of `path` left behind (named after it, so other
 * files' writers are never disturbed). Call it before the first write.
 */
export async function removeStaleTemps(path: string): Promise<void> {
  const prefix = `.${basename(path)}.`;
  let names: string[];
  try {
    names = await readdir(dirname(path));
  } catch {
    return;
  }
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith('.tmp'))
      .map((name) => rm(join(dirname(path), name), { force: true })),
  );
}

/** Stores the login: config.json with mode 0600 in a directory with mode 0700. */
export function writeUserConfig(env: Env, config: UserConfig): string {
  const path = configPath(env);
  writeFileAtomic(path, `${JSON.stringify({ server: config.server, token: config.token }, null, 2)}\n`, 0o600);
  return path;
}

/** Deletes the stored login; true when there was one. */
export function removeUserConfig(env: Env): boolean {
  const path = configPath(env);
  try {
    rmSync(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}
