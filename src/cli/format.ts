import type { Inbox } from '../client/types.js';

/**
 * Human output helpers. Captured requests are hostile input (anyone who knows an inbox URL can
 * send one), so every captured string goes through `cleanLine`/`cleanBlock` before it reaches
 * a terminal: escape sequences in a header or body must not be able to rewrite the screen.
 */

// C0 controls (except tab and newline, handled per use), DEL, C1 controls (0x9b is CSI on some
// terminals), and the Unicode line separators and bidi overrides that can disguise text.
const UNSAFE_BLOCK = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const UNSAFE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function escapeChar(char: string): string {
  const code = char.charCodeAt(0);
  const hex = code.toString(16);
  return code <= 0xff ? `\\x${hex.padStart(2, '0')}` : `\\u${hex.padStart(4, '0')}`;
}

/** One line of untrusted text: every control character shown as an escape. */
export function cleanLine(text: string): string {
  return text.replace(UNSAFE_LINE, escapeChar);
}

/** Multi-line untrusted text: newlines and tabs kept (CRLF shown as LF), other controls escaped. */
export function cleanBlock(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(UNSAFE_BLOCK, escapeChar);
}

/** Left-aligned columns separated by two spaces; the last column is not padded. */
export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const render = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  return [render(headers), ...rows.map(render)].join('\n');
}

/** `key  value` lines with the values aligned. */
export function keyValues(pairs: readonly (readonly [string, string])[]): string {
  const width = Math.max(...pairs.map(([key]) => key.length));
  return pairs.map(([key, value]) => `${key.padEnd(width)}  ${value}`).join('\n');
}

/** An ISO timestamp as given, or `-` for none. */
export function orDash(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '-' : value;
}

/** `512 B`, `1.5 KiB`, `10.0 MiB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
}

/** How far `iso` is from `now`, roughly: `in 47h 59m`, `in 12m`, `expired`. */
export function relativeFuture(iso: string, now: Date = new Date()): string {
  const ms = new Date(iso).getTime() - now.getTime();
  if (!(ms > 0)) return 'expired';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 60) return `in ${minutes}m`;
  const hours = Math.floor(minutes / 60);
  return `in ${hours}h ${minutes % 60}m`;
}

/** Pretty JSON for `--json`. */
export function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

/**
 * An inbox as `key  value` lines: id, name, URL, whether it is saved, when it expires, and how
 * many events it holds.
 */
export function inboxDetails(inbox: Inbox): string {
  const expires = inbox.expiresAt === null ? 'never' : `${inbox.expiresAt} (${relativeFuture(inbox.expiresAt)})`;
  return keyValues([
    ['id', inbox.id],
    ['name', orDash(inbox.name === null ? null : cleanLine(inbox.name))],
    ['url', inbox.url],
    ['saved', inbox.saved ? 'yes' : 'no'],
    ['expires', expires],
    ['created', inbox.createdAt],
    ['events', String(inbox.eventCount)],
    ['last event', orDash(inbox.lastEventAt)],
  ]);
}
