/** Formatting helpers of the web app (pure). */

const UNITS = ['B', 'KiB', 'MiB', 'GiB'] as const;

/**
 * 0 B, 512 B, 2.9 KiB, 10 MiB: binary units, as the CLI and the settings (REHOOK_MAX_BODY=10MiB)
 * write sizes, so one body reads the same everywhere; one decimal below 10.
 */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const shown = unit === 0 ? String(value) : value < 10 ? value.toFixed(1) : String(Math.round(value));
  return `${shown} ${UNITS[unit]}`;
}

/** "just now", "12s ago", "5m ago", "3h ago", "2d ago", or a date for older ones. */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((now - then) / 1000);
  if (seconds < 0) return formatUntil(iso, now);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds}s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days}d ago`;
  return new Date(then).toLocaleDateString();
}

/** "in 47h", "in 12m", "in 30s", "expired". */
export function formatUntil(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Number.isNaN(seconds)) return iso;
  if (seconds <= 0) return 'expired';
  if (seconds < 60) return `in ${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `in ${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 72) return `in ${hours}h ${minutes % 60}m`;
  return `in ${Math.floor(hours / 24)}d`;
}

/** The exact local time, with milliseconds and the zone, for tooltips. */
export function formatExact(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const offset = -date.getTimezoneOffset();
  const zone = `UTC${offset >= 0 ? '+' : '-'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)} ${zone}`
  );
}

/** The path below the inbox: `/i/inb_x/stripe` → `/stripe`, `/i/inb_x` → `/`. */
export function pathBelowInbox(path: string, inboxId: string): string {
  const prefix = `/i/${inboxId}`;
  if (path === prefix) return '/';
  if (path.startsWith(`${prefix}/`)) return path.slice(prefix.length);
  return path;
}

/** A short content type: `application/json; charset=utf-8` → `application/json`. */
export function shortType(contentType: string | null): string {
  if (contentType === null || contentType === '') return '';
  return contentType.split(';')[0]?.trim() ?? '';
}

/** Method → a CSS class of its colour. */
export function methodClass(method: string): string {
  const known = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];
  const upper = method.toUpperCase();
  return `method method-${known.includes(upper) ? upper.toLowerCase() : 'other'}`;
}
