import { invalidResponse } from '../../client/transport.js';
import type { EventDetail } from '../../client/types.js';

/**
 * Reads an NDJSON export (one full event a line, oldest first) ahead of the delivery: while the
 * listener forwards one event, the events after it are already being received and parsed, up to
 * a bound in events and in bytes, so the next page is on its way before the current one is done
 * and a slow local target slows the reading down instead of filling the listener's memory.
 *
 * Only whole lines count: a connection cut mid-line leaves that event unread (the next export
 * starts after the last event done with, so it comes again).
 */

export interface ReadAheadLimits {
  /** Events parsed and not yet taken, at most (the reading pauses beyond). */
  readonly events: number;
  /** Characters of those events' lines (about bytes: base64 and JSON), at most; a larger single event is read alone. */
  readonly bytes: number;
  /** No byte for this long while reading: the connection is given up on (a dead socket). */
  readonly stallMs: number;
}

export const READ_AHEAD_LIMITS: ReadAheadLimits = { events: 1000, bytes: 8 * 1024 * 1024, stallMs: 33_000 };

function isEventDetail(value: unknown): value is EventDetail {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Partial<Record<keyof EventDetail, unknown>>;
  return (
    typeof event.id === 'string' &&
    typeof event.bodyBase64 === 'string' &&
    typeof event.receivedAt === 'string' &&
    Array.isArray(event.headers)
  );
}

export class ReadAhead {
  readonly #limits: ReadAheadLimits;
  readonly #queue: Array<{ event: EventDetail; bytes: number }> = [];
  #queuedBytes = 0;
  #ended = false;
  #error: unknown = undefined;
  /** Woken when an event is queued or the stream ends (the consumer waits on it). */
  #wakeConsumer: (() => void) | null = null;
  /** Woken when the consumer took events (the reader waits on it while the queue is full). */
  #wakeReader: (() => void) | null = null;
  readonly #abort: AbortController;

  /**
   * Starts reading `chunks` at once. `abort` is the controller whose signal the download was
   * opened with: aborted on a stall and by close().
   */
  constructor(chunks: AsyncIterable<Uint8Array>, abort: AbortController, limits: ReadAheadLimits = READ_AHEAD_LIMITS) {
    this.#limits = limits;
    this.#abort = abort;
    void this.#read(chunks);
  }

  /**
   * Waits until an event is ready or the stream ended. Throws the stream's error when it failed
   * before yielding a single event, so that the caller retries the whole download.
   */
  async ready(): Promise<void> {
    while (this.#queue.length === 0 && !this.#ended) await this.#waitForReader();
    if (this.#queue.length === 0 && this.#error !== undefined) throw this.#error;
  }

  /** The next event; null at the end of the export, or when it failed after the events before. */
  async next(): Promise<EventDetail | null> {
    while (this.#queue.length === 0 && !this.#ended) await this.#waitForReader();
    const item = this.#queue.shift();
    if (item === undefined) return null;
    this.#queuedBytes -= item.bytes;
    this.#wakeReader?.();
    return item.event;
  }

  /** True when the export ended cut short (after the events it did yield). */
  get failed(): boolean {
    return this.#ended && this.#error !== undefined;
  }

  /** Stops reading and drops the connection. */
  close(): void {
    this.#abort.abort();
    this.#wakeReader?.();
  }

  #waitForReader(): Promise<void> {
    return new Promise((resolve) => {
      this.#wakeConsumer = resolve;
    });
  }

  #full(): boolean {
    return this.#queue.length >= this.#limits.events || this.#queuedBytes >= this.#limits.bytes;
  }

  async #read(chunks: AsyncIterable<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let partial = '';
    const arm = (): NodeJS.Timeout =>
      setTimeout(() => this.#abort.abort(new DOMException('no answer in time', 'TimeoutError')), this.#limits.stallMs);
    let stall = arm();
    try {
      for await (const chunk of chunks) {
        stall.refresh();
        const lines = (partial + decoder.decode(chunk, { stream: true })).split('\n');
        partial = lines.pop() ?? '';
        for (const line of lines) {
          if (line === '') continue;
          const parsed: unknown = JSON.parse(line);
          if (!isEventDetail(parsed)) throw invalidResponse(200);
          this.#queue.push({ event: parsed, bytes: line.length });
          this.#queuedBytes += line.length;
          this.#wakeConsumer?.();
        }
        if (this.#full()) {
          // Not reading while paused: the silence is ours, not the server's.
          clearTimeout(stall);
          while (this.#full() && !this.#abort.signal.aborted) {
            await new Promise<void>((resolve) => {
              this.#wakeReader = resolve;
            });
          }
          stall = arm();
        }
        if (this.#abort.signal.aborted) break;
      }
    } catch (err) {
      this.#error = err;
    } finally {
      clearTimeout(stall);
      this.#ended = true;
      this.#wakeConsumer?.();
    }
  }
}
