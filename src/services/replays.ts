import { performance } from 'node:perf_hooks';
import type { CapturedEvent } from '../domain/captured-event.js';
import { MAX_DESTINATION_LENGTH, parseDestination } from '../domain/destination.js';
import { destinationRefusalMessage } from '../domain/destination-refusal.js';
import type { Inbox } from '../domain/inbox.js';
import { newId } from '../domain/ids.js';
import type { ReplayRecord } from '../domain/replay.js';
import { scopeCovers } from '../domain/token-scope.js';
import {
  editHeaders,
  recordOverrides,
  redactHeaders,
  replayUrl,
  type ReplayOverrides,
  type SentRequest,
} from '../domain/replay-request.js';
import { AppError, type ErrorCode } from '../errors.js';
import type { EgressOutcome } from '../ports/egress-client.js';
import { buildOutboundHeaders, stripTransportHeaders } from '../egress/outbound-headers.js';
import { requireAccount } from './auth.js';
import type { Principal, ServiceDeps } from './deps.js';
import { getEvent } from './events.js';
import { authorizeInbox } from './inboxes.js';
import { resignRequest } from './signatures.js';

export const MAX_REPLAY_HISTORY = 100;

/** What replays need; `signatureKeys` only for `resign` (a caller that never re-signs may omit it). */
export type ReplayDeps = Pick<ServiceDeps, 'store' | 'clock' | 'egressClient'> &
  Partial<Pick<ServiceDeps, 'signatureKeys'>>;

function signingDeps(deps: ReplayDeps): Pick<ServiceDeps, 'store' | 'clock' | 'signatureKeys'> {
  if (deps.signatureKeys === undefined) throw new Error('replayOnce: resign needs deps.signatureKeys');
  return { store: deps.store, clock: deps.clock, signatureKeys: deps.signatureKeys };
}

/** What {@link replayOnce} replays and how. */
export interface ReplayOnceInput {
  /** The event to send (with its headers and body). */
  readonly event: CapturedEvent;
  /** The event's inbox, when the caller has it (spares a lookup for `resign`). */
  readonly inbox?: Inbox;
  /** Account the replay is recorded for. */
  readonly accountId: string;
  /** Destination URL as given; validated here (an invalid one is a recorded `invalid` attempt). */
  readonly destination: unknown;
  /** Edits applied before sending (parse them with `parseReplayOverrides`). */
  readonly overrides?: ReplayOverrides;
  /** Recompute the inbox's signature headers after the overrides (fresh timestamp). */
  readonly resign?: boolean;
  /** The bulk replay job this attempt belongs to. */
  readonly jobId?: string;
}

/**
 * Re-sends one event to a destination through the SSRF-guarded egress client and records the
 * attempt with what was sent. Never throws for destination problems: an invalid destination, a
 * policy refusal, an unreachable or timed-out destination all come back as the recorded failed
 * record (`errorCode` set). Throws only before anything is sent or recorded: for `resign`
 * problems (the inbox has no signature secret) and storage failures.
 *
 * Order: overrides (method, URL path/query, header edits, body) first, then `resign` signs the
 * edited request, then the client sends it (decision 22).
 */
export async function replayOnce(deps: ReplayDeps, input: ReplayOnceInput): Promise<ReplayRecord> {
  const { event, overrides } = input;
  const base = {
    id: newId('replay'),
    eventId: event.id,
    inboxId: event.inboxId,
    accountId: input.accountId,
    destination: typeof input.destination === 'string' ? input.destination.slice(0, MAX_DESTINATION_LENGTH) : '',
    createdAt: deps.clock.now(),
    jobId: input.jobId ?? null,
  };
  const target = parseDestination(input.destination);
  if (!target.ok) {
    const record = toRecord({ ...base, request: null }, { kind: 'invalid', reason: target.reason });
    await deps.store.replays.insert(record);
    return record;
  }
  const url = replayUrl(target.url, overrides);
  const method = overrides?.method ?? event.method;
  const body = overrides?.body ?? event.body;
  const headers = editHeaders(buildOutboundHeaders(event.headers), overrides?.headers);
  const resigned = input.resign === true;
  const signed = resigned ? await resignRequest(signingDeps(deps), event.inboxId, { headers, body }) : headers;
  const request: SentRequest = {
    method,
    url: url.href,
    headers: redactHeaders(stripTransportHeaders(signed)),
    body: overrides?.body === undefined ? null : body,
    bodySize: body.length,
    overrides: recordOverrides(overrides),
    resigned,
  };
  const outcome = await deps.egressClient.send({ url, method, headers: signed, body, prepared: true });
  const record = toRecord({ ...base, request }, outcome);
  await deps.store.replays.insert(record);
  return record;
}

/** A replay request of the API: the event by id, the destination, the edits. */
export interface ReplayRequestInput {
  readonly eventId: string;
  readonly destination: unknown;
  readonly overrides?: ReplayOverrides;
  readonly resign?: boolean;
}

/**
 * True when the replay would sign with the inbox's secret something the sender never sent: an
 * edited body or edited headers (what the signature schemes cover). Re-signing the captured
 * request as it is only renews its timestamp.
 */
function signsEditedRequest(input: ReplayRequestInput): boolean {
  return input.resign === true && (input.overrides?.body !== undefined || input.overrides?.headers !== undefined);
}

/**
 * Signing an edited request with the inbox's secret needs what setting that secret needs: the
 * manage role on a team inbox, and a session or a token of scope manage (decision 59). Without
 * it, a member (or a replay token) could have any body of its choosing signed, sent to any
 * destination, and so use the secret as a signing oracle against the real receiver.
 */
async function requireSigningRights(
  deps: Pick<ServiceDeps, 'store'>,
  principal: Principal,
  inbox: Inbox,
): Promise<void> {
  if (principal.kind === 'token' && !scopeCovers(principal.scope, 'manage')) {
    throw new AppError('INSUFFICIENT_SCOPE', {
      message: `This API token has the ${principal.scope} scope; re-signing an edited request needs manage`,
    });
  }
  await authorizeInbox(deps, principal, inbox, 'manage', "re-sign an edited request with the inbox's secret");
}

/** Checks who asks and loads the event once; the function it returns makes one attempt. */
async function replayerFor(
  deps: ReplayDeps,
  principal: Principal,
  input: ReplayRequestInput,
): Promise<() => Promise<ReplayRecord>> {
  const { accountId } = requireAccount(principal);
  const { event, inbox } = await getEvent(deps, principal, input.eventId, 'replay');
  if (signsEditedRequest(input)) await requireSigningRights(deps, principal, inbox);
  const once: ReplayOnceInput = {
    event,
    inbox,
    accountId,
    destination: input.destination,
    ...(input.overrides === undefined ? {} : { overrides: input.overrides }),
    ...(input.resign === undefined ? {} : { resign: input.resign }),
  };
  return () => replayOnce(deps, once);
}

/**
 * Re-sends a captured event to `destination` from the server and records the attempt. Who may:
 * any valid token for an event of an anonymous inbox; only the owner for an owned inbox.
 * Resolves with the record when the destination answered (any status, 4xx/5xx included: the
 * destination's answer is the result, not an error). Throws UNAUTHORIZED, EVENT_NOT_FOUND/INBOX_NOT_FOUND, and, after recording the failed
 * attempt, INVALID_DESTINATION, DESTINATION_FORBIDDEN, DESTINATION_UNREACHABLE or
 * DESTINATION_TIMEOUT (the error carries `replayId`).
 */
export async function replayEvent(
  deps: ReplayDeps,
  principal: Principal,
  input: ReplayRequestInput,
): Promise<ReplayRecord> {
  const once = await replayerFor(deps, principal, input);
  const record = await once();
  throwIfFailed(record);
  return record;
}

/** Totals of a repeated replay (`repeat`). */
export interface RepeatSummary {
  /** Replays asked for. */
  readonly requested: number;
  /** Attempts made: `requested`, or fewer when the run stopped early (`stopped`). */
  readonly attempts: number;
  /** Attempts the destination answered (any status). */
  readonly responses: number;
  /** Attempts that failed (unreachable, timeout, refused). */
  readonly failures: number;
  /** Answers by status code, e.g. {"200": 9, "503": 1}. */
  readonly statusCodes: Readonly<Record<string, number>>;
  /** Failures by error code, e.g. {"DESTINATION_TIMEOUT": 1}. */
  readonly errors: Readonly<Record<string, number>>;
  /**
   * Why fewer than `requested` attempts were made: `forbidden` (the replay policy refused the
   * destination on a later attempt), `time-limit` (the run's time was up), or null.
   */
  readonly stopped: 'forbidden' | 'time-limit' | null;
}

/**
 * Time after which a repeated replay starts no further attempt (the one under way finishes):
 * the answer must come while HTTP clients still wait for it (undici gives up on headers after
 * 300 s), whatever a slow destination does with 100 attempts.
 */
export const REPEAT_TIME_LIMIT_MS = 240_000;

/**
 * `repeat`: replays the event `repeat` times, one after the other (each attempt starts when the
 * previous one ended; each is recorded, each `resign` gets a fresh timestamp). Unreachable and
 * timed-out attempts are results, not errors: the destination may come back. A destination
 * refused outright ends the run: an invalid one, or one the policy refuses on the first attempt,
 * is thrown as for a single replay (INVALID_DESTINATION, DESTINATION_FORBIDDEN with `replayId`);
 * a policy refusal on a later attempt (its DNS answer changed) stops the run, which answers the
 * attempts made so far. So does the run's time limit ({@link REPEAT_TIME_LIMIT_MS}): no attempt
 * starts after it.
 */
export async function replayRepeatedly(
  deps: ReplayDeps,
  principal: Principal,
  input: ReplayRequestInput & { repeat: number },
  opts: { readonly timeLimitMs?: number } = {},
): Promise<{ replays: ReplayRecord[]; summary: RepeatSummary }> {
  const once = await replayerFor(deps, principal, input);
  const deadline = performance.now() + (opts.timeLimitMs ?? REPEAT_TIME_LIMIT_MS);
  const replays: ReplayRecord[] = [];
  let stopped: RepeatSummary['stopped'] = null;
  for (let i = 0; i < input.repeat; i += 1) {
    if (i > 0 && performance.now() >= deadline) {
      stopped = 'time-limit';
      break;
    }
    const record = await once();
    const refused = record.outcome === 'invalid' || record.outcome === 'forbidden';
    if (refused && i === 0) throwIfFailed(record);
    replays.push(record);
    if (refused) {
      stopped = 'forbidden';
      break;
    }
  }
  return { replays, summary: summarize(input.repeat, replays, stopped) };
}

function summarize(
  requested: number,
  replays: readonly ReplayRecord[],
  stopped: RepeatSummary['stopped'],
): RepeatSummary {
  const statusCodes: Record<string, number> = {};
  const errors: Record<string, number> = {};
  for (const replay of replays) {
    if (replay.statusCode !== null) statusCodes[replay.statusCode] = (statusCodes[replay.statusCode] ?? 0) + 1;
    if (replay.errorCode !== null) errors[replay.errorCode] = (errors[replay.errorCode] ?? 0) + 1;
  }
  const responses = replays.filter((replay) => replay.outcome === 'response').length;
  return {
    requested,
    attempts: replays.length,
    responses,
    failures: replays.length - responses,
    statusCodes,
    errors,
    stopped,
  };
}

/** Throws the record's error (INVALID_DESTINATION, DESTINATION_*) with its `replayId`; no-op on success. */
export function throwIfFailed(record: ReplayRecord): void {
  if (record.errorCode === null) return;
  throw new AppError(record.errorCode as ErrorCode, {
    message: `${failureTitle(record.errorCode)}: ${record.errorMessage ?? ''}`,
    extra: { replayId: record.id },
  });
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

type RecordBase = Pick<
  ReplayRecord,
  'id' | 'eventId' | 'inboxId' | 'accountId' | 'destination' | 'createdAt' | 'request' | 'jobId'
>;

function toRecord(base: RecordBase, outcome: EgressOutcome | { kind: 'invalid'; reason: string }): ReplayRecord {
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
    // A refusal names the setting that opens it and `rehook listen`: this is the text the API,
    // the CLI and the web app show.
    errorMessage: outcome.kind === 'forbidden' ? destinationRefusalMessage(outcome.reason) : outcome.reason,
  };
}
