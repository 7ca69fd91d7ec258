import { cleanBlock, formatBytes } from './format.js';

/**
 * The body as `rehook event` shows it in a terminal: a view of bounded size, whatever the body.
 * Captured bodies are hostile input (anyone who knows an inbox URL can send one), so nothing
 * here recurses, and the work and the output are bounded by the limits below, not by the body:
 * a 10 MB body, a 1 MB line or JSON nested 100,000 deep print as fast as a small one.
 */
export interface BodyViewLimits {
  /** Characters of the body shown (a cut body ends with a note saying how much was left out). */
  readonly maxChars: number;
  /** Lines shown (after pretty-printing). */
  readonly maxLines: number;
  /** Indentation stops growing past this many levels, so deep nesting cannot multiply the output. */
  readonly maxIndent: number;
}

/**
 * 64 KiB is the web inspector's first text step too: every body of a usual webhook shows whole,
 * and the view stays a few screens of scrollback. 1,000 lines bounds a body of short lines the
 * same way. Indentation beyond 32 levels (64 columns) no longer helps reading.
 */
export const BODY_VIEW_LIMITS: BodyViewLimits = { maxChars: 64 * 1024, maxLines: 1_000, maxIndent: 32 };

/** What the view needs of an event. */
export interface ViewedBody {
  readonly id: string;
  readonly size: number;
  readonly contentType: string | null;
  readonly bodyText: string | null;
}

/**
 * True when the body should be shown as JSON: labelled JSON (or starting like it) and valid. A
 * body longer than the view is not parsed whole for a preview of its start: when it is labelled
 * JSON its prefix is re-indented as it is (the re-indenter takes any text).
 */
function isJsonBody(contentType: string | null, text: string, limits: BodyViewLimits): boolean {
  const type = (contentType ?? '').toLowerCase();
  const labelled = /[/+]json\b/.test(type);
  const start = text.trimStart().slice(0, 1);
  if (!labelled && start !== '{' && start !== '[') return false;
  if (text.length > limits.maxChars) return labelled;
  try {
    // V8's JSON.parse does not recurse: 100,000 levels of nesting parse like any other body.
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const SPACE = /\s/;

/**
 * Pretty-prints JSON text by re-indenting its tokens (numbers keep their source form, where a
 * parse and stringify would round 12345678901234567890), in one pass that stops once `maxChars`
 * of the source are read or `maxLines` lines are written. Returns the text and how many source
 * characters it covers.
 */
export function prettyJsonPrefix(text: string, limits: BodyViewLimits): { text: string; consumed: number } {
  const out: string[] = [];
  let line = '';
  let depth = 0;
  let i = 0;
  const newline = () => {
    out.push(line);
    line = '  '.repeat(Math.min(depth, limits.maxIndent));
  };
  while (i < text.length && i < limits.maxChars && out.length < limits.maxLines) {
    const char = text[i] as string;
    if (char === '"') {
      let j = i + 1;
      while (j < text.length && j < limits.maxChars && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      // A string running past the limit (a 1 MB line) is cut there, never at half a character.
      const end = j < limits.maxChars ? j + 1 : cutPoint(text, limits.maxChars);
      line += text.slice(i, end);
      i = end;
      continue;
    }
    if (char === '{' || char === '[') {
      let j = i + 1;
      while (j < text.length && SPACE.test(text[j] as string)) j += 1;
      if (text[j] === (char === '{' ? '}' : ']')) {
        // Empty containers stay on one line.
        line += char + (text[j] as string);
        i = j + 1;
        continue;
      }
      depth += 1;
      line += char;
      newline();
    } else if (char === '}' || char === ']') {
      depth = Math.max(0, depth - 1);
      newline();
      line += char;
    } else if (char === ',') {
      line += ',';
      newline();
    } else if (char === ':') {
      line += ': ';
    } else if (!SPACE.test(char)) {
      line += char;
    }
    i += 1;
  }
  if (line.trim() !== '' && out.length < limits.maxLines) out.push(line);
  return { text: out.join('\n'), consumed: Math.min(i, text.length) };
}

/** `at`, or one less when `at` would split a surrogate pair (half of one is not a character). */
function cutPoint(text: string, at: number): number {
  if (at >= text.length) return text.length;
  const before = text.charCodeAt(at - 1);
  return before >= 0xd800 && before <= 0xdbff ? at - 1 : at;
}

/** The first `maxChars` characters and `maxLines` lines of text, and how many characters that is. */
export function textPrefix(text: string, limits: BodyViewLimits): { text: string; consumed: number } {
  let end = cutPoint(text, limits.maxChars);
  let lines = 0;
  for (let at = text.indexOf('\n'); at !== -1 && at < end; at = text.indexOf('\n', at + 1)) {
    lines += 1;
    if (lines === limits.maxLines) {
      end = at;
      break;
    }
  }
  return { text: text.slice(0, end), consumed: end };
}

/** `rehook event <id> --body > body.bin`, the command that writes all of a body. */
export function wholeBodyHint(eventId: string): string {
  return `rehook event ${eventId} --body > body.bin`;
}

/**
 * The body section of `rehook event`: `(empty body)`, a note for binary bodies, or the text
 * (JSON pretty-printed), cut at the limits with a note saying how much was left out and how to
 * get all of it. Captured text is escaped for the terminal.
 */
export function bodyView(event: ViewedBody, limits: BodyViewLimits = BODY_VIEW_LIMITS): string {
  if (event.size === 0) return '(empty body)';
  if (event.bodyText === null) {
    return `(binary body, ${formatBytes(event.size)}: \`${wholeBodyHint(event.id)}\` writes its bytes)`;
  }
  const text = event.bodyText;
  const view = isJsonBody(event.contentType, text, limits) ? prettyJsonPrefix(text, limits) : textPrefix(text, limits);
  const shown = cleanBlock(view.text);
  if (view.consumed >= text.length) return shown;
  const left = event.size - Buffer.byteLength(text.slice(0, view.consumed), 'utf8');
  return (
    `${shown}\n… ${formatBytes(left)} (${left} bytes) of ${formatBytes(event.size)} not shown: ` +
    `\`${wholeBodyHint(event.id)}\` writes the whole body`
  );
}
