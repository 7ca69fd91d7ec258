import { clientFor } from '../client-options.js';
import type { CliIO } from '../io.js';
import { formatDelay } from '../listen/backoff.js';
import { LineBuffer } from '../listen/line-buffer.js';
import { runListener } from '../listen/listener.js';
import type { ListenOptions } from '../listen/options.js';
import { positionPath } from '../listen/position.js';
import { rulesKey } from '../listen/rules.js';
import type { ListenSummary } from '../listen/settings.js';

/** Exit code after a second Ctrl-C: stop at once (128 + SIGINT). */
const INTERRUPTED = 130;

/** The Ctrl-C line: what this run did and where the saved position is. */
export function summaryLine(summary: ListenSummary): string {
  const counts = `delivered ${summary.delivered}, failed ${summary.failed}, skipped ${summary.skipped}`;
  const last =
    summary.last === null
      ? 'no event delivered yet'
      : `last event ${summary.last.lastEventId} (captured ${summary.last.lastReceivedAt})`;
  return `Stopped: ${counts} this run; ${last}. Run the same command again to resume from there.`;
}

/**
 * `rehook listen <inboxId> --forward-to URL`: runs until Ctrl-C (SIGINT) or SIGTERM, then lets
 * the attempt in progress finish (at most --stop-timeout), records it, prints how far it got and
 * exits 0. A second signal exits at once with 130 (the position saved after the last completed
 * event stays valid). A fatal API error (bad token, unknown inbox) exits 1.
 */
export async function run(options: ListenOptions, io: CliIO): Promise<void> {
  const out = new LineBuffer(io.stdout);
  const stop = new AbortController();
  const abandon = new AbortController();
  let signals = 0;
  let abandonTimer: NodeJS.Timeout | undefined;
  const onSignal = (): void => {
    signals += 1;
    if (signals > 1) {
      out.flush();
      process.exit(INTERRUPTED);
    }
    stop.abort();
    io.stderr(
      `Stopping: finishing the delivery in progress (at most ${formatDelay(options.stopTimeoutMs)}); Ctrl-C again to abandon it.`,
    );
    // The attempt's own --timeout bounds it too; this bounds a stop when --timeout is long or 0.
    abandonTimer = setTimeout(() => abandon.abort(), options.stopTimeoutMs);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const key = { server: options.server, inboxId: options.inboxId, target: rulesKey(options.rules) };
    const summary = await runListener(
      {
        inboxId: options.inboxId,
        rules: options.rules,
        filters: options.filters,
        retries: options.retries,
        timeoutMs: options.timeoutMs,
        printBody: options.printBody,
        resign: options.resign,
        json: options.json,
        start: options.start,
        positionPath: positionPath(options.env, key),
        positionKey: key,
        windowMs: options.windowMs,
      },
      { client: clientFor(options), io: { ...io, stdout: out.line }, signal: stop.signal, abandon: abandon.signal },
    );
    out.flush();
    if (options.json) io.stdout(JSON.stringify({ type: 'summary', ...summaryJson(summary) }));
    io.stderr(summaryLine(summary));
  } finally {
    out.flush();
    clearTimeout(abandonTimer);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function summaryJson(summary: ListenSummary) {
  return {
    delivered: summary.delivered,
    failed: summary.failed,
    skipped: summary.skipped,
    lastEventId: summary.last?.lastEventId ?? null,
    lastReceivedAt: summary.last?.lastReceivedAt ?? null,
  };
}
