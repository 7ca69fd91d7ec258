import type { EventDetail } from '../../client/types.js';
import { cleanBlock, cleanLine } from '../format.js';
import type { CliIO } from '../io.js';
import { formatDelay } from './backoff.js';
import type { LocalResult } from './forward.js';
import type { Behind } from './lag.js';
import { subPathOf } from './rules.js';
import type { ListenSettings } from './settings.js';

/** What a listener prints: one line per attempt (or a JSON object with --json), and status lines on stderr. */

export function shortTime(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z');
}

/** `0.8 s`, `12.4 s`: how long the server was out of reach. */
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

/** A call to the Rehook server that failed, as reported. */
export interface ServerFailure {
  readonly server: string;
  /** What the listener was doing: `wait for events`, `list events`. */
  readonly what: string;
  readonly reason: string;
  /** Failed calls in a row, this one included. */
  readonly attempt: number;
}

/** The local response body under its line, indented: text as text, anything else summarised. */
function bodyBlock(body: Buffer, truncated: boolean): string {
  if (body.length === 0) return '    (empty response body)';
  const text = new TextDecoder('utf-8', { fatal: true });
  let decoded: string;
  try {
    decoded = text.decode(body);
  } catch {
    return `    (binary response body, ${body.length}${truncated ? '+' : ''} bytes)`;
  }
  const lines = cleanBlock(decoded)
    .split('\n')
    .map((line) => `    ${line}`);
  if (truncated) lines.push(`    (cut at ${body.length} bytes)`);
  return lines.join('\n');
}

/** One attempt at the local target, as reported. */
export interface AttemptReport {
  readonly event: EventDetail;
  /** Found by a look-back: delivered after events with higher ids. */
  readonly late: boolean;
  readonly url: string;
  readonly result: Exclude<LocalResult, { kind: 'stopped' }>;
  readonly attempt: number;
  readonly outcome: 'delivered' | 'retrying' | 'gave-up';
  readonly retryInMs?: number;
  /** How far behind the newest captured event (lag.ts); absent when keeping up. */
  readonly behind?: Behind | null;
}

/** `  behind 120 events, 45 s` (`1000+ events` when the count is a lower bound). */
function behindText(behind: Behind | null | undefined): string {
  if (behind == null) return '';
  const events = `${behind.events}${behind.atLeast ? '+' : ''} event${behind.events === 1 && !behind.atLeast ? '' : 's'}`;
  return `  behind ${events}, ${behind.seconds} s`;
}

type ReportSettings = Pick<ListenSettings, 'inboxId' | 'rules' | 'retries' | 'printBody' | 'json'>;

export class ListenReporter {
  readonly #settings: ReportSettings;
  readonly #io: Pick<CliIO, 'stdout' | 'stderr'>;

  constructor(settings: ReportSettings, io: Pick<CliIO, 'stdout' | 'stderr'>) {
    this.#settings = settings;
    this.#io = io;
  }

  /** A status line (stderr). */
  status(line: string): void {
    this.#io.stderr(line);
  }

  /** The first failed call to the server after it last answered. */
  connectionLost(failure: ServerFailure): void {
    this.status(
      `Lost the connection to ${failure.server} (could not ${failure.what}: ${failure.reason}); reconnecting.`,
    );
    if (this.#settings.json) this.#emit({ type: 'connection', state: 'lost', ...failure });
  }

  /** A reminder while the server stays unreachable (stderr only: --json has the lost/back pair). */
  stillLost(failure: ServerFailure, downMs: number): void {
    this.status(
      `Still no connection to ${failure.server} after ${seconds(downMs)} (${failure.attempt} attempts: ${failure.reason}).`,
    );
  }

  /** The server answered again. */
  connectionBack(server: string, downMs: number, failedAttempts: number): void {
    this.status(`Back after ${seconds(downMs)}: reconnected to ${server} (${failedAttempts} failed attempts).`);
    if (this.#settings.json) this.#emit({ type: 'connection', state: 'back', server, downMs, failedAttempts });
  }

  announce(baseUrl: string, from: string): void {
    const { inboxId, rules } = this.#settings;
    const targets = rules.map((rule) => (rule.prefix === '/' ? rule.url.href : `${rule.prefix} → ${rule.url.href}`));
    this.status(`Listening to ${inboxId} on ${baseUrl}, ${from}.`);
    this.status(`Forwarding to ${targets.join(', ')}. Press Ctrl-C to stop.`);
  }

  /** An event not forwarded (only --json says so). */
  skipped(event: EventDetail, late: boolean, reason: string): void {
    if (this.#settings.json) this.#emit({ type: 'skipped', ...this.#eventFields(event, late), reason });
  }

  attempt(report: AttemptReport): void {
    if (this.#settings.json) {
      this.#emit(this.#attemptJson(report));
      return;
    }
    const { event, url, result, attempt, outcome, retryInMs } = report;
    const { retries, printBody, rules, inboxId } = this.#settings;
    const answered = result.kind === 'answered' ? result : undefined;
    const query = event.query === '' ? '' : `?${event.query}`;
    const where = rules.length > 1 ? `${cleanLine(url)} ` : '';
    const what =
      answered !== undefined ? String(answered.status) : `failed: ${result.kind === 'failed' ? result.reason : ''}`;
    let tail = '';
    if (outcome === 'retrying')
      tail = `  attempt ${attempt} of ${retries + 1}, retrying in ${formatDelay(retryInMs ?? 0)}`;
    if (outcome === 'gave-up') tail = `  gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}, moving on`;
    const line = `${shortTime(event.receivedAt)}  ${event.method} ${cleanLine(subPathOf(event.path, inboxId) + query)}  → ${where}${what}  ${Math.round(result.latencyMs)} ms${tail}${behindText(report.behind)}  ${event.id}`;
    this.#io.stdout(line);
    if (printBody && answered !== undefined) this.#io.stdout(bodyBlock(answered.body, answered.truncated));
  }

  #attemptJson(report: AttemptReport): Record<string, unknown> {
    const { event, late, url, result, attempt, outcome, retryInMs } = report;
    const answered = result.kind === 'answered' ? result : undefined;
    return {
      type: 'delivery',
      ...this.#eventFields(event, late),
      target: url,
      outcome,
      attempt,
      status: answered?.status ?? null,
      latencyMs: Math.round(result.latencyMs),
      error: result.kind === 'failed' ? result.reason : null,
      ...(retryInMs !== undefined ? { retryInMs } : {}),
      ...(report.behind != null
        ? {
            behind: {
              events: report.behind.events,
              seconds: report.behind.seconds,
              ...(report.behind.atLeast ? { atLeast: true } : {}),
            },
          }
        : {}),
      ...(this.#settings.printBody && answered !== undefined
        ? { responseBodyBase64: answered.body.toString('base64'), responseTruncated: answered.truncated }
        : {}),
    };
  }

  #eventFields(event: EventDetail, late: boolean) {
    return {
      eventId: event.id,
      receivedAt: event.receivedAt,
      method: event.method,
      path: subPathOf(event.path, this.#settings.inboxId),
      query: event.query,
      // Found by a look-back: delivered after events with higher ids (docs/listen.md, late events).
      ...(late ? { late: true } : {}),
    };
  }

  #emit(value: Record<string, unknown>): void {
    this.#io.stdout(JSON.stringify(value));
  }
}
