/**
 * How a text search (`q`) finds text that is stored encoded: the spellings of the text it looks
 * for, and the case folding both databases and the in-memory matcher apply alike. One rule for
 * SQLite, PostgreSQL and `matchesEventFilter`; only the SQL that applies it differs.
 *
 * A search looks for the text as typed and as the two encodings a webhook body commonly holds it
 * in: a form field (`application/x-www-form-urlencoded`: UTF-8, percent-encoded, `+` for a space,
 * so `wörld` is `w%C3%B6rld` and `+1555` is `%2B1555`), and a JSON string (`"` and `\` escaped,
 * other characters raw or as `\uXXXX`, so `wörld` may be `w\u00f6rld`). The query string and the
 * path are searched the same way. Bodies are never decoded or parsed for this: the encoded
 * spellings are searched as bytes, so binary bodies keep their raw-bytes match and nothing is
 * stored twice.
 *
 * Case: by default the letters A-Z match either case (text and haystack folded to lower case,
 * ASCII letters only: both databases fold exactly these, whatever their locale); other letters
 * (`Ö`, `ö`) match as typed. `caseSensitive` matches every byte exactly, as before.
 */

/** ASCII letters in lower case, every other character unchanged. */
export function foldAscii(text: string): string {
  return text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/** The bytes with 'A'-'Z' as 'a'-'z', the rest unchanged (a copy when anything changed). */
export function foldAsciiBytes(bytes: Buffer): Buffer {
  let copy: Buffer | null = null;
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] as number;
    if (byte >= 0x41 && byte <= 0x5a) {
      copy ??= Buffer.from(bytes);
      copy[i] = byte + 0x20;
    }
  }
  return copy ?? bytes;
}

/** Form encoding of the WHATWG URL standard (as URLSearchParams writes it): `+` for a space. */
function formEncoded(text: string): string {
  return new URLSearchParams([['', text]]).toString().slice(1);
}

/** The text inside a JSON string with every non-ASCII character as `\uXXXX` (lower-case hex). */
function jsonAsciiEscaped(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[\u0080-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** `%xx` and `\uxxxx` written with upper-case hex digits (the other common spelling). */
function upperHex(text: string): string {
  return text
    .replace(/%[0-9a-f]{2}/gi, (seq) => seq.toUpperCase())
    .replace(/\\u[0-9a-f]{4}/gi, (seq) => `\\u${seq.slice(2).toUpperCase()}`);
}

function lowerHex(text: string): string {
  return text
    .replace(/%[0-9a-f]{2}/gi, (seq) => seq.toLowerCase())
    .replace(/\\u[0-9a-f]{4}/gi, (seq) => seq.toLowerCase());
}

/**
 * The strings a search for `text` looks for in the path, the query string and the body: the
 * text itself, its form encodings (`+` and `%20` for a space) and its JSON string spellings, each
 * folded when the search ignores case, without duplicates (the text itself first). Header names
 * and values are searched for the text itself only: they are stored as sent, not encoded.
 */
export function textNeedles(text: string, caseSensitive: boolean): string[] {
  const form = formEncoded(text);
  const spellings = [
    text,
    form,
    form.replaceAll('+', '%20'),
    JSON.stringify(text).slice(1, -1),
    jsonAsciiEscaped(text),
  ];
  const all = caseSensitive ? spellings.flatMap((s) => [s, upperHex(s), lowerHex(s)]) : spellings.map(foldAscii);
  return [...new Set(all)].filter((needle) => needle !== '');
}

/** Whether `haystack` holds one of the needles (folded first when the search ignores case). */
export function textFound(haystack: string, needles: readonly string[], caseSensitive: boolean): boolean {
  const subject = caseSensitive ? haystack : foldAscii(haystack);
  return needles.some((needle) => subject.includes(needle));
}

/** Whether the body bytes hold one of the needles' UTF-8 bytes (folded first when ignoring case). */
export function bytesFound(body: Buffer, needles: readonly string[], caseSensitive: boolean): boolean {
  const subject = caseSensitive ? body : foldAsciiBytes(body);
  return needles.some((needle) => subject.includes(Buffer.from(needle, 'utf8')));
}
