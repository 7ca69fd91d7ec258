import type { Logger } from 'pino';
import { loadConfig } from '../../config/load.js';
import type { Config } from '../../config/schema.js';
import { startRehook, type RunningRehook } from '../../server.js';
import { createServerLogger } from '../../server-logger.js';
import { EXIT, ExitError } from '../exit.js';
import type { CliIO } from '../io.js';

export interface ServeOptions {
  /** Values of the setting flags by flag name (`ingest-port`); undefined when not given. */
  readonly flags: Readonly<Record<string, string | undefined>>;
}

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;
type ShutdownSignal = (typeof SIGNALS)[number];
const SIGNAL_NUMBERS: Readonly<Record<ShutdownSignal, number>> = { SIGINT: 2, SIGTERM: 15 };

/** Errors of listen() that are the operator's to fix, not bugs. */
const LISTEN_ERRORS = new Set(['EADDRINUSE', 'EACCES', 'EADDRNOTAVAIL', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * Watches SIGINT/SIGTERM from before the server starts, so a signal during start-up is not
 * lost. The first signal resolves `first` (graceful shutdown); a second one ends the process at
 * once with 128 + the signal number, for a shutdown stuck on a slow replay.
 */
function watchSignals(logger: Logger): { first: Promise<ShutdownSignal>; dispose: () => void } {
  let resolveFirst: (signal: ShutdownSignal) => void = () => undefined;
  const first = new Promise<ShutdownSignal>((resolve) => {
    resolveFirst = resolve;
  });
  let received = false;
  const handler = (signal: ShutdownSignal) => {
    if (!received) {
      received = true;
      resolveFirst(signal);
      return;
    }
    logger.warn({ signal }, 'second signal: exiting without finishing the shutdown');
    process.exit(128 + SIGNAL_NUMBERS[signal]);
  };
  for (const signal of SIGNALS) process.on(signal, handler);
  return {
    first,
    dispose: () => {
      for (const signal of SIGNALS) process.off(signal, handler);
    },
  };
}

async function start(config: Config, logger: Logger): Promise<RunningRehook> {
  try {
    return await startRehook(config, { logger });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== undefined && LISTEN_ERRORS.has(code)) {
      throw new ExitError(EXIT.FAILURE, `cannot start: ${(err as Error).message}`);
    }
    throw err;
  }
}

/**
 * `rehook serve`: loads the configuration (flags over environment; ConfigError when invalid),
 * starts both listeners and runs until SIGINT/SIGTERM, then closes gracefully.
 */
export async function run(options: ServeOptions, io: CliIO): Promise<void> {
  const config = loadConfig(io.env, options.flags);
  // Logs go through process.stdout rather than pino's default asynchronous destination: that
  // one flushes on exit with sonic-boom's flushSync, which retries EPIPE forever, so a closed
  // log pipe would hang the shutdown. Request logging is off, so synchronous writes are cheap.
  const logger = createServerLogger(config, process.stdout);
  const signals = watchSignals(logger);
  try {
    const running = await start(config, logger);
    const signal = await signals.first;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    await running.close();
    logger.info('stopped');
  } finally {
    signals.dispose();
  }
}
