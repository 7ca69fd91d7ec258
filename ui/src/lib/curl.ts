/**
 * "Copy as curl": a shell command (bash, zsh) that sends the captured request again, byte for
 * byte: the method, the path and query as received, every header in order with its name case
 * and duplicates, and the exact body, binary bodies included.
 *
 * Pure (no DOM): the unit test runs the command it produces in a real shell against a local
 * server and compares what arrives with the original bytes.
 *
 * - Header values and the path are Latin-1 code points (one per received byte); anything that
 *   is not printable ASCII is written as `$'\xNN'` bytes, so the shell passes the same bytes on.
 * - Text bodies (valid UTF-8, no NUL) go as `--data-raw '...'` (no `@file` interpretation);
 *   binary bodies as base64 piped through `base64 -d` into `--data-binary @-`.
 * - curl's own defaults are switched off where the captured request did not have them
 *   (`User-Agent:`, `Accept:`, `Content-Type:` from -d, `Expect:`), `--path-as-is` keeps `/../`,
 *   `--globoff` keeps `[]{}`. Host, Content-Length, Transfer-Encoding and Connection are curl's
 *   to write for the new connection.
 */

export interface CurlRequest {
  readonly method: string;
  /** Path as received (`/i/<inboxId>/...`), without the query. */
  readonly path: string;
  /** Raw query string without `?`; '' for none. */
  readonly query: string;
  /** [name, value] pairs, values as Latin-1 code points. */
  readonly headers: readonly (readonly [string, string])[];
  /** Exact body bytes, base64 (the API's bodyBase64). */
  readonly bodyBase64: string;
  /** The body as UTF-8 text, or null when it is not valid UTF-8 (the API's bodyText). */
  readonly bodyText: string | null;
}

/** Headers curl writes itself for the new connection. */
const CURL_WRITES = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);
/** Headers curl adds on its own unless told not to: removed when the capture lacked them. */
const CURL_DEFAULTS = ['User-Agent', 'Accept'];

/** True when every code point is printable ASCII other than the single quote. */
function plainAscii(value: string): boolean {
  return /^[\x20-\x26\x28-\x7e]*$/.test(value);
}

/** A shell word for a string of Latin-1 code points (each code point is one byte). */
export function quoteBytes(value: string): string {
  if (plainAscii(value)) return `'${value}'`;
  let out = "$'";
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code > 0xff) throw new RangeError('not a Latin-1 string');
    if (code === 0x27) out += "\\'";
    else if (code === 0x5c) out += '\\\\';
    else if (code >= 0x20 && code < 0x7f) out += char;
    else out += `\\x${code.toString(16).padStart(2, '0')}`;
  }
  return `${out}'`;
}

/** A shell word for UTF-8 text: single quotes, with `'` closed and reopened. */
export function quoteText(value: string): string {
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Latin-1 code points of a string's UTF-8 bytes (for URLs typed with non-ASCII characters). */
function utf8AsLatin1(value: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(value)) out += String.fromCharCode(byte);
  return out;
}

/**
 * The curl command. `origin` is where to send it (the inbox's ingest origin, e.g.
 * `https://hooks.example.com`); the path and query are the captured ones.
 */
export function curlCommand(request: CurlRequest, origin: string): string {
  const method = request.method.toUpperCase();
  const lines: string[] = [];
  const base = utf8AsLatin1(origin.replace(/\/+$/, ''));
  const url = `${base}${request.path}${request.query === '' ? '' : `?${request.query}`}`;
  lines.push(`curl --path-as-is --globoff -sS ${method === 'HEAD' ? '--head' : `-X ${quoteBytes(method)}`} ${quoteBytes(url)}`);
  const present = new Set(request.headers.map(([name]) => name.toLowerCase()));
  for (const [name, value] of request.headers) {
    if (CURL_WRITES.has(name.toLowerCase())) continue;
    // `-H 'Name:'` would remove the header; `Name;` sends it with an empty value.
    lines.push(`-H ${quoteBytes(value === '' ? `${name};` : `${name}: ${value}`)}`);
  }
  for (const name of CURL_DEFAULTS) if (!present.has(name.toLowerCase())) lines.push(`-H '${name}:'`);
  const hasBody = request.bodyBase64 !== '';
  if (hasBody) {
    if (!present.has('content-type')) lines.push(`-H 'Content-Type:'`);
    if (!present.has('expect')) lines.push(`-H 'Expect:'`);
  }
  const text = request.bodyText;
  if (!hasBody) return lines.join(' \\\n  ');
  if (text !== null && !text.includes('\0')) {
    lines.push(`--data-raw ${quoteText(text)}`);
    return lines.join(' \\\n  ');
  }
  lines.push('--data-binary @-');
  return `printf '%s' '${request.bodyBase64}' | base64 -d | ${lines.join(' \\\n  ')}`;
}
