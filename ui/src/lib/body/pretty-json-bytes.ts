import { BodyLimitError, type FormatLimits } from './parse.js';

/**
 * prettyJsonText over UTF-8 bytes, into UTF-8 bytes: the same output, byte for byte, made
 * several times faster (no string pieces to join, no characters to decode). The body worker
 * formats a 10 MiB body with it and transfers the result to the page as it is. UTF-8 never
 * puts a quote, a backslash or an ASCII blank inside a multi-byte character, so scanning bytes
 * for them is safe. Throws BodyLimitError past `maxDepth` nesting or `maxChars` bytes of output.
 */
export function prettyJsonUtf8(src: Uint8Array, limits: FormatLimits): Uint8Array {
  let out = new Uint8Array(Math.max(64, Math.ceil(src.length * 1.6)));
  let length = 0;
  const reserve = (bytes: number): void => {
    if (length + bytes > limits.maxChars)
      throw new BodyLimitError(`longer than ${limits.maxChars} characters formatted`);
    if (length + bytes <= out.length) return;
    const grown = new Uint8Array(Math.max(out.length * 2, length + bytes));
    grown.set(out.subarray(0, length));
    out = grown;
  };
  const copy = (from: number, to: number): void => {
    reserve(to - from);
    out.set(src.subarray(from, to), length);
    length += to - from;
  };
  let depth = 0;
  // Room for any structural step (a bracket, a line break and its indent) is made at the top of
  // each step, so the steps write without checks.
  const newline = (): void => {
    out[length++] = NEWLINE;
    out.fill(SPACE, length, length + 2 * depth);
    length += 2 * depth;
  };
  // A UTF-8 byte order mark is no part of the text (the decoder drops it too).
  let i = src[0] === 0xef && src[1] === 0xbb && src[2] === 0xbf ? 3 : 0;
  let end = src.length;
  while (i < end && isBlank(src[i] as number)) i += 1;
  while (end > i && isBlank(src[end - 1] as number)) end -= 1;
  while (i < end) {
    reserve(4 + 2 * depth);
    const code = src[i] as number;
    if (code === QUOTE) {
      let j = i + 1;
      while (j < end && src[j] !== QUOTE) j += src[j] === BACKSLASH ? 2 : 1;
      const stop = Math.min(j + 1, end);
      copy(i, stop);
      i = stop;
      continue;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      // Empty containers stay on one line.
      let j = i + 1;
      while (j < end && isBlank(src[j] as number)) j += 1;
      if (src[j] === (code === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET) && j < end) {
        out[length++] = code;
        out[length++] = src[j] as number;
        i = j + 1;
        continue;
      }
      depth += 1;
      if (depth > limits.maxDepth) throw new BodyLimitError(`nested deeper than ${limits.maxDepth} levels`);
      out[length++] = code;
      reserve(2 * depth);
      newline();
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth = Math.max(0, depth - 1);
      newline();
      out[length++] = code;
    } else if (code === COMMA) {
      out[length++] = COMMA;
      newline();
    } else if (code === COLON) {
      out[length++] = COLON;
      out[length++] = SPACE;
    } else if (!isBlank(code)) {
      // A scalar (number, true, false, null, or stray text): copied up to the next structural byte.
      let j = i + 1;
      while (j < end && !endsScalar(src[j] as number)) j += 1;
      copy(i, j);
      i = j;
      continue;
    }
    i += 1;
  }
  return out.slice(0, length);
}

const NEWLINE = 0x0a;
const SPACE = 0x20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** The blanks prettyJsonText skips (JSON's whitespace, form feed and vertical tab). */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0x0c || code === 0x0b;
}

function endsScalar(code: number): boolean {
  return (
    isBlank(code) ||
    code === QUOTE ||
    code === COMMA ||
    code === COLON ||
    code === OPEN_BRACE ||
    code === CLOSE_BRACE ||
    code === OPEN_BRACKET ||
    code === CLOSE_BRACKET
  );
}
