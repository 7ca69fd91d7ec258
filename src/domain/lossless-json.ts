import { isLosslessNumber, isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';
import { nestsDeeperThan } from './json-nesting.js';

/**
 * JSON read and written without losing a number: a number JavaScript cannot hold exactly
 * (12345678901234567890, 1e400, 0.1000000000000000055511151231257827) stays a LosslessNumber
 * holding its source text, and `stringifyLossless` writes that text back unchanged. Everything
 * else is plain JSON values. The display code keeps numbers exact by re-tokenising text
 * (ui/src/lib/body/parse.ts, src/cli/body-view.ts); code that needs the values uses this.
 */

export { isLosslessNumber, LosslessNumber };

/** Deepest nesting read as JSON: the parser recurses, and captured bodies are hostile. */
export const MAX_LOSSLESS_JSON_DEPTH = 1000;

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function parseNumber(text: string): number | LosslessNumber {
  return isSafeNumber(text) ? Number(text) : new LosslessNumber(text);
}

/**
 * The value of JSON text, or undefined when it is not JSON or nests deeper than
 * MAX_LOSSLESS_JSON_DEPTH. A repeated key keeps its last value, as JSON.parse does.
 */
export function parseLosslessJson(text: string): unknown {
  if (nestsDeeperThan(Buffer.from(text, 'utf8'), MAX_LOSSLESS_JSON_DEPTH)) return undefined;
  return parseChecked(text);
}

/** The value of a UTF-8 JSON body (bytes), or undefined (not UTF-8, not JSON, too deep, empty). */
export function parseLosslessJsonBody(body: Uint8Array): unknown {
  if (body.length === 0 || nestsDeeperThan(body, MAX_LOSSLESS_JSON_DEPTH)) return undefined;
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    return undefined;
  }
  return parseChecked(text);
}

function parseChecked(text: string): unknown {
  try {
    return parse(text, null, { parseNumber, onDuplicateKey: ({ newValue }) => newValue });
  } catch {
    return undefined;
  }
}

/** JSON text of a value, lossless numbers written as their source text. */
export function stringifyLossless(value: unknown, space?: number): string {
  return stringify(value, null, space) ?? 'null';
}
