/**
 * What the browser remembers (localStorage): recently opened inboxes and the replay destination
 * of each inbox. Every read tolerates missing or malformed data (another tab, an old version).
 */

export interface RecentInbox {
  readonly id: string;
  readonly name: string | null;
  readonly expiresAt: string | null;
  readonly openedAt: string;
}

const RECENT_KEY = 'rehook.recentInboxes';
const RECENT_MAX = 12;

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): remembering is a convenience.
  }
}

export function recentInboxes(now: number = Date.now()): RecentInbox[] {
  const raw = read(RECENT_KEY);
  if (!Array.isArray(raw)) return [];
  return raw
    .filter(
      (item): item is RecentInbox =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as RecentInbox).id === 'string' &&
        /^inb_[a-z0-9]{1,64}$/i.test((item as RecentInbox).id),
    )
    .filter((item) => item.expiresAt === null || !(Date.parse(item.expiresAt) <= now));
}

export function rememberInbox(inbox: { id: string; name?: string | null | undefined; expiresAt: string | null }): void {
  const others = recentInboxes().filter((item) => item.id !== inbox.id);
  const entry: RecentInbox = {
    id: inbox.id,
    name: inbox.name ?? null,
    expiresAt: inbox.expiresAt,
    openedAt: new Date().toISOString(),
  };
  write(RECENT_KEY, [entry, ...others].slice(0, RECENT_MAX));
}

export function forgetInbox(id: string): void {
  write(
    RECENT_KEY,
    recentInboxes().filter((item) => item.id !== id),
  );
}

const destinationKey = (inboxId: string) => `rehook.replayDestination.${inboxId}`;

export function replayDestination(inboxId: string): string {
  const value = read(destinationKey(inboxId));
  return typeof value === 'string' ? value : '';
}

export function rememberReplayDestination(inboxId: string, destination: string): void {
  write(destinationKey(inboxId), destination);
}

export type ThemeChoice = 'system' | 'light' | 'dark';
const THEME_KEY = 'rehook.theme';

export function themeChoice(): ThemeChoice {
  const value = read(THEME_KEY);
  return value === 'light' || value === 'dark' ? value : 'system';
}

export function rememberTheme(choice: ThemeChoice): void {
  write(THEME_KEY, choice);
}
