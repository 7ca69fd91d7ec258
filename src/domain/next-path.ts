/** Where a browser goes after signing in when it asked for nothing usable. */
export const DEFAULT_NEXT_PATH = '/dashboard';

/** Longest `next` looked at: a path of this app, not a document. */
const MAX_NEXT_LENGTH = 2000;

/** How many rounds of percent-decoding are looked through (a router may decode more than once). */
const DECODE_ROUNDS = 3;

/**
 * The path (with query and fragment) of this app that `value` names, or DEFAULT_NEXT_PATH. The
 * value is resolved the way a browser resolves a Location header, against `origin`, and kept only
 * when the result is on that origin; the answer is then the path alone, so the browser can only
 * resolve it against the server it came from. Judging the first characters is not enough:
 * browsers drop tabs and newlines from URLs and read `\` as `/`, so `/\t/evil.example` and
 * `/\evil.example` leave for another host. Control characters and backslashes anywhere, and
 * `//` or `/\` at the start of the path once percent-decoded (what a client-side router may
 * decode and follow), are refused as well.
 */
export function sameOriginPath(value: unknown, origin: string): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_NEXT_LENGTH) return DEFAULT_NEXT_PATH;
  if (!value.startsWith('/') || hasHostileCharacters(value)) return DEFAULT_NEXT_PATH;
  let base: URL;
  let url: URL;
  try {
    base = new URL(origin);
    url = new URL(value, base);
  } catch {
    return DEFAULT_NEXT_PATH;
  }
  if (url.origin !== base.origin || url.username !== '' || url.password !== '') return DEFAULT_NEXT_PATH;
  let path = url.pathname;
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    if (/^\/[/\\]/.test(path) || hasHostileCharacters(path)) return DEFAULT_NEXT_PATH;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return DEFAULT_NEXT_PATH;
    }
    if (decoded === path) break;
    path = decoded;
  }
  if (/^\/[/\\]/.test(path) || hasHostileCharacters(path) || stillEncoded(path)) return DEFAULT_NEXT_PATH;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** C0 controls, DEL, C1 controls, backslash: never part of a path this app links to. */
function hasHostileCharacters(text: string): boolean {
  return /[\u0000-\u001f\u007f-\u009f\\]/.test(text);
}

/** Still encoded after DECODE_ROUNDS rounds: deeper nesting than any real link has. */
function stillEncoded(path: string): boolean {
  try {
    return decodeURIComponent(path) !== path;
  } catch {
    return true;
  }
}
