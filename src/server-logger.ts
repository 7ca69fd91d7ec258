import { pino, type DestinationStream, type Logger } from 'pino';
import { isColorSupported, prettyFactory } from 'pino-pretty';
import type { Config } from './config/schema.js';
import { LOG_REDACTION } from './log-redaction.js';

/** Where the server's log lines go: standard output, or a stand-in for it in tests. */
export type LogOutput = Pick<NodeJS.WriteStream, 'write' | 'isTTY'>;

/** True when records are written as readable lines rather than JSON (REHOOK_LOG_FORMAT). */
export function writesPrettyLogs(format: Config['logFormat'], output: LogOutput): boolean {
  return format === 'pretty' || (format === 'auto' && output.isTTY === true);
}

/**
 * Turns each JSON record into one readable line (an error's stack follows it, indented). It runs
 * in this thread and writes synchronously, unlike pino-pretty's stream: a record logged just before
 * the process exits is not lost, and a closed pipe cannot hang the shutdown.
 */
function prettyDestination(output: LogOutput): DestinationStream {
  const prettify = prettyFactory({
    colorize: output.isTTY === true && isColorSupported,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // Every record carries it; on a terminal it says nothing.
    ignore: 'service',
  });
  return { write: (line: string) => void output.write(prettify(line)) };
}

/**
 * The logger of a running server. Redaction happens before a record is serialised, so it holds
 * for both formats.
 */
export function createServerLogger(config: Pick<Config, 'logLevel' | 'logFormat'>, output: LogOutput): Logger {
  const destination = writesPrettyLogs(config.logFormat, output) ? prettyDestination(output) : output;
  return pino({ level: config.logLevel, base: { service: 'rehook' }, redact: LOG_REDACTION }, destination);
}
