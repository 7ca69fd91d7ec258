import type { Replay } from '../../client/types.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { cleanBlock, cleanLine, json, keyValues } from '../format.js';
import type { CliIO } from '../io.js';

export interface ReplayOptions extends ClientOptions {
  readonly eventId: string;
  /** Destination URL. */
  readonly to: string;
}

function responseBody(replay: Replay): string {
  if (replay.responseBody === '') return '(empty response body)';
  if (replay.responseBodyEncoding === 'base64') {
    return `(binary response body, base64)\n${replay.responseBody}`;
  }
  return cleanBlock(replay.responseBody);
}

/**
 * `rehook replay <eventId> --to <url>`: the server re-sends the event and reports what the
 * destination answered. A destination that cannot be reached is an API error (exit 1).
 */
export async function run(options: ReplayOptions, io: CliIO): Promise<void> {
  const replay = await clientFor(options).replay(options.eventId, { destination: options.to });
  if (options.json) return io.stdout(json({ replay }));
  io.stdout(
    keyValues([
      ['status', String(replay.statusCode ?? '-')],
      ['latency', replay.latencyMs === null ? '-' : `${replay.latencyMs} ms`],
      ['truncated', replay.truncated ? 'yes (response body cut at the server limit)' : 'no'],
      ['destination', cleanLine(replay.destination)],
      ['replay', replay.id],
    ]),
  );
  io.stdout(`\nResponse body\n${responseBody(replay)}`);
}
