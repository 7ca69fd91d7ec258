import { createHash } from 'node:crypto';

import pg from 'pg';

import type { AnswerRecord, EventSummary, SignatureCheck } from '../domain/captured-event.js';
import type { ControlMessage, EventBus, InboxNotice } from '../ports/event-bus.js';

/** The channel in the `public` schema; other schemas get their own (see channelFor). */
export const CHANNEL = 'rehook_events';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay well below. */
export const MAX_PAYLOAD_BYTES = 7_900;
/** Most notifications sent in one statement. */
const PUBLISH_BATCH = 500;
/** Notifications kept while the database does not take them; the oldest are dropped beyond. */
const MAX_QUEUED = 10_000;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;
/** The listening connection is checked this often, so a silently dead one is replaced. */
const LISTENER_CHECK_MS = 30_000;

/** The subset of pino's logger the bus uses. */
export interface BusLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** Something that runs one query: the store's pool. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export interface PgNotifyBusOptions {
  /** Connection URL of the listening connection (the store's URL). */
  readonly url: string;
  /** Sends the notifications (the store's pool). */
  readonly pool: Queryable;
  /** Reloads an event whose summary did not fit in a notification; null when it is gone. */
  readonly findEvent: (id: string) => Promise<EventSummary | null>;
  readonly logger: BusLogger;
  /** Open the LISTEN connection (default true). An ingest-only instance only publishes. */
  readonly listen?: boolean;
  /**
   * The store's event insert sends each event's notification in its own commit (encodePayload
   * on this bus's channel), so `publish` sends nothing (default false: `publish` sends it).
   */
  readonly eventsAnnouncedByStore?: boolean;
}

export interface PgNotifyBus extends EventBus {
  /** The channel used (one per schema). */
  readonly channel: string;
  /** Resolves once the LISTEN connection is established (at once when not listening). */
  readonly ready: Promise<void>;
  /** Sends what is queued, then closes the LISTEN connection. */
  close(): Promise<void>;
}

/**
 * The notification payload: the whole summary when it fits, else only the ids (`r`: reload);
 * or a control message (`c`), or a deletion notice (`d`, see encodeNoticePayload). Dates travel
 * as epoch milliseconds.
 */
type Payload =
  | { v: 1; e: Omit<EventSummary, 'receivedAt'> & { receivedAt: number } }
  | { v: 1; r: { id: string; inboxId: string } }
  | {
      v: 1;
      c:
        | { t: 'share.revoked'; s: string; i: string }
        | { t: 'replay-job.changed'; j: string }
        | { t: 'team.membership-changed'; m: string; a: string }
        | { t: 'token.revoked'; k: string };
    }
  | { v: 1; d: { k: 'event.deleted'; i: string; e: string } | { k: 'inbox.cleared'; i: string; t: string | null } };

/** A deletion notice (`d`): its kind, the inbox, and the event id or the clear's `through`. */
export function encodeNoticePayload(notice: InboxNotice): string {
  const d =
    notice.kind === 'event.deleted'
      ? { k: notice.kind, i: notice.inboxId, e: notice.eventId }
      : { k: notice.kind, i: notice.inboxId, t: notice.through };
  return JSON.stringify({ v: 1, d } satisfies Payload);
}

function decodeNotice(d: Record<string, unknown>): InboxNotice | null {
  if (typeof d['i'] !== 'string') return null;
  if (d['k'] === 'event.deleted' && typeof d['e'] === 'string')
    return { kind: 'event.deleted', inboxId: d['i'], eventId: d['e'] };
  if (d['k'] === 'inbox.cleared' && (d['t'] === null || typeof d['t'] === 'string')) {
    return { kind: 'inbox.cleared', inboxId: d['i'], through: d['t'] };
  }
  return null;
}

export function encodeControlPayload(message: ControlMessage): string {
  if (message.type === 'replay-job.changed') {
    return JSON.stringify({ v: 1, c: { t: message.type, j: message.jobId } } satisfies Payload);
  }
  if (message.type === 'team.membership-changed') {
    return JSON.stringify({ v: 1, c: { t: message.type, m: message.teamId, a: message.accountId } } satisfies Payload);
  }
  if (message.type === 'token.revoked') {
    return JSON.stringify({ v: 1, c: { t: message.type, k: message.tokenId } } satisfies Payload);
  }
  return JSON.stringify({ v: 1, c: { t: message.type, s: message.shareId, i: message.inboxId } } satisfies Payload);
}

export function encodePayload(event: EventSummary): string {
  const full = JSON.stringify({ v: 1, e: { ...event, receivedAt: event.receivedAt.getTime() } } satisfies Payload);
  if (Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES) return full;
  return JSON.stringify({ v: 1, r: { id: event.id, inboxId: event.inboxId } } satisfies Payload);
}

export function decodePayload(
  text: string,
):
  | { kind: 'event'; event: EventSummary }
  | { kind: 'reload'; id: string; inboxId: string }
  | { kind: 'control'; message: ControlMessage }
  | { kind: 'notice'; notice: InboxNotice }
  | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { v?: unknown }).v !== 1) return null;
  const payload = parsed as Partial<{
    e: Record<string, unknown>;
    r: Record<string, unknown>;
    c: Record<string, unknown>;
    d: Record<string, unknown>;
  }>;
  if (payload.d) {
    const notice = typeof payload.d === 'object' && payload.d !== null ? decodeNotice(payload.d) : null;
    return notice === null ? null : { kind: 'notice', notice };
  }
  const c = payload.c;
  if (c) {
    if (c['t'] === 'replay-job.changed') {
      return typeof c['j'] === 'string'
        ? { kind: 'control', message: { type: 'replay-job.changed', jobId: c['j'] } }
        : null;
    }
    if (c['t'] === 'team.membership-changed') {
      return typeof c['m'] === 'string' && typeof c['a'] === 'string'
        ? { kind: 'control', message: { type: 'team.membership-changed', teamId: c['m'], accountId: c['a'] } }
        : null;
    }
    if (c['t'] === 'token.revoked') {
      return typeof c['k'] === 'string'
        ? { kind: 'control', message: { type: 'token.revoked', tokenId: c['k'] } }
        : null;
    }
    if (c['t'] !== 'share.revoked' || typeof c['s'] !== 'string' || typeof c['i'] !== 'string') return null;
    return { kind: 'control', message: { type: 'share.revoked', shareId: c['s'], inboxId: c['i'] } };
  }
  if (payload.r && typeof payload.r['id'] === 'string' && typeof payload.r['inboxId'] === 'string') {
    return { kind: 'reload', id: payload.r['id'], inboxId: payload.r['inboxId'] };
  }
  const e = payload.e;
  if (
    !e ||
    typeof e['id'] !== 'string' ||
    typeof e['inboxId'] !== 'string' ||
    typeof e['receivedAt'] !== 'number' ||
    typeof e['method'] !== 'string' ||
    typeof e['path'] !== 'string' ||
    typeof e['query'] !== 'string' ||
    (e['contentType'] !== null && typeof e['contentType'] !== 'string') ||
    typeof e['size'] !== 'number'
  ) {
    return null;
  }
  return {
    kind: 'event',
    event: {
      id: e['id'],
      inboxId: e['inboxId'],
      receivedAt: new Date(e['receivedAt']),
      method: e['method'],
      path: e['path'],
      query: e['query'],
      contentType: e['contentType'] as string | null,
      size: e['size'],
      signature: decodeSignatureField(e['signature']),
      answer: decodeAnswerField(e['answer']),
    },
  };
}

/** A summary's signature check from a payload; anything malformed (or an older sender's absent field) is null. */
function decodeSignatureField(value: unknown): SignatureCheck | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const status = v['status'];
  if (status !== 'valid' && status !== 'invalid' && status !== 'unchecked') return null;
  if (v['scheme'] !== null && typeof v['scheme'] !== 'string') return null;
  if (v['reason'] !== null && typeof v['reason'] !== 'string') return null;
  return { scheme: v['scheme'] as string | null, status, reason: v['reason'] as string | null };
}

function decodeAnswerField(value: unknown): AnswerRecord | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (typeof v['status'] !== 'number' || (v['rule'] !== null && typeof v['rule'] !== 'number')) return null;
  return { rule: v['rule'] as number | null, status: v['status'] };
}

/** One subscription to an inbox. */
interface Subscriber {
  readonly onEvent: (event: EventSummary) => void;
  readonly onNotice: ((notice: InboxNotice) => void) | undefined;
}

/**
 * The channel of a schema: `rehook_events` in `public`, else `rehook_events_<hash>`, so
 * deployments (and test runs) sharing a database in different schemas do not hear each other.
 */
export function channelFor(schema: string): string {
  if (schema === 'public') return CHANNEL;
  return `${CHANNEL}_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

/**
 * The EventBus of a cluster on PostgreSQL (LISTEN/NOTIFY). `publish` is called after the
 * event's commit; it queues a notification, and the queue is sent in batches, one statement at
 * a time, so the notifications of one instance arrive in publish order. Every instance (this
 * one included: there is one path for every event, so the order is the same everywhere) gets
 * them on one dedicated LISTEN connection and hands them to its local subscribers of that
 * inbox. The connection is re-opened with backoff when it drops; events notified while it was
 * down are not delivered (a stream client catches up by reconnecting with Last-Event-ID).
 * Publish failures are logged and never reach ingest.
 *
 * Control messages (a revoked sharing link) travel on the same channel; the publishing instance
 * also hands them to its own subscribers at once. One lost while a LISTEN connection was down
 * only delays its effect: streams of a link re-check it at every heartbeat.
 */
export async function createPgNotifyBus(opts: PgNotifyBusOptions): Promise<PgNotifyBus> {
  const { rows } = await opts.pool.query<{ schema: string | null }>('SELECT current_schema() AS schema');
  const channel = channelFor(rows[0]?.schema ?? 'public');
  const subscribers = new Map<string, Set<Subscriber>>();
  const controlSubscribers = new Set<(message: ControlMessage) => void>();
  const log = opts.logger;

  let closed = false;

  // ---- publishing ----
  const queue: string[] = [];
  let flushing: Promise<void> | null = null;
  let dropped = 0;

  const flush = async (): Promise<void> => {
    while (queue.length > 0) {
      const batch = queue.splice(0, PUBLISH_BATCH);
      try {
        // unnest yields the array in order, and NOTIFYs of one transaction arrive in order.
        await opts.pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS t(p)', [channel, batch]);
      } catch (err) {
        log.warn({ err, events: batch.length }, 'live bus: could not notify; live streams miss these events');
      }
    }
  };
  const enqueue = (payload: string): void => {
    // After close the pool is gone; an ingest finishing during shutdown has nobody to tell.
    if (closed) return;
    if (queue.length >= MAX_QUEUED) {
      queue.shift();
      dropped += 1;
      if (dropped === 1 || dropped % 1000 === 0) log.warn({ dropped }, 'live bus: notification queue full, dropping');
    }
    queue.push(payload);
    if (flushing === null) startFlush();
  };
  const publish = (event: EventSummary): void => {
    if (opts.eventsAnnouncedByStore !== true) enqueue(encodePayload(event));
  };
  const startFlush = (): void => {
    flushing = flush().finally(() => {
      flushing = null;
      // Published between the loop's last check and here (e.g. by another microtask).
      if (queue.length > 0) startFlush();
    });
  };

  // ---- listening ----
  let client: pg.Client | null = null;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let checkTimer: NodeJS.Timeout | undefined;
  let backoff = RECONNECT_MIN_MS;
  let delivery: Promise<void> = Promise.resolve();
  let resolveReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const deliver = (event: EventSummary): void => {
    const set = subscribers.get(event.inboxId);
    if (!set) return;
    for (const entry of [...set]) {
      try {
        entry.onEvent(event);
      } catch (err) {
        log.warn({ err }, 'live bus: subscriber failed');
      }
    }
  };
  const deliverNotice = (notice: InboxNotice): void => {
    const set = subscribers.get(notice.inboxId);
    if (!set) return;
    for (const entry of [...set]) {
      try {
        entry.onNotice?.(notice);
      } catch (err) {
        log.warn({ err }, 'live bus: subscriber failed');
      }
    }
  };
  const deliverControl = (message: ControlMessage): void => {
    for (const onMessage of [...controlSubscribers]) {
      try {
        onMessage(message);
      } catch (err) {
        log.warn({ err }, 'live bus: control subscriber failed');
      }
    }
  };
  const onNotification = (message: pg.Notification): void => {
    if (message.channel !== channel || message.payload === undefined) return;
    const decoded = decodePayload(message.payload);
    if (decoded === null) {
      log.warn({ channel }, 'live bus: ignoring malformed notification');
      return;
    }
    // Access changes act at once, outside the events' delivery chain: ending a stream early
    // never sends an event it must not get.
    if (decoded.kind === 'control') {
      deliverControl(decoded.message);
      return;
    }
    const inboxId =
      decoded.kind === 'event'
        ? decoded.event.inboxId
        : decoded.kind === 'notice'
          ? decoded.notice.inboxId
          : decoded.inboxId;
    if (!subscribers.has(inboxId)) return;
    // A chain keeps delivery in notification order even while an event is reloaded.
    delivery = delivery.then(async () => {
      if (decoded.kind === 'event') return deliver(decoded.event);
      if (decoded.kind === 'notice') return deliverNotice(decoded.notice);
      try {
        const event = await opts.findEvent(decoded.id);
        if (event) deliver(event);
      } catch (err) {
        log.warn({ err, eventId: decoded.id }, 'live bus: could not reload an event');
      }
    });
  };

  const dropClient = (): void => {
    if (checkTimer !== undefined) clearInterval(checkTimer);
    checkTimer = undefined;
    const old = client;
    client = null;
    if (old) {
      old.removeAllListeners('notification');
      old.removeAllListeners('end');
      old.on('error', () => undefined);
      void old.end().catch(() => undefined);
    }
  };
  const scheduleReconnect = (err: unknown): void => {
    if (closed || reconnectTimer !== undefined) return;
    dropClient();
    const delay = backoff;
    backoff = Math.min(backoff * 2, RECONNECT_MAX_MS);
    log.warn({ err, retryInMs: delay }, 'live bus: LISTEN connection lost; reconnecting');
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void connect();
    }, delay);
    reconnectTimer.unref();
  };
  const connect = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({
      connectionString: opts.url,
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
      application_name: 'rehook-listen',
    });
    client = next;
    // Only the current connection's trouble matters; a replaced one may still report its end.
    next.on('error', (err) => {
      if (client === next) scheduleReconnect(err);
    });
    next.on('end', () => {
      if (client === next) scheduleReconnect(new Error('connection ended'));
    });
    next.on('notification', onNotification);
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (err) {
      if (client === next) scheduleReconnect(err);
      return;
    }
    if (closed || client !== next) return;
    if (backoff !== RECONNECT_MIN_MS) log.info({ channel }, 'live bus: LISTEN connection restored');
    backoff = RECONNECT_MIN_MS;
    resolveReady();
    checkTimer = setInterval(() => {
      next.query('SELECT 1').catch((err: unknown) => {
        if (client === next) scheduleReconnect(err);
      });
    }, LISTENER_CHECK_MS);
    checkTimer.unref();
  };

  if (opts.listen === false) resolveReady();
  else void connect();

  return {
    channel,
    ready,
    publish,
    publishNotice: (notice) => enqueue(encodeNoticePayload(notice)),
    subscribe(inboxId, onEvent, onNotice) {
      let set = subscribers.get(inboxId);
      if (!set) {
        set = new Set();
        subscribers.set(inboxId, set);
      }
      // An object per call: the same functions subscribed twice are two subscriptions.
      const entry: Subscriber = { onEvent, onNotice };
      set.add(entry);
      return () => {
        const current = subscribers.get(inboxId);
        if (!current) return;
        current.delete(entry);
        if (current.size === 0) subscribers.delete(inboxId);
      };
    },
    publishControl(message) {
      // This instance's subscribers at once (its LISTEN connection may be down), every instance
      // (this one again, harmlessly) through NOTIFY.
      deliverControl(message);
      enqueue(encodeControlPayload(message));
    },
    subscribeControl(onMessage) {
      // A wrapper per call: the same function subscribed twice is two subscriptions.
      const entry = (message: ControlMessage): void => onMessage(message);
      controlSubscribers.add(entry);
      return () => {
        controlSubscribers.delete(entry);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      if (reconnectTimer !== undefined) clearTimeout(reconnectTimer);
      reconnectTimer = undefined;
      resolveReady();
      while (flushing !== null) await flushing;
      dropClient();
    },
  };
}
