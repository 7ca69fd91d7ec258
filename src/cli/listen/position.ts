import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eventIdTime, isId } from '../../domain/ids.js';
import { stateDir, writeFileAtomicAsync } from '../user-config.js';

/**
 * How far `rehook listen` got, per (server, inbox, forwarding rules): one small JSON file in the
 * user's state directory, rewritten atomically (temporary file, then rename) after every event
 * the listener is done with. A listener killed at any instant leaves either the previous
 * position or the new one, never a torn file. With the position go the ids of the overlap
 * window (window.ts): events done with that are a little older than the position, so that a
 * restarted listener does not send them again.
 */

/** What the file holds. */
export interface SavedPosition {
  /** The last event the listener is done with (delivered, given up on, or filtered out). */
  readonly lastEventId: string;
  /** When that event was captured (server time, ISO). */
  readonly lastReceivedAt: string;
}

/** The position with what the overlap window needs to resume. */
export interface SavedState extends SavedPosition {
  /** Events done with inside the overlap window behind lastEventId (oldest first). */
  readonly recent: readonly string[];
  /** Where the listener started: a look-back never delivers this id or an older one. */
  readonly floor: string;
}

interface PositionFile extends SavedState {
  readonly version: 2;
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

/**
 * The saved position, or undefined when there is none (or the file is unreadable). Older files
 * (version 1: no window ids; or a bare event id) load with their position as the floor: nothing
 * before it is looked back at, as those listeners did not either.
 */
export function readPosition(path: string): SavedState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
  const bare = text.trim();
  if (isId('event', bare)) {
    return {
      lastEventId: bare,
      lastReceivedAt: new Date(eventIdTime(bare) ?? 0).toISOString(),
      recent: [],
      floor: bare,
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { lastEventId, lastReceivedAt, recent, floor } = parsed as Partial<Record<keyof PositionFile, unknown>>;
  if (typeof lastEventId !== 'string' || !isId('event', lastEventId) || typeof lastReceivedAt !== 'string')
    return undefined;
  const ids = Array.isArray(recent)
    ? recent.filter((id): id is string => typeof id === 'string' && isId('event', id))
    : [];
  const start = typeof floor === 'string' && isId('event', floor) ? floor : lastEventId;
  return { lastEventId, lastReceivedAt, recent: ids, floor: start };
}

/** Saves the position (atomically; mode 0600 like the rest of the user's Rehook files). */
export async function writePosition(path: string, key: PositionKey, position: SavedState): Promise<void> {
  const file: PositionFile = {
    version: 2,
    server: key.server,
    inboxId: key.inboxId,
    target: key.target,
    lastEventId: position.lastEventId,
    lastReceivedAt: position.lastReceivedAt,
    recent: position.recent,
    floor: position.floor,
    updatedAt: new Date().toISOString(),
  };
  await writeFileAtomicAsync(path, `${JSON.stringify(file)}\n`, 0o600);
}
