/**
 * Reading captured bodies for display (pure, no DOM). Everything here returns data (strings,
 * tokens, tables); the components render it as text nodes only, never as markup.
 */

export type BodyKind = 'empty' | 'json' | 'xml' | 'form' | 'multipart' | 'text' | 'binary';

/**
 * A formatter stopped at one of its limits. Captured bodies are hostile input: a 200 KB body of
 * nested brackets would otherwise ask for gigabytes of indentation, so every formatter declares
 * its limits and throws this, which the viewer turns into "skipped, and why".
 */
export class BodyLimitError extends Error {
  override readonly name = 'BodyLimitError';
}

/** What a formatter may build: nesting it indents, tokens (DOM nodes) and characters. */
export interface FormatLimits {
  readonly maxDepth: number;
  readonly maxTokens: number;
  readonly maxChars: number;
}

export const FORMAT_LIMITS: FormatLimits = { maxDepth: 256, maxTokens: 150_000, maxChars: 4 * 1024 * 1024 };

export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The kind of view that suits a body, from its content type first, then its content. */
export function bodyKind(contentType: string | null, text: string | null, size: number): BodyKind {
  if (size === 0) return 'empty';
  const type = (contentType ?? '').toLowerCase();
  if (type.startsWith('multipart/') && boundaryOf(contentType) !== null) return 'multipart';
  if (text === null) return 'binary';
  if (/[/+]json\b/.test(type) && parseJson(text) !== undefined) return 'json';
  if (type.includes('x-www-form-urlencoded')) return 'form';
  if (/[/+]xml\b/.test(type)) return 'xml';
  const trimmed = text.trimStart();
  if ((trimmed.startsWith('{') || trimmed.startsWith('[')) && parseJson(text) !== undefined) return 'json';
  if (trimmed.startsWith('<?xml')) return 'xml';
  return 'text';
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

// --- JSON tokens --------------------------------------------------------------------------

export type JsonTokenKind = 'key' | 'string' | 'number' | 'boolean' | 'null' | 'punct' | 'space';
export interface Token {
  readonly kind: JsonTokenKind | XmlTokenKind;
  readonly text: string;
}

/**
 * Tokens of pretty-printed JSON (2-space indent), for highlighting. Numbers keep their source
 * form (JSON.parse would round 12345678901234567890), so the text is re-tokenised, not re-built.
 */
export function jsonTokens(text: string, limits: FormatLimits = FORMAT_LIMITS): Token[] {
  return highlightJson(prettyJsonText(text, limits), limits);
}

/**
 * Tokens of JSON text as it is (already pretty-printed, or any slice of it that ends at a line
 * break: pretty JSON has no line break inside a string), so a huge body is tokenised a part at a
 * time. Throws BodyLimitError past `maxTokens`.
 */
export function highlightJson(pretty: string, limits: FormatLimits = FORMAT_LIMITS): Token[] {
  const tokens: Token[] = [];
  const re = /("(?:[^"\\\n]|\\.)*")(\s*:)?|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false)|(null)|([{}[\],:])|(\s+)/gy;
  let last = 0;
  for (let match = re.exec(pretty); match !== null; match = re.exec(pretty)) {
    last = re.lastIndex;
    if (match[1] !== undefined) {
      tokens.push({ kind: match[2] !== undefined ? 'key' : 'string', text: match[1] });
      if (match[2] !== undefined) tokens.push({ kind: 'punct', text: match[2] });
    } else if (match[3] !== undefined) tokens.push({ kind: 'number', text: match[3] });
    else if (match[4] !== undefined) tokens.push({ kind: 'boolean', text: match[4] });
    else if (match[5] !== undefined) tokens.push({ kind: 'null', text: match[5] });
    else if (match[6] !== undefined) tokens.push({ kind: 'punct', text: match[6] });
    else tokens.push({ kind: 'space', text: match[7] ?? '' });
    if (tokens.length > limits.maxTokens) throw new BodyLimitError(`more than ${limits.maxTokens} tokens`);
  }
  if (last < pretty.length) tokens.push({ kind: 'space', text: pretty.slice(last) });
  return tokens;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** JSON's whitespace (and the other ASCII blanks a lenient reader skips). */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c || code === 0x0b;
}

/**
 * Pretty-prints JSON text without changing any scalar's source form. One loop, no recursion;
 * throws BodyLimitError past `maxDepth` nesting or `maxChars` of output. Scalars and strings are
 * copied as whole slices and the output is joined once at the end: a 10 MB body is one pass.
 */
export function prettyJsonText(text: string, limits: FormatLimits = FORMAT_LIMITS): string {
  return prettyJson(text, limits, Number.POSITIVE_INFINITY).text;
}

/**
 * The first `chars` characters or so of the pretty-printed JSON, cut after a line break (so the
 * part can be highlighted alone), and whether that is all of it. The first screen of a 10 MB
 * body is shown from this, long before the whole of it is formatted.
 */
export function prettyJsonPrefix(
  text: string,
  chars: number,
  limits: FormatLimits = FORMAT_LIMITS,
): { text: string; complete: boolean } {
  return prettyJson(text, limits, chars);
}

function prettyJson(text: string, limits: FormatLimits, stopAfter: number): { text: string; complete: boolean } {
  const out: string[] = [];
  let length = 0;
  let depth = 0;
  const indents: string[] = ['\n'];
  const indent = (): string => {
    for (let d = indents.length; d <= depth; d += 1) indents.push(`\n${'  '.repeat(d)}`);
    return indents[depth] as string;
  };
  const emit = (piece: string): void => {
    out.push(piece);
    length += piece.length;
  };
  const src = text.trim();
  let i = 0;
  while (i < src.length) {
    if (length > limits.maxChars) throw new BodyLimitError(`longer than ${limits.maxChars} characters formatted`);
    // Every line break is emitted as the last piece of a step, so a cut here ends with one.
    if (length >= stopAfter && out[out.length - 1]?.startsWith('\n')) return { text: out.join(''), complete: false };
    const code = src.charCodeAt(i);
    if (code === QUOTE) {
      let j = i + 1;
      while (j < src.length && src.charCodeAt(j) !== QUOTE) j += src.charCodeAt(j) === BACKSLASH ? 2 : 1;
      emit(src.slice(i, j + 1));
      i = j + 1;
      continue;
    }
    const char = src[i] as string;
    if (char === '{' || char === '[') {
      // Empty containers stay on one line.
      let j = i + 1;
      while (j < src.length && isBlank(src.charCodeAt(j))) j += 1;
      if (src[j] === (char === '{' ? '}' : ']')) {
        emit(char + src[j]);
        i = j + 1;
        continue;
      }
      depth += 1;
      if (depth > limits.maxDepth) throw new BodyLimitError(`nested deeper than ${limits.maxDepth} levels`);
      emit(char);
      emit(indent());
    } else if (char === '}' || char === ']') {
      depth = Math.max(0, depth - 1);
      emit(indent());
      emit(char);
    } else if (char === ',') {
      emit(',');
      emit(indent());
    } else if (char === ':') {
      emit(': ');
    } else if (!isBlank(code)) {
      // A scalar (number, true, false, null, or stray text): copied up to the next structural character.
      let j = i + 1;
      while (j < src.length) {
        const next = src.charCodeAt(j);
        if (isBlank(next) || next === QUOTE || next === 0x2c || next === 0x3a) break;
        if (next === 0x7b || next === 0x7d || next === 0x5b || next === 0x5d) break;
        j += 1;
      }
      emit(src.slice(i, j));
      i = j;
      continue;
    }
    i += 1;
  }
  if (length > limits.maxChars) throw new BodyLimitError(`longer than ${limits.maxChars} characters formatted`);
  return { text: out.join(''), complete: true };
}

// --- XML ----------------------------------------------------------------------------------

export type XmlTokenKind = 'tag' | 'attr' | 'value' | 'text' | 'comment' | 'decl';

/**
 * Pretty-printed XML as lines of tokens (a tolerant tokenizer: malformed input still shows).
 * Entities are never expanded (an entity bomb stays its own short text); throws BodyLimitError
 * past `maxDepth` nesting or `maxTokens` parts.
 */
export function xmlLines(text: string, limits: FormatLimits = FORMAT_LIMITS): Token[][] {
  const parts = text.match(/<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<[^>]*>|[^<]+/g) ?? [];
  if (parts.length > limits.maxTokens) throw new BodyLimitError(`more than ${limits.maxTokens} tags and texts`);
  const lines: Token[][] = [];
  let depth = 0;
  for (const part of parts) {
    if (/^\s+$/.test(part)) continue;
    if (depth > limits.maxDepth) throw new BodyLimitError(`nested deeper than ${limits.maxDepth} levels`);
    const pad: Token = { kind: 'text', text: '  '.repeat(depth) };
    if (part.startsWith('<!--') || part.startsWith('<![CDATA[')) {
      lines.push([pad, { kind: 'comment', text: part }]);
    } else if (part.startsWith('<?') || part.startsWith('<!')) {
      lines.push([pad, { kind: 'decl', text: part }]);
    } else if (part.startsWith('</')) {
      depth = Math.max(0, depth - 1);
      const line: Token[] = [
        { kind: 'text', text: '  '.repeat(depth) },
        { kind: 'tag', text: part },
      ];
      // <a>text</a> stays on one line.
      const previous = lines[lines.length - 1];
      const opener = lines[lines.length - 2];
      if (
        previous?.length === 2 &&
        previous[1]?.kind === 'text' &&
        opener?.some((t) => t.kind === 'tag' && !t.text.startsWith('</'))
      ) {
        lines.pop();
        opener.push(previous[1], { kind: 'tag', text: part });
      } else {
        lines.push(line);
      }
    } else if (part.startsWith('<')) {
      lines.push([pad, ...tagTokens(part)]);
      if (!part.endsWith('/>')) depth += 1;
    } else {
      lines.push([pad, { kind: 'text', text: part.trim() }]);
    }
  }
  return lines;
}

function tagTokens(tag: string): Token[] {
  const match = /^<([^\s/>]+)([\s\S]*?)(\/?>)$/.exec(tag);
  if (!match) return [{ kind: 'tag', text: tag }];
  const tokens: Token[] = [{ kind: 'tag', text: `<${match[1] ?? ''}` }];
  const attrs = match[2] ?? '';
  const re = /(\s+)([^\s=]+)(?:(=)("[^"]*"|'[^']*'|[^\s"']+))?/g;
  let last = 0;
  for (let found = re.exec(attrs); found !== null; found = re.exec(attrs)) {
    last = re.lastIndex;
    tokens.push({ kind: 'text', text: found[1] ?? ' ' }, { kind: 'attr', text: found[2] ?? '' });
    if (found[3] !== undefined) tokens.push({ kind: 'text', text: '=' }, { kind: 'value', text: found[4] ?? '' });
  }
  if (last < attrs.length) tokens.push({ kind: 'text', text: attrs.slice(last) });
  tokens.push({ kind: 'tag', text: match[3] ?? '>' });
  return tokens;
}

// --- Forms and queries --------------------------------------------------------------------

/** Decoded [name, value] pairs of a query string or form body, in order (bad escapes kept raw). */
export function formPairs(text: string): [string, string][] {
  if (text === '') return [];
  return text
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq === -1 ? part : part.slice(0, eq);
      const value = eq === -1 ? '' : part.slice(eq + 1);
      return [decodeFormPart(name), decodeFormPart(value)];
    });
}

function decodeFormPart(value: string): string {
  const spaced = value.replaceAll('+', ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

// --- Multipart ----------------------------------------------------------------------------

export interface MultipartPart {
  readonly headers: [string, string][];
  readonly name: string | null;
  readonly filename: string | null;
  readonly contentType: string | null;
  readonly bytes: Uint8Array;
  /** UTF-8 text of the part, or null when it is not valid UTF-8. */
  readonly text: string | null;
}

export function boundaryOf(contentType: string | null): string | null {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType ?? '');
  return match ? (match[1] ?? match[2] ?? null) : null;
}

function indexOfBytes(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.length - needle.length; i += 1) {
    for (let j = 0; j < needle.length; j += 1) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** The parts of a multipart body (null when the boundary is not found). */
export function multipartParts(bytes: Uint8Array, contentType: string | null): MultipartPart[] | null {
  const boundary = boundaryOf(contentType);
  if (boundary === null) return null;
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = indexOfBytes(bytes, delimiter, 0);
  if (start === -1) return null;
  while (start !== -1) {
    let cursor = start + delimiter.length;
    // "--" after the delimiter closes the body.
    if (bytes[cursor] === 0x2d && bytes[cursor + 1] === 0x2d) break;
    if (bytes[cursor] === 0x0d) cursor += 1;
    if (bytes[cursor] === 0x0a) cursor += 1;
    const next = indexOfBytes(bytes, delimiter, cursor);
    const end = next === -1 ? bytes.length : next;
    let content = bytes.subarray(cursor, end);
    // The CRLF before the next delimiter belongs to it.
    if (content[content.length - 1] === 0x0a)
      content = content.subarray(0, content.length - (content[content.length - 2] === 0x0d ? 2 : 1));
    const crlfcrlf = indexOfBytes(content, new Uint8Array([0x0d, 0x0a, 0x0d, 0x0a]), 0);
    const lflf = crlfcrlf === -1 ? indexOfBytes(content, new Uint8Array([0x0a, 0x0a]), 0) : -1;
    const split = crlfcrlf !== -1 ? crlfcrlf : lflf;
    const headText = split === -1 ? '' : latin1(content.subarray(0, split));
    const body = split === -1 ? content : content.subarray(split + (crlfcrlf !== -1 ? 4 : 2));
    const headers = headText
      .split(/\r?\n/)
      .filter((line) => line.includes(':'))
      .map((line): [string, string] => [
        line.slice(0, line.indexOf(':')).trim(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]);
    const disposition = headers.find(([name]) => name.toLowerCase() === 'content-disposition')?.[1] ?? '';
    parts.push({
      headers,
      name: /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      filename: /\bfilename="([^"]*)"/i.exec(disposition)?.[1] ?? null,
      contentType: headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? null,
      bytes: body,
      text: decodeUtf8(body),
    });
    start = next;
  }
  return parts;
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

// --- Hex ----------------------------------------------------------------------------------

export interface HexRow {
  readonly offset: string;
  readonly hex: string;
  readonly ascii: string;
}

/** Rows of 16 bytes: offset, hex pairs (grouped by 8), printable ASCII or '.'. */
export function hexRows(bytes: Uint8Array, limit: number = bytes.length): HexRow[] {
  const rows: HexRow[] = [];
  const end = Math.min(bytes.length, limit);
  for (let offset = 0; offset < end; offset += 16) {
    let hex = '';
    let ascii = '';
    for (let i = 0; i < 16; i += 1) {
      const byte = offset + i < end ? bytes[offset + i] : undefined;
      if (i === 8) hex += ' ';
      hex += byte === undefined ? '   ' : `${byte.toString(16).padStart(2, '0')} `;
      ascii += byte === undefined ? '' : byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : '.';
    }
    rows.push({ offset: offset.toString(16).padStart(8, '0'), hex: hex.trimEnd(), ascii });
  }
  return rows;
}

/** The request as it came on the wire (the Raw tab), the body as text or a placeholder. */
export function rawRequest(event: {
  method: string;
  path: string;
  query: string;
  headers: readonly (readonly [string, string])[];
  bodyText: string | null;
  size: number;
}): string {
  const head = [`${event.method} ${event.path}${event.query === '' ? '' : `?${event.query}`} HTTP/1.1`];
  for (const [name, value] of event.headers) head.push(`${name}: ${value}`);
  const body =
    event.size === 0
      ? ''
      : (event.bodyText ?? `[${event.size} bytes of binary data: see the Hex view or download the body]`);
  return `${head.join('\n')}\n\n${body}`;
}
