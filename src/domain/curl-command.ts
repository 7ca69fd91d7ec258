import { isRedactedHeader, type HeaderPair } from './captured-event.js';

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
 * Walks bytes as pieces: `text` for each character that can be written raw (printable ASCII,
 * valid UTF-8 that is not UNSAFE_CHAR, LF when allowed) with its byte count, `byte` for each byte
 * to escape. UTF-8 is validated by hand (the same rules as a fatal TextDecoder: no overlong
 * forms, no surrogates, nothing past U+10FFFF): a 10 MiB binary body is one pass with no
 * exception and no object per byte.
 */
function forEachPiece(
  bytes: Uint8Array,
  allowNewline: boolean,
  text: (chars: string, size: number) => void,
  byte: (value: number) => void,
): void {
  let i = 0;
  while (i < bytes.length) {
    // A run of printable ASCII (and LF when allowed) goes out as one string.
    let j = i;
    for (let b = bytes[j] as number; j < bytes.length; b = bytes[j] as number) {
      if ((b >= 0x20 && b < 0x7f) || (b === 0x0a && allowNewline)) j += 1;
      else break;
    }
    if (j > i) {
      text(asciiText(bytes, i, j), j - i);
      i = j;
      continue;
    }
    const b = bytes[i] as number;
    const length = utf8SequenceAt(bytes, i);
    if (length > 0) {
      const char = String.fromCodePoint(decodedCodePoint);
      if (!UNSAFE_CHAR.test(char)) {
        text(char, length);
        i += length;
        continue;
      }
    }
    byte(b);
    i += 1;
  }
}

const ascii = new TextDecoder('ascii');

/** The bytes from `start` to `end` (all ASCII) as a string. */
function asciiText(bytes: Uint8Array, start: number, end: number): string {
  if (end - start > 32) return ascii.decode(bytes.subarray(start, end));
  let out = '';
  for (let k = start; k < end; k += 1) out += String.fromCharCode(bytes[k] as number);
  return out;
}

/** The code point of the last sequence utf8SequenceAt accepted (kept outside to avoid an object per call). */
let decodedCodePoint = 0;

/** The length (2 to 4) of the valid multi-byte UTF-8 sequence at `i`, or 0; sets decodedCodePoint. */
function utf8SequenceAt(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i] as number;
  let length: number;
  let low = 0x80;
  let high = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) length = 2;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    length = 3;
    if (b0 === 0xe0) low = 0xa0;
    if (b0 === 0xed) high = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    length = 4;
    if (b0 === 0xf0) low = 0x90;
    if (b0 === 0xf4) high = 0x8f;
  } else return 0;
  if (i + length > bytes.length) return 0;
  let codePoint = b0 & (length === 2 ? 0x1f : length === 3 ? 0x0f : 0x07);
  for (let k = 1; k < length; k += 1) {
    const next = bytes[i + k] as number;
    if (next < (k === 1 ? low : 0x80) || next > (k === 1 ? high : 0xbf)) return 0;
    codePoint = (codePoint << 6) | (next & 0x3f);
  }
  decodedCodePoint = codePoint;
  return length;
}

/** `\\ooo` for each byte value, made once. */
const OCTAL = Array.from({ length: 256 }, (_, byte) => `\\${byte.toString(8).padStart(3, '0')}`);
const octal = (byte: number): string => OCTAL[byte] as string;

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
  forEachPiece(
    bytes,
    true,
    (char) => {
      flushEscaped();
      text += char;
    },
    (value) => {
      flushText();
      escaped += octal(value);
    },
  );
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
  let escapes = false;
  forEachPiece(
    body,
    true,
    (char) => {
      text += char;
    },
    () => {
      escapes = true;
    },
  );
  return escapes ? null : singleQuote(text);
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
  forEachPiece(
    body,
    false,
    (chars, bytes) => {
      if (bytes !== chars.length) {
        // One multi-byte character.
        format += chars;
        size += bytes;
        if (size >= PRINTF_CHUNK_BYTES) flush();
        return;
      }
      // A run of ASCII, cut where a line reaches PRINTF_CHUNK_BYTES.
      for (let at = 0; at < chars.length; ) {
        const take = Math.min(chars.length - at, PRINTF_CHUNK_BYTES - size);
        format += chars.slice(at, at + take).replace(/[\\%]/g, (found) => (found === '%' ? '%%' : '\\\\'));
        size += take;
        at += take;
        if (size >= PRINTF_CHUNK_BYTES) flush();
      }
    },
    (value) => {
      format += value === 0x0a ? '\\n' : octal(value);
      size += 1;
      if (value === 0x0a) flush();
      if (size >= PRINTF_CHUNK_BYTES) flush();
    },
  );
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
