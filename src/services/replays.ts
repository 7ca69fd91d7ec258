import { parseDestination } from '../domain/destination.js';
import { newId } from '../domain/ids.js';
import type { ReplayRecord } from '../domain/replay.js';
import { AppError, type ErrorCode } from '../errors.js';
import type { ReplayOutcome } from '../ports/replay-client.js';
import { requireAccount } from './auth.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getEvent } from './events.js';

export const MAX_REPLAY_HISTORY = 100;

/**
 * Re-sends a captured event to `destination` from the server and records the attempt. Who may:
 * any valid token for an event of an anonymous inbox; only the owner for an owned inbox.
 * Resolves with the record when the destination answered (any status, 4xx/5xx included: spec
 * §4.4). Throws UNAUTHORIZED, EVENT_NOT_FOUND/INBOX_NOT_FOUND, and, after recording the failed
 * attempt, INVALID_DESTINATION, DESTINATION_FORBIDDEN, DESTINATION_UNREACHABLE or
 * DESTINATION_TIMEOUT (the error carries `replayId`).
 */
export async function replayEvent(
  deps: Pick<ServiceDeps, 'store' | 'clock' | 'replayClient'>,
  principal: Principal,
  input: { eventId: string; destination: unknown },
): Promise<ReplayRecord> {
  const { accountId } = requireAccount(principal);
  const { event } = await getEvent(deps, principal, input.eventId);
  const base = {
    id: newId('replay'),
    eventId: event.id,
    inboxId: event.inboxId,
    accountId,
    destination: typeof input.destination === 'string' ? input.destination.slice(0, 4096) : '',
    createdAt: deps.clock.now(),
  };
  const target = parseDestination(input.destination);
  const outcome: ReplayOutcome | { kind: 'invalid'; reason: string } = target.ok
    ? await deps.replayClient.send({
        url: target.url,
        method: event.method,
        headers: event.headers,
        body: event.body,
      })
    : { kind: 'invalid', reason: target.reason };
  const record = toRecord(base, outcome);
  await deps.store.replays.insert(record);
  if (record.errorCode !== null) {
    throw new AppError(record.errorCode as ErrorCode, {
      message: `${failureTitle(record.errorCode)}: ${record.errorMessage ?? ''}`,
      extra: { replayId: record.id },
    });
  }
  return record;
}

/**
 * Replay history of an event, newest first. The owner of an owned inbox sees every replay; for
 * an anonymous inbox each account sees only its own replays (destinations and responses are
 * the replayer's business, not everyone's who knows the event id).
 */
export async function listReplays(
  deps: Pick<ServiceDeps, 'store' | 'clock'>,
  principal: Principal,
  eventId: string,
): Promise<ReplayRecord[]> {
  const { accountId } = requireAccount(principal);
  const { inbox } = await getEvent(deps, principal, eventId);
  return deps.store.replays.listByEvent(eventId, {
    limit: MAX_REPLAY_HISTORY,
    ...(inbox.ownerId === null ? { accountId } : {}),
  });
}

const FAILURE_CODES = {
  invalid: 'INVALID_DESTINATION',
  forbidden: 'DESTINATION_FORBIDDEN',
  unreachable: 'DESTINATION_UNREACHABLE',
  timeout: 'DESTINATION_TIMEOUT',
} as const satisfies Record<string, ErrorCode>;

function failureTitle(code: string): string {
  switch (code) {
    case 'INVALID_DESTINATION':
      return 'Invalid destination';
    case 'DESTINATION_FORBIDDEN':
      return 'Destination forbidden';
    case 'DESTINATION_TIMEOUT':
      return 'Destination timed out';
    default:
      return 'Destination unreachable';
  }
}

type RecordBase = Pick<ReplayRecord, 'id' | 'eventId' | 'inboxId' | 'accountId' | 'destination' | 'createdAt'>;

function toRecord(base: RecordBase, outcome: ReplayOutcome | { kind: 'invalid'; reason: string }): ReplayRecord {
  if (outcome.kind === 'response') {
    return {
      ...base,
      outcome: 'response',
      statusCode: outcome.statusCode,
      latencyMs: outcome.latencyMs,
      responseHeaders: outcome.headers,
      responseBody: outcome.body,
      truncated: outcome.truncated,
      errorCode: null,
      errorMessage: null,
    };
  }
  return {
    ...base,
    outcome: outcome.kind,
    statusCode: null,
    latencyMs: 'latencyMs' in outcome ? outcome.latencyMs : null,
    responseHeaders: [],
    responseBody: Buffer.alloc(0),
    truncated: false,
    errorCode: FAILURE_CODES[outcome.kind],
    errorMessage: outcome.reason,
  };
}
