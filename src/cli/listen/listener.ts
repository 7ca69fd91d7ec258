import { RehookApiError, RehookConnectionError } from '../../client/errors.js';
import type { RehookClient } from '../../client/rehook-client.js';
import type { EventDetail, HeaderPair } from '../../client/types.js';
import { EXIT, ExitError } from '../exit.js';
import { cleanBlock, cleanLine } from '../format.js';
import type { CliIO } from '../io.js';
import { eventIdTime } from '../../domain/ids.js';
import { removeStaleTemps } from '../user-config.js';
import { backoffDelay, formatDelay, RECONNECT_BACKOFF, RETRY_BACKOFF, sleep, type BackoffPolicy } from './backoff.js';
import { LocalForwarder, type LocalResult } from './forward.js';
import type { StartSpec } from './options.js';
import { readPosition, writePosition, type PositionKey, type SavedPosition, type SavedState } from './position.js';
import { passesFilters, routeFor, subPathOf, targetUrl, type EventFilters, type ForwardRule } from './rules.js';
import { DEFAULT_WINDOW_MS, OverlapWindow } from './window.js';

/**
 * `rehook listen`: follows an inbox through the long-poll and forwards every new event to a
 * local server. The loop is: ask for the first event after the cursor, deliver it (retrying the
 * local target), save the cursor, repeat. The cursor only moves after an event is done with and
 * is saved to disk right then, so a dropped connection, a server restart or a restart of the
 * listener itself neither skips an event nor sends one twice (see docs/listen.md for the one
 * exception: the listener killed between the target's answer and the save).
 *
 * Events can become visible slightly out of id order (PostgreSQL, several instances), so the
 * listener also looks back over an overlap window behind its cursor (window.ts): right after it
 * starts, after each event the long-poll brings (at most about once a second), and every few
 * seconds while it waits, for a while after the cursor last moved. A look-back is one listing of
 * the window's ids; what it finds not done yet is delivered (oldest first) before waiting on.
 */

/** Lower than every event id: after it, every event of the inbox is newer. */
export const BEFORE_ALL = 'evt_00000000000000000000000000';
/** One long-poll's wait (the server allows up to 120 s). */
const POLL_MS = 30_000;
/** Beyond the poll's own wait, how long a silent connection is trusted before it is dropped. */
const POLL_GRACE_MS = 20_000;
/** While waiting, a look-back for late events this often (for two windows after the cursor moved). */
const LOOK_BACK_MS = 5_000;
/** After an event, a look-back when the last one is at least this old (and 10x its own duration). */
const LOOK_BACK_GAP_MS = 1_000;

export interface ListenSettings {
  readonly inboxId: string;
  readonly rules: readonly ForwardRule[];
  readonly filters: EventFilters;
  /** Retries of one event at the local target after the first attempt. */
  readonly retries: number;
  /** Per attempt; 0 = no limit. */
  readonly timeoutMs: number;
  readonly printBody: boolean;
  readonly resign: boolean;
  readonly json: boolean;
  readonly start: StartSpec;
  /** The position file and what it belongs to. */
  readonly positionPath: string;
  readonly positionKey: PositionKey;
  /** The overlap window in id time (default 30 s; 0 = none): see window.ts. */
  readonly windowMs?: number;
}

export interface ListenDeps {
  readonly client: Pick<RehookClient, 'inbox' | 'events' | 'event' | 'nextEvent' | 'resign' | 'baseUrl'>;
  readonly io: Pick<CliIO, 'stdout' | 'stderr'>;
  /** Aborted to stop (Ctrl-C): the listener finishes nothing more and returns its summary. */
  readonly signal: AbortSignal;
  readonly reconnect?: BackoffPolicy;
  readonly retry?: BackoffPolicy;
  readonly random?: () => number;
  /** Long-poll wait per request (tests may shorten it). */
  readonly pollMs?: number;
  /** Look-back interval while waiting (tests may shorten it). */
  readonly lookBackMs?: number;
}

/** How far the listener got. */
export interface ListenSummary {
  /** Answered by the local target with a status below 500 (this run). */
  readonly delivered: number;
  /** Given up on after every retry (this run). */
  readonly failed: number;
  /** Filtered out by --only-method/--only-path or matched by no --forward-to rule (this run). */
  readonly skipped: number;
  /** The last event done with (this run or, when none, the saved position); null when none ever. */
  readonly last: SavedPosition | null;
}

type Outcome = 'delivered' | 'failed' | 'skipped' | 'stopped';

/** Where a run starts: the cursor (exclusive), the look-back floor, the window ids already done. */
interface Start {
  readonly after: string;
  readonly floor: string;
  readonly recent: readonly string[];
  /** Delivered before anything else (--from <eventId>). */
  readonly first?: EventDetail;
  readonly description: string;
}

/** Rehook's own 4xx answers end the listener (bad token, no such inbox); anything else is retried. */
function isFatal(err: unknown): boolean {
  if (!(err instanceof RehookApiError)) return false;
  if (err.code === 'INVALID_RESPONSE' || err.code.startsWith('HTTP_')) return false;
  return err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
}

function describeError(err: unknown): string {
  if (err instanceof RehookApiError) return `${err.code}: ${err.message}`;
  if (err instanceof RehookConnectionError) return err.message;
  if (err instanceof Error) return err.name === 'TimeoutError' ? 'no answer in time' : err.message;
  return String(err);
}

/** Replaces same-named headers (case-insensitively) by the re-signed ones, in place; new ones go last. */
export function applySignatureHeaders(headers: readonly HeaderPair[], signed: readonly HeaderPair[]): HeaderPair[] {
  let out: HeaderPair[] = [...headers];
  for (const [name, value] of signed) {
    const lower = name.toLowerCase();
    const at = out.findIndex(([existing]) => existing.toLowerCase() === lower);
    if (at === -1) {
      out.push([name, value]);
      continue;
    }
    // The first one is replaced where it stood; later copies go (no index before `at` matches).
    out = out.filter(([existing], index) => index <= at || existing.toLowerCase() !== lower);
    out[at] = [name, value];
  }
  return out;
}

function shortTime(iso: string): string {
  return iso.replace(/\.\d+Z$/, 'Z');
}

function hasDeclaredBody(headers: readonly HeaderPair[]): boolean {
  return headers.some(([name]) => {
    const lower = name.toLowerCase();
    return lower === 'content-length' || lower === 'transfer-encoding';
  });
}

export class Listener {
  readonly #settings: ListenSettings;
  readonly #deps: ListenDeps;
  readonly #forwarder = new LocalForwarder();
  readonly #reconnect: BackoffPolicy;
  readonly #retry: BackoffPolicy;
  readonly #random: () => number;
  #delivered = 0;
  #failed = 0;
  #skipped = 0;
  #last: SavedPosition | null = null;
  /** Consecutive failed calls to the server (0 while connected). */
  #drops = 0;
  #dropStartedAt = 0;
  /** Set once the start is known. */
  #window: OverlapWindow | null = null;
  /** performance.now() of the last look-back's start, and how long it took. */
  #lookedBackAt = -Infinity;
  #lookBackTook = 0;
  /** Until when (performance.now()) late events may still show up in the window: look back periodically. */
  #watchUntil = 0;
  /** The event a look-back is delivering (its --json lines say `"late": true`). */
  #late: string | null = null;

  constructor(settings: ListenSettings, deps: ListenDeps) {
    this.#settings = settings;
    this.#deps = deps;
    this.#reconnect = deps.reconnect ?? RECONNECT_BACKOFF;
    this.#retry = deps.retry ?? RETRY_BACKOFF;
    this.#random = deps.random ?? Math.random;
  }

  get #signal(): AbortSignal {
    return this.#deps.signal;
  }

  #status(line: string): void {
    this.#deps.io.stderr(line);
  }

  /** Runs until stopped (resolves with the summary) or a fatal API error (throws). */
  async run(): Promise<ListenSummary> {
    try {
      return await this.#run();
    } finally {
      await this.#forwarder.close();
    }
  }

  async #run(): Promise<ListenSummary> {
    const { inboxId } = this.#settings;
    // Two listeners with the same key are not supported (docs/listen.md), so a temporary file of
    // this position file is left over from a listener killed mid-write.
    await removeStaleTemps(this.#settings.positionPath);
    const saved = readPosition(this.#settings.positionPath) ?? null;
    this.#last = saved === null ? null : { lastEventId: saved.lastEventId, lastReceivedAt: saved.lastReceivedAt };
    const inbox = await this.#call('look up the inbox', () => this.#deps.client.inbox(inboxId), true);
    if (inbox === undefined) return this.#summary();
    const start = await this.#resolveStart(saved);
    if (start === undefined) return this.#summary();
    this.#announce(start.description);

    const window = new OverlapWindow(
      this.#settings.windowMs ?? DEFAULT_WINDOW_MS,
      start.after,
      start.floor,
      start.recent,
    );
    this.#window = window;
    this.#watch();
    if (start.first !== undefined) {
      const outcome = await this.#process(start.first);
      if (outcome === 'stopped') return this.#summary();
    }
    // Events that became visible in the window while no listener ran.
    if ((await this.#lookBack()) === 'stopped') return this.#summary();
    const pollMs = this.#deps.pollMs ?? POLL_MS;
    const lookBackMs = this.#deps.lookBackMs ?? LOOK_BACK_MS;
    const poll = (after: string): Promise<EventDetail | null | undefined> => {
      const next = this.#call('wait for events', async () => {
        // A connection that went silent (a dead NAT mapping, a half-open socket) is dropped too.
        const limit = AbortSignal.timeout(pollMs + POLL_GRACE_MS);
        const signal = AbortSignal.any([this.#signal, limit]);
        return this.#deps.client.nextEvent(inboxId, { after, timeout: pollMs, signal });
      });
      // Abandoned when the listener stops first; its fatal error then has nobody to tell.
      next.catch(() => undefined);
      return next;
    };
    // The poll for the next event runs while the current one is delivered (a prefetch of one):
    // the cursor of the *saved* position still only moves once an event is done with. The poll
    // asks after the newest event done with, so events already delivered never come back from it.
    let pending = poll(window.cursor);
    // A look-back due after an event but put off (the last one was too recent): done once the
    // gap has passed, unless another event comes first.
    let owed = false;
    while (!this.#signal.aborted) {
      const gap = Math.max(LOOK_BACK_GAP_MS, 10 * this.#lookBackTook);
      const sinceLast = performance.now() - this.#lookedBackAt;
      const watching = window.windowMs > 0 && performance.now() < this.#watchUntil;
      let tickMs: number | null = watching ? lookBackMs : null;
      if (owed) tickMs = Math.min(tickMs ?? Infinity, Math.max(0, gap - sinceLast));
      const next = await this.#nextOrTick(pending, tickMs);
      if (next === 'tick') {
        owed = false;
        if ((await this.#lookBack()) === 'stopped') break;
        continue;
      }
      const event = next;
      if (event === undefined) break; // stopped
      if (event === null) {
        pending = poll(window.cursor); // the poll's wait ended without an event: poll again
        continue;
      }
      pending = poll(event.id);
      const outcome = await this.#process(event);
      if (outcome === 'stopped') break;
      // Right after each wake-up, at most about once a second (and 10% of the time) in a stream.
      owed = performance.now() - this.#lookedBackAt < Math.max(LOOK_BACK_GAP_MS, 10 * this.#lookBackTook);
      if (!owed && (await this.#lookBack()) === 'stopped') break;
    }
    return this.#summary();
  }

  /** The pending poll's answer, or 'tick' when `tickMs` passes first (the poll stays pending). */
  async #nextOrTick<T>(pending: Promise<T>, tickMs: number | null): Promise<T | 'tick'> {
    if (tickMs === null) return pending;
    const done = new AbortController();
    const tick = sleep(tickMs, AbortSignal.any([this.#signal, done.signal])).then(
      (elapsed): Promise<T | 'tick'> | 'tick' => (elapsed ? 'tick' : pending),
    );
    try {
      return await Promise.race([pending, tick]);
    } finally {
      done.abort();
    }
  }

  /** Late events may still show up in the window for about two windows from now (commit delay plus clock skew, each below one). */
  #watch(): void {
    this.#watchUntil = performance.now() + 2 * (this.#window?.windowMs ?? 0);
  }

  /**
   * One look-back: lists the window's event ids (one request per 1,000) and delivers those not
   * done yet, oldest first. 'stopped' when stopped meanwhile.
   */
  async #lookBack(): Promise<'stopped' | undefined> {
    const window = this.#window;
    const range = window?.range() ?? null;
    if (window === null || range === null) return undefined;
    const startedAt = performance.now();
    this.#lookedBackAt = startedAt;
    const ids: string[] = [];
    let before: string | undefined;
    for (;;) {
      const cursor = before;
      const page = await this.#call('look back for late events', () =>
        this.#deps.client.events(this.#settings.inboxId, {
          limit: 1000,
          filter: { since: range.since, until: range.until },
          ...(cursor !== undefined ? { before: cursor } : {}),
        }),
      );
      if (page === undefined) return 'stopped';
      for (const event of page.events) ids.push(event.id);
      // A server that ignored since (an older Rehook) would page through the whole inbox.
      const oldest = page.events.at(-1)?.id;
      if (page.nextBefore === null || (oldest !== undefined && oldest < range.since)) break;
      before = page.nextBefore;
    }
    this.#lookBackTook = performance.now() - startedAt;
    for (const id of window.pending(ids)) {
      const event = await this.#lateEvent(id);
      if (event === 'stopped') return 'stopped';
      if (event === null) continue; // deleted meanwhile
      this.#late = event.id;
      const outcome = await this.#process(event);
      this.#late = null;
      if (outcome === 'stopped') return 'stopped';
    }
    return undefined;
  }

  /** A late event's full record; null when it was deleted in the meantime. */
  async #lateEvent(id: string): Promise<EventDetail | null | 'stopped'> {
    try {
      return (await this.#call('fetch a late event', () => this.#deps.client.event(id))) ?? 'stopped';
    } catch (err) {
      if (err instanceof RehookApiError && err.code === 'EVENT_NOT_FOUND') return null;
      throw err;
    }
  }

  #summary(): ListenSummary {
    return { delivered: this.#delivered, failed: this.#failed, skipped: this.#skipped, last: this.#last };
  }

  #announce(from: string): void {
    const { inboxId, rules } = this.#settings;
    const targets = rules.map((rule) => (rule.prefix === '/' ? rule.url.href : `${rule.prefix} → ${rule.url.href}`));
    this.#status(`Listening to ${inboxId} on ${this.#deps.client.baseUrl}, ${from}.`);
    this.#status(`Forwarding to ${targets.join(', ')}. Press Ctrl-C to stop.`);
  }

  /**
   * Calls the server until it answers: connection failures, 5xx, 429 and answers cut short are
   * retried with backoff (a status line on the first failure and every tenth after). Rehook's own
   * 4xx errors are fatal (thrown). Undefined when stopped meanwhile.
   */
  async #call<T>(what: string, call: () => Promise<T>, atStart = false): Promise<T | undefined> {
    for (;;) {
      if (this.#signal.aborted) return undefined;
      try {
        const value = await call();
        if (this.#drops > 0) {
          const seconds = ((Date.now() - this.#dropStartedAt) / 1000).toFixed(1);
          this.#status(
            `Reconnected to ${this.#deps.client.baseUrl} (after ${seconds}s, ${this.#drops} failed attempts).`,
          );
          this.#drops = 0;
        }
        return value;
      } catch (err) {
        if (this.#signal.aborted) return undefined;
        // At the start, an answer that is not Rehook's (a wrong --server) is fatal too.
        const wrongServer =
          atStart && err instanceof RehookApiError && (err.code === 'INVALID_RESPONSE' || err.status < 500);
        if (isFatal(err) || wrongServer) throw err;
        if (this.#drops === 0) this.#dropStartedAt = Date.now();
        const delay = backoffDelay(this.#reconnect, this.#drops, this.#random);
        this.#drops += 1;
        if (this.#drops === 1 || this.#drops % 10 === 0) {
          this.#status(
            `Could not ${what} (${describeError(err)}); retrying in ${formatDelay(delay)} (attempt ${this.#drops}).`,
          );
        }
        if (!(await sleep(delay, this.#signal))) return undefined;
      }
    }
  }

  /** The first cursor (exclusive), and an event to deliver before it when --from names one. */
  async #resolveStart(saved: SavedState | null): Promise<Start | undefined> {
    const { start, inboxId } = this.#settings;
    const now = async (): Promise<Start | undefined> => {
      const page = await this.#call('list events', () => this.#deps.client.events(inboxId, { limit: 1 }));
      if (page === undefined) return undefined;
      const after = page.events[0]?.id ?? BEFORE_ALL;
      return { after, floor: after, recent: [], description: 'forwarding events from now on' };
    };
    switch (start.kind) {
      case 'default':
        if (saved !== null) return this.#resumeFrom(saved);
        return now();
      case 'last':
        if (saved === null) {
          throw new ExitError(
            EXIT.FAILURE,
            `--from last: no saved position for ${inboxId} with these --forward-to targets on this server ` +
              '(use --from now, or --since 2h to deliver the last two hours first)',
          );
        }
        return this.#resumeFrom(saved);
      case 'now':
        return now();
      case 'event': {
        const event = await this.#call('look up the start event', () => this.#deps.client.event(start.eventId));
        if (event === undefined) return undefined;
        if (event.inboxId !== inboxId) {
          throw new ExitError(EXIT.FAILURE, `event ${start.eventId} belongs to inbox ${event.inboxId}, not ${inboxId}`);
        }
        return {
          after: event.id,
          floor: event.id,
          recent: [],
          first: event,
          description: `delivering from ${event.id} (captured ${shortTime(event.receivedAt)}) on`,
        };
      }
      case 'ago': {
        const after = await this.#afterTime(Date.now() - start.ms);
        if (after === undefined) return undefined;
        return {
          after,
          floor: after,
          recent: [],
          description: `delivering the events of the last ${start.text} first, then new ones`,
        };
      }
    }
  }

  #resumeFrom(saved: SavedState): Start {
    return {
      after: saved.lastEventId,
      floor: saved.floor,
      recent: saved.recent,
      description: `resuming after ${saved.lastEventId} (captured ${shortTime(saved.lastReceivedAt)})`,
    };
  }

  /** The newest event captured before `threshold` (ms since the epoch): events after it are the backlog. */
  async #afterTime(threshold: number): Promise<string | undefined> {
    let before: string | undefined;
    for (;;) {
      const cursor = before;
      const page = await this.#call('list events', () =>
        this.#deps.client.events(this.#settings.inboxId, {
          limit: 1000,
          ...(cursor !== undefined ? { before: cursor } : {}),
        }),
      );
      if (page === undefined) return undefined;
      const older = page.events.find((event) => Date.parse(event.receivedAt) < threshold);
      if (older !== undefined) return older.id;
      if (page.nextBefore === null) return BEFORE_ALL;
      before = page.nextBefore;
    }
  }

  /**
   * Delivers one event (or skips it), then saves the position: the newest event done with and
   * the window's ids. 'stopped': nothing saved.
   */
  async #process(event: EventDetail): Promise<Outcome> {
    const window = this.#window;
    if (window === null) throw new Error('the listener has no window yet');
    const outcome = await this.#deliver(event);
    if (outcome === 'stopped') return outcome;
    if (window.markDone(event.id)) this.#watch();
    const position: SavedPosition =
      event.id === window.cursor
        ? { lastEventId: event.id, lastReceivedAt: event.receivedAt }
        : (this.#last ?? {
            lastEventId: window.cursor,
            lastReceivedAt: new Date(eventIdTime(window.cursor) ?? 0).toISOString(),
          });
    const state: SavedState = { ...position, recent: window.recent(), floor: window.floor };
    try {
      await writePosition(this.#settings.positionPath, this.#settings.positionKey, state);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new ExitError(
        EXIT.FAILURE,
        `cannot save the listener's position in ${this.#settings.positionPath}: ${reason}`,
      );
    }
    this.#last = position;
    if (outcome === 'delivered') this.#delivered += 1;
    else if (outcome === 'failed') this.#failed += 1;
    else this.#skipped += 1;
    return outcome;
  }

  async #deliver(event: EventDetail): Promise<Outcome> {
    const { inboxId, rules, filters, retries, timeoutMs } = this.#settings;
    const subPath = subPathOf(event.path, inboxId);
    const rule = routeFor(rules, subPath);
    if (!passesFilters(filters, event.method, subPath) || rule === undefined) {
      const reason = rule === undefined ? 'no --forward-to rule matches its path' : 'filtered out';
      if (this.#settings.json) this.#emit({ type: 'skipped', ...this.#eventFields(event), reason });
      return 'skipped';
    }
    const url = targetUrl(rule, subPath, event.query);
    let headers: HeaderPair[] = event.headers;
    if (this.#settings.resign) {
      const signed = await this.#resignHeaders(event);
      if (signed === 'stopped') return 'stopped';
      if (signed !== null) headers = applySignatureHeaders(headers, signed);
    }
    const body = Buffer.from(event.bodyBase64, 'base64');
    const request = { method: event.method, url, headers, body, declaredBody: hasDeclaredBody(event.headers) };
    const attempts = retries + 1;
    for (let attempt = 1; ; attempt += 1) {
      const result = await this.#forwarder.send(request, timeoutMs, this.#signal);
      if (result.kind === 'stopped') return 'stopped';
      const ok = result.kind === 'answered' && result.status < 500;
      if (ok || attempt >= attempts) {
        this.#report(event, url, result, attempt, ok ? 'delivered' : 'gave-up', undefined);
        return ok ? 'delivered' : 'failed';
      }
      const delay = backoffDelay(this.#retry, attempt - 1, this.#random);
      this.#report(event, url, result, attempt, 'retrying', delay);
      if (!(await sleep(delay, this.#signal))) return 'stopped';
    }
  }

  /** The re-signed headers; null when the server refused (the event goes out as captured). */
  async #resignHeaders(event: EventDetail): Promise<HeaderPair[] | null | 'stopped'> {
    try {
      const signed = await this.#call('re-sign the event', () => this.#deps.client.resign(event.id));
      return signed === undefined ? 'stopped' : signed.headers;
    } catch (err) {
      this.#status(`Could not re-sign ${event.id} (${describeError(err)}); forwarding it as captured.`);
      return null;
    }
  }

  #eventFields(event: EventDetail) {
    return {
      eventId: event.id,
      receivedAt: event.receivedAt,
      method: event.method,
      path: subPathOf(event.path, this.#settings.inboxId),
      query: event.query,
      // Found by a look-back: delivered after events with higher ids (docs/listen.md, late events).
      ...(this.#late === event.id ? { late: true } : {}),
    };
  }

  #emit(value: Record<string, unknown>): void {
    this.#deps.io.stdout(JSON.stringify(value));
  }

  #report(
    event: EventDetail,
    url: string,
    result: Exclude<LocalResult, { kind: 'stopped' }>,
    attempt: number,
    outcome: 'delivered' | 'retrying' | 'gave-up',
    retryInMs: number | undefined,
  ): void {
    const { retries, printBody, json, rules } = this.#settings;
    const latencyMs = Math.round(result.latencyMs);
    const answered = result.kind === 'answered' ? result : undefined;
    if (json) {
      this.#emit({
        type: 'delivery',
        ...this.#eventFields(event),
        target: url,
        outcome,
        attempt,
        status: answered?.status ?? null,
        latencyMs,
        error: result.kind === 'failed' ? result.reason : null,
        ...(retryInMs !== undefined ? { retryInMs } : {}),
        ...(printBody && answered !== undefined
          ? { responseBodyBase64: answered.body.toString('base64'), responseTruncated: answered.truncated }
          : {}),
      });
      return;
    }
    const query = event.query === '' ? '' : `?${event.query}`;
    const where = rules.length > 1 ? `${cleanLine(url)} ` : '';
    const what =
      answered !== undefined ? String(answered.status) : `failed: ${result.kind === 'failed' ? result.reason : ''}`;
    let tail = '';
    if (outcome === 'retrying')
      tail = `  attempt ${attempt} of ${retries + 1}, retrying in ${formatDelay(retryInMs ?? 0)}`;
    if (outcome === 'gave-up') tail = `  gave up after ${attempt} attempt${attempt === 1 ? '' : 's'}, moving on`;
    const line = `${shortTime(event.receivedAt)}  ${event.method} ${cleanLine(subPathOf(event.path, this.#settings.inboxId) + query)}  → ${where}${what}  ${latencyMs} ms${tail}  ${event.id}`;
    this.#deps.io.stdout(line);
    if (printBody && answered !== undefined) this.#deps.io.stdout(bodyBlock(answered.body, answered.truncated));
  }
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

/** Runs a listener; the summary when stopped. */
export async function runListener(settings: ListenSettings, deps: ListenDeps): Promise<ListenSummary> {
  return new Listener(settings, deps).run();
}
