/**
 * The events of one inbox as the list shows them: the first page, older pages as the person
 * scrolls, and new events from the live stream (server-sent events), each event exactly once.
 *
 * - The stream is opened first; the first page is loaded once it is open, so an event stored in
 *   between is in one or the other (or both: duplicates are dropped by id).
 * - EventSource reconnects by itself and sends Last-Event-ID, and the server sends what was
 *   missed first: nothing lost, nothing doubled. When the browser gives up (an HTTP error), the
 *   store reconnects itself with `lastEventId` in the query, backing off up to 30 s.
 * - Events are kept oldest first in one array (a burst appends; an older page, rare, prepends)
 *   and listeners are told at most once per animation frame, so a burst of thousands of events
 *   costs a few renders, not thousands.
 */
import type { EventSummary } from '../api.js';

export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'offline';

export interface EventSource_ {
  /** Loads one page, newest first. */
  page(before: string | undefined): Promise<{ events: EventSummary[]; nextBefore: string | null }>;
  /** URL of the stream (may carry a share token). */
  streamUrl(lastEventId: string | null): string;
  /** Told when the stream could not be (re)opened: a shared view checks whether its link still works. */
  offline?(): void;
  /**
   * A filtered list: which of the live events (oldest first) belong in it. The stream carries
   * every event of the inbox; without this hook all of them are shown.
   */
  accept?(events: EventSummary[]): EventSummary[] | Promise<EventSummary[]>;
}

export class InboxEvents {
  /** Oldest first. */
  #events: EventSummary[] = [];
  #ids = new Set<string>();
  #nextBefore: string | null = null;
  #loadedFirst = false;
  #loadingOlder = false;
  #status: LiveStatus = 'connecting';
  #source: EventSource | null = null;
  #lastId: string | null = null;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #retryDelay = 1000;
  #pending: EventSummary[] = [];
  /** Live events waiting for the filter check in flight to end. */
  #unchecked: EventSummary[] = [];
  #checking = false;
  #frame: number | null = null;
  #listeners = new Set<() => void>();
  #closed = false;
  /** Newest events that arrived since the person last looked at the top of the list. */
  newSinceMark = 0;
  error: string | null = null;
  /** Bumped on every change (for memoised views). */
  version = 0;

  constructor(private readonly api: EventSource_) {}

  get length(): number {
    return this.#events.length;
  }

  /** The i-th newest event. */
  at(index: number): EventSummary | undefined {
    return this.#events[this.#events.length - 1 - index];
  }

  indexOf(id: string): number {
    // Ids sort by time: binary search in the oldest-first array.
    let lo = 0;
    let hi = this.#events.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const value = (this.#events[mid] as EventSummary).id;
      if (value === id) return this.#events.length - 1 - mid;
      if (value < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  get status(): LiveStatus {
    return this.#status;
  }

  get loadedFirst(): boolean {
    return this.#loadedFirst;
  }

  get hasOlder(): boolean {
    return this.#nextBefore !== null;
  }

  get loadingOlder(): boolean {
    return this.#loadingOlder;
  }

  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(): void {
    this.version += 1;
    for (const listener of this.#listeners) listener();
  }

  start(): void {
    this.#connect();
  }

  close(): void {
    this.#closed = true;
    this.#source?.close();
    this.#source = null;
    clearTimeout(this.#retryTimer);
    if (this.#frame !== null) cancelAnimationFrame(this.#frame);
    this.#listeners.clear();
  }

  #setStatus(status: LiveStatus): void {
    if (this.#status === status) return;
    this.#status = status;
    this.#changed();
  }

  #connect(): void {
    if (this.#closed) return;
    const source = new EventSource(this.api.streamUrl(this.#lastId ?? this.at(0)?.id ?? null));
    this.#source = source;
    source.addEventListener('open', () => {
      this.#retryDelay = 1000;
      this.#setStatus('live');
      // First open: the first page. A reopen before any live event came: nothing told the server
      // where to resume, so the first page is merged in again (duplicates drop by id).
      if (!this.#loadedFirst || this.#lastId === null) void this.#loadFirst();
    });
    source.addEventListener('event.created', (message) => {
      const event = parseEvent((message as MessageEvent<string>).data);
      if (event === null) return;
      this.#lastId = (message as MessageEvent<string>).lastEventId || event.id;
      this.#pending.push(event);
      this.#frame ??= requestAnimationFrame(() => this.#flush());
    });
    // Deletions made elsewhere (another tab, the CLI): the list follows them.
    source.addEventListener('event.deleted', (message) => {
      const id = parseField((message as MessageEvent<string>).data, 'id');
      if (id === null) return;
      this.#flush();
      if (this.#ids.has(id)) this.remove([id]);
    });
    source.addEventListener('inbox.cleared', (message) => {
      const through = parseField((message as MessageEvent<string>).data, 'through');
      this.#flush();
      if (through === null) return;
      const gone = this.#events.filter((event) => event.id <= through).map((event) => event.id);
      if (gone.length > 0) this.remove(gone);
    });
    // More was missed than the server replays: start again from the newest page.
    source.addEventListener('stream.truncated', () => void this.#reloadFirst());
    source.addEventListener('error', () => {
      if (this.#closed) return;
      if (!this.#loadedFirst) void this.#loadFirst();
      if (source.readyState === EventSource.CLOSED) {
        // The browser gave up (the server answered an error, or is gone): retry ourselves.
        source.close();
        this.#setStatus('offline');
        this.api.offline?.();
        clearTimeout(this.#retryTimer);
        this.#retryTimer = setTimeout(() => this.#connect(), this.#retryDelay);
        this.#retryDelay = Math.min(this.#retryDelay * 2, 30_000);
      } else {
        this.#setStatus('reconnecting');
      }
    });
  }

  #flush(): void {
    if (this.#frame !== null) cancelAnimationFrame(this.#frame);
    this.#frame = null;
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    if (this.#checking) {
      // One check at a time: a burst under a filter costs one list request per check, not one per frame.
      this.#unchecked.push(...batch);
      return;
    }
    const accepted = this.api.accept ? this.api.accept(batch) : batch;
    if (Array.isArray(accepted)) {
      this.#add(accepted);
      return;
    }
    this.#checking = true;
    accepted
      .then(
        (events) => {
          if (!this.#closed) this.#add(events);
        },
        (err: unknown) => {
          this.error = err instanceof Error ? err.message : String(err);
          this.#changed();
        },
      )
      .finally(() => {
        this.#checking = false;
        if (this.#unchecked.length > 0 && !this.#closed) {
          this.#pending = [...this.#unchecked, ...this.#pending];
          this.#unchecked = [];
          this.#flush();
        }
      });
  }

  #add(events: readonly EventSummary[]): void {
    let added = 0;
    for (const event of events) if (this.#insert(event)) added += 1;
    if (added > 0) {
      this.newSinceMark += added;
      this.#changed();
    }
  }

  /** Inserts in id order; false for an event already there. */
  #insert(event: EventSummary): boolean {
    if (this.#ids.has(event.id)) return false;
    this.#ids.add(event.id);
    const last = this.#events[this.#events.length - 1];
    if (last === undefined || last.id < event.id) {
      this.#events.push(event);
      return true;
    }
    let lo = 0;
    let hi = this.#events.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.#events[mid] as EventSummary).id < event.id) lo = mid + 1;
      else hi = mid;
    }
    this.#events.splice(lo, 0, event);
    return true;
  }

  async #loadFirst(): Promise<void> {
    this.#loadedFirst = true;
    try {
      const page = await this.api.page(undefined);
      for (const event of page.events) this.#insert(event);
      this.#nextBefore = page.nextBefore;
      this.error = null;
    } catch (err) {
      this.error = err instanceof Error ? err.message : String(err);
    }
    this.#changed();
  }

  async #reloadFirst(): Promise<void> {
    this.#events = [];
    this.#ids.clear();
    this.#nextBefore = null;
    await this.#loadFirst();
  }

  /** Loads the next older page, when there is one and none is loading. */
  async loadOlder(): Promise<void> {
    if (this.#loadingOlder || this.#nextBefore === null) return;
    this.#loadingOlder = true;
    this.#changed();
    try {
      const page = await this.api.page(this.#nextBefore);
      const older = page.events.filter((event) => !this.#ids.has(event.id)).reverse();
      const first = this.#events[0];
      if (first === undefined || older.every((event) => event.id < first.id)) {
        for (const event of older) this.#ids.add(event.id);
        this.#events = [...older, ...this.#events];
      } else {
        // A page that overlaps what is shown (events arrived live meanwhile): each event goes to
        // its place in id order; #insert records its id.
        for (const event of older) this.#insert(event);
      }
      this.#nextBefore = page.nextBefore;
    } catch (err) {
      this.error = err instanceof Error ? err.message : String(err);
    } finally {
      this.#loadingOlder = false;
      this.#changed();
    }
  }

  /** Removes events (deleted, or the inbox cleared). */
  remove(ids: readonly string[] | 'all'): void {
    if (ids === 'all') {
      this.#events = [];
      this.#ids.clear();
      this.#nextBefore = null;
    } else {
      const gone = new Set(ids);
      this.#events = this.#events.filter((event) => !gone.has(event.id));
      for (const id of ids) this.#ids.delete(id);
    }
    this.#changed();
  }

  markSeen(): void {
    if (this.newSinceMark === 0) return;
    this.newSinceMark = 0;
    this.#changed();
  }
}

function parseEvent(data: string): EventSummary | null {
  try {
    const value = JSON.parse(data) as EventSummary;
    return typeof value.id === 'string' && typeof value.method === 'string' ? value : null;
  } catch {
    return null;
  }
}

function parseField(data: string, field: string): string | null {
  try {
    const value = (JSON.parse(data) as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : null;
  } catch {
    return null;
  }
}
