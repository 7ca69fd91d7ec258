import assert from 'node:assert/strict';
import { afterEach, beforeEach } from 'node:test';
import type { EventSummary } from '../../ui/src/api.js';
import { type EventSource_, InboxEvents } from '../../ui/src/lib/live.js';

// InboxEvents reaches the browser through three globals: EventSource, requestAnimationFrame and
// cancelAnimationFrame. The fakes below stand in for them so that each test decides when the
// stream opens, what it sends and when a frame is painted.

interface Message {
  readonly data: string;
  readonly lastEventId: string;
}

export class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  readonly #listeners = new Map<string, ((message: Message) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (message: Message) => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.readyState = FakeEventSource.CLOSED;
  }

  emit(type: string, data = '', lastEventId = ''): void {
    if (type === 'open') this.readyState = FakeEventSource.OPEN;
    for (const listener of this.#listeners.get(type) ?? []) listener({ data, lastEventId });
  }

  /** The browser gave up on this stream (an HTTP error): EventSource is CLOSED when it says so. */
  fail(): void {
    this.readyState = FakeEventSource.CLOSED;
    this.emit('error');
  }
}

export const frames = new Map<number, () => void>();
let lastFrame = 0;

/** Paints one frame: runs every callback requested so far. */
export function paint(): void {
  const due = [...frames.values()];
  frames.clear();
  for (const callback of due) callback();
}

const saved = {
  EventSource: (globalThis as any).EventSource,
  requestAnimationFrame: (globalThis as any).requestAnimationFrame,
  cancelAnimationFrame: (globalThis as any).cancelAnimationFrame,
};

/** Installs the fakes before each test of the calling file and puts the real globals back after it. */
export function useBrowserFakes(): void {
  beforeEach(() => {
    FakeEventSource.opened = [];
    frames.clear();
    (globalThis as any).EventSource = FakeEventSource;
    (globalThis as any).requestAnimationFrame = (callback: () => void) => {
      lastFrame += 1;
      frames.set(lastFrame, callback);
      return lastFrame;
    };
    (globalThis as any).cancelAnimationFrame = (id: number) => frames.delete(id);
  });

  afterEach(() => {
    Object.assign(globalThis, saved);
  });
}

/** Resolves once every promise already settled has run its callbacks (the fake API answers at once). */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export function event(n: number): EventSummary {
  return {
    id: `evt_${String(n).padStart(26, '0')}`,
    inboxId: 'inb_x',
    receivedAt: new Date(Date.UTC(2026, 10, 25, 10, 0, n)).toISOString(),
    method: 'POST',
    path: `/i/inb_x/${n}`,
    query: '',
    contentType: null,
    size: 0,
  } as EventSummary;
}

export const ids = (store: InboxEvents) => Array.from({ length: store.length }, (_, i) => store.at(i)?.id);
export const idsOf = (...ns: number[]) => ns.map((n) => event(n).id);

export interface Page {
  readonly events: EventSummary[];
  readonly nextBefore: string | null;
}

/** An API whose pages are keyed by `before` ('' for the first page); a missing page fails. */
export function fakeApi(pages: Record<string, Page>, hooks: Partial<EventSource_> = {}) {
  const calls = { page: [] as (string | undefined)[], streamUrl: [] as (string | null)[], offline: 0 };
  const api: EventSource_ = {
    page: async (before) => {
      calls.page.push(before);
      const page = pages[before ?? ''];
      if (page === undefined) throw new Error(`no page before ${before}`);
      return page;
    },
    streamUrl: (lastEventId) => {
      calls.streamUrl.push(lastEventId);
      return `/stream?lastEventId=${lastEventId ?? ''}`;
    },
    offline: () => {
      calls.offline += 1;
    },
    ...hooks,
  };
  return { api, calls };
}

/** Newest first, as the API pages them. */
export const page = (ns: number[], nextBefore: string | null = null): Page => ({
  events: ns.map(event),
  nextBefore,
});

export function stream(index = -1): FakeEventSource {
  const source = FakeEventSource.opened.at(index);
  assert.ok(source, 'no stream was opened');
  return source;
}

/** A started store with its stream open and first page loaded. */
export async function live(pages: Record<string, Page>, hooks: Partial<EventSource_> = {}) {
  const fake = fakeApi(pages, hooks);
  const store = new InboxEvents(fake.api);
  store.start();
  stream().emit('open');
  await settle();
  return { store, ...fake };
}

export function created(source: FakeEventSource, n: number, lastEventId = ''): void {
  source.emit('event.created', JSON.stringify(event(n)), lastEventId);
}
