import { clientFor, type ClientOptions } from '../client-options.js';
import { json } from '../format.js';
import type { CliIO } from '../io.js';

export interface CurlOptions extends ClientOptions {
  readonly eventId: string;
}

/**
 * `rehook curl <eventId>`: prints a shell command that sends the captured request again, byte
 * for byte (`rehook curl evt_... | sh`). The redacted headers it leaves out are named on stderr,
 * so the command's output stays runnable.
 */
export async function run(options: CurlOptions, io: CliIO): Promise<void> {
  const curl = await clientFor(options).curl(options.eventId);
  if (options.json) return io.stdout(json({ curl }));
  io.stdout(curl.command);
  if (curl.omittedHeaders.length > 0) {
    io.stderr(
      `Left out (redacted when captured): ${curl.omittedHeaders.join(', ')}. Add your own with -H if the receiver needs them.`,
    );
  }
}
