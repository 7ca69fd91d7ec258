import type { OptionDef, ParsedInput } from './command.js';
import { UsageError } from './exit.js';
import { list, str } from './normalise.js';

/**
 * Flags of `rehook replay` beyond --to (edit-and-replay, docs/replay.md). Kept apart from the
 * command module so the command table can normalise them without loading the client.
 */
export const REPLAY_EDIT_OPTIONS: Readonly<Record<string, OptionDef>> = {
  method: { type: 'string', value: 'method', description: "Send this method instead of the event's." },
  path: { type: 'string', value: 'path', description: "Append this path to the destination's path (starts with /)." },
  query: { type: 'string', value: 'query', description: "Replace the destination's query (a=1&b=2; '' removes it)." },
  'set-header': {
    type: 'string',
    value: 'name:value',
    multiple: true,
    description: 'Send this header instead of every header of that name (repeatable; the same name twice sends both).',
  },
  'remove-header': {
    type: 'string',
    value: 'name',
    multiple: true,
    description: 'Do not send headers of this name (repeatable).',
  },
  body: {
    type: 'string',
    value: 'text|@file',
    description: 'Send this text (UTF-8) as the body, or the bytes of a file with @file.',
  },
  'body-base64': { type: 'string', value: 'base64', description: 'Send these bytes (base64) as the body.' },
  repeat: {
    type: 'string',
    value: 'n',
    description: 'Send it n times (1-100), one after the other, and print each result.',
  },
  resign: {
    type: 'boolean',
    description:
      "Recompute the inbox's signature headers with a fresh timestamp (after the edits); the inbox needs a signature secret.",
  },
};

/** What the flags ask for; `bodyFile` is read by the command, not here. */
export interface ReplayEdits {
  readonly method?: string;
  readonly path?: string;
  readonly query?: string;
  readonly setHeaders: ReadonlyArray<readonly [string, string]>;
  readonly removeHeaders: readonly string[];
  readonly body?: string;
  readonly bodyFile?: string;
  readonly bodyBase64?: string;
  readonly repeat?: number;
  readonly resign: boolean;
}

/** `Name: value` or `Name:value` (the spaces after the colon are not part of the value). */
export function parseHeaderFlag(raw: string, path: readonly string[]): readonly [string, string] {
  const colon = raw.indexOf(':');
  if (colon <= 0) throw new UsageError(`--set-header must be name:value (got ${JSON.stringify(raw)})`, path);
  return [raw.slice(0, colon).trim(), raw.slice(colon + 1).replace(/^[ \t]+/, '')];
}

/** Reads the edit flags of `rehook replay`; usage errors (exit 2) for malformed ones. */
export function replayEdits(input: ParsedInput): ReplayEdits {
  const body = str(input, 'body');
  const bodyBase64 = str(input, 'body-base64');
  if (body !== undefined && bodyBase64 !== undefined)
    throw new UsageError('give --body or --body-base64, not both', input.path);
  const repeatText = str(input, 'repeat');
  let repeat: number | undefined;
  if (repeatText !== undefined) {
    repeat = /^\d+$/.test(repeatText) ? Number(repeatText) : Number.NaN;
    if (!Number.isInteger(repeat) || repeat < 1 || repeat > 100) {
      throw new UsageError(`--repeat must be an integer from 1 to 100 (got ${JSON.stringify(repeatText)})`, input.path);
    }
  }
  const method = str(input, 'method');
  const path = str(input, 'path');
  const query = str(input, 'query');
  return {
    ...(method === undefined ? {} : { method }),
    ...(path === undefined ? {} : { path }),
    ...(query === undefined ? {} : { query }),
    setHeaders: list(input, 'set-header').map((raw) => parseHeaderFlag(raw, input.path)),
    removeHeaders: list(input, 'remove-header'),
    ...(body === undefined ? {} : body.startsWith('@') ? { bodyFile: body.slice(1) } : { body }),
    ...(bodyBase64 === undefined ? {} : { bodyBase64 }),
    ...(repeat === undefined ? {} : { repeat }),
    resign: input.values['resign'] === true,
  };
}
