/**
 * How deep JSON nests, read from its bytes without parsing: captured bodies are hostile, and a
 * body of 100,000 nested brackets must cost one linear pass, not a recursion per level.
 */

/**
 * Deepest nesting of a JSON body that search reads as JSON: SQLite's JSON functions refuse
 * anything deeper (their JSON_MAX_DEPTH, 1000), so this is the one limit every store and the
 * reference matcher keep. Level 1 is the outermost array or object.
 */
export const MAX_SEARCH_JSON_DEPTH = 1000;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * True when arrays and objects in `body` nest deeper than `max` levels. Brackets inside
 * strings do not count; for invalid JSON the answer is only an estimate, which is enough for
 * callers that parse afterwards. Stops at the first level past `max`.
 */
export function nestsDeeperThan(body: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i] as number;
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      depth += 1;
      if (depth > max) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}
