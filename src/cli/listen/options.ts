import { parseDurationMs } from '../../domain/duration.js';
import type { ClientOptions } from '../client-options.js';
import type { OptionDef, ParsedInput } from '../command.js';
import { UsageError } from '../exit.js';
import { clientOptions, durationMs, list, str } from '../normalise.js';
import { isId } from '../../domain/ids.js';
import {
  normalisePrefix,
  parseForwardRules,
  parseMethods,
  RuleError,
  type EventFilters,
  type ForwardRule,
} from './rules.js';
import { DEFAULT_WINDOW_MS } from './window.js';

/** Where to start, as the user asked (`--from`/`--since`). */
export type StartSpec =
  | { readonly kind: 'default' }
  | { readonly kind: 'last' }
  | { readonly kind: 'now' }
  | { readonly kind: 'event'; readonly eventId: string }
  | { readonly kind: 'ago'; readonly ms: number; readonly text: string };

/** `--from`/`--since` as typed: `last`, `now`, an event id or a duration (`2h`, `30m`). */
export function parseStart(
  raw: string,
  parseDuration: (raw: string) => number | null,
  allowed: 'from' | 'since',
): StartSpec | null {
  if (allowed === 'from' && raw === 'last') return { kind: 'last' };
  if (allowed === 'from' && raw === 'now') return { kind: 'now' };
  if (isId('event', raw)) return { kind: 'event', eventId: raw };
  const ms = parseDuration(raw);
  if (ms === null || ms <= 0) return null;
  return { kind: 'ago', ms, text: raw };
}

/** The flags of `rehook listen` (besides --server, --token and --json). */
export const LISTEN_OPTIONS: Readonly<Record<string, OptionDef>> = {
  'forward-to': {
    type: 'string',
    value: '[PATH_PREFIX=]URL',
    multiple: true,
    required: true,
    description:
      'Local URL to forward to; the sub-path below /i/<inboxId> is appended to its path and the query ' +
      'to its query. Repeatable: /PATH_PREFIX=URL routes the events below that prefix (the prefix is ' +
      'cut off) and the longest matching prefix wins; a bare URL is the prefix /. Events no rule matches ' +
      'are skipped.',
  },
  from: {
    type: 'string',
    value: 'last|now|eventId|duration',
    description:
      'Where to start: after the saved position of this inbox and these targets (last), at the next new ' +
      'event (now), at an event (included), or at the events of the last duration (2h, 30m). Default: ' +
      'last when a position was saved, else now.',
  },
  since: {
    type: 'string',
    value: 'duration|eventId',
    description:
      'Deliver the backlog first, oldest first: the events of the last duration (2h) or from an event ' +
      '(included) on; then new events. Same as --from with those values.',
  },
  retries: {
    type: 'string',
    value: 'n',
    default: '3',
    description:
      'Retries (0 to 100) of an event when the local target cannot be reached, times out or answers ' +
      '5xx, with backoff; then the listener gives up on it and moves on.',
  },
  timeout: {
    type: 'string',
    value: 'duration',
    default: '30s',
    description:
      'Limit per attempt at the local target (500ms, 30s, 5m); 0 for none, to step through a handler in a debugger.',
  },
  'stop-timeout': {
    type: 'string',
    value: 'duration',
    default: '10s',
    description:
      'On the first Ctrl-C (or SIGTERM), how long an attempt in progress may still take to finish ' +
      '(within its own --timeout) before it is abandoned; 0 abandons it at once. A second Ctrl-C ' +
      'always abandons it at once.',
  },
  'only-method': {
    type: 'string',
    value: 'method',
    multiple: true,
    description: 'Forward only events with this method (repeatable, or a comma list: POST,PUT); the rest are skipped.',
  },
  'only-path': {
    type: 'string',
    value: 'prefix',
    multiple: true,
    description: 'Forward only events whose sub-path is under this prefix (whole segments; repeatable).',
  },
  'print-body': {
    type: 'boolean',
    description: "Print the local server's response body under each line (the first 64 KiB).",
  },
  resign: {
    type: 'boolean',
    description:
      "Re-sign each event with the inbox's signature secret and the current time before forwarding " +
      '(the server computes it: POST /api/v1/events/<id>/resign), so handlers that check signature ' +
      "timestamps accept old events. Needs the owner's token.",
  },
};

export interface ListenOptions extends ClientOptions {
  readonly inboxId: string;
  readonly rules: readonly ForwardRule[];
  readonly filters: EventFilters;
  readonly start: StartSpec;
  readonly retries: number;
  readonly timeoutMs: number;
  /** On a graceful stop, the longest wait for the attempt in progress (0: abandon it at once). */
  readonly stopTimeoutMs: number;
  readonly printBody: boolean;
  readonly resign: boolean;
  /** For the state directory (REHOOK_STATE_DIR, XDG_STATE_HOME, HOME). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** The overlap window (REHOOK_LISTEN_WINDOW; default 30 s): see window.ts. */
  readonly windowMs: number;
}

/** Longest REHOOK_LISTEN_WINDOW: a look-back lists the window's ids, so it should stay small. */
const MAX_WINDOW_MS = 600_000;

/** REHOOK_LISTEN_WINDOW: the overlap window as a duration (`30s`, `2m`; `0` for none). */
function windowMs(input: ParsedInput): number {
  const raw = input.env['REHOOK_LISTEN_WINDOW'];
  if (raw === undefined || raw === '') return DEFAULT_WINDOW_MS;
  const ms = parseDurationMs(raw.trim());
  if (ms === null || ms > MAX_WINDOW_MS) {
    throw new UsageError(
      `REHOOK_LISTEN_WINDOW must be a duration from 0 to 10m such as 30s (got ${JSON.stringify(raw)})`,
      input.path,
    );
  }
  return ms;
}

function retries(input: ParsedInput): number {
  const raw = str(input, 'retries') ?? '3';
  if (!/^\d{1,3}$/.test(raw) || Number(raw) > 100) {
    throw new UsageError(`--retries must be a whole number from 0 to 100 (got ${JSON.stringify(raw)})`, input.path);
  }
  return Number(raw);
}

function start(input: ParsedInput): StartSpec {
  const from = str(input, 'from');
  const since = str(input, 'since');
  if (from !== undefined && since !== undefined) throw new UsageError('give --from or --since, not both', input.path);
  if (from !== undefined) {
    const spec = parseStart(from, parseDurationMs, 'from');
    if (spec === null) {
      throw new UsageError(
        `--from must be last, now, an event id (evt_...) or a duration such as 2h (got ${JSON.stringify(from)})`,
        input.path,
      );
    }
    return spec;
  }
  if (since !== undefined) {
    const spec = parseStart(since, parseDurationMs, 'since');
    if (spec === null) {
      throw new UsageError(
        `--since must be a duration such as 2h or an event id (evt_...) (got ${JSON.stringify(since)})`,
        input.path,
      );
    }
    return spec;
  }
  return { kind: 'default' };
}

/** Turns the parsed flags into ListenOptions; a bad rule, filter or number is a usage error. */
export function normaliseListen(input: ParsedInput): ListenOptions {
  try {
    return {
      ...clientOptions(input),
      inboxId: input.args[0] ?? '',
      rules: parseForwardRules(list(input, 'forward-to')),
      filters: {
        methods: parseMethods(list(input, 'only-method')),
        paths: list(input, 'only-path').map(normalisePrefix),
      },
      start: start(input),
      retries: retries(input),
      timeoutMs: durationMs(input, 'timeout', 30_000),
      stopTimeoutMs: durationMs(input, 'stop-timeout', 10_000),
      printBody: input.values['print-body'] === true,
      resign: input.values['resign'] === true,
      env: input.env,
      windowMs: windowMs(input),
    };
  } catch (err) {
    if (err instanceof RuleError) throw new UsageError(err.message, input.path);
    throw err;
  }
}
