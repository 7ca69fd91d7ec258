import { parseDurationMs } from '../domain/duration.js';
import type { Duration } from './types.js';

/**
 * Milliseconds of a duration: a number of milliseconds, or a string as the server and the CLI
 * read it: `500ms`, `30s`, `2m`, `1h`, or a bare number of seconds.
 */
export function toMs(duration: Duration): number {
  const ms = typeof duration === 'number' ? duration : parseDurationMs(duration.trim());
  if (ms === null || !Number.isFinite(ms) || ms < 0)
    throw new TypeError(`invalid duration: ${JSON.stringify(duration)} (use 500ms, 30s, 2m)`);
  return ms;
}
