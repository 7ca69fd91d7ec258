import { parseDurationMs } from '../domain/duration.js';
import type { AdminOptions } from './admin.js';
import type { ClientOptions } from './client-options.js';
import type { ParsedInput } from './command.js';
import { UsageError } from './exit.js';
import { configPath, readUserConfig } from './user-config.js';

/** Turning parsed flags into the typed options of the command modules. */

export const DEFAULT_SERVER = 'http://127.0.0.1:8080';

export function str(input: ParsedInput, name: string): string | undefined {
  const value = input.values[name];
  return typeof value === 'string' ? value : undefined;
}

/** A required `--name` (the parser checks presence first; this narrows the type). */
export function required(input: ParsedInput, name: string): string {
  const value = str(input, name);
  if (value === undefined) throw new UsageError(`missing required option --${name}`, input.path);
  return value;
}

/** Positional argument `index` (the parser checks the count first). */
export function arg(input: ParsedInput, index: number): string {
  return input.args[index] ?? '';
}

/** A repeatable `--name`: every value given, in order; none when absent. */
export function list(input: ParsedInput, name: string): string[] {
  const value = input.values[name];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? [...(value as readonly string[])] : [];
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}

/**
 * `--server` (or REHOOK_SERVER, or the server `rehook login` stored, or the default), `--token`
 * (or REHOOK_TOKEN, or the stored token when the server is the stored one: a login's token is
 * never sent to another server) and `--json`.
 */
export function clientOptions(input: ParsedInput): ClientOptions {
  const flag = str(input, 'server');
  const fromEnv = nonEmpty(input.env['REHOOK_SERVER']);
  const login = readUserConfig(input.env);
  const server = flag ?? fromEnv ?? login?.server ?? DEFAULT_SERVER;
  let protocol = '';
  try {
    protocol = new URL(server).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    const source = flag !== undefined ? '--server' : fromEnv !== undefined ? 'REHOOK_SERVER' : configPath(input.env);
    const problem = `${source} must be an http or https URL (got ${JSON.stringify(server)})`;
    throw new UsageError(problem, input.path);
  }
  const origin = server.replace(/\/+$/, '');
  // An empty --token or REHOOK_TOKEN means "no token" (anonymous), even after a login.
  const given = str(input, 'token') ?? input.env['REHOOK_TOKEN'];
  const stored = login !== undefined && login.server === origin ? login.token : undefined;
  return {
    server: origin,
    token: given !== undefined ? nonEmpty(given) : stored,
    json: input.values['json'] === true,
  };
}

/** `--data-dir` and `--database-url`; the environment is read by loadConfig later. */
export function storeOptions(input: ParsedInput): AdminOptions {
  return { dataDir: str(input, 'data-dir'), databaseUrl: str(input, 'database-url') };
}

export function adminOptions(input: ParsedInput): AdminOptions & { json: boolean } {
  return { ...storeOptions(input), json: input.values['json'] === true };
}

/** The options of a server command about one account: the store, `--json` and `--email`. */
export function adminWithEmail(input: ParsedInput): AdminOptions & { json: boolean; email: string } {
  return { ...adminOptions(input), email: required(input, 'email') };
}

/** The options of a client command about one inbox: the client options and `<inboxId>`. */
export function clientWithInbox(input: ParsedInput): ClientOptions & { inboxId: string } {
  return { ...clientOptions(input), inboxId: arg(input, 0) };
}

/** The options of a client command about one event: the client options and `<eventId>`. */
export function clientWithEvent(input: ParsedInput): ClientOptions & { eventId: string } {
  return { ...clientOptions(input), eventId: arg(input, 0) };
}

/** An optional `--name` that must be a positive integer. */
export function positiveInt(input: ParsedInput, name: string): number | undefined {
  const raw = str(input, name);
  if (raw === undefined) return undefined;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw new UsageError(`--${name} must be a positive integer (got ${JSON.stringify(raw)})`, input.path);
  }
  return Number(raw);
}

/** An optional `--name` duration (`500ms`, `30s`, `10m`, `1h`, or seconds), in ms; `fallback` when absent. */
export function durationMs(input: ParsedInput, name: string, fallback: number): number {
  const raw = str(input, name);
  if (raw === undefined) return fallback;
  const ms = parseDurationMs(raw);
  if (ms === null) {
    const problem = `--${name} must be a duration such as 500ms, 30s, 10m or 1h (got ${JSON.stringify(raw)})`;
    throw new UsageError(problem, input.path);
  }
  return ms;
}
