import type { CapturedEvent, EventSummary, HeaderPair } from '../../domain/captured-event.js';
import { decodeAnswer, decodeSignature, encodeAnswer, encodeSignature } from '../../domain/event-json.js';
import type { Inbox } from '../../domain/inbox.js';
import { decodeDrift } from '../../domain/drift.js';
import type { ReplayOutcomeKind, ReplayRecord } from '../../domain/replay.js';
import { decodeSentRequest, encodeSentRequest } from '../../domain/replay-request.js';
import { bindValues, type ColumnTypes, type ColumnValues, type SqlParam, toDateOrNull } from './column-values.js';

// Rows of inboxes, events and replays as either driver reads them, their column lists, and the
// mappers between rows and domain objects. Parameter lists follow the column lists' order.

export const INBOX_COLUMNS = 'id, owner_id, name, created_at, expires_at';
// Listing never names headers or body, so neither database reads the pages they live on.
const STORED_SUMMARY_COLUMNS = 'id, inbox_id, received_at, method, path, query, content_type, size, signature, answer';
// event_type and drift are written by the event-type worker after the insert (migration 17).
export const SUMMARY_COLUMNS = `${STORED_SUMMARY_COLUMNS}, event_type, drift`;
export const EVENT_COLUMNS = `${SUMMARY_COLUMNS}, source_ip, headers, body`;
/** Columns of the event insert, in eventParams order. */
export const EVENT_INSERT_COLUMNS = `${STORED_SUMMARY_COLUMNS}, source_ip, headers, body`;
export const REPLAY_COLUMNS =
  'id, event_id, inbox_id, account_id, destination, created_at, outcome, status_code, ' +
  'latency_ms, response_headers, truncated, error_code, error_message, response_body, ' +
  'job_id, request, request_body';

export interface InboxRow<C extends ColumnTypes> {
  id: string;
  owner_id: string | null;
  name: string | null;
  created_at: C['time'];
  expires_at: C['time'] | null;
}

export interface EventSummaryRow<C extends ColumnTypes> {
  id: string;
  inbox_id: string;
  received_at: C['time'];
  method: string;
  path: string;
  query: string;
  content_type: string | null;
  size: C['int8'];
  /** JSON text (src/domain/event-json.ts encodeSignature) or null; text, so the bytes stay as written. */
  signature: string | null;
  /** JSON text (encodeAnswer) or null. */
  answer: string | null;
  /** NULL until the event-type worker has read the event; '' when it has no type. */
  event_type?: string | null;
  /** JSON text (src/domain/drift.ts encodeDrift) or null. */
  drift?: string | null;
}

export interface EventRow<C extends ColumnTypes> extends EventSummaryRow<C> {
  source_ip: string;
  headers: string;
  body: Buffer | null;
}

export interface ReplayRow<C extends ColumnTypes> {
  id: string;
  event_id: string;
  inbox_id: string;
  account_id: string;
  destination: string;
  created_at: C['time'];
  outcome: string;
  status_code: number | null;
  latency_ms: number | null;
  response_headers: string;
  truncated: C['flag'];
  error_code: string | null;
  error_message: string | null;
  response_body: Buffer | null;
  job_id: string | null;
  /** JSON text (encodeSentRequest) or null. */
  request: string | null;
  request_body: Buffer | null;
}

/**
 * Headers are a JSON array of [name, value] pairs: order, duplicates and name case survive, and
 * JSON escapes every control character (NUL included, which a PostgreSQL text column would
 * refuse), so any value round-trips exactly.
 */
export function encodeHeaders(headers: readonly HeaderPair[]): string {
  return JSON.stringify(headers);
}

function decodeHeaders(json: string): HeaderPair[] {
  return JSON.parse(json) as HeaderPair[];
}

/** A zero-length BLOB may come back as null from some drivers; the domain always has a Buffer. */
function toBuffer(bytes: Buffer | null): Buffer {
  return bytes ?? Buffer.alloc(0);
}

/** The optional event type and drift of a summary: only the ones that are set. */
function typeFields(eventType: string | null, drift: EventSummary['drift']): Pick<EventSummary, 'eventType' | 'drift'> {
  return {
    ...(eventType !== null && eventType !== '' ? { eventType } : {}),
    ...(drift !== null && drift !== undefined ? { drift } : {}),
  };
}

/** The mappers of inbox, event and replay rows over one database's column values. */
export function eventRowMappers<C extends ColumnTypes>(v: ColumnValues<C>) {
  const bind = (values: Parameters<typeof bindValues>[1]): SqlParam<C>[] => bindValues(v, values);
  const toEventSummary = (row: EventSummaryRow<C>): EventSummary => ({
    id: row.id,
    inboxId: row.inbox_id,
    receivedAt: v.toDate(row.received_at),
    method: row.method,
    path: row.path,
    query: row.query,
    contentType: row.content_type,
    size: v.toNumber(row.size),
    signature: decodeSignature(row.signature),
    answer: decodeAnswer(row.answer),
    // Absent rather than null until the worker has typed the event, so an event reads back as it was stored.
    ...typeFields(row.event_type ?? null, decodeDrift(row.drift ?? null)),
  });
  return {
    toInbox: (row: InboxRow<C>): Inbox => ({
      id: row.id,
      ownerId: row.owner_id,
      name: row.name,
      createdAt: v.toDate(row.created_at),
      expiresAt: toDateOrNull(v, row.expires_at),
    }),
    /** Parameters of the inbox insert, in INBOX_COLUMNS order. */
    inboxParams: (i: Inbox) => bind([i.id, i.ownerId, i.name, i.createdAt, i.expiresAt]),
    /** Maps a list row (no headers, no body) to an EventSummary with exactly its fields. */
    toEventSummary,
    toEvent: (row: EventRow<C>): CapturedEvent => ({
      ...toEventSummary(row),
      headers: decodeHeaders(row.headers),
      body: toBuffer(row.body),
      sourceIp: row.source_ip,
    }),
    /** Parameters of the event insert, in EVENT_INSERT_COLUMNS order. */
    eventParams: (e: CapturedEvent) =>
      bind([
        e.id,
        e.inboxId,
        e.receivedAt,
        e.method,
        e.path,
        e.query,
        e.contentType,
        e.size,
        encodeSignature(e.signature),
        encodeAnswer(e.answer),
        e.sourceIp,
        encodeHeaders(e.headers),
        e.body,
      ]),
    toReplay: (row: ReplayRow<C>): ReplayRecord => ({
      id: row.id,
      eventId: row.event_id,
      inboxId: row.inbox_id,
      accountId: row.account_id,
      destination: row.destination,
      createdAt: v.toDate(row.created_at),
      // Only the adapters write the column, always from a ReplayOutcomeKind.
      outcome: row.outcome as ReplayOutcomeKind,
      statusCode: row.status_code,
      latencyMs: row.latency_ms,
      responseHeaders: decodeHeaders(row.response_headers),
      responseBody: toBuffer(row.response_body),
      truncated: v.toBoolean(row.truncated),
      errorCode: row.error_code,
      errorMessage: row.error_message,
      request: decodeSentRequest(row.request, row.request_body),
      jobId: row.job_id,
    }),
    /** Parameters of the replay insert, in REPLAY_COLUMNS order. */
    replayParams: (r: ReplayRecord) =>
      bind([
        r.id,
        r.eventId,
        r.inboxId,
        r.accountId,
        r.destination,
        r.createdAt,
        r.outcome,
        r.statusCode,
        r.latencyMs,
        encodeHeaders(r.responseHeaders),
        r.truncated,
        r.errorCode,
        r.errorMessage,
        r.responseBody,
        r.jobId ?? null,
        r.request ? encodeSentRequest(r.request) : null,
        r.request?.body ?? null,
      ]),
  };
}
