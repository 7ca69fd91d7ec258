/**
 * How long text is shown in narrow places: URLs by host and path with the middle elided, and
 * break points after separators so a line never breaks inside a word.
 */

/** Separators a line may break after: path, query, pairs, words joined by a hyphen, and commas. */
const SEPARATOR = /([/?&=\-,.:;]+)/;

/**
 * `text` cut into pieces that each end in a separator (or end the text): a view puts an optional
 * line break (`<wbr>`) between them, so a long value wraps at `/`, `?`, `&`, `=` or `-` and
 * never inside a word.
 */
export function breakPieces(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const part of text.split(SEPARATOR)) {
    if (part === '') continue;
    current += part;
    if (SEPARATOR.test(part)) {
      pieces.push(current);
      current = '';
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}

/**
 * A URL as `host/path?query`, under `max` characters: when too long, whole path segments from
 * the middle give way to `…`, so the host and both ends of the path stay and two destinations
 * that differ only in the middle or at the end still look different. What cannot be cut at a
 * `/` (or is not a URL) loses the middle of its characters instead.
 */
export function shortUrl(url: string, max = 40): string {
  let host = '';
  let rest = url;
  try {
    const parsed = new URL(url);
    // Only an http(s) URL is shown by host: `localhost:19090/hooks`, typed without a scheme,
    // parses with scheme "localhost:" and no host, and must not read as "19090/hooks".
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') {
      host = parsed.host;
      rest = `${parsed.pathname === '/' && parsed.search === '' ? '' : parsed.pathname}${parsed.search}`;
    }
  } catch {
    // Not a URL (a refused destination): shown as it is, elided alike.
  }
  if (host.length + rest.length <= max) return host + rest;
  const segments = rest.split('/').filter((segment) => segment !== '');
  let head = host;
  let tail = '';
  while (segments.length > 0 && `${head}/…/${segments.at(-1)}${tail}`.length <= max) {
    tail = `/${segments.pop()}${tail}`;
  }
  while (segments.length > 0 && `${head}/${segments[0]}/…${tail}`.length <= max) {
    head = `${head}/${segments.shift()}`;
  }
  if (tail !== '') return `${head}/…${tail}`;
  const whole = host + rest;
  const keepStart = Math.ceil((max - 1) / 2);
  return `${whole.slice(0, keepStart)}…${whole.slice(whole.length - (max - 1 - keepStart))}`;
}
