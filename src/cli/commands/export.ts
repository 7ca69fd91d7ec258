import type { EventFilterParams } from '../../client/types.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import type { CliIO } from '../io.js';

export interface ExportOptions extends ClientOptions {
  readonly inboxId: string;
  readonly format: 'har' | 'ndjson';
  readonly filter: EventFilterParams;
}

/**
 * `rehook export <inboxId> --format har|ndjson [filters] > file`: streams the server's export to
 * standard output as it arrives, never holding the whole of it, and waits whenever standard
 * output is slower than the network. Stops (and ends the download) when the reader goes away.
 */
export async function run(options: ExportOptions, io: CliIO): Promise<void> {
  const bytes = await clientFor(options).exportInbox(options.inboxId, {
    format: options.format,
    filter: options.filter,
  });
  if (io.writeStdout === undefined) {
    // Test doubles without raw output: the text, at the end.
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of bytes) text += decoder.decode(chunk, { stream: true });
    io.stdout(text.replace(/\n$/, ''));
    return;
  }
  for await (const chunk of bytes) {
    if (!(await io.writeStdout(chunk))) return;
  }
}
