import { isRedactedHeader, type HeaderPair } from './captured-request.js';

/**
 * "As curl": a POSIX shell command (sh, dash, bash, zsh, busybox ash) that sends a captured
 * request again, byte for byte: the method, the path and raw query as received, every header in
 * order with its name case and duplicates, and the exact body, binary bodies included.
 *
 * Captured data is hostile (anyone who knows an inbox URL writes it), so nothing of it is ever
 * outside single quotes: bytes that are not plain printable text (control characters, invalid
 * UTF-8, bidi and zero-width format characters that could make the command read differently
 * from what it does) are written as octal escapes of the POSIX `printf`, never typed raw. The
 * command is pure ASCII or UTF-8 text, so it survives copy and paste.
 *
 * - Headers curl writes for the new connection (Host, Content-Length, Transfer-Encoding,
 *   Connection) are its own; the redacted ones (Authorization, Cookie: only `[REDACTED]` was
 *   stored) are left out and listed in `omittedHeaders`.
 * - curl's own additions are switched off when the capture did not have them (`User-Agent:`,
 *   `Accept:`, the `Content-Type:` of -d, `Expect:`); `--path-as-is` keeps `/../`, `--globoff`
 *   keeps `[]{}`, `--http1.1` keeps header-name case over https.
 * - Short text bodies go as `--data-raw '...'` (no `@file` reading); others are piped from
 *   `printf` (a shell builtin, in chunks) into `--data-binary @-`.
 */

/** What the command is built from: the stored event's request. */
export interface CurlSource {
  readonly method: string;
  /** Path as received (`/i/<inboxId>/...`), Latin-1 code points, without the query. */
  readonly path: string;
  /** Raw query without `?`; '' for none. */
  readonly query: string;
  readonly headers: readonly HeaderPair[];
  readonly body: Uint8Array;
}

export interface CurlCommand {
  readonly command: string;
  /** The URL the command sends to (origin + captured path and query). */
  readonly url: string;
  /** Names (as captured) of the redacted headers the command leaves out. */
  readonly omittedHeaders: string[];
}

/** Headers curl writes itself for the new connection. */
const CURL_WRITES = new Set(['host', 'content-length', 'transfer-encoding', 'connection']);
/** Headers curl adds on its own unless told not to: removed when the capture lacked them. */
const CURL_DEFAULTS = ['User-Agent', 'Accept'];
/** Longest text body given as an argument (Linux refuses a single argument over 128 KiB). */
const MAX_ARGUMENT_BODY_BYTES = 32 * 1024;
/** Bytes of body per `printf` line of the pipeline. */
const PRINTF_CHUNK_BYTES = 4096;
/** Characters never written raw: controls, format characters (bidi, zero-width), separators, private use, unassigned. */
const UNSAFE_CHAR = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}]/u;

/**
 * One piece of a byte string: raw-safe text (a run of printable ASCII, or one other character)
 * with its size in bytes, or a byte to escape.
 */
type Piece = { readonly text: string; readonly bytes: number } | { readonly byte: number };

const isRawAscii = (b: number, allowNewline: boolean) => (b >= 0x20 && b < 0x7f) || (b === 0x0a && allowNewline);

/**
 * Splits bytes into raw-safe text (printable ASCII, valid UTF-8 text, LF when allowed) and bytes
 * to escape. A generator yielding ASCII runs whole: an object per byte made a 10 MB body cost
 * seconds of garbage collection and hundreds of MB on the server's event loop.
 */
function* pieces(bytes: Uint8Array, allowNewline: boolean): Generator<Piece, void, undefined> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (isRawAscii(b, allowNewline)) {
      let end = i + 1;
      while (end < bytes.length && isRawAscii(bytes[end] as number, allowNewline)) end += 1;
      yield { text: view.toString('latin1', i, end), bytes: end - i };
      i = end;
      continue;
    }
    const length = b >= 0xf0 && b < 0xf5 ? 4 : b >= 0xe0 && b < 0xf0 ? 3 : b >= 0xc2 && b < 0xe0 ? 2 : 0;
    let char: string | null = null;
    if (length > 0 && i + length <= bytes.length) {
      try {
        char = decoder.decode(bytes.subarray(i, i + length));
      } catch {
        char = null;
      }
    }
    if (char !== null && [...char].length === 1 && !UNSAFE_CHAR.test(char)) {
      yield { text: char, bytes: length };
      i += length;
    } else {
      yield { byte: b };
      i += 1;
    }
  }
}

const octal = (byte: number) => `\\${byte.toString(8).padStart(3, '0')}`;

/** A single-quoted shell word: everything literal; `'` closes, is escaped, and reopens. */
export function singleQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * A shell word for bytes: raw-safe runs single-quoted, other bytes through
 * `"$(printf '\ooo')"`. A newline is kept raw inside the quotes (command substitution would
 * strip a trailing one); a NUL cannot be part of any shell word and is dropped by the shell.
 */
export function shellWord(bytes: Uint8Array): string {
  if (bytes.length === 0) return "''";
  let out = '';
  let text = '';
  let escaped = '';
  const flushText = () => {
    if (text !== '') out += singleQuote(text);
    text = '';
  };
  const flushEscaped = () => {
    if (escaped !== '') out += `"$(printf '${escaped}')"`;
    escaped = '';
  };
  for (const piece of pieces(bytes, true)) {
    if ('text' in piece) {
      flushEscaped();
      text += piece.text;
    } else {
      flushText();
      escaped += octal(piece.byte);
    }
  }
  flushText();
  flushEscaped();
  return out;
}

/** Bytes of a string of Latin-1 code points (how headers and paths are stored); UTF-8 beyond. */
function latin1Bytes(value: string): Uint8Array {
  // eslint-disable-next-line no-control-regex
  return /^[\u0000-\u00ff]*$/.test(value) ? Buffer.from(value, 'latin1') : Buffer.from(value, 'utf8');
}

/** The body as one `--data-raw` argument when it is short text with nothing to escape, else null. */
function bodyAsArgument(body: Uint8Array): string | null {
  if (body.length > MAX_ARGUMENT_BODY_BYTES) return null;
  let text = '';
  for (const piece of pieces(body, true)) {
    if (!('text' in piece)) return null;
    text += piece.text;
  }
  return singleQuote(text);
}

/** `printf` lines that write the body's exact bytes: a line per body line, at most ~4 KiB each. */
export function printfLines(body: Uint8Array): string[] {
  const lines: string[] = [];
  let format = '';
  let size = 0;
  const flush = () => {
    if (format === '') return;
    // A format starting with '-' would read as an option of printf.
    if (format.startsWith('-')) format = `\\055${format.slice(1)}`;
    lines.push(`printf ${singleQuote(format)}`);
    format = '';
    size = 0;
  };
  for (const piece of pieces(body, false)) {
    if ('text' in piece && piece.bytes > piece.text.length) {
      // One character of more than one byte: never split.
      format += piece.text;
      size += piece.bytes;
    } else if ('text' in piece) {
      // An ASCII run, cut where a line fills up (as if written a byte at a time).
      for (let at = 0; at < piece.text.length; ) {
        const take = Math.min(piece.text.length - at, PRINTF_CHUNK_BYTES - size);
        format += piece.text.slice(at, at + take).replace(/[\\%]/g, (c) => c + c);
        size += take;
        at += take;
        if (size >= PRINTF_CHUNK_BYTES) flush();
      }
      continue;
    } else {
      format += piece.byte === 0x0a ? '\\n' : octal(piece.byte);
      size += 1;
      if (piece.byte === 0x0a) flush();
    }
    if (size >= PRINTF_CHUNK_BYTES) flush();
  }
  flush();
  return lines;
}

/**
 * The curl command for a captured request. `origin` is where to send it (the public ingest
 * origin, e.g. `https://hooks.example.com`); the path and query are the captured ones.
 */
export function curlCommand(source: CurlSource, origin: string): CurlCommand {
  const method = source.method.toUpperCase();
  const base = origin.replace(/\/+$/, '');
  const target = `${source.path}${source.query === '' ? '' : `?${source.query}`}`;
  const url = base + target;
  const args: string[] = [];
  const hasBody = source.body.length > 0;
  // `--head` for a body-less HEAD: with -X HEAD curl would wait for the body the answer announces.
  const methodArg = method === 'HEAD' && !hasBody ? '--head' : `-X ${shellWord(latin1Bytes(source.method))}`;
  // A '#' would start a fragment, which curl never sends: such a target goes verbatim.
  const urlArgs = target.includes('#')
    ? `--request-target ${shellWord(latin1Bytes(target))} ${shellWord(latin1Bytes(base))}`
    : shellWord(latin1Bytes(url));
  args.push(`curl --path-as-is --globoff --http1.1 -sS ${methodArg} ${urlArgs}`);
  const omittedHeaders: string[] = [];
  const present = new Set(source.headers.map(([name]) => name.toLowerCase()));
  for (const [name, value] of source.headers) {
    const lower = name.toLowerCase();
    if (CURL_WRITES.has(lower)) continue;
    if (isRedactedHeader(lower)) {
      omittedHeaders.push(name);
      continue;
    }
    // `-H 'Name:'` would remove the header; `Name;` sends it with an empty value.
    args.push(`-H ${shellWord(latin1Bytes(value === '' ? `${name};` : `${name}: ${value}`))}`);
  }
  for (const name of CURL_DEFAULTS) if (!present.has(name.toLowerCase())) args.push(`-H '${name}:'`);
  if (!hasBody) return { command: args.join(' \\\n  '), url, omittedHeaders };
  if (!present.has('content-type')) args.push(`-H 'Content-Type:'`);
  if (!present.has('expect')) args.push(`-H 'Expect:'`);
  const argument = bodyAsArgument(source.body);
  if (argument !== null) {
    args.push(`--data-raw ${argument}`);
    return { command: args.join(' \\\n  '), url, omittedHeaders };
  }
  args.push('--data-binary @-');
  const printf = printfLines(source.body);
  const producer = printf.length === 1 ? (printf[0] as string) : `{\n  ${printf.join('\n  ')}\n}`;
  return { command: `${producer} | ${args.join(' \\\n  ')}`, url, omittedHeaders };
}
