import { formatDurationMs } from '../../domain/duration.js';
import { clientFor, type ClientOptions } from '../client-options.js';
import { EXIT, ExitError } from '../exit.js';
import { json } from '../format.js';
import type { CliIO } from '../io.js';
import { printEvent } from './event.js';

/** The longest single long-poll the server accepts; longer waits are several polls. */
const MAX_POLL_MS = 120_000;
/** Lower than every event id: `after` it, every event of the inbox is newer. */
const BEFORE_ALL = 'evt_00000000000000000000000000';

export interface WaitOptions extends ClientOptions {
  readonly inboxId: string;
  /** Print the first event newer than this one; absent: the next one stored after the start. */
  readonly after: string | undefined;
  /** Total time to wait, in milliseconds (0: look once). */
  readonly timeoutMs: number;
}

/**
 * `rehook wait <inboxId>`: long-polls the server until an event newer than the floor is stored,
 * then prints it as `rehook event` does. Exits 1 (ExitError) when none came within the timeout.
 */
export async function run(options: WaitOptions, io: CliIO): Promise<void> {
  const client = clientFor(options);
  const deadline = Date.now() + options.timeoutMs;
  // Every poll names the same floor, so nothing stored between two polls is skipped: without
  // --after, the inbox's newest event now (a poll without `after` would take a new floor each time).
  const after = options.after ?? (await client.events(options.inboxId, { limit: 1 })).events[0]?.id ?? BEFORE_ALL;
  for (;;) {
    const remaining = Math.max(0, deadline - Date.now());
    const event = await client.nextEvent(options.inboxId, { after, timeout: Math.min(remaining, MAX_POLL_MS) });
    if (event !== null) {
      if (options.json) return io.stdout(json({ event }));
      return printEvent(event, io);
    }
    // A 204 before the deadline: the poll's own limit, or a server shutting down. Poll again.
    if (Date.now() >= deadline) {
      const within = formatDurationMs(options.timeoutMs);
      throw new ExitError(EXIT.FAILURE, `no event arrived in ${options.inboxId} within ${within} (timed out)`);
    }
  }
}
