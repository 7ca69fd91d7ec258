import { readFile } from 'node:fs/promises';
import type { Replay, ReplayOptions as ClientReplayOptions, ReplayRun } from '../../client/types.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { EXIT, ExitError, UsageError } from '../exit.js';
import { cleanBlock, cleanLine, json, keyValues } from '../format.js';
import type { CliIO } from '../io.js';
import type { ReplayEdits } from '../replay-flags.js';

export interface ReplayOptions extends ClientOptions {
  readonly eventId: string;
  /** Destination URL. */
  readonly to: string;
  /** Edits, repeat and resign (src/cli/replay-flags.ts); absent = a verbatim replay. */
  readonly edits?: ReplayEdits;
}

function responseBody(replay: Replay): string {
  if (replay.responseBody === '') return '(empty response body)';
  if (replay.responseBodyEncoding === 'base64') {
    return `(binary response body, base64)\n${replay.responseBody}`;
  }
  return cleanBlock(replay.responseBody);
}

/** What was changed, in a few words: "method, headers, body; re-signed". */
function editsSummary(replay: Replay): string {
  const request = replay.request;
  if (request === null) return '-';
  const changed = Object.keys(request.overrides ?? {}).map((key) =>
    key === 'setHeaders' || key === 'removeHeaders' ? 'headers' : key,
  );
  const parts = [...new Set(changed)].join(', ');
  const text = parts === '' ? 'as captured' : `edited: ${parts}`;
  return request.resigned ? `${text}; re-signed` : text;
}

/** The request body of the API call: the flags, with a --body @file read as exact bytes. */
async function replayRequest(options: ReplayOptions): Promise<Omit<ClientReplayOptions, 'repeat'>> {
  const edits = options.edits;
  if (edits === undefined) return { destination: options.to };
  let bodyBase64 = edits.bodyBase64;
  if (edits.bodyFile !== undefined) {
    try {
      bodyBase64 = (await readFile(edits.bodyFile)).toString('base64');
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? 'unreadable';
      throw new UsageError(`--body @${edits.bodyFile}: cannot read the file (${reason})`, ['replay']);
    }
  }
  const headers =
    edits.setHeaders.length > 0 || edits.removeHeaders.length > 0
      ? {
          ...(edits.setHeaders.length > 0 ? { set: edits.setHeaders } : {}),
          ...(edits.removeHeaders.length > 0 ? { remove: edits.removeHeaders } : {}),
        }
      : undefined;
  return {
    destination: options.to,
    ...(edits.method === undefined ? {} : { method: edits.method }),
    ...(edits.path === undefined ? {} : { path: edits.path }),
    ...(edits.query === undefined ? {} : { query: edits.query }),
    ...(headers === undefined ? {} : { headers }),
    ...(edits.body === undefined ? {} : { body: edits.body }),
    ...(bodyBase64 === undefined ? {} : { bodyBase64 }),
    ...(edits.resign ? { resign: true } : {}),
  };
}

function printOne(replay: Replay, io: CliIO): void {
  io.stdout(
    keyValues([
      ['status', String(replay.statusCode ?? '-')],
      ['latency', replay.latencyMs === null ? '-' : `${replay.latencyMs} ms`],
      ['truncated', replay.truncated ? 'yes (response body cut at the server limit)' : 'no'],
      ['destination', cleanLine(replay.destination)],
      ['sent', replay.request === null ? '-' : cleanLine(`${replay.request.method} ${replay.request.url}`)],
      ['request', editsSummary(replay)],
      ['replay', replay.id],
    ]),
  );
  io.stdout(`\nResponse body\n${responseBody(replay)}`);
}

function printRun(run: ReplayRun, io: CliIO): void {
  const width = String(run.replays.length).length;
  for (const [i, replay] of run.replays.entries()) {
    const result =
      replay.error === null
        ? `${replay.statusCode ?? '-'}  ${replay.latencyMs ?? '-'} ms`
        : `${replay.error.code}  ${cleanLine(replay.error.message)}`;
    io.stdout(`#${String(i + 1).padStart(width)}  ${result}  ${replay.id}`);
  }
  const { summary } = run;
  const codes = Object.entries(summary.statusCodes).map(([code, n]) => `${code} x${n}`);
  const errors = Object.entries(summary.errors).map(([code, n]) => `${code} x${n}`);
  io.stdout(
    `\n${summary.attempts} of ${summary.requested} sent: ${summary.responses} answered` +
      (codes.length > 0 ? ` (${codes.join(', ')})` : '') +
      `, ${summary.failures} failed` +
      (errors.length > 0 ? ` (${errors.join(', ')})` : '') +
      (summary.stopped === 'time-limit' ? '; stopped: the run reached its time limit' : '') +
      (summary.stopped === 'forbidden' ? '; stopped: the replay policy refused the destination' : ''),
  );
}

/**
 * `rehook replay <eventId> --to <url> [edits] [--repeat n] [--resign]`: the server re-sends the
 * event, as captured or edited, and reports what the destination answered. A destination that
 * cannot be reached is an API error (exit 1); an answer of 400 or above exits 3 after printing
 * it; with --repeat every attempt is printed and the exit status is 1 when any of them got no
 * answer, else 3 when any was answered 400 or above.
 */
export async function run(options: ReplayOptions, io: CliIO): Promise<void> {
  const request = await replayRequest(options);
  const client = clientFor(options);
  const repeat = options.edits?.repeat;
  if (repeat === undefined) {
    const replay = await client.replay(options.eventId, request);
    if (options.json) io.stdout(json({ replay }));
    else printOne(replay, io);
    return exitForAnswers([replay]);
  }
  const result = await client.replay(options.eventId, { ...request, repeat });
  if (options.json) io.stdout(json(result));
  else printRun(result, io);
  if (result.summary.failures > 0) throw new ExitError(EXIT.FAILURE);
  exitForAnswers(result.replays);
}

/** Exit 3 (EXIT.REJECTED) when a destination answered 400 or above: the handler did not take it. */
function exitForAnswers(replays: readonly Replay[]): void {
  const rejected = replays.find((replay) => replay.statusCode !== null && replay.statusCode >= 400);
  if (rejected !== undefined) {
    throw new ExitError(EXIT.REJECTED, `the destination answered ${rejected.statusCode} (exit ${EXIT.REJECTED})`);
  }
}
