import type { Account, ApiToken } from '../../domain/account.js';
import type { CapturedEvent, EventSummary, HeaderPair } from '../../domain/captured-request.js';
import { decodeAnswer, decodeSignature, encodeAnswer, encodeSignature } from '../../domain/event-json.js';
import type { Inbox } from '../../domain/inbox.js';
import type { ReplayOutcomeKind, ReplayRecord } from '../../domain/replay.js';
import { decodeSentRequest, encodeSentRequest } from '../../domain/replay-request.js';

// Row shapes exactly as node-postgres returns them with its default type parsers (timestamptz
// as Date, bytea as Buffer, boolean, integer and double precision as number, bigint as string),
// and the mappers between rows and domain objects. Private to the PostgreSQL adapter.

export interface InboxRow {
  id: string;
  owner_id: string | null;
  name: string | null;
  created_at: Date;
  expires_at: Date | null;
}

export interface EventSummaryRow {
  id: string;
  inbox_id: string;
  received_at: Date;
  method: string;
  path: string;
  query: string;
  content_type: string | null;
  /** bigint: node-postgres returns int8 as a string so no value ever loses precision. */
  size: string;
  /** JSON text (src/domain/event-json.ts encodeSignature) or null; text, not jsonb, so the bytes stay as written. */
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
  created_at: Date;
  outcome: string;
  status_code: number | null;
  latency_ms: number | null;
  response_headers: string;
  truncated: boolean;
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
  created_at: Date;
}

export interface TokenRow {
  id: string;
  account_id: string;
  name: string;
  hash: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** A parameter value as node-postgres sends it (a Buffer goes in binary format). */
export type SqlValue = string | number | boolean | Buffer | null;

/**
 * Dates are sent as ISO strings in UTC: exact to the millisecond whatever the process's time
 * zone. An invalid Date throws a RangeError here, before anything reaches the database.
 */
export function isoOrNull(date: Date | null): string | null {
  return date === null ? null : date.toISOString();
}

/**
 * Headers are a JSON array of [name, value] pairs: order, duplicates and name case survive, and
 * JSON escapes every control character (NUL included, which a text column would refuse).
 */
function encodeHeaders(headers: readonly HeaderPair[]): string {
  return JSON.stringify(headers);
}

function decodeHeaders(json: string): HeaderPair[] {
  return JSON.parse(json) as HeaderPair[];
}

function toBuffer(bytes: Buffer | null): Buffer {
  return bytes ?? Buffer.alloc(0);
}

export function toInbox(row: InboxRow): Inbox {
  return {
    id: row.id,
    ownerId: row.owner_id,
    name: row.name,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
  };
}

/** Parameters of the inbox insert, in column order. */
export function inboxParams(inbox: Inbox): SqlValue[] {
  return [inbox.id, inbox.ownerId, inbox.name, inbox.createdAt.toISOString(), isoOrNull(inbox.expiresAt)];
}

/** Maps a list row (no headers, no body) to an EventSummary with exactly its fields. */
export function toEventSummary(row: EventSummaryRow): EventSummary {
  return {
    id: row.id,
    inboxId: row.inbox_id,
    receivedAt: row.received_at,
    method: row.method,
    path: row.path,
    query: row.query,
    contentType: row.content_type,
    size: Number(row.size),
    signature: decodeSignature(row.signature),
    answer: decodeAnswer(row.answer),
  };
}

export function toEvent(row: EventRow): CapturedEvent {
  return {
    ...toEventSummary(row),
    headers: decodeHeaders(row.headers),
    body: toBuffer(row.body),
    sourceIp: row.source_ip,
  };
}

/** Columns of the event insert, in the order of eventValues(). */
export const EVENT_INSERT_COLUMNS = [
  ['id', 'text'],
  ['inbox_id', 'text'],
  ['received_at', 'timestamptz'],
  ['method', 'text'],
  ['path', 'text'],
  ['query', 'text'],
  ['content_type', 'text'],
  ['size', 'bigint'],
  ['signature', 'text'],
  ['answer', 'text'],
  ['source_ip', 'text'],
  ['headers', 'text'],
  ['body', 'bytea'],
] as const;

/** Values of one event row in EVENT_INSERT_COLUMNS order, followed by `now` (liveness). */
export function eventValues(event: CapturedEvent, now: Date): SqlValue[] {
  return [
    event.id,
    event.inboxId,
    event.receivedAt.toISOString(),
    event.method,
    event.path,
    event.query,
    event.contentType,
    event.size,
    encodeSignature(event.signature),
    encodeAnswer(event.answer),
    event.sourceIp,
    encodeHeaders(event.headers),
    event.body,
    now.toISOString(),
  ];
}

export function toReplay(row: ReplayRow): ReplayRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    inboxId: row.inbox_id,
    accountId: row.account_id,
    destination: row.destination,
    createdAt: row.created_at,
    // Only this adapter writes the column, always from a ReplayOutcomeKind.
    outcome: row.outcome as ReplayOutcomeKind,
    statusCode: row.status_code,
    latencyMs: row.latency_ms,
    responseHeaders: decodeHeaders(row.response_headers),
    responseBody: toBuffer(row.response_body),
    truncated: row.truncated,
    errorCode: row.error_code,
    errorMessage: row.error_message,
    request: decodeSentRequest(row.request, row.request_body),
    jobId: row.job_id,
  };
}

/** Parameters of the replay insert, in REPLAY_COLUMNS order. */
export function replayParams(replay: ReplayRecord): SqlValue[] {
  return [
    replay.id,
    replay.eventId,
    replay.inboxId,
    replay.accountId,
    replay.destination,
    replay.createdAt.toISOString(),
    replay.outcome,
    replay.statusCode,
    replay.latencyMs,
    encodeHeaders(replay.responseHeaders),
    replay.truncated,
    replay.errorCode,
    replay.errorMessage,
    replay.responseBody,
    replay.jobId ?? null,
    replay.request ? encodeSentRequest(replay.request) : null,
    replay.request?.body ?? null,
  ];
}

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    email: row.email,
    passwordHash: row.password_hash,
    createdAt: row.created_at,
  };
}

export function accountParams(account: Account): SqlValue[] {
  return [account.id, account.email, account.passwordHash, account.createdAt.toISOString()];
}

export function toToken(row: TokenRow): ApiToken {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    hash: row.hash,
    prefix: row.prefix,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

/** Parameters of the token insert, in TOKEN_COLUMNS order. */
export function tokenParams(token: ApiToken): SqlValue[] {
  return [
    token.id,
    token.accountId,
    token.name,
    token.hash,
    token.prefix,
    token.createdAt.toISOString(),
    isoOrNull(token.lastUsedAt),
    isoOrNull(token.revokedAt),
  ];
}
