import type { EventDetail } from '../../client/types.js';
import { eventIdTime } from '../../domain/ids.js';
import { EXIT, ExitError } from '../exit.js';
import { removeStaleTemps } from '../user-config.js';
import { RECONNECT_BACKOFF, RETRY_BACKOFF, sleep } from './backoff.js';
import { type Delivery, deliverEvent } from './deliver.js';
import { LocalForwarder } from './forward.js';
import { LAG_SHOWN_FROM_MS, LagTracker } from './lag.js';
import { idsIn, type InboxEvents, lateEvent, NO_EXPORT, openFeed } from './inbox-events.js';
import { readPosition, type SavedPosition, type SavedState, writePosition } from './position.js';
import { PositionSaver } from './position-saver.js';
import { ListenReporter } from './report.js';
import { ServerCaller } from './server-calls.js';
import type { ListenDeps, ListenSettings, ListenSummary, Outcome } from './settings.js';
import { resolveStart } from './start.js';
import { DEFAULT_WINDOW_MS, OverlapWindow } from './window.js';

/**
 * `rehook listen`: follows an inbox and forwards every new event to a local server. The loop is:
 * read every event stored after the cursor, with its body, oldest first (the inbox's NDJSON
 * export from the cursor on, read ahead of the delivery: read-ahead.ts), delivering each in turn
 * (retrying the local target); once none is left, save the position and wait for the next one
 * with the long-poll; repeat. The cursor only moves after an event is done with, and the saved
 * position only ever names an event done with (position-saver.ts: written at most every 250 ms
 * while catching up, and before every wait and at a stop), so a dropped connection, a server
 * restart or a restart of the listener itself never skips an event; a listener killed outright
 * sends again the events done after its last write (docs/listen.md). A server without the
 * export (an older Rehook: 404) gets one long-poll per event instead, the backlog included.
 *
 * Events can become visible slightly out of id order (PostgreSQL, several instances), so the
 * listener also looks back over an overlap window behind its cursor (window.ts): right after it
 * starts, after each event the long-poll brings (at most about once a second), and every few
 * seconds while it waits, for a while after the cursor last moved. A look-back is one listing of
 * the window's ids; what it finds not done yet is delivered (oldest first) before waiting on.
 */

/** One long-poll's wait (the server allows up to 120 s). */
const POLL_MS = 30_000;
/**
 * Beyond the poll's own wait, how long a silent connection is trusted before it is dropped: a
 * long-poll on a dead socket (the server's host gone without closing it) is given up on soon
 * after the server would have answered it anyway.
 */
const POLL_GRACE_MS = 3_000;
/** While waiting, a look-back for late events this often (for two windows after the cursor moved). */
const LOOK_BACK_MS = 5_000;
/** While behind, the newest events are listed this often for the lines' "behind". */
const LAG_PROBE_MS = 5_000;
/** After an event, a look-back when the last one is at least this old (and 10x its own duration). */
const LOOK_BACK_GAP_MS = 1_000;

export class Listener {
  readonly #settings: ListenSettings;
  readonly #deps: ListenDeps;
  readonly #forwarder = new LocalForwarder();
  readonly #reporter: ListenReporter;
  readonly #caller: ServerCaller;
  readonly #events: InboxEvents;
  readonly #delivery: Delivery;
  readonly #lag = new LagTracker();
  /** performance.now() of the last lag probe's start. */
  #probedAt = -Infinity;
  #delivered = 0;
  #failed = 0;
  #skipped = 0;
  #last: SavedPosition | null = null;
  /** Set once the start is known. */
  #window: OverlapWindow | null = null;
  /** performance.now() of the last look-back's start, and how long it took. */
  #lookedBackAt = -Infinity;
  #lookBackTook = 0;
  /** Until when (performance.now()) late events may still show up in the window: look back periodically. */
  #watchUntil = 0;
  /** An event was delivered since the last look-back. */
  #owed = false;
  /** The server has no NDJSON export (an older Rehook): every event comes through the long-poll. */
  #noExport = false;
  readonly #saver: PositionSaver;

  constructor(settings: ListenSettings, deps: ListenDeps) {
    this.#settings = settings;
    this.#deps = deps;
    const random = deps.random ?? Math.random;
    this.#reporter = new ListenReporter(settings, deps.io);
    this.#caller = new ServerCaller({
      client: deps.client,
      signal: deps.signal,
      policy: deps.reconnect ?? RECONNECT_BACKOFF,
      random,
      reporter: this.#reporter,
    });
    this.#events = { client: deps.client, caller: this.#caller, inboxId: settings.inboxId };
    this.#saver = new PositionSaver((state) => this.#save(state));
    this.#delivery = {
      settings,
      client: deps.client,
      caller: this.#caller,
      reporter: this.#reporter,
      forwarder: this.#forwarder,
      retry: deps.retry ?? RETRY_BACKOFF,
      random,
      signal: deps.signal,
      abandon: deps.abandon ?? deps.signal,
      lag: this.#lag,
    };
  }

  get #signal(): AbortSignal {
    return this.#deps.signal;
  }

  /** Runs until stopped (resolves with the summary) or a fatal API error (throws). */
  async run(): Promise<ListenSummary> {
    try {
      const summary = await this.#run();
      // A stop saves exactly the last event done with.
      await this.#saver.flush();
      return summary;
    } catch (err) {
      // What was done before a fatal error is saved too (a failed save has nothing to add).
      await this.#saver.flush().catch(() => undefined);
      throw err;
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
    const inbox = await this.#caller.call('look up the inbox', () => this.#deps.client.inbox(inboxId), true);
    if (inbox === undefined) return this.#summary();
    const start = await resolveStart(this.#events, this.#settings.start, saved);
    if (start === undefined) return this.#summary();
    this.#reporter.announce(this.#deps.client.baseUrl, start.description);

    const window = new OverlapWindow(
      this.#settings.windowMs ?? DEFAULT_WINDOW_MS,
      start.after,
      start.floor,
      start.recent,
    );
    this.#window = window;
    this.#watch();
    if (start.first !== undefined) {
      const outcome = await this.#process(start.first, false);
      if (outcome === 'stopped') return this.#summary();
    }
    // Events that became visible in the window while no listener ran.
    if ((await this.#lookBack()) === 'stopped') return this.#summary();
    await this.#follow(window);
    return this.#summary();
  }

  /** The long-poll for the next event after `after`; undefined when stopped meanwhile. */
  #poll(after: string): Promise<EventDetail | null | undefined> {
    const pollMs = this.#deps.pollMs ?? POLL_MS;
    const next = this.#caller.call('wait for events', async () => {
      // A connection that went silent (a dead NAT mapping, a half-open socket) is dropped too.
      const limit = AbortSignal.timeout(pollMs + POLL_GRACE_MS);
      const signal = AbortSignal.any([this.#signal, limit]);
      return this.#deps.client.nextEvent(this.#settings.inboxId, { after, timeout: pollMs, signal });
    });
    // Abandoned when the listener stops first; its fatal error then has nobody to tell.
    next.catch(() => undefined);
    return next;
  }

  /**
   * Delivers the events stored after the cursor (catch-up), then waits for the next one with the
   * long-poll, looking back for late events between, until stopped.
   */
  async #follow(window: OverlapWindow): Promise<void> {
    const lookBackMs = this.#deps.lookBackMs ?? LOOK_BACK_MS;
    while (!this.#signal.aborted) {
      const caughtUp = await this.#catchUp(window);
      if (caughtUp === 'stopped') return;
      // More may have been stored meanwhile: another catch-up, until one finds nothing.
      if (caughtUp > 0) continue;
      // Nothing left to deliver: the position goes to disk before waiting for the next event.
      await this.#saver.flush();
      const pending = this.#poll(window.cursor);
      let next: EventDetail | null | undefined;
      for (;;) {
        const sinceLast = performance.now() - this.#lookedBackAt;
        const watching = window.windowMs > 0 && performance.now() < this.#watchUntil;
        let tickMs: number | null = watching ? lookBackMs : null;
        // A look-back owed after the last events but put off (the last one was too recent).
        if (this.#owed) tickMs = Math.min(tickMs ?? Infinity, Math.max(0, this.#lookBackGap() - sinceLast));
        const answer = await this.#nextOrTick(pending, tickMs);
        if (answer !== 'tick') {
          next = answer;
          break;
        }
        if ((await this.#lookBack()) === 'stopped') return;
        await this.#saver.flush();
      }
      if (next === undefined) return; // stopped
      if (next === null) continue; // the poll's wait ended without an event
      this.#probeLag(next);
      if ((await this.#process(next, false)) === 'stopped') return;
      if (this.#lookBackDue() && (await this.#lookBack()) === 'stopped') return;
    }
  }

  /**
   * Delivers, oldest first, the events stored after the cursor when it starts (one streamed
   * download, read ahead of the delivery), with a look-back at most about once a second between.
   * How many it delivered, or 'stopped'.
   */
  async #catchUp(window: OverlapWindow): Promise<number | 'stopped'> {
    if (this.#noExport) return 0;
    const feed = await openFeed(this.#events, window.cursor, this.#signal);
    if (feed === undefined) return 'stopped';
    if (feed === NO_EXPORT) {
      // The long-poll answers the oldest event after the cursor at once when there is one, so
      // the backlog still goes out oldest first, one request per event.
      this.#noExport = true;
      this.#reporter.status(
        `${this.#deps.client.baseUrl} has no NDJSON export (an older Rehook): reading one event per request.`,
      );
      return 0;
    }
    let count = 0;
    try {
      for (;;) {
        const event = await feed.next();
        if (this.#signal.aborted) return 'stopped';
        if (event === null) return count;
        // The download starts at the cursor itself (since includes it).
        if (event.id <= window.cursor) continue;
        this.#probeLag(event);
        if ((await this.#process(event, false)) === 'stopped') return 'stopped';
        count += 1;
        if (this.#lookBackDue() && (await this.#lookBack()) === 'stopped') return 'stopped';
      }
    } finally {
      feed.close();
    }
  }

  /** Between look-backs after events: at least a second, and 10 times the last one's duration. */
  #lookBackGap(): number {
    return Math.max(LOOK_BACK_GAP_MS, 10 * this.#lookBackTook);
  }

  /** A look-back is owed after events delivered and the gap since the last one has passed. */
  #lookBackDue(): boolean {
    return this.#owed && performance.now() - this.#lookedBackAt >= this.#lookBackGap();
  }

  /**
   * When `event` is old enough that the listener may be behind, lists the newest events after it
   * (one page, in the background, at most every LAG_PROBE_MS) for the lines' "behind". A listener
   * that keeps up delivers events right after their capture and never probes.
   */
  #probeLag(event: EventDetail): void {
    if (Date.now() - Date.parse(event.receivedAt) < LAG_SHOWN_FROM_MS) return;
    if (performance.now() - this.#probedAt < LAG_PROBE_MS) return;
    this.#probedAt = performance.now();
    this.#deps.client
      .events(this.#settings.inboxId, { limit: 1000, filter: { since: event.id } })
      .then((page) => this.#lag.observe(page.events, page.nextBefore !== null))
      // Only the lines' "behind" depends on it: a failed probe is tried again at the next one.
      .catch(() => undefined);
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
    this.#owed = false;
    const ids = await idsIn(this.#events, range);
    if (ids === undefined) return 'stopped';
    this.#lookBackTook = performance.now() - startedAt;
    for (const id of window.pending(ids)) {
      const event = await lateEvent(this.#events, id);
      if (event === 'stopped') return 'stopped';
      if (event === null) continue; // deleted meanwhile
      if ((await this.#process(event, true)) === 'stopped') return 'stopped';
    }
    return undefined;
  }

  #summary(): ListenSummary {
    return { delivered: this.#delivered, failed: this.#failed, skipped: this.#skipped, last: this.#last };
  }

  /**
   * Delivers one event (or skips it), then records the position (the newest event done with and
   * the window's ids) for the saver. 'stopped': nothing recorded.
   */
  async #process(event: EventDetail, late: boolean): Promise<Outcome> {
    const window = this.#window;
    if (window === null) throw new Error('the listener has no window yet');
    const outcome = await deliverEvent(this.#delivery, event, late);
    if (outcome === 'stopped') return outcome;
    if (window.markDone(event.id)) this.#watch();
    const position: SavedPosition =
      event.id === window.cursor
        ? { lastEventId: event.id, lastReceivedAt: event.receivedAt }
        : (this.#last ?? {
            lastEventId: window.cursor,
            lastReceivedAt: new Date(eventIdTime(window.cursor) ?? 0).toISOString(),
          });
    this.#last = position;
    if (!late) this.#owed = true;
    this.#saver.update(() => ({ ...position, recent: window.recent(), floor: window.floor }));
    if (outcome === 'delivered') this.#delivered += 1;
    else if (outcome === 'failed') this.#failed += 1;
    else this.#skipped += 1;
    return outcome;
  }

  async #save(state: SavedState): Promise<void> {
    try {
      await writePosition(this.#settings.positionPath, this.#settings.positionKey, state);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new ExitError(
        EXIT.FAILURE,
        `cannot save the listener's position in ${this.#settings.positionPath}: ${reason}`,
      );
    }
  }
}

/** Runs a listener; the summary when stopped. */
export async function runListener(settings: ListenSettings, deps: ListenDeps): Promise<ListenSummary> {
  return new Listener(settings, deps).run();
}
