import { get, type IncomingHttpHeaders } from 'node:http';
import type { EventBus } from '../../src/ports/event-bus.js';

/** One dispatched server-sent-events message. */
export interface SseMessage {
  readonly id: string | undefined;
  readonly event: string;
  readonly data: string;
}

/** A live SSE connection read with node:http, parsed as the EventSource spec says. */
export interface SseConnection {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly messages: SseMessage[];
  /** Comment lines without the leading ':' (and one optional space). */
  readonly comments: string[];
  /** Every field line in arrival order, e.g. `retry: 2000`, `: ping`, `id: evt_...`. */
  readonly lines: string[];
  /** The `retry:` value received, if any. */
  retry: number | undefined;
  /** True once the server ended or dropped the connection. */
  ended: boolean;
  /** Resolves when `predicate` holds (checked on every chunk), rejects after `timeoutMs`. */
  waitFor(predicate: () => boolean, timeoutMs: number, what: string): Promise<void>;
  /** Messages of type event.created, data parsed. */
  events(): any[];
  /** Hangs up. */
  close(): void;
}

/** A non-200 answer: the JSON error given instead of a stream. */
export interface SseRefusal {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  readonly body: any;
}

/**
 * Opens `url` as an event stream. Resolves with a live connection on 200, with the whole body on
 * any other status.
 */
export function openSse(url: string, headers: Record<string, string> = {}): Promise<SseConnection | SseRefusal> {
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      const status = res.statusCode ?? 0;
      if (status !== 200) {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown;
          try {
            body = JSON.parse(text);
          } catch {
            body = undefined;
          }
          resolve({ status, headers: res.headers, text, body });
        });
        return;
      }
      const waiters = new Set<() => void>();
      let pending = '';
      let id: string | undefined;
      let event = '';
      let data: string[] = [];
      const conn: SseConnection = {
        status,
        headers: res.headers,
        messages: [],
        comments: [],
        lines: [],
        retry: undefined,
        ended: false,
        waitFor(predicate, timeoutMs, what) {
          if (predicate()) return Promise.resolve();
          return new Promise<void>((done, fail) => {
            const check = (): void => {
              if (!predicate()) return;
              clearTimeout(timer);
              waiters.delete(check);
              done();
            };
            const timer = setTimeout(() => {
              waiters.delete(check);
              fail(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; got ${conn.lines.length} lines`));
            }, timeoutMs);
            waiters.add(check);
          });
        },
        events() {
          return conn.messages.filter((m) => m.event === 'event.created').map((m) => JSON.parse(m.data));
        },
        close() {
          req.destroy();
        },
      };
      const notify = (): void => {
        for (const waiter of [...waiters]) waiter();
      };
      const onLine = (line: string): void => {
        if (line === '') {
          if (data.length > 0) conn.messages.push({ id, event: event || 'message', data: data.join('\n') });
          event = '';
          data = [];
          return;
        }
        conn.lines.push(line);
        if (line.startsWith(':')) {
          conn.comments.push(line.slice(1).replace(/^ /, ''));
          return;
        }
        const colon = line.indexOf(':');
        const field = colon === -1 ? line : line.slice(0, colon);
        const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'id') id = value;
        else if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'retry') conn.retry = Number(value);
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        pending += chunk;
        const parts = pending.split(/\r\n|\r|\n/);
        pending = parts.pop() ?? '';
        for (const line of parts) onLine(line);
        notify();
      });
      const onEnd = (): void => {
        conn.ended = true;
        notify();
      };
      res.on('end', onEnd);
      res.on('close', onEnd);
      res.on('error', onEnd);
      resolve(conn);
    });
    req.on('error', reject);
  });
}

/** Narrows an {@link openSse} result to a live stream, failing with the refusal otherwise. */
export function assertStream(result: SseConnection | SseRefusal): SseConnection {
  if (!('messages' in result)) {
    throw new Error(`expected a stream, got ${result.status}: ${result.text.slice(0, 300)}`);
  }
  return result;
}

/** Wraps `bus.subscribe` to count live subscriptions (to see streams clean up after themselves). */
export function countSubscriptions(bus: EventBus): () => number {
  let active = 0;
  const original = bus.subscribe.bind(bus);
  bus.subscribe = (inboxId, onEvent, onNotice) => {
    active += 1;
    const unsubscribe = original(inboxId, onEvent, onNotice);
    let done = false;
    return () => {
      if (!done) {
        done = true;
        active -= 1;
      }
      unsubscribe();
    };
  };
  return () => active;
}

/** Polls `predicate` until it holds or `timeoutMs` passes. */
export async function eventually(predicate: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
