import type { Account, ApiToken } from '../../domain/account.js';
import type { CapturedEvent, EventSummary, HeaderPair } from '../../domain/captured-request.js';
import { decodeAnswer, decodeSignature, encodeAnswer, encodeSignature } from '../../domain/event-json.js';
import type { Inbox } from '../../domain/inbox.js';
import type { ReplayOutcomeKind, ReplayRecord } from '../../domain/replay.js';
import { decodeSentRequest, encodeSentRequest } from '../../domain/replay-request.js';

// Row shapes exactly as better-sqlite3 returns them (timestamps are INTEGER milliseconds), and
// the mappers between rows and domain objects. Column names double as named statement
// parameters (`@inbox_id`), so a row object binds directly. Private to the SQLite adapter.

export interface InboxRow {
  id: string;
  owner_id: string | null;
  name: string | null;
  created_at: number;
  expires_at: number | null;
}

export interface EventSummaryRow {
  id: string;
  inbox_id: string;
  received_at: number;
  method: string;
  path: string;
  query: string;
  content_type: string | null;
  size: number;
  /** JSON text (src/domain/event-json.ts encodeSignature) or null. */
  signature: string | null;
  /** JSON text (encodeAnswer) or null. */
  answer: string | null;
}

export interface EventRow extends EventSummaryRow {
  source_ip: string;
  headers: string;
  body: Buffer | null;
}

export interface ReplayRow {
  id: string;
  event_id: string;
  inbox_id: string;
  account_id: string;
  destination: string;
  created_at: number;
  outcome: string;
  status_code: number | null;
  latency_ms: number | null;
  response_headers: string;
  truncated: number;
  error_code: string | null;
  error_message: string | null;
  response_body: Buffer | null;
  job_id: string | null;
  /** JSON text (encodeSentRequest) or null. */
  request: string | null;
  request_body: Buffer | null;
}

export interface AccountRow {
  id: string;
  email: string;
  password_hash: string | null;
  created_at: number;
}

export interface TokenRow {
  id: string;
  account_id: string;
  name: string;
  hash: string;
  prefix: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

/** The event row plus the instant that decides whether its inbox is live. */
export type EventParams = EventRow & { now: number };

/** Positional parameters of the event insert: the row's columns in EVENT_COLUMNS order. */
export type EventInsertParams = [
  id: string,
  inboxId: string,
  receivedAt: number,
  method: string,
  path: string,
  query: string,
  contentType: string | null,
  size: number,
  signature: string | null,
  answer: string | null,
  sourceIp: string,
  headers: string,
  body: Buffer | null,
];

/** The insert's positional parameters for these named ones. */
export function eventInsertParams(p: EventParams): EventInsertParams {
  return [
    p.id,
    p.inbox_id,
    p.received_at,
    p.method,
    p.path,
    p.query,
    p.content_type,
    p.size,
    p.signature,
    p.answer,
    p.source_ip,
    p.headers,
    p.body,
  ];
}

function toDate(ms: number): Date {
  return new Date(ms);
}

function toDateOrNull(ms: number | null): Date | null {
  return ms === null ? null : new Date(ms);
}

function toMsOrNull(date: Date | null): number | null {
  return date === null ? null : date.getTime();
}

/**
 * Headers are a JSON array of [name, value] pairs: order, duplicates and name case survive, and
 * JSON escapes every latin1 control character, so any value round-trips exactly.
 */
export function encodeHeaders(headers: readonly HeaderPair[]): string {
  return JSON.stringify(headers);
}

function decodeHeaders(json: string): HeaderPair[] {
  return JSON.parse(json) as HeaderPair[];
}

/** A zero-length BLOB may come back as null from some drivers; the domain always has a Buffer. */
function toBuffer(blob: Buffer | null): Buffer {
  return blob ?? Buffer.alloc(0);
}

/** Maps an inbox row to the domain type. */
export function toInbox(row: InboxRow): Inbox {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    createdAt: toDate(row.created_at),
    expiresAt: toDateOrNull(row.expires_at),
  };
}

/** Positional parameters of the inbox insert, in column order. */
export function inboxParams(inbox: Inbox): [string, string | null, string | null, number, number | null] {
  return [inbox.id, inbox.ownerId, inbox.name, inbox.createdAt.getTime(), toMsOrNull(inbox.expiresAt)];
}

/** Maps a list row (no headers, no body) to an EventSummary with exactly its fields. */
export function toEventSummary(row: EventSummaryRow): EventSummary {
  return {
    id: row.id,
    inboxId: row.inbox_id,
    receivedAt: toDate(row.received_at),
    method: row.method,
    path: row.path,
    query: row.query,
    contentType: row.content_type,
    size: row.size,
    signature: decodeSignature(row.signature),
    answer: decodeAnswer(row.answer),
  };
}

/** Maps a full event row to the domain type. */
export function toEvent(row: EventRow): CapturedEvent {
  return {
    ...toEventSummary(row),
    headers: decodeHeaders(row.headers),
    body: toBuffer(row.body),
    sourceIp: row.source_ip,
  };
}

/** Named parameters of the conditional event insert; `now` decides whether the inbox is live. */
export function eventParams(event: CapturedEvent, now: Date): EventParams {
  return {
    id: event.id,
    inbox_id: event.inboxId,
    received_at: event.receivedAt.getTime(),
    method: event.method,
    path: event.path,
    query: event.query,
    content_type: event.contentType,
    size: event.size,
    signature: encodeSignature(event.signature),
    answer: encodeAnswer(event.answer),
    source_ip: event.sourceIp,
    headers: encodeHeaders(event.headers),
    body: event.body,
    now: now.getTime(),
  };
}

/** Maps a replay row to the domain type. */
export function toReplay(row: ReplayRow): ReplayRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    inboxId: row.inbox_id,
    accountId: row.account_id,
    destination: row.destination,
    createdAt: toDate(row.created_at),
    // Only this adapter writes the column, always from a ReplayOutcomeKind.
    outcome: row.outcome as ReplayOutcomeKind,
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    responseHeaders: decodeHeaders(row.response_headers),
    responseBody: toBuffer(row.response_body),
    truncated: row.truncated !== 0,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    request: decodeSentRequest(row.request, row.request_body),
    jobId: row.job_id,
  };
}

/** Named parameters of the replay insert. */
export function replayParams(replay: ReplayRecord): ReplayRow {
  return {
    id: replay.id,
    event_id: replay.eventId,
    inbox_id: replay.inboxId,
    account_id: replay.accountId,
    destination: replay.destination,
    created_at: replay.createdAt.getTime(),
    outcome: replay.outcome,
    status_code: replay.statusCode,
    latency_ms: replay.latencyMs,
    response_headers: encodeHeaders(replay.responseHeaders),
    truncated: replay.truncated ? 1 : 0,
    error_code: replay.errorCode,
    error_message: replay.errorMessage,
    response_body: replay.responseBody,
    job_id: replay.jobId ?? null,
    request: replay.request ? encodeSentRequest(replay.request) : null,
    request_body: replay.request?.body ?? null,
  };
}

/** Maps an account row to the domain type. */
export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: toDate(row.created_at),
  };
}

/** Named parameters of the account insert. */
export function accountParams(account: Account): AccountRow {
  return {
    id: account.id,
    email: account.email,
    password_hash: account.passwordHash,
    created_at: account.createdAt.getTime(),
  };
}

/** Maps a token row to the domain type. */
export function toToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    hash: row.hash,
    prefix: row.prefix,
    createdAt: toDate(row.created_at),
    lastUsedAt: toDateOrNull(row.last_used_at),
    revokedAt: toDateOrNull(row.revoked_at),
  };
}

/** Named parameters of the token insert. */
export function tokenParams(token: ApiToken): TokenRow {
  return {
    id: token.id,
    account_id: token.accountId,
    name: token.name,
    hash: token.hash,
    prefix: token.prefix,
    created_at: token.createdAt.getTime(),
    last_used_at: toMsOrNull(token.lastUsedAt),
    revoked_at: toMsOrNull(token.revokedAt),
  };
}
