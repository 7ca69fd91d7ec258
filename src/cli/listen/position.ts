import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { stateDir, writeFileAtomicAsync } from '../user-config.js';

/**
 * How far `rehook listen` got, per (server, inbox, forwarding rules): one small JSON file in the
 * user's state directory, rewritten atomically (temporary file, then rename) after every event
 * the listener is done with. A listener killed at any instant leaves either the previous
 * position or the new one, never a torn file.
 */

/** What the file holds. */
export interface SavedPosition {
  /** The last event the listener is done with (delivered, given up on, or filtered out). */
  readonly lastEventId: string;
  /** When that event was captured (server time, ISO). */
  readonly lastReceivedAt: string;
}

interface PositionFile extends SavedPosition {
  readonly version: 1;
  readonly server: string;
  readonly inboxId: string;
  readonly target: string;
  readonly updatedAt: string;
}

export interface PositionKey {
  readonly server: string;
  readonly inboxId: string;
  /** The forwarding rules as one string (rulesKey). */
  readonly target: string;
}

/** The position file of a key: `<state>/listen/<inboxId>-<hash of server and target>.json`. */
export function positionPath(env: Readonly<Record<string, string | undefined>>, key: PositionKey): string {
  const hash = createHash('sha256').update(`${key.server}\n${key.inboxId}\n${key.target}`).digest('hex').slice(0, 16);
  const safeInbox = key.inboxId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64);
  return join(stateDir(env), 'listen', `${safeInbox}-${hash}.json`);
}

/** The saved position, or undefined when there is none (or the file is unreadable). */
export function readPosition(path: string): SavedPosition | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { lastEventId, lastReceivedAt } = parsed as Partial<PositionFile>;
  if (typeof lastEventId !== 'string' || typeof lastReceivedAt !== 'string') return undefined;
  return { lastEventId, lastReceivedAt };
}

/** Saves the position (atomically; mode 0600 like the rest of the user's Rehook files). */
export async function writePosition(path: string, key: PositionKey, position: SavedPosition): Promise<void> {
  const file: PositionFile = {
    version: 1,
    server: key.server,
    inboxId: key.inboxId,
    target: key.target,
    lastEventId: position.lastEventId,
    lastReceivedAt: position.lastReceivedAt,
    updatedAt: new Date().toISOString(),
  };
  await writeFileAtomicAsync(path, `${JSON.stringify(file)}\n`, 0o600);
}
