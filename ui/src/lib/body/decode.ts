import { decodeUtf8 } from './parse.js';

/**
 * A captured body's text in the charset it names (pure, no DOM). UTF-8 is the rule; a body whose
 * Content-Type says UTF-16, or that starts with a UTF-16 byte order mark and is not UTF-8, is
 * decoded as UTF-16 so its Text view shows text rather than only hex.
 */

type Utf16 = 'utf-16le' | 'utf-16be';
export type TextEncodingName = 'utf-8' | Utf16;

export interface DecodedBody {
  /** The body as text, or null when it is not text in its charset (binary). */
  readonly text: string | null;
  readonly encoding: TextEncodingName;
  /** Invalid sequences were replaced by U+FFFD (only ever for UTF-16: invalid UTF-8 is binary). */
  readonly replaced: boolean;
}

/** The charset parameter of a Content-Type, lower-cased, or null. */
export function charsetOf(contentType: string | null): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

/** The UTF-16 byte order a byte order mark names, or null when the bytes start with none. */
function utf16Bom(bytes: Uint8Array): Utf16 | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return null;
}

/**
 * The body's text. `utf8` is the body already decoded as UTF-8 (or null when it is not UTF-8),
 * when the caller has it, so a 10 MiB body is not decoded twice.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null, utf8?: string | null): DecodedBody {
  const charset = charsetOf(contentType);
  const bom = utf16Bom(bytes);
  // The sender named UTF-16: its label wins, and a byte order mark picks the order (as browsers
  // do). "utf-16" without a mark is little-endian, as the Encoding Standard reads that label.
  if (charset === 'utf-16' || charset === 'utf-16le' || charset === 'utf-16be') {
    return decodeUtf16(bytes, bom ?? (charset === 'utf-16be' ? 'utf-16be' : 'utf-16le'));
  }
  const text = utf8 === undefined ? decodeUtf8(bytes) : utf8;
  if (text === null && bom !== null) return decodeUtf16(bytes, bom);
  return { text, encoding: 'utf-8', replaced: false };
}

function decodeUtf16(bytes: Uint8Array, encoding: Utf16): DecodedBody {
  try {
    return { text: new TextDecoder(encoding, { fatal: true }).decode(bytes), encoding, replaced: false };
  } catch {
    // A lone surrogate or an odd last byte: shown as U+FFFD, and the view says so.
    return { text: new TextDecoder(encoding).decode(bytes), encoding, replaced: true };
  }
}

/** What the Text view says about a body it did not read as UTF-8, or null for UTF-8. */
export function decodingNote(decoded: DecodedBody): string | null {
  if (decoded.encoding === 'utf-8' || decoded.text === null) return null;
  const name = decoded.encoding === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE';
  return decoded.replaced
    ? `Read as ${name}. Invalid sequences are shown as \uFFFD; the Hex view has the exact bytes.`
    : `Read as ${name}.`;
}
