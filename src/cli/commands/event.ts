import type { EventDetail } from '../../client/types.js';
import { bodyView } from '../body-view.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { cleanLine, formatBytes, json, keyValues, orDash } from '../format.js';
import type { CliIO } from '../io.js';

export interface EventOptions extends ClientOptions {
  readonly eventId: string;
  /** Write the raw body bytes only. */
  readonly body?: boolean;
}

/** `valid (stripe)`, `invalid (stripe): timestamp outside tolerance...`, or `unchecked: no signature secret was set when it arrived`. */
export function describeSignatureCheck(check: EventDetail['signature']): string {
  const scheme = check.scheme === null ? '' : ` (${cleanLine(check.scheme)})`;
  return `${check.status}${scheme}${check.reason === null ? '' : `: ${cleanLine(check.reason)}`}`;
}

/**
 * `rehook event <eventId>`: request line, headers and body (captured text is escaped, the body
 * cut at the view's limits); with --body, the body's exact bytes and nothing else.
 */
export async function run(options: EventOptions, io: CliIO): Promise<void> {
  const client = clientFor(options);
  if (options.body === true) {
    const { bytes } = await client.eventBody(options.eventId);
    // Test doubles without raw output get the text.
    if (io.writeStdout === undefined) io.stdout(Buffer.from(bytes).toString('utf8'));
    else if (bytes.length > 0) await io.writeStdout(bytes);
    return;
  }
  const event = await client.event(options.eventId);
  if (options.json) return io.stdout(json({ event }));
  printEvent(event, io);
}

/** The human form of one event (also used by `rehook wait`). */
export function printEvent(event: EventDetail, io: CliIO): void {
  const target = event.query === '' ? event.path : `${event.path}?${event.query}`;
  io.stdout(
    keyValues([
      ['id', event.id],
      ['inbox', event.inboxId],
      ['received', event.receivedAt],
      ['request', `${cleanLine(event.method)} ${cleanLine(target)}`],
      ['from', cleanLine(event.sourceIp)],
      ['content type', cleanLine(orDash(event.contentType))],
      ['size', formatBytes(event.size)],
      // Which answer the sender got: the inbox's response (rule n, or its default), or 200.
      [
        'answer',
        event.answer.rule === null ? String(event.answer.status) : `${event.answer.status} (rule ${event.answer.rule})`,
      ],
      // The sender's signature as checked at capture (docs/signatures.md).
      ['signature', describeSignatureCheck(event.signature)],
    ]),
  );
  const headers = event.headers.map(([name, value]) => `  ${cleanLine(name)}: ${cleanLine(value)}`);
  io.stdout(`\nHeaders\n${headers.join('\n')}`);
  io.stdout(`\nBody\n${bodyView(event)}`);
}
